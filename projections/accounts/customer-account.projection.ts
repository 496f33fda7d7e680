import { prepared, type PoolClient } from '#infra/db/database.js';
import type { StoredEvent } from '#engine';
import type { CustomerAccountEvent } from '#domain/accounts/customer-account.events.js';
import { defineProjection, ident, upsertRowsSql, type TableNames } from '../projection.js';

/**
 * The first form of the account's read model (its entries in a jsonb column), as the migration that created it
 * wrote it; CUSTOMER_ACCOUNT_ENTRY_SCHEMA moves the entries to rows of their own.
 */
export const CUSTOMER_ACCOUNT_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_customer_account (
  id uuid PRIMARY KEY, -- the customer's id
  company_id uuid NOT NULL,
  received_cents bigint NOT NULL,
  credited_cents bigint NOT NULL,
  applied_cents bigint NOT NULL,
  refunded_cents bigint NOT NULL,
  unapplied_cents bigint NOT NULL,
  entries jsonb NOT NULL,
  revision bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS rm_customer_account_company_idx ON rm_customer_account (company_id, id);
`;

/**
 * The account's entries as rows of their own (`rm_customer_account_entry`), numbered 1, 2, 3 … per customer in the
 * order they happened (`seq`), so an account event adds its rows without reading the ones before, and a page of the
 * newest or a statement's period reads only its own rows:
 * - the primary key (customer_id, seq) serves the account's entries newest first, a page at a time;
 * - (company_id, customer_id, on_date) serves the statement's period and the sums before it;
 * - the take-backs by the share's id tell whether an application on a page was taken back.
 * `rm_customer_account` keeps the totals, how many entries there are (`entry_count`) and the stream revision.
 * The rows are copied from the old column, so the statement reads them until the projection's rebuild replaces them.
 */
export const CUSTOMER_ACCOUNT_ENTRY_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_customer_account_entry (
  customer_id uuid NOT NULL,
  seq integer NOT NULL,
  company_id uuid NOT NULL,
  id text NOT NULL, -- the payment's, the invoice payment's (an application and its take-back), the refund's
  kind text NOT NULL, -- payment | application | unapplication | refund | invoice_credit
  on_date date NOT NULL,
  amount_cents bigint NOT NULL,
  received_cents bigint, -- invoice_credit: the part paid on the invoice itself
  method text,
  reference text NOT NULL,
  invoice_id uuid,
  invoice_number text,
  at timestamptz NOT NULL,
  PRIMARY KEY (customer_id, seq)
);
CREATE INDEX IF NOT EXISTS rm_customer_account_entry_date_idx
  ON rm_customer_account_entry (company_id, customer_id, on_date);
CREATE INDEX IF NOT EXISTS rm_customer_account_entry_taken_back_idx
  ON rm_customer_account_entry (customer_id, id) WHERE kind = 'unapplication';
ALTER TABLE rm_customer_account ADD COLUMN IF NOT EXISTS entry_count integer NOT NULL DEFAULT 0;
INSERT INTO rm_customer_account_entry (customer_id, seq, company_id, id, kind, on_date, amount_cents, received_cents,
    method, reference, invoice_id, invoice_number, at)
  SELECT a.id, e.n, a.company_id, e.entry ->> 'id', e.entry ->> 'kind', (e.entry ->> 'on_date')::date,
         (e.entry ->> 'amount_cents')::bigint, (e.entry ->> 'received_cents')::bigint, e.entry ->> 'method',
         coalesce(e.entry ->> 'reference', ''), (e.entry ->> 'invoice_id')::uuid, e.entry ->> 'invoice_number',
         (e.entry ->> 'at')::timestamptz
    FROM rm_customer_account a CROSS JOIN LATERAL jsonb_array_elements(a.entries) WITH ORDINALITY AS e(entry, n)
  ON CONFLICT DO NOTHING;
UPDATE rm_customer_account SET entry_count = jsonb_array_length(entries);
ALTER TABLE rm_customer_account DROP COLUMN entries;
`;

export type AccountEntryKind = 'payment' | 'application' | 'refund' | 'invoice_credit' | 'unapplication';

/**
 * One entry of the account: a payment received on account, its share applied to one invoice, a share taken back to
 * credit from its invoice (`unapplication`, its id the share's), a refund, or the payments of a cancelled invoice
 * that became credit (`amount_cents` all of them, `received_cents` the part paid on the invoice itself).
 */
export interface AccountEntryRow {
  customer_id: string;
  /** Its place in the account: 1 for the first entry, then one more for each. */
  seq: number;
  company_id: string;
  id: string;
  kind: AccountEntryKind;
  on_date: string;
  amount_cents: number;
  received_cents: number | null;
  method: string | null;
  reference: string;
  invoice_id: string | null;
  invoice_number: string | null;
  at: string;
}

/** The account's totals row: what it received, credited, applied and refunded, its credit, and its entry count. */
export interface CustomerAccountRow {
  id: string;
  company_id: string;
  received_cents: number;
  credited_cents: number;
  applied_cents: number;
  refunded_cents: number;
  unapplied_cents: number;
  entry_count: number;
  revision: number;
}

/** What one event does to an account: its totals after it, and the entries it adds. */
export interface AccountChange {
  row: CustomerAccountRow;
  entries: AccountEntryRow[];
}

const empty = (id: string, companyId: string): CustomerAccountRow => ({
  id,
  company_id: companyId,
  received_cents: 0,
  credited_cents: 0,
  applied_cents: 0,
  refunded_cents: 0,
  unapplied_cents: 0,
  entry_count: 0,
  revision: -1,
});

type NewEntry = Omit<AccountEntryRow, 'customer_id' | 'company_id' | 'seq' | 'received_cents'> & {
  received_cents?: number;
};

/**
 * Pure: the account after one event, from its totals alone (never its earlier entries): the totals moved and the new
 * entries numbered after the ones it has. An event applied already (its revision not after the row's) changes
 * nothing: the same row and no entry.
 */
export function evolveAccountRows(row: CustomerAccountRow | undefined, stored: StoredEvent): AccountChange {
  const revision = Number(stored.revision);
  if (row && revision <= row.revision) return { row, entries: [] };
  const event = stored as unknown as CustomerAccountEvent;
  const before = row ?? empty(event.data.customerId, event.data.companyId);
  const change = (totals: Partial<CustomerAccountRow>, added: NewEntry[]): AccountChange => ({
    row: { ...before, ...totals, entry_count: before.entry_count + added.length, revision },
    entries: added.map((entry, i) => ({
      customer_id: before.id,
      seq: before.entry_count + i + 1,
      company_id: before.company_id,
      ...entry,
      received_cents: entry.received_cents ?? null,
    })),
  });
  switch (event.type) {
    case 'PaymentReceivedOnAccount': {
      const d = event.data;
      return change(
        {
          received_cents: before.received_cents + d.amountCents,
          unapplied_cents: before.unapplied_cents + d.amountCents,
        },
        [
          {
            id: d.paymentId,
            kind: 'payment',
            on_date: d.receivedOn,
            amount_cents: d.amountCents,
            method: d.method,
            reference: d.reference,
            invoice_id: null,
            invoice_number: null,
            at: d.receivedAt,
          },
        ],
      );
    }
    case 'AccountCreditApplied': {
      const d = event.data;
      return change(
        {
          applied_cents: before.applied_cents + d.totalCents,
          unapplied_cents: before.unapplied_cents - d.totalCents,
        },
        d.applications.map((a) => ({
          id: a.invoicePaymentId,
          kind: 'application',
          on_date: d.appliedOn,
          amount_cents: a.amountCents,
          method: null,
          reference: d.applicationId,
          invoice_id: a.invoiceId,
          invoice_number: a.number,
          at: d.appliedAt,
        })),
      );
    }
    case 'AccountCreditUnapplied': {
      // The share's application entry stays (the statement shows both days); this one takes it back.
      const d = event.data;
      return change(
        {
          applied_cents: before.applied_cents - d.amountCents,
          unapplied_cents: before.unapplied_cents + d.amountCents,
        },
        [
          {
            id: d.invoicePaymentId,
            kind: 'unapplication',
            on_date: d.unappliedOn,
            amount_cents: d.amountCents,
            method: null,
            reference: d.applicationId,
            invoice_id: d.invoiceId,
            invoice_number: d.number,
            at: d.unappliedAt,
          },
        ],
      );
    }
    case 'AccountCreditRefunded': {
      const d = event.data;
      return change(
        {
          refunded_cents: before.refunded_cents + d.amountCents,
          unapplied_cents: before.unapplied_cents - d.amountCents,
        },
        [
          {
            id: d.refundId,
            kind: 'refund',
            on_date: d.refundedOn,
            amount_cents: d.amountCents,
            method: d.method,
            reference: d.reference,
            invoice_id: null,
            invoice_number: null,
            at: d.refundedAt,
          },
        ],
      );
    }
    case 'InvoicePaymentsCredited': {
      const d = event.data;
      return change(
        {
          credited_cents: before.credited_cents + d.amountCents,
          unapplied_cents: before.unapplied_cents + d.amountCents,
        },
        [
          {
            id: `${d.invoiceId}:${revision}`,
            kind: 'invoice_credit',
            on_date: d.creditedOn,
            amount_cents: d.amountCents,
            received_cents: d.receivedCents,
            method: null,
            reference: d.number,
            invoice_id: d.invoiceId,
            invoice_number: d.number,
            at: d.creditedAt,
          },
        ],
      );
    }
    default:
      return { row: before, entries: [] };
  }
}

const ACCOUNT_TABLE = 'rm_customer_account';
const ENTRY_TABLE = 'rm_customer_account_entry';

const ACCOUNT_COLUMNS: readonly (keyof CustomerAccountRow)[] = [
  'id',
  'company_id',
  'received_cents',
  'credited_cents',
  'applied_cents',
  'refunded_cents',
  'unapplied_cents',
  'entry_count',
  'revision',
];

const ENTRY_COLUMNS: readonly (keyof AccountEntryRow)[] = [
  'customer_id',
  'seq',
  'company_id',
  'id',
  'kind',
  'on_date',
  'amount_cents',
  'received_cents',
  'method',
  'reference',
  'invoice_id',
  'invoice_number',
  'at',
];

/** The totals rows of these customers (no entry is read). */
export const LOAD_ACCOUNTS_SQL = (account: string) =>
  `SELECT ${ACCOUNT_COLUMNS.join(', ')} FROM ${account} WHERE id = ANY($1::uuid[])`;

/**
 * The totals upserted by id and the new entries inserted, in one statement; an entry already there (the same customer
 * and place, an event applied again) is left as it is.
 */
export const SAVE_ACCOUNTS_SQL = (account: string, entry: string) =>
  `WITH totals AS (
     ${upsertRowsSql(account, ACCOUNT_COLUMNS, `jsonb_populate_recordset(NULL::${account}, $1::jsonb)`)}
   )
   INSERT INTO ${entry} (${ENTRY_COLUMNS.join(', ')})
   SELECT ${ENTRY_COLUMNS.join(', ')} FROM jsonb_populate_recordset(NULL::${entry}, $2::jsonb)
   ON CONFLICT (customer_id, seq) DO NOTHING`;

function tableOf(t: TableNames, table: string): string {
  const physical = t[table];
  if (!physical) throw new Error(`customer_accounts: no physical table for ${table}`);
  return ident(physical);
}

const numbers = (row: Record<string, unknown>): CustomerAccountRow => ({
  id: row.id as string,
  company_id: row.company_id as string,
  received_cents: Number(row.received_cents),
  credited_cents: Number(row.credited_cents),
  applied_cents: Number(row.applied_cents),
  refunded_cents: Number(row.refunded_cents),
  unapplied_cents: Number(row.unapplied_cents),
  entry_count: Number(row.entry_count),
  revision: Number(row.revision),
});

/**
 * One row of totals per customer with money on account (`rm_customer_account`) and its entries as rows
 * (`rm_customer_account_entry`). A batch reads the totals rows of the customers its events name (one query), folds
 * the events in memory and writes the changed totals and the new entries (one statement): an account event costs the
 * same whatever the account's history.
 */
export const customerAccountProjection = defineProjection({
  name: 'customer_accounts',
  // 2: the entries moved from a jsonb column of the account's row to rows of their own.
  version: 2,
  // Shares taken back to credit came later: none predates them, so handling them needs no rebuild.
  handles: [
    'PaymentReceivedOnAccount',
    'AccountCreditApplied',
    'AccountCreditRefunded',
    'InvoicePaymentsCredited',
    'AccountCreditUnapplied',
  ],
  tables: [ACCOUNT_TABLE, ENTRY_TABLE],
  async apply(tx: PoolClient, events: StoredEvent[], t: TableNames) {
    const account = tableOf(t, ACCOUNT_TABLE);
    const entry = tableOf(t, ENTRY_TABLE);
    const keyed: [string, StoredEvent][] = [];
    for (const event of events) {
      const customerId = (event.data as { customerId?: unknown }).customerId;
      if (typeof customerId === 'string') keyed.push([customerId, event]);
    }
    if (keyed.length === 0) return;
    const { rows: loaded } = await tx.query(prepared(LOAD_ACCOUNTS_SQL(account)), [
      [...new Set(keyed.map(([id]) => id))],
    ]);
    const rows = new Map(loaded.map((row) => [row.id as string, numbers(row)]));
    const changed = new Map<string, CustomerAccountRow>();
    const added: AccountEntryRow[] = [];
    for (const [customerId, event] of keyed) {
      const before = rows.get(customerId);
      const { row, entries } = evolveAccountRows(before, event);
      if (row === before) continue;
      rows.set(customerId, row);
      changed.set(customerId, row);
      added.push(...entries);
    }
    if (changed.size === 0) return;
    await tx.query(prepared(SAVE_ACCOUNTS_SQL(account, entry)), [
      JSON.stringify([...changed.values()]),
      JSON.stringify(added),
    ]);
  },
});
