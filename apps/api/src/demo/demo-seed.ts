import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { SingleBar, Presets } from 'cli-progress';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { FEATURE_CATALOGUE, type FeatureName } from '#domain/companies/company.features.js';
import { businessDate } from '#domain/shared/business-date.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import { EventAppender } from '#engine';
import { EVENT_STORE, type EventStore } from '#engine';
import { AuthService } from '../auth/auth.service.js';
import { UpdateCompanyDetailsCommand } from '../companies/commands/update-company-details.command.js';
import { CreateCustomerCommand } from '../customers/commands/create-customer.command.js';
import { SwitchFeatureCommand } from '../features/commands/switch-feature.command.js';
import { RestockInventoryCommand } from '../inventory/commands/inventory.commands.js';
import { CreateInvoiceCommand } from '../invoices/commands/create-invoice.command.js';
import { UpdateInvoiceCommand } from '../invoices/commands/update-invoice.command.js';
import { InvoiceEmailService } from '../invoices/delivery/invoice-email.service.js';
import { idempotentId } from '../infra/http/idempotent-id.js';
import {
  CancelOwnOrderCommand,
  PlaceOrderCommand,
  UpdateOrderCommand,
} from '../orders/commands/order.commands.js';
import type { CustomerUserPrincipal } from '../orders/customer-users/customer-user.types.js';
import { CustomerUsersService } from '../orders/customer-users/customer-users.service.js';
import { LogPaymentCommand } from '../payments/commands/payment.commands.js';
import { AddPriceTierCommand } from '../products/commands/add-price-tier.command.js';
import { CreateProductCommand } from '../products/commands/create-product.command.js';
import { UpdateProductCommand } from '../products/commands/update-product.command.js';
import { ReceiveStampRollCommand } from '../stamps/commands/receive-stamp-roll.command.js';
import { DestroyStampsCommand } from '../stamps/commands/destroy-stamps.command.js';
import { TabcImportService } from '../tabc/tabc-import.service.js';
import {
  addDays,
  demoLicenceCsv,
  demoPlan,
  type DemoAction,
  type DemoPlan,
  type DemoSize,
} from './demo-plan.js';
import { demoUuid } from './demo-random.js';
import { Clock } from '../infra/clock.js';

export const DEMO_OWNER = {
  email: 'demo@stampline.local',
  password: 'demo1234',
  name: 'Dana Whitfield',
  title: 'Owner',
};

/** The password of the demo's customer users (the ordering app at /shop/hillcountry). */
export const DEMO_SHOP_PASSWORD = 'demo1234';

export interface DemoSeedOptions {
  size: DemoSize;
  /** The instant the history ends before (default: now); its business day is not part of it. */
  now?: string;
  /** A console progress bar (the tests turn it off). */
  progress?: boolean;
  /** The sample licence and delinquent lists to load with the customers' licences (when none was imported). */
  tabc?: { licences: string; delinquent: string };
  /** Payments and e-mails sent at once (each a different invoice). */
  concurrency?: number;
}

export interface DemoSeedResult {
  companyId: string;
  userId: string;
  counts: Record<string, number>;
  commands: number;
  ms: number;
  /** Milliseconds spent per kind of command and waiting for the projections (concurrent ones add up). */
  timings: Record<string, number>;
}

const FEATURES_ON: FeatureName[] = [
  'ai',
  'payment',
  'email',
  'internal_sku',
  'reports',
  'tiered_pricing',
  'inventory',
  'order',
];

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * Writes the demo distributor's year (demo-plan.ts) through the application's commands, as its users would have:
 * the company and its settings, features, price tiers, products, customers with their TABC licences, then day by day
 * price changes, stamp rolls, restocks, orders, invoices, status changes, payments and e-mails, each command dated
 * at its moment of that day (`metadata.now`). Invoices, status changes and payments do not wait for the projections
 * one by one: the seed waits for them once after each day's invoices and once after its payments (commands that
 * read read models — an invoice's products and last prices, a payment's invoice — only read what an earlier wait
 * covered), so the same plan writes the same read models on every run.
 */
export async function runDemoSeed(
  app: INestApplicationContext,
  pool: pg.Pool,
  options: DemoSeedOptions,
): Promise<DemoSeedResult> {
  const started = performance.now();
  const commands = app.get(CommandBus);
  const appender = app.get(EventAppender);
  const store = app.get<EventStore>(EVENT_STORE);
  const realNow = options.now ?? app.get(Clock).nowIso();
  const timeZone = 'America/Chicago';
  const lastDay = addDays(businessDate(realNow, timeZone), -1);
  const plan = demoPlan(options.size, lastDay);
  const concurrency = options.concurrency ?? 8;

  const firstDay = plan.days[0]!.date;
  // Moments of a business day in the company's zone (Chicago is 5 or 6 hours behind UTC): 08:00–17:00 there.
  const clock = (day: string, hourUtc: number, step: number) =>
    new Date(Date.parse(`${day}T${String(hourUtc).padStart(2, '0')}:00:00Z`) + step * 2000).toISOString();

  const ids = { userId: demoUuid('owner'), companyId: demoUuid('company') };
  const auth = app.get(AuthService);
  await auth.signUp(DEMO_OWNER, { ip: null, userAgent: 'seed', now: clock(firstDay, 14, 0) }, ids);
  const { companyId, userId } = ids;
  const meta = (now: string): CommandMetadata => ({ companyId, userId, now });

  const total =
    plan.products.length +
    plan.customers.length +
    plan.days.reduce((n, d) => n + d.morning.length + d.invoices.length + d.afternoon.length, 0);
  const bar = options.progress
    ? new SingleBar(
        {
          format: '[stampline] Demo year   {bar} {percentage}% | {value}/{total} commands | {day}',
          hideCursor: true,
        },
        Presets.shades_classic,
      )
    : null;
  bar?.start(total, 0, { day: firstDay });
  let done = 0;
  const tick = (n = 1, day?: string) => {
    done += n;
    bar?.update(done, day ? { day } : {});
  };

  const timings: Record<string, number> = {};
  const timed = async <T>(label: string, work: () => Promise<T>): Promise<T> => {
    const start = performance.now();
    try {
      return await work();
    } finally {
      timings[label] = (timings[label] ?? 0) + performance.now() - start;
    }
  };
  const settle = () =>
    timed('wait for projections', async () => {
      const head = await store.headCheckpoint();
      while (!(await appender.waitForProjections(head))) {
        /* a slow pass: wait again */
      }
    });

  try {
    // --- the company ---------------------------------------------------------------------------------------
    const setup = clock(firstDay, 14, 1);
    const { company } = plan;
    await commands.execute(
      new UpdateCompanyDetailsCommand(
        {
          companyId,
          name: company.name,
          address: company.address,
          city: company.city,
          state: company.state,
          zip: company.zip,
          tabcId: company.tabcId,
          subdomain: company.subdomain,
          defaultInvoiceNote: company.defaultInvoiceNote,
          paymentTerms: company.paymentTerms,
          startingInvoiceNumber: company.startingInvoiceNumber,
          stampThreshold: company.stampThreshold,
          taxRate: company.taxRate,
          timeZone: company.timeZone,
        },
        meta(setup),
      ),
    );
    for (const feature of FEATURES_ON) {
      const free = FEATURE_CATALOGUE[feature].access === 'free';
      await commands.execute(
        new SwitchFeatureCommand(
          { feature, active: true, by: free ? 'user' : 'provider', ignorePricing: !free },
          free ? meta(setup) : { companyId, userId: null, now: setup },
        ),
      );
    }
    for (const tier of plan.tiers)
      await commands.execute(
        new AddPriceTierCommand(
          {
            tierId: tier.id,
            baseTierId: demoUuid('tier:base'),
            name: tier.name,
            percentage: tier.percentage,
          },
          meta(setup),
        ),
      );

    // --- the catalogue and the customers ---------------------------------------------------------------------
    await inParallel(plan.products, concurrency, async (p) => {
      await commands.execute(
        new CreateProductCommand(
          {
            productId: p.id,
            name: p.name,
            type: p.type,
            size: p.size,
            price: money(p.priceCents),
            lastPurchasePrice: money(p.costCents),
            upc: p.upc,
            internalSku: p.internalSku,
            distributor: p.supplier,
            reorderLevel: p.reorderLevel,
            reorderQty: p.reorderQty,
            reorderTimeInDays: p.reorderTimeInDays,
            caseSize: p.caseSize,
          },
          meta(setup),
          { waitForProjections: false },
        ),
      );
      tick();
    });
    await loadLicences(app, pool, plan, options.tabc);
    await inParallel(plan.customers, concurrency, async (c) => {
      await commands.execute(
        new CreateCustomerCommand(
          {
            customerId: c.id,
            name: c.name,
            address: c.address,
            city: c.city,
            state: 'TX',
            zip: c.zip,
            tabcId: c.licence.clp || null,
            aimsId: c.licence.licenceId,
            aimsLicenseType: c.licence.type,
            contactName: c.contactName,
            contactEmail: c.contactEmail,
            contactPhone: c.contactPhone,
            comptrollerTaxpayerNumber: c.taxpayerNumber,
            cashOnDelivery: c.cashOnDelivery,
            // A cash customer pays on delivery; the others follow the company's credit-law terms.
            paymentTerms: c.cashOnDelivery ? 'on_delivery' : null,
            fintechOption: false,
            productPriceTierId: c.tierId,
            serviceStartOn: firstDay,
          },
          meta(setup),
          { waitForProjections: false },
        ),
      );
      tick();
    });
    await settle();

    // --- customer users of the customers who order online ------------------------------------------------------
    const shop = app.get(CustomerUsersService);
    const shoppers = new Map<number, CustomerUserPrincipal>();
    for (const [index, c] of plan.customers.entries()) {
      if (!c.shopper) continue;
      const invitedAt = clock(firstDay, 15, index);
      const invited = await shop.invite(
        { companyId, name: DEMO_OWNER.name },
        { name: c.contactName, email: c.contactEmail, tabc_id: c.licence.clp || null },
        c.id,
        invitedAt,
        demoUuid(`customer-user:${index}`),
      );
      const token = new URL(invited.link).searchParams.get('token')!;
      await shop.acceptInvitation(token, DEMO_SHOP_PASSWORD, clock(firstDay, 16, index));
      shoppers.set(index, {
        id: invited.user.id,
        companyId,
        customerId: c.id,
        name: c.contactName,
        email: c.contactEmail,
      });
    }

    // --- the year, day by day -------------------------------------------------------------------------------------
    const invoiceId = (key: string) => idempotentId(companyId, userId, key);
    const orderId = (key: string, customer: number) =>
      idempotentId(companyId, `customer-user:${shoppers.get(customer)!.id}`, key);
    const orderCustomer = new Map<string, number>();
    const emails = app.get(InvoiceEmailService);
    const run = (action: DemoAction, now: string) => timed(action.kind, () => execute(action, now));
    const execute = async (action: DemoAction, now: string): Promise<void> => {
      switch (action.kind) {
        case 'listPrice':
        case 'customerPrice':
          await commands.execute(
            new UpdateProductCommand(
              {
                productId: action.productId,
                price: money(action.priceCents),
                effectiveOn: now.slice(0, 10),
                ...(action.kind === 'customerPrice' ? { customerId: action.customerId } : {}),
              },
              meta(now),
            ),
          );
          return;
        case 'receiveRoll':
          await commands.execute(
            new ReceiveStampRollCommand(meta(now), {
              prefix: action.prefix,
              receivedAt: now.slice(0, 10),
              from: action.from,
              to: action.to,
            }),
          );
          return;
        case 'destroyStamps':
          await commands.execute(
            new DestroyStampsCommand(meta(now), {
              rollId: action.rollId,
              from: action.from,
              to: action.to,
              note: action.note,
            }),
          );
          return;
        case 'restock':
          await commands.execute(
            new RestockInventoryCommand(
              {
                distributor: action.distributor,
                reference: action.refNumber,
                items: action.items.map((i) => ({
                  productId: i.productId,
                  qty: i.qty,
                  itemCost: money(i.costCents),
                })),
              },
              action.key,
              meta(now),
            ),
          );
          return;
        case 'placeOrder': {
          orderCustomer.set(action.key, action.customer);
          await commands.execute(
            new PlaceOrderCommand(
              shoppers.get(action.customer)!,
              now,
              {
                items: action.items.map((i) => ({ product_id: i.productId, qty: i.qty })),
                note: action.note,
              },
              action.key,
              { waitForProjections: false },
            ),
          );
          return;
        }
        case 'cancelOwnOrder':
          await commands.execute(
            new CancelOwnOrderCommand(
              shoppers.get(action.customer)!,
              now,
              orderId(action.key, action.customer),
            ),
          );
          return;
        case 'rejectOrder':
          await commands.execute(
            new UpdateOrderCommand(meta(now), orderId(action.key, orderCustomer.get(action.key)!), {
              status: 'rejected',
              note: action.note,
            }),
          );
          return;
        case 'invoice':
          await commands.execute(
            new CreateInvoiceCommand(
              meta(now),
              {
                customer_id: action.customerId,
                items: action.lines.map((l) => ({
                  product_id: l.productId,
                  qty: l.qty,
                  price: money(l.priceCents),
                })),
                due_at: action.dueOn,
                ...(action.note ? { note: action.note } : {}),
                ...(action.orderKey
                  ? { order_id: orderId(action.orderKey, orderCustomer.get(action.orderKey)!) }
                  : { force: true }),
              },
              action.key,
              { waitForProjections: false },
            ),
          );
          return;
        case 'status':
          await commands.execute(
            new UpdateInvoiceCommand(
              meta(now),
              invoiceId(action.invoiceKey),
              { status: action.status },
              {
                waitForProjections: false,
              },
            ),
          );
          return;
        case 'payment':
          await commands.execute(
            new LogPaymentCommand(
              meta(now),
              invoiceId(action.invoiceKey),
              { amount: money(action.amountCents), received_at: now.slice(0, 10), note: action.note },
              idempotentId(companyId, userId, `payment:${action.key}`),
              { waitForProjections: false },
            ),
          );
          return;
        case 'email':
          await emails.send(
            meta(now),
            invoiceId(action.invoiceKey),
            [action.to],
            'Thank you for your order!',
          );
          return;
      }
    };

    const ORDER_KINDS: DemoAction['kind'][] = ['placeOrder', 'cancelOwnOrder', 'rejectOrder'];
    for (const day of plan.days) {
      // Each action's moment is fixed by its place in the day's plan, whatever runs beside it.
      const moments = new Map<DemoAction, string>();
      let step = 0;
      const at = (hourUtc: number, actions: DemoAction[]) => {
        for (const action of actions) moments.set(action, clock(day.date, hourUtc, step++));
        return actions;
      };
      const kinds = (actions: DemoAction[], wanted: DemoAction['kind'][]) =>
        actions.filter((a) => wanted.includes(a.kind));
      const cancels = at(
        20,
        day.afternoon.filter((a) => a.kind === 'status' && a.status === 'cancelled'),
      );
      const setup = at(
        14,
        kinds(day.morning, ['receiveRoll', 'destroyStamps', 'listPrice', 'customerPrice']),
      );
      const restocks = at(14, kinds(day.morning, ['restock']));
      const orders = at(13, kinds(day.morning, ORDER_KINDS));
      const invoices = at(15, day.invoices);
      const statuses = at(
        20,
        day.afternoon.filter((a) => a.kind === 'status' && a.status !== 'cancelled'),
      );
      const payments = at(21, kinds(day.afternoon, ['payment']));
      const emails = at(22, kinds(day.afternoon, ['email']));
      const inOrder = async (actions: DemoAction[]) => {
        for (const action of actions) {
          await run(action, moments.get(action)!);
          tick(1, day.date);
        }
      };
      const together = (actions: DemoAction[]) =>
        inParallel(actions, concurrency, async (action) => {
          await run(action, moments.get(action)!);
          tick(1, day.date);
        });

      // A cancel releases stamps and stops its invoice setting the customer's last prices: both are read by the
      // day's invoices, so cancels come first, and are waited for.
      await inOrder(cancels);
      if (cancels.length > 0) await settle();
      // Stamp rolls and prices, which the day's invoices and orders use.
      await inOrder(setup);
      // Then four lines at once, none changing what another decides on: the invoices in their order (numbers and
      // stamps); the orders in theirs (order numbers); the other status changes of earlier invoices (they read the
      // stamp ledger but only a cancel changes it), then their payments, then e-mails; the restocks.
      const lines = await Promise.allSettled([
        inOrder(invoices),
        inOrder(orders),
        // An invoice's events keep one order: its status change, then its payment, then its e-mail.
        inOrder(statuses)
          .then(() => together(payments))
          .then(() => together(emails)),
        together(restocks),
      ]);
      const failed = lines.find((line) => line.status === 'rejected');
      if (failed) throw failed.reason;
      await settle();
    }
  } finally {
    bar?.stop();
  }
  await settle();
  return {
    companyId,
    userId,
    counts: plan.counts,
    commands: total,
    ms: Math.round(performance.now() - started),
    timings,
  };
}

/**
 * Loads the sample licence list with every demo customer's licence, when no TABC list was imported yet (and the
 * sample files are there: a dist/ deployed without the source tree seeds without them).
 */
async function loadLicences(
  app: INestApplicationContext,
  pool: pg.Pool,
  plan: DemoPlan,
  tabc: DemoSeedOptions['tabc'],
): Promise<void> {
  if (!tabc || !existsSync(tabc.licences) || !existsSync(tabc.delinquent)) return;
  const { rows } = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM tabc_license');
  if (rows[0]!.n > 0) return;
  const file = join(tmpdir(), `stampline-demo-licences-${process.pid}.csv`);
  writeFileSync(file, demoLicenceCsv(readFileSync(tabc.licences, 'utf8'), plan.customers));
  try {
    const service = app.get(TabcImportService);
    await service.importLicences(file);
    await service.importDelinquent(tabc.delinquent);
  } finally {
    rmSync(file, { force: true });
  }
}

/** Runs `work` over the items, at most `limit` at a time. */
async function inParallel<T>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await work(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
