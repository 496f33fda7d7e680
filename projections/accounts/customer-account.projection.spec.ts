import type { PoolClient } from '#infra/db/database.js';
import type { StoredEvent } from '#engine';
import { receivePaymentOnAccount, unapplyAccountCredit } from '#domain/accounts/customer-account.decide.js';
import {
  aCustomerWorld,
  at,
  candidatesOf,
  CUSTOMER,
  record,
  statesOf,
  TZ,
} from '#domain/accounts/customer-account.fixtures.js';
import type { InvoiceStreamEvent } from '#domain/invoices/invoice.state.js';
import { evolveInvoiceRow, type InvoiceRow } from '../invoices/invoice.projection.js';
import {
  customerAccountProjection,
  evolveAccountRows,
  type AccountEntryRow,
  type CustomerAccountRow,
} from './customer-account.projection.js';

const NOW = '2026-11-21T15:00:00.000Z';

const asStored = (events: readonly { type: string; data: unknown }[]) =>
  events.map(
    (event, i) =>
      ({
        ...event,
        id: `e-${i}`,
        revision: BigInt(i),
        metadata: { occurredAt: NOW },
      }) as unknown as StoredEvent,
  );

/** Folds the account's events as the projection does: the totals row, and every entry row written on the way. */
function foldAccount(events: readonly StoredEvent[]) {
  let row: CustomerAccountRow | undefined;
  const entries: AccountEntryRow[] = [];
  for (const event of events) {
    const change = evolveAccountRows(row, event);
    row = change.row;
    entries.push(...change.entries);
  }
  return { row: row!, entries };
}

/** A $300 check over invoices of $100 and $200, then the $200 share taken back to credit. */
function aShareTakenBack() {
  const world = aCustomerWorld([100, 200]);
  record(
    world,
    receivePaymentOnAccount(statesOf(world), {
      type: 'ReceivePaymentOnAccount',
      data: {
        customerId: CUSTOMER,
        paymentId: 'pay-1',
        applicationId: 'app-1',
        amountCents: 30_000,
        method: 'check',
        reference: '1042',
        receivedOn: '2026-11-21',
        note: '',
        timeZone: TZ,
        candidates: candidatesOf(world, 'p1'),
      },
      metadata: at(NOW),
    }),
  );
  record(
    world,
    unapplyAccountCredit(statesOf(world), {
      type: 'UnapplyAccountCredit',
      data: {
        customerId: CUSTOMER,
        invoiceId: 'inv-2',
        invoicePaymentId: 'p1-inv-2',
        byOwner: true,
        timeZone: TZ,
      },
      metadata: at(NOW),
    }),
  );
  return world;
}

const CUSTOMER_ID = '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b';
const COMPANY_ID = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

/** The n-th payment on account of one customer (0-based: the stream revision it is stored at). */
const aPaymentOnAccount = (n: number): StoredEvent =>
  ({
    id: `event-${n}`,
    streamId: `customer-account-${CUSTOMER_ID}`,
    revision: BigInt(n),
    position: BigInt(1000 + n),
    checkpoint: String(1000 + n),
    type: 'PaymentReceivedOnAccount',
    data: {
      customerId: CUSTOMER_ID,
      companyId: COMPANY_ID,
      paymentId: `payment-${n}`,
      amountCents: 2_500,
      method: 'check',
      reference: String(1000 + n),
      receivedOn: '2026-11-21',
      note: '',
      receivedAt: NOW,
    },
    metadata: {
      userId: 'u-1',
      companyId: COMPANY_ID,
      occurredAt: NOW,
      correlationId: `c-${n}`,
      schemaVersion: 1,
    },
    recordedAt: NOW,
  }) as unknown as StoredEvent;

/**
 * Runs the projection's `apply` for one event against a transaction that records each statement, answering the
 * totals load with `stored` (the account's row as the table holds it, or none).
 */
async function applyRecorded(event: StoredEvent, stored: CustomerAccountRow | undefined) {
  const statements: { sql: string; params: unknown[] }[] = [];
  const tx = {
    query: async (sql: string, params: unknown[]) => {
      statements.push({ sql, params });
      return { rows: /^\s*SELECT/.test(sql) && stored ? [stored] : [] };
    },
  } as unknown as PoolClient;
  await customerAccountProjection.apply(tx, [event], {
    rm_customer_account: 'rm_customer_account',
    rm_customer_account_entry: 'rm_customer_account_entry',
  });
  return statements;
}

describe('Customer account read models', () => {
  it('given a share taken back, the account adds an unapplication entry row, less applied and more credit', () => {
    const world = aShareTakenBack();
    const { row, entries } = foldAccount(asStored(world.account));
    expect(row).toMatchObject({
      received_cents: 30_000,
      applied_cents: 10_000,
      unapplied_cents: 20_000,
      entry_count: 4,
      revision: 2,
    });
    expect(entries.map((e) => [e.seq, e.kind, e.id, e.amount_cents])).toEqual([
      [1, 'payment', 'pay-1', 30_000],
      [2, 'application', 'p1-inv-1', 10_000],
      [3, 'application', 'p1-inv-2', 20_000],
      [4, 'unapplication', 'p1-inv-2', 20_000],
    ]);
    expect(entries[3]).toEqual({
      customer_id: CUSTOMER,
      seq: 4,
      company_id: row.company_id,
      id: 'p1-inv-2',
      kind: 'unapplication',
      on_date: '2026-11-21',
      amount_cents: 20_000,
      received_cents: null,
      method: null,
      reference: 'app-1',
      invoice_id: 'inv-2',
      invoice_number: '2',
      at: NOW,
    });
    // applied again (the same event): the same row, no entry
    expect(evolveAccountRows(row, asStored(world.account)[2]!)).toEqual({ row, entries: [] });
    expect(evolveAccountRows(row, asStored(world.account)[2]!).row).toBe(row);
  });

  it('given a share taken back, the invoice row drops the payment: nothing paid, its status back to invoiced', () => {
    const world = aShareTakenBack();
    const invoice = asStored(world.invoices.invoices['inv-2'] as InvoiceStreamEvent[]).reduce<
      InvoiceRow | undefined
    >(evolveInvoiceRow, undefined)!;
    expect(invoice).toMatchObject({ payments: [], paid_cents: 0, status: 'invoiced' });
  });

  it("an account event's work does not grow with the entries before it: the 1st and the 500th payment read and write alike", async () => {
    const after499 = foldAccount(Array.from({ length: 499 }, (_, n) => aPaymentOnAccount(n))).row;
    expect(after499).toMatchObject({ entry_count: 499, revision: 498, received_cents: 499 * 2_500 });

    const first = await applyRecorded(aPaymentOnAccount(0), undefined);
    const fiveHundredth = await applyRecorded(aPaymentOnAccount(499), after499);
    for (const statements of [first, fiveHundredth]) {
      // one read of the totals row (never of the entry table), one write
      expect(statements).toHaveLength(2);
      expect(statements[0]!.sql).toMatch(/FROM "rm_customer_account" WHERE id = ANY/);
      expect(statements[0]!.sql).not.toContain('rm_customer_account_entry');
      expect(JSON.parse(statements[1]!.params[0] as string)).toHaveLength(1);
      expect(JSON.parse(statements[1]!.params[1] as string)).toHaveLength(1);
    }
    // the same statements, whatever the history
    expect(fiveHundredth.map((s) => s.sql)).toEqual(first.map((s) => s.sql));
    expect(JSON.parse(first[1]!.params[1] as string)[0]).toMatchObject({ seq: 1, id: 'payment-0' });
    expect(JSON.parse(fiveHundredth[1]!.params[1] as string)[0]).toMatchObject({
      seq: 500,
      id: 'payment-499',
    });
    expect(JSON.parse(fiveHundredth[1]!.params[0] as string)[0]).toMatchObject({
      entry_count: 500,
      revision: 499,
      received_cents: 500 * 2_500,
    });
    // the entries are inserted, an entry already there left alone (an event applied twice adds no row)
    expect(first[1]!.sql).toMatch(/ON CONFLICT \(customer_id, seq\) DO NOTHING/);
  });

  it('an event applied already reads the totals row and writes nothing', async () => {
    const after499 = foldAccount(Array.from({ length: 499 }, (_, n) => aPaymentOnAccount(n))).row;
    const statements = await applyRecorded(aPaymentOnAccount(498), after499);
    expect(statements).toHaveLength(1);
  });
});
