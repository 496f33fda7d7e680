import type pg from 'pg';
import { businessDate } from '#domain/shared/business-date.js';
import { PostgresEventStore, rebuildProjection } from '#engine';
import { allProjections } from '#projections/index.js';
import { ident } from '#projections/projection.js';
import type { ApiClient } from '../support/http.js';

/*
 * What the load test (`npm run load`) and the failover test (`npm run test:failover`) share: the company they set up
 * through the API, and the checks that nothing acknowledged was lost or applied twice and every read model is what
 * its events say.
 */

export const PASSWORD = 'load-test-1';

/**
 * An owner, the free features, products, `customers` customers, a large stamp roll and `staffCount` staff (invited,
 * joined). `tag` makes the e-mails unique on a database that holds other companies (an earlier run's, or the other
 * companies of a many-company run); `tabcBase` their customers' permit numbers.
 */
export async function setUp(
  api: ApiClient,
  staffCount: number,
  log: (line: string) => void,
  tag = 'load',
  { customers: customerCount = 40, tabcBase = 200_000 }: { customers?: number; tabcBase?: number } = {},
) {
  const owner = await api.post('auth/signup', {
    email: `owner@${tag}.example.com`,
    password: PASSWORD,
    confirm_password: PASSWORD,
    name: 'Olive Owner',
    title: 'Owner',
  });
  const token = owner.body.access_token as string;
  const companyId = owner.body.user.company_id as string;
  const ok = async (response: Promise<{ status: number; body: any }>) => {
    const { status, body } = await response;
    if (status >= 300) throw new Error(`set-up: ${status} ${JSON.stringify(body)}`);
    return body;
  };
  await ok(api.post('company/feature', { name: 'payment', active: true }, token));
  const product = async (name: string, type: string, price: number) =>
    (
      await ok(
        api.post(
          'product',
          {
            product: name,
            product_type: type,
            product_size: '750ml',
            product_price: price,
            last_purchase_price: '5.00',
          },
          token,
        ),
      )
    ).id as string;
  const liquor = [
    await product("Tito's Vodka", 'liquor', 19.99),
    await product('Jack Daniels', 'liquor', 24.5),
  ];
  const others = [await product('House Red', 'wine', 8.99), await product('Tonic', 'n/a', 1.5)];
  const customers: string[] = [];
  for (let i = 0; i < customerCount; i++)
    customers.push(
      (
        await ok(
          api.post(
            'customer',
            {
              name: `Load Bar ${i}`,
              address: `${i} Main St`,
              city: 'Austin',
              zip: '78701',
              tabc_id: `MB${tabcBase + i}`,
              cash_on_delivery: 0,
              fintech_option: 0,
            },
            token,
          ),
        )
      ).id as string,
    );
  const today = businessDate(new Date().toISOString(), 'America/Chicago');
  await ok(api.post('stamp/roll', { prefix: 'TX', received_at: today, from: 1, to: 2_000_000 }, token));
  const staff: { email: string }[] = [];
  for (let i = 0; i < staffCount; i++) {
    const email = `staff${i}@${tag}.example.com`;
    const invited = await ok(api.post('company/staff/invitation', { email, name: `Staff ${i}` }, token));
    const invitation = /invitation=([A-Za-z0-9_-]+)/.exec(String(invited.link))![1];
    await ok(
      api.post('auth/invitation/accept', {
        token: invitation,
        name: `Staff ${i}`,
        title: 'Sales',
        password: PASSWORD,
        confirm_password: PASSWORD,
      }),
    );
    staff.push({ email });
  }
  log(
    `set up: ${customers.length} customers, ${liquor.length + others.length} products, ${staffCount} staff`,
  );
  return {
    companyId,
    staff,
    invoiceBody: (n: number) => ({
      customer_id: customers[n % customers.length],
      force: true,
      items: [
        ...liquor.map((id, k) => ({ product_id: id, qty: 1 + ((n + k) % 4), price: 19.99 + k })),
        ...others.map((id, k) => ({ product_id: id, qty: 1 + ((n + k) % 6), price: 2.5 + k })),
      ],
    }),
  };
}

/** Waits until every projection has applied the newest event (at most 60 s). */
export async function waitForProjections(pool: pg.Pool, store: PostgresEventStore): Promise<void> {
  const head = await store.headCheckpoint();
  for (let i = 0; i < 600; i++) {
    const { rows } = await pool.query<{ checkpoint: string }>(
      'SELECT checkpoint FROM projection_checkpoints',
    );
    if (rows.every((r) => r.checkpoint !== '' && store.compareCheckpoints(r.checkpoint, head) >= 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the projections did not catch up in 60 s');
}

/**
 * The consistency checks of a run over its companies: every acknowledged invoice stored (`missing`) and, when every
 * command was retried until it was answered, no invoice more than acknowledged (`unacknowledged`: a command applied
 * twice would show here); every acknowledged payment stored once (`paymentsMissing`, `paymentsDuplicated`: payments
 * name their invoice, one payment per invoice); in every company no stamp held twice and none leaked, and invoice
 * numbers gapless; every read model equal to its rebuild from the first event.
 */
export async function check(
  pool: pg.Pool,
  store: PostgresEventStore,
  companyIds: readonly string[],
  acknowledged: string[],
  paidInvoices: string[] = [],
) {
  const { rows: found } = await pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM rm_invoice WHERE id = ANY ($1::uuid[]) AND deleted_at IS NULL',
    [[...new Set(acknowledged)]],
  );
  const missing = new Set(acknowledged).size - found[0]!.n;
  const { rows: stored } = await pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM rm_invoice WHERE company_id = ANY ($1::uuid[]) AND deleted_at IS NULL',
    [companyIds],
  );
  const unacknowledged = stored[0]!.n - found[0]!.n;
  const { rows: payments } = await pool.query<{ invoice_id: string; n: number }>(
    `SELECT invoice_id, count(*)::int AS n FROM rm_invoice_payment
      WHERE company_id = ANY ($1::uuid[]) AND deleted_at IS NULL GROUP BY invoice_id`,
    [companyIds],
  );
  const paymentsOf = new Map(payments.map((r) => [r.invoice_id, r.n]));
  const paid = [...new Set(paidInvoices)];
  const paymentsMissing = paid.filter((id) => !paymentsOf.has(id)).length;
  const paymentsDuplicated = payments.reduce((n, r) => n + r.n - 1, 0);

  let duplicateStamps = 0;
  let leaked = 0;
  let numberCount = 0;
  let gaps = 0;
  let first = 0;
  for (const [i, companyId] of companyIds.entries()) {
    const one = await companyCheck(pool, store, companyId);
    duplicateStamps += one.duplicateStamps;
    leaked += one.leaked;
    numberCount += one.numbers;
    gaps += one.gaps;
    if (i === 0) first = one.first;
  }

  // Every read model against its rebuild from the first event (the rebuild swaps fresh tables in).
  const tables = [...new Set(allProjections.flatMap((p) => p.tables))].sort();
  const snapshot = async () => {
    const out: Record<string, string> = {};
    for (const table of tables) {
      const { rows } = await pool.query<{ digest: string }>(
        `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${ident(table)} t`,
      );
      out[table] = rows[0]!.digest;
    }
    return out;
  };
  const before = await snapshot();
  for (const projection of allProjections) await rebuildProjection(pool, store, projection);
  const after = await snapshot();
  const rebuildDiffers = tables.filter((t) => before[t] !== after[t]);
  return {
    missing,
    unacknowledged,
    paymentsMissing,
    paymentsDuplicated,
    duplicateStamps,
    leaked,
    numbers: numberCount,
    first,
    companies: companyIds.length,
    gapless: gaps === 0,
    gaps,
    rebuildDiffers,
    tables: tables.length,
  };
}

/** One company's stamp ledger (every stamp at most once, each on a stored invoice) and its invoice numbers. */
async function companyCheck(pool: pg.Pool, store: PostgresEventStore, companyId: string) {
  // Fold the ledger's allocations and releases: every stamp at most once, each on a stored invoice.
  const held = new Map<string, string>();
  let duplicateStamps = 0;
  for await (const event of store.readStream(`stamps-${companyId}`)) {
    const data = event.data as {
      allocationId: string;
      ranges: { prefix: string; from: number; to: number }[];
    };
    if (event.type !== 'StampsAllocated' && event.type !== 'StampsReleased') continue;
    for (const range of data.ranges)
      for (let n = range.from; n <= range.to; n++) {
        const stamp = `${range.prefix}${n}`;
        if (event.type === 'StampsReleased') held.delete(stamp);
        else if (held.has(stamp)) duplicateStamps++;
        else held.set(stamp, data.allocationId);
      }
  }
  const { rows: invoices } = await pool.query<{ id: string }>(
    'SELECT id FROM rm_invoice WHERE company_id = $1 AND deleted_at IS NULL',
    [companyId],
  );
  const live = new Set(invoices.map((r) => `invoice-${r.id}`));
  const leaked = [...held.values()].filter((allocation) => !live.has(allocation)).length;

  const { rows: numbers } = await pool.query<{ sequence: number }>(
    'SELECT sequence FROM rm_invoice WHERE company_id = $1 ORDER BY sequence',
    [companyId],
  );
  const first = numbers[0]?.sequence ?? 0;
  const gaps = numbers.filter((r, i) => r.sequence !== first + i).length;
  return { duplicateStamps, leaked, numbers: numbers.length, first, gaps };
}
