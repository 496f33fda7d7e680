import { prepared, type PoolClient } from '#infra/db/database.js';
import type { StoredEvent } from '#engine';
import type { CreditMemoEvent, CreditMemoLine, CreditReason } from '#domain/credits/credit-memo.events.js';
import type { GoodsStampReturn } from '#domain/stamps/stamp.events.js';
import { defineRowProjection, ident, isoOrNull as iso, upsertRows } from '../projection.js';

/**
 * One row per credit memo (`rm_credit_memo`): the credit-memo grid and the memo's view page. A void memo keeps its
 * row with status 'void', when, by whom and why. The invoice's own row (rm_invoice) keeps what its memos credit.
 */
export const CREDIT_MEMO_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_credit_memo (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  number text NOT NULL, -- CM-1001
  sequence integer NOT NULL,
  invoice_id uuid NOT NULL,
  invoice_number text NOT NULL,
  customer_id uuid NOT NULL,
  customer_name text NOT NULL,
  reason text NOT NULL,
  note text NOT NULL,
  lines jsonb NOT NULL,
  subtotal_cents bigint NOT NULL,
  tax_cents bigint NOT NULL,
  total_cents bigint NOT NULL,
  issued_on date NOT NULL,
  issued_at timestamptz NOT NULL,
  issued_by text,
  status text NOT NULL, -- issued | void
  voided_at timestamptz,
  voided_by text,
  void_reason text,
  revision bigint NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS rm_credit_memo_company_number_idx ON rm_credit_memo (company_id, sequence);
CREATE INDEX IF NOT EXISTS rm_credit_memo_grid_idx
  ON rm_credit_memo (company_id, issued_on DESC NULLS LAST, sequence DESC NULLS LAST, id);
CREATE INDEX IF NOT EXISTS rm_credit_memo_invoice_idx ON rm_credit_memo (invoice_id);
CREATE INDEX IF NOT EXISTS rm_credit_memo_customer_idx ON rm_credit_memo (company_id, customer_id, issued_on DESC);
`;

/** (Migration20261129110000): the tax stamps that came back on the memo's bottles, per line. */
export const CREDIT_MEMO_STAMPS_SCHEMA = `
ALTER TABLE rm_credit_memo ADD COLUMN IF NOT EXISTS stamps jsonb NOT NULL DEFAULT '[]';
`;

/**
 * (Migration20261130050000): void memos by customer and the instant of their void — a statement reads one customer's
 * voids, the alcohol sales report a month's voids of the company (few: a void corrects a mistake).
 */
export const CREDIT_MEMO_VOID_INDEX = `
CREATE INDEX IF NOT EXISTS rm_credit_memo_void_idx ON rm_credit_memo (company_id, customer_id, voided_at)
  WHERE status = 'void';
`;

export interface CreditMemoRow {
  id: string;
  company_id: string;
  number: string;
  sequence: number;
  invoice_id: string;
  invoice_number: string;
  customer_id: string;
  customer_name: string;
  reason: CreditReason;
  note: string;
  lines: CreditMemoLine[];
  /** The stamps of its liquor bottles and what became of them ([] for none). */
  stamps: GoodsStampReturn[];
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  issued_on: string;
  issued_at: string;
  issued_by: string | null;
  status: 'issued' | 'void';
  voided_at: string | null;
  voided_by: string | null;
  void_reason: string | null;
  revision: number;
}

/** Pure: the memo's row after one event (the same object when the event was applied already). */
export function evolveCreditMemoRow(row: CreditMemoRow | undefined, stored: StoredEvent): CreditMemoRow {
  const revision = Number(stored.revision);
  if (row && revision <= row.revision) return row;
  const event = stored as unknown as CreditMemoEvent;
  switch (event.type) {
    case 'CreditMemoIssued': {
      const d = event.data;
      return {
        id: d.creditMemoId,
        company_id: d.companyId,
        number: d.number.display,
        sequence: d.number.sequence,
        invoice_id: d.invoiceId,
        invoice_number: d.invoiceNumber,
        customer_id: d.customerId,
        customer_name: d.customerName,
        reason: d.reason,
        note: d.note,
        lines: d.lines,
        stamps: d.stamps ?? [],
        subtotal_cents: d.totals.subtotalCents,
        tax_cents: d.totals.taxCents,
        total_cents: d.totals.totalCents,
        issued_on: d.issuedOn,
        issued_at: d.issuedAt,
        issued_by: d.issuedBy,
        status: 'issued',
        voided_at: null,
        voided_by: null,
        void_reason: null,
        revision,
      };
    }
    case 'CreditMemoVoided':
      if (!row) throw new Error(`credit-memo projection: ${stored.id} voids a memo never issued`);
      return {
        ...row,
        status: 'void',
        voided_at: event.data.voidedAt,
        voided_by: event.data.voidedBy,
        void_reason: event.data.reason,
        revision,
      };
    default:
      return row as CreditMemoRow;
  }
}

const COLUMNS: readonly (keyof CreditMemoRow)[] = [
  'id',
  'company_id',
  'number',
  'sequence',
  'invoice_id',
  'invoice_number',
  'customer_id',
  'customer_name',
  'reason',
  'note',
  'lines',
  'stamps',
  'subtotal_cents',
  'tax_cents',
  'total_cents',
  'issued_on',
  'issued_at',
  'issued_by',
  'status',
  'voided_at',
  'voided_by',
  'void_reason',
  'revision',
];

const day = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

/** A row as Postgres answers it (bigints as text, timestamps as Dates): as the fold wrote it. */
export function normalizeCreditMemoRow(row: Record<string, unknown>): CreditMemoRow {
  return {
    ...(row as unknown as CreditMemoRow),
    sequence: Number(row.sequence),
    subtotal_cents: Number(row.subtotal_cents),
    tax_cents: Number(row.tax_cents),
    total_cents: Number(row.total_cents),
    issued_on: day(row.issued_on),
    issued_at: iso(row.issued_at)!,
    voided_at: iso(row.voided_at),
    revision: Number(row.revision),
  };
}

export const creditMemoProjection = defineRowProjection<CreditMemoRow>({
  name: 'credit_memos',
  version: 1,
  handles: ['CreditMemoIssued', 'CreditMemoVoided'],
  rows: {
    table: 'rm_credit_memo',
    keyOf: (event) => (event.data as { creditMemoId?: string }).creditMemoId,
    async load(tx: PoolClient, keys: string[], table: string) {
      const { rows } = await tx.query(prepared(`SELECT * FROM ${ident(table)} WHERE id = ANY($1::uuid[])`), [
        keys,
      ]);
      return new Map(rows.map((row) => [row.id as string, normalizeCreditMemoRow(row)]));
    },
    evolve: evolveCreditMemoRow,
    async save(tx: PoolClient, rows: CreditMemoRow[], table: string) {
      await upsertRows(tx, table, COLUMNS, rows);
    },
  },
});
