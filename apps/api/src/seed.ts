import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type pg from 'pg';
import { AuthService } from './auth/auth.service.js';
import { DomainError } from '../../../domain/shared/domain-error.js';
import { CreateCustomerCommand } from './customers/commands/create-customer.command.js';
import { CreateProductCommand } from './products/commands/create-product.command.js';
import { TabcImportService } from './tabc/tabc-import.service.js';

export const DEMO_LOGIN = {
  email: 'demo@stampline.local',
  password: 'demo1234',
  name: 'Demo Owner',
  title: 'Owner',
};

/** The sample TABC lists shipped for the demo and the tests (made up; never downloaded at run time). */
export const SAMPLE_TABC = {
  licences: resolve('test/fixtures/tabc/licenses.csv'),
  delinquent: resolve('test/fixtures/tabc/delinquent.csv'),
};

/** The demo catalogue: a Texas distributor's mix of liquor, wine, beer and non-alcoholic products. */
export const DEMO_PRODUCTS = [
  {
    name: "Tito's Handmade Vodka",
    type: 'LIQUOR',
    size: '750ml',
    price: '19.99',
    lastPurchasePrice: '14.50',
    upc: '619947000013',
    distributor: 'Republic National',
  },
  {
    name: 'Still Austin The Musician Bourbon',
    type: 'LIQUOR',
    size: '750ml',
    price: '39.99',
    lastPurchasePrice: '29.75',
    upc: '860002371017',
    distributor: "Southern Glazer's",
  },
  {
    name: 'Dulce Vida Blanco Tequila',
    type: 'LIQUOR',
    size: '1.75L',
    price: '44.99',
    lastPurchasePrice: '33.00',
    upc: '853590003021',
    distributor: 'Republic National',
  },
  {
    name: 'Becker Vineyards Cabernet Sauvignon',
    type: 'WINE',
    size: '750ml',
    price: '24.99',
    lastPurchasePrice: '16.80',
    upc: '089744000125',
    distributor: "Southern Glazer's",
  },
  {
    name: 'Messina Hof Riesling',
    type: 'WINE',
    size: '750ml',
    price: '15.99',
    lastPurchasePrice: '10.40',
    upc: '089418000215',
    distributor: 'Messina Hof',
  },
  {
    name: 'Shiner Bock 6pk',
    type: 'BEER',
    size: '12oz 6pk',
    price: '9.49',
    lastPurchasePrice: '6.85',
    upc: '078542001014',
    distributor: 'Silver Eagle',
  },
  {
    name: 'Lone Star 12pk',
    type: 'BEER',
    size: '12oz 12pk',
    price: '13.99',
    lastPurchasePrice: '10.10',
    upc: '016000123458',
    distributor: 'Ben E. Keith',
  },
  {
    name: 'Topo Chico Mineral Water 12pk',
    type: 'N/A',
    size: '12oz 12pk',
    price: '14.49',
    lastPurchasePrice: '10.25',
    upc: '021136010558',
    distributor: 'Ben E. Keith',
  },
] as const;

/** The same id for the same demo product of a company on every run, so seeding twice adds nothing. */
const demoProductId = (companyId: string, name: string) => {
  const hex = createHash('sha256').update(`stampline-demo-product:${companyId}:${name}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
};

/**
 * The demo catalogue for a company, through the API's create command. Idempotent: every product has a fixed id, and
 * one that exists already (or a product of the same name, size and type) is left as it is.
 */
export async function seedDemoProducts(
  app: INestApplicationContext,
  metadata: { companyId: string; userId: string | null; now: string },
): Promise<number> {
  const commands = app.get(CommandBus);
  let created = 0;
  for (const product of DEMO_PRODUCTS) {
    try {
      await commands.execute(
        new CreateProductCommand(
          { productId: demoProductId(metadata.companyId, product.name), ...product },
          metadata,
          { waitForProjections: false },
        ),
      );
      created += 1;
    } catch (error) {
      const exists =
        error instanceof DomainError && ['PRODUCT_EXISTS', 'PRODUCT_EXISTS_ALREADY'].includes(error.code);
      if (!exists) throw error;
    }
  }
  return created;
}

/**
 * Seeds the demo company once (its owner is the printed demo login); later runs only add the demo products it
 * lacks (an older demo company had none). When no TABC data was imported yet, loads the sample lists and adds two
 * customers from them (one on the delinquent list).
 */
export async function seedDemo(app: INestApplicationContext, pool: pg.Pool): Promise<boolean> {
  const { rows: existing } = await pool.query<{ id: string; company_id: string }>(
    'SELECT id, company_id FROM users WHERE lower(email) = $1',
    [DEMO_LOGIN.email],
  );
  if (existing[0]) {
    const { id, company_id } = existing[0];
    await seedDemoProducts(app, { companyId: company_id, userId: id, now: new Date().toISOString() });
    return false;
  }
  const now = new Date().toISOString();
  const { user } = await app.get(AuthService).signUp(DEMO_LOGIN, { ip: null, userAgent: 'seed', now });
  await seedDemoProducts(app, { companyId: user.company_id, userId: user.id, now });
  const { rows } = await pool.query('SELECT count(*)::int AS n FROM tabc_license');
  if (rows[0].n === 0 && existsSync(SAMPLE_TABC.licences) && existsSync(SAMPLE_TABC.delinquent)) {
    const tabc = app.get(TabcImportService);
    await tabc.importLicences(SAMPLE_TABC.licences);
    await tabc.importDelinquent(SAMPLE_TABC.delinquent);
    const metadata = { companyId: user.company_id, userId: user.id, now };
    const commands = app.get(CommandBus);
    const common = { state: 'TX', cashOnDelivery: false, fintechOption: false };
    await commands.execute(
      new CreateCustomerCommand(
        {
          customerId: randomUUID(),
          ...common,
          name: 'The Rusty Nail',
          address: '500 E 6th St',
          city: 'Austin',
          zip: '78701',
          tabcId: 'MB123456',
          aimsId: 1001234,
          aimsLicenseType: 'MB',
        },
        metadata,
        { waitForProjections: false },
      ),
    );
    await commands.execute(
      new CreateCustomerCommand(
        {
          customerId: randomUUID(),
          ...common,
          name: 'Gulf Coast Oyster Bar',
          address: '1 Seawall Blvd',
          city: 'Galveston',
          zip: '77550',
          tabcId: 'MB567890',
          cashOnDelivery: true,
        },
        metadata,
        { waitForProjections: false },
      ),
    );
  }
  return true;
}
