import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type pg from 'pg';
import { AuthService } from './auth/auth.service.js';
import { CreateCustomerCommand } from './customers/commands/create-customer.command.js';
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

/**
 * Seeds the demo company once (its owner is the printed demo login); later runs leave it alone. When no TABC data
 * was imported yet, loads the sample lists and adds two customers from them (one on the delinquent list).
 */
export async function seedDemo(app: INestApplicationContext, pool: pg.Pool): Promise<boolean> {
  const { rowCount } = await pool.query('SELECT 1 FROM users WHERE lower(email) = $1', [DEMO_LOGIN.email]);
  if (rowCount) return false;
  const now = new Date().toISOString();
  const { user } = await app.get(AuthService).signUp(DEMO_LOGIN, { ip: null, userAgent: 'seed', now });
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
