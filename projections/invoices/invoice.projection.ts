import { prepared, type PoolClient } from '#infra/db/database.js';
import type { StoredEvent } from '#engine';
import type { PaymentEvent } from '#domain/invoices/invoice-payment.events.js';
import type { InvoiceDelivered } from '#domain/invoices/invoice-delivered.events.js';
import type { CreditMemoEvent } from '#domain/credits/credit-memo.events.js';
import type {
  InvoiceContent,
  InvoiceEvent,
  InvoiceLink,
  InvoiceNumber,
} from '#domain/invoices/invoice.events.js';
import type { InvoiceStatus } from '#domain/shared/invoice-status.js';
import { defineRowProjection, ident, isoOrNull as iso, upsertRowsSql } from '../projection.js';

/**
 * The grid's indexes: the grid orders by `<sort> DESC NULLS LAST, i.id ASC`, so each index ends in
 * exactly that (read forwards for a page from the top, backwards for one from the end), under the company and the
 * filter the grid is most often asked for. Migration20261122000820_invoice_grid_indexes replaces the earlier ones.
 */
export const INVOICE_GRID_INDEXES = `
CREATE INDEX IF NOT EXISTS rm_invoice_grid_invoiced_idx
  ON rm_invoice (company_id, invoiced_on DESC NULLS LAST, sequence DESC NULLS LAST, id) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS rm_invoice_grid_status_idx
  ON rm_invoice (company_id, status, invoiced_on DESC NULLS LAST, sequence DESC NULLS LAST, id) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS rm_invoice_grid_customer_idx
  ON rm_invoice (company_id, customer_id, invoiced_on DESC NULLS LAST, sequence DESC NULLS LAST, id) WHERE deleted_at IS NULL;
`;

/**
 * The credit-law alerts: the open liquor-and-wine invoices by invoice date. Partial, so it holds only
 * invoices with a balance (about one in eight), and the dashboard reads those invoiced on or before a cutoff
 * (`latestPurchaseAtLeast`) without touching the paid ones. Migration20261127002320_invoice_credit_law_index.
 */
export const INVOICE_CREDIT_LAW_INDEX = `
CREATE INDEX IF NOT EXISTS rm_invoice_credit_open_idx
  ON rm_invoice (company_id, invoiced_on, sequence)
  WHERE deleted_at IS NULL AND NOT beer AND paid_cents < total_cents AND status NOT IN ('cancelled', 'draft', 'paid');
`;

/**
 * Credit memos on invoices: each row keeps its memos (`credits`) and the money of those not void
 * (`credited_cents`), and the balance becomes total − paid − credited, the one column every balance, open-invoice
 * list and the credit-law alerts read. The indexes that name the balance are made again with it.
 * Migration20261129003000_credit_memos.
 */
export const INVOICE_CREDITS_SCHEMA = `
ALTER TABLE rm_invoice
  ADD COLUMN IF NOT EXISTS credits jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN IF NOT EXISTS credited_cents bigint NOT NULL DEFAULT 0;
DROP INDEX IF EXISTS rm_invoice_customer_open_idx;
DROP INDEX IF EXISTS rm_invoice_credit_open_idx;
ALTER TABLE rm_invoice DROP COLUMN IF EXISTS balance_cents;
ALTER TABLE rm_invoice
  ADD COLUMN balance_cents bigint GENERATED ALWAYS AS (total_cents - paid_cents - credited_cents) STORED;
CREATE INDEX IF NOT EXISTS rm_invoice_customer_open_idx
  ON rm_invoice (company_id, customer_id, invoiced_on, sequence) INCLUDE (balance_cents)
  WHERE deleted_at IS NULL AND status <> 'cancelled' AND balance_cents > 0;
CREATE INDEX IF NOT EXISTS rm_invoice_credit_open_idx
  ON rm_invoice (company_id, invoiced_on, sequence)
  WHERE deleted_at IS NULL AND NOT beer AND balance_cents > 0 AND status NOT IN ('cancelled', 'draft', 'paid');
`;

/**
 * Whether the credit law can date an invoice (`credit_subject`) — not beer, for a customer on credit (not cash on
 * delivery), with a liquor or wine line — kept with the row, so a list reads one column instead of searching every
 * listed invoice's lines. And a customer's open invoices in the order the balance lists them, holding every column
 * the balance, the ordering app and the payment on account read: the balance of a customer with hundreds of open
 * invoices is read from the index alone. Migration20261204000000_invoice_credit_subject.
 */
export const INVOICE_CREDIT_SUBJECT_SCHEMA = `
ALTER TABLE rm_invoice ADD COLUMN IF NOT EXISTS credit_subject boolean GENERATED ALWAYS AS (
  NOT beer AND coalesce((content -> 'customer' ->> 'cashOnDelivery')::boolean, false) = false
  AND jsonb_path_exists(content, '$.lines[*] ? (@.type == "LIQUOR" || @.type == "WINE")')) STORED;
DROP INDEX IF EXISTS rm_invoice_customer_open_idx;
CREATE INDEX IF NOT EXISTS rm_invoice_customer_open_idx
  ON rm_invoice (company_id, customer_id, invoiced_on, sequence, id)
  INCLUDE (number, due_on, status, total_cents, paid_cents, credited_cents, balance_cents, delivered_on, credit_subject)
  WHERE deleted_at IS NULL AND status <> 'cancelled' AND balance_cents > 0;
`;

/**
 * The grid's invoice-number search (`equals`, case-insensitive: `lower(number) = lower($n)`): one index probe,
 * however many invoices the company has (without it the filter read every invoice of the company).
 */
export const INVOICE_NUMBER_SEARCH_INDEX = `
CREATE INDEX IF NOT EXISTS rm_invoice_number_search_idx
  ON rm_invoice (company_id, lower(number)) WHERE deleted_at IS NULL;
`;

/**
 * One row per invoice (`rm_invoice`): the invoice grid, the recent list, quick search, the last invoice of a
 * customer, duplicate detection and the view page (`content` holds the lines, customer and notes whole, so a page
 * is one row). A deleted invoice keeps its row with deleted_at set; every list leaves it out.
 */
export const INVOICE_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_invoice (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  number text NOT NULL, -- as shown and in URLs: 345, 345B, 12-345
  sequence integer NOT NULL,
  prefix text NOT NULL,
  beer boolean NOT NULL,
  customer_id uuid NOT NULL,
  customer_name text NOT NULL,
  customer_tabc_id text NOT NULL,
  status text NOT NULL,
  status_info jsonb NOT NULL, -- [{ new_status, created_at, reason }]
  invoiced_on date NOT NULL,
  due_on date,
  subtotal_cents bigint NOT NULL,
  tax_cents bigint NOT NULL,
  total_cents bigint NOT NULL,
  item_count integer NOT NULL,
  items_summary text NOT NULL,
  fingerprint text NOT NULL,
  content jsonb NOT NULL,
  order_ids jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  deleted_at timestamptz,
  revision bigint NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS rm_invoice_company_number_idx ON rm_invoice (company_id, number);
CREATE INDEX IF NOT EXISTS rm_invoice_company_created_idx
  ON rm_invoice (company_id, created_at DESC) WHERE deleted_at IS NULL;
${INVOICE_GRID_INDEXES}
CREATE INDEX IF NOT EXISTS rm_invoice_company_sequence_idx
  ON rm_invoice (company_id, sequence) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS rm_invoice_duplicate_idx
  ON rm_invoice (company_id, fingerprint, created_at) WHERE deleted_at IS NULL;
`;

/**
 * The cross-references of 'Replace': the cancelled invoice a row replaces and the invoice that replaced
 * it, each `{ invoiceId, number }` or null. Migration20261127002240_invoice_replacements adds them.
 */
export const INVOICE_REPLACEMENT_SCHEMA = `
ALTER TABLE rm_invoice
  ADD COLUMN IF NOT EXISTS replaces jsonb,
  ADD COLUMN IF NOT EXISTS replaced_by jsonb;
`;

/**
 * The delivery of an invoice: its business date (the credit law's purchase date, from which the due date counts) and
 * the proof of delivery whole. Migration20261130020000_invoice_delivery adds them.
 */
export const INVOICE_DELIVERY_SCHEMA = `
ALTER TABLE rm_invoice
  ADD COLUMN IF NOT EXISTS delivered_on date,
  ADD COLUMN IF NOT EXISTS delivery jsonb;
`;

/**
 * The number of current (not deleted) invoices per company, kept with the rows so the unfiltered grid never counts
 * them per request. Migration20261122000830_invoice_count creates and fills it.
 */
export const INVOICE_COUNT_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_invoice_count (
  company_id uuid PRIMARY KEY,
  live bigint NOT NULL
);
`;

/**
 * Writes the rows and moves each company's count of current invoices by what the rows change, judged against what
 * the table holds before this statement (so writing a row again, or a rebuild flushing it twice, changes nothing):
 * one statement, as every invoice written runs it (its parts see the table as it was before it). The count table is
 * the live one or, during a rebuild, its shadow beside the rows' shadow.
 */
async function saveInvoiceRows(tx: PoolClient, rows: InvoiceRow[], table: string): Promise<void> {
  const counts = table.endsWith('__shadow') ? 'rm_invoice_count__shadow' : 'rm_invoice_count';
  const t = ident(table);
  await tx.query(
    prepared(`WITH input AS (SELECT * FROM jsonb_populate_recordset(NULL::${t}, $1::jsonb)),
     before AS (SELECT id, deleted_at IS NULL AS live FROM ${t} WHERE id IN (SELECT id FROM input)),
     written AS (${upsertRowsSql(t, COLUMNS, 'input')}),
     delta AS (
       SELECT i.company_id, sum((i.deleted_at IS NULL)::int - COALESCE(b.live::int, 0)) AS live
         FROM input i LEFT JOIN before b USING (id) GROUP BY i.company_id
     )
     INSERT INTO ${ident(counts)} AS c (company_id, live)
     SELECT company_id, live FROM delta WHERE live <> 0
     ON CONFLICT (company_id) DO UPDATE SET live = c.live + EXCLUDED.live`),
    [JSON.stringify(rows)],
  );
}

export interface InvoiceRow {
  id: string;
  company_id: string;
  number: string;
  sequence: number;
  prefix: string;
  beer: boolean;
  customer_id: string;
  customer_name: string;
  customer_tabc_id: string;
  status: InvoiceStatus;
  status_info: { new_status: InvoiceStatus; created_at: string; reason: string }[];
  invoiced_on: string;
  due_on: string | null;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  item_count: number;
  items_summary: string;
  fingerprint: string;
  content: InvoiceContent;
  order_ids: string[];
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
  /** Live payments, oldest first; paid_cents is their sum. */
  payments: InvoicePaymentEntry[];
  paid_cents: number;
  /** Its credit memos, oldest first, void ones marked; credited_cents is the sum of those not void. */
  credits: InvoiceCreditEntry[];
  credited_cents: number;
  /** The cancelled invoice this one replaces; the invoice that replaced this one. */
  replaces: InvoiceLink | null;
  replaced_by: InvoiceLink | null;
  /** The business date of delivery (the credit law's purchase date) and the proof of delivery; null before. */
  delivered_on?: string | null;
  delivery?: InvoiceDelivered['data'] | null;
  revision: number;
}

export interface InvoicePaymentEntry {
  id: string;
  amount_cents: number;
  received_on: string;
  note: string;
  logged_at: string;
  /** Applied from the customer's account (absent: paid on the invoice itself). */
  from_account?: boolean;
  /** How a driver took it at delivery (cash, check, money_order) and the check's or money order's number. */
  method?: string;
  reference?: string;
  /** A check's deposit date, once deposited. */
  deposited_on?: string;
  /**
   * The invoice was cancelled and this payment became the customer's credit: kept for the statement (the money was
   * received that day), no longer paid on the invoice.
   */
  moved?: boolean;
}

export interface InvoiceCreditEntry {
  id: string;
  number: string;
  reason: string;
  total_cents: number;
  issued_on: string;
  /** The invoice lines it credits and how many of each (none for an amount). */
  lines: { line_no: number; qty: number }[];
  voided: boolean;
}

/** The credits part of the row after a credit-memo event. */
function withCredits(row: InvoiceRow, event: CreditMemoEvent): InvoiceCreditEntry[] {
  const credits = row.credits ?? [];
  switch (event.type) {
    case 'CreditMemoIssued': {
      const { creditMemoId, number, reason, totals, issuedOn, lines } = event.data;
      if (credits.some((c) => c.id === creditMemoId)) return credits;
      return [
        ...credits,
        {
          id: creditMemoId,
          number: number.display,
          reason,
          total_cents: totals.totalCents,
          issued_on: issuedOn,
          lines: lines.map((line) => ({ line_no: line.lineNo, qty: line.qty })),
          voided: false,
        },
      ];
    }
    case 'CreditMemoVoided':
      return credits.map((c) => (c.id === event.data.creditMemoId ? { ...c, voided: true } : c));
  }
}

const sumCredited = (credits: readonly InvoiceCreditEntry[]) =>
  credits.reduce((sum, credit) => sum + (credit.voided ? 0 : credit.total_cents), 0);

const sumPaid = (payments: readonly InvoicePaymentEntry[]) =>
  payments.reduce((sum, payment) => sum + (payment.moved ? 0 : payment.amount_cents), 0);

/** The payments part of the row after a payment event. */
function withPayments(row: InvoiceRow, event: PaymentEvent): InvoicePaymentEntry[] {
  switch (event.type) {
    case 'PaymentLogged': {
      const { paymentId, amountCents, receivedOn, note, loggedAt, account, method, reference } = event.data;
      return [
        ...row.payments,
        {
          id: paymentId,
          amount_cents: amountCents,
          received_on: receivedOn,
          note,
          logged_at: loggedAt,
          ...(account ? { from_account: true } : {}),
          ...(method ? { method } : {}),
          ...(reference ? { reference } : {}),
        },
      ];
    }
    case 'PaymentUpdated': {
      const { paymentId, amountCents, receivedOn, note } = event.data;
      return row.payments.map((p) =>
        p.id === paymentId ? { ...p, amount_cents: amountCents, received_on: receivedOn, note } : p,
      );
    }
    case 'PaymentDeleted':
      return row.payments.filter((p) => p.id !== event.data.paymentId);
    case 'InvoicePaymentsMovedToCredit':
      return row.payments.map((p) => (event.data.paymentIds.includes(p.id) ? { ...p, moved: true } : p));
    case 'CheckDeposited':
      return row.payments.map((p) =>
        p.id === event.data.paymentId ? { ...p, deposited_on: event.data.depositedOn } : p,
      );
    case 'CheckDishonoured':
      return row.payments.filter((p) => p.id !== event.data.paymentId);
  }
}

const SUMMARY_MAX = 200;

/** "2 × TITOS VODKA 750ML, 1 × TOPO CHICO 355ML" (cut at 200 characters): the grid's items column. */
export function itemsSummary(lines: InvoiceContent['lines']): string {
  const text = lines.map((line) => `${line.qty} × ${line.name} ${line.size}`.trim()).join(', ');
  return text.length > SUMMARY_MAX ? `${text.slice(0, SUMMARY_MAX - 1)}…` : text;
}

function contentColumns(content: InvoiceContent) {
  return {
    customer_id: content.customer.id,
    customer_name: content.customer.name,
    customer_tabc_id: content.customer.tabcId,
    invoiced_on: content.invoicedOn,
    due_on: content.dueOn,
    subtotal_cents: content.totals.subtotalCents,
    tax_cents: content.totals.taxCents,
    total_cents: content.totals.totalCents,
    item_count: content.lines.length,
    items_summary: itemsSummary(content.lines),
    fingerprint: content.fingerprint,
    content,
  };
}

const numberColumns = (number: InvoiceNumber) => ({
  number: number.display,
  sequence: number.sequence,
  prefix: number.prefix,
  beer: number.beer,
});

/** Pure: the invoice row after one event (the same object when the event was applied already). */
export function evolveInvoiceRow(row: InvoiceRow | undefined, stored: StoredEvent): InvoiceRow {
  const revision = Number(stored.revision);
  if (row && revision <= row.revision) return row;
  const event = stored as unknown as InvoiceEvent | PaymentEvent | CreditMemoEvent | InvoiceDelivered;
  switch (event.type) {
    case 'InvoiceDelivered':
      if (!row) throw new Error(`invoice projection: ${stored.id} delivers an invoice never created`);
      return {
        ...row,
        delivered_on: event.data.deliveredOn,
        delivery: event.data,
        updated_at: event.data.recordedAt,
        revision,
      };
    case 'CreditMemoIssued':
    case 'CreditMemoVoided': {
      if (!row) throw new Error(`invoice projection: ${stored.id} credits an invoice never created`);
      const credits = withCredits(row, event);
      return { ...row, credits, credited_cents: sumCredited(credits), revision };
    }
    case 'PaymentLogged':
    case 'PaymentUpdated':
    case 'PaymentDeleted':
    case 'InvoicePaymentsMovedToCredit':
    case 'CheckDeposited':
    case 'CheckDishonoured': {
      if (!row) throw new Error(`invoice projection: ${stored.id} pays an invoice never created`);
      const payments = withPayments(row, event);
      return { ...row, payments, paid_cents: sumPaid(payments), revision };
    }
    case 'InvoiceCreated': {
      const { invoiceId, companyId, number, status, orderIds, createdAt, replaces, ...content } = event.data;
      return {
        id: invoiceId,
        company_id: companyId,
        ...numberColumns(number),
        ...contentColumns(content),
        status,
        status_info: [{ new_status: status, created_at: createdAt, reason: 'created' }],
        order_ids: orderIds,
        created_at: createdAt,
        updated_at: createdAt,
        deleted_at: null,
        payments: [],
        paid_cents: 0,
        credits: [],
        credited_cents: 0,
        replaces: replaces ?? null,
        replaced_by: null,
        delivered_on: null,
        delivery: null,
        revision,
      };
    }
    case 'InvoiceRevised': {
      if (!row) throw new Error(`invoice projection: ${stored.id} revises an invoice never created`);
      const { invoiceId: _i, companyId: _c, revisedAt, ...content } = event.data;
      // The licence guard's warning is a fact of the creation: a revision keeps it.
      const kept = row.content.licenceWarning ? { licenceWarning: row.content.licenceWarning } : {};
      return { ...row, ...contentColumns({ ...content, ...kept }), updated_at: revisedAt, revision };
    }
    case 'InvoiceStatusChanged': {
      if (!row) throw new Error(`invoice projection: ${stored.id} changes an invoice never created`);
      const { to, changedAt, reason } = event.data;
      return {
        ...row,
        status: to,
        status_info: [...row.status_info, { new_status: to, created_at: changedAt, reason }],
        updated_at: changedAt,
        revision,
      };
    }
    case 'InvoiceReplaced':
      if (!row) throw new Error(`invoice projection: ${stored.id} replaces an invoice never created`);
      return { ...row, replaced_by: event.data.replacement, updated_at: event.data.replacedAt, revision };
    case 'InvoiceDeleted':
      if (!row) throw new Error(`invoice projection: ${stored.id} deletes an invoice never created`);
      return { ...row, deleted_at: event.data.deletedAt, updated_at: event.data.deletedAt, revision };
    default:
      return row as InvoiceRow; // not ours: unchanged
  }
}

const COLUMNS: readonly (keyof InvoiceRow)[] = [
  'id',
  'company_id',
  'number',
  'sequence',
  'prefix',
  'beer',
  'customer_id',
  'customer_name',
  'customer_tabc_id',
  'status',
  'status_info',
  'invoiced_on',
  'due_on',
  'subtotal_cents',
  'tax_cents',
  'total_cents',
  'item_count',
  'items_summary',
  'fingerprint',
  'content',
  'order_ids',
  'created_at',
  'updated_at',
  'deleted_at',
  'payments',
  'paid_cents',
  'credits',
  'credited_cents',
  'replaces',
  'replaced_by',
  'delivered_on',
  'delivery',
  'revision',
];

/** A date column as Postgres returns it (text, with the pg type parser set to keep dates as text). */
const day = (value: unknown) =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? value.toISOString().slice(0, 10)
      : String(value).slice(0, 10);

export const invoiceProjection = defineRowProjection<InvoiceRow>({
  name: 'invoices',
  tables: ['rm_invoice', 'rm_invoice_count'],
  version: 1,
  // Payment events came with : none predates this version, so handling them needs no rebuild.
  handles: [
    'InvoiceCreated',
    'InvoiceRevised',
    'InvoiceStatusChanged',
    'InvoiceDeleted',
    'InvoiceReplaced',
    'PaymentLogged',
    'PaymentUpdated',
    'PaymentDeleted',
    // Payments moved to the customer's credit came later: none predates them, so handling them needs no rebuild.
    'InvoicePaymentsMovedToCredit',
    // Checks deposited or dishonoured came later: none predates them, so handling them needs no rebuild.
    'CheckDeposited',
    'CheckDishonoured',
    // Credit memos came later: none predates them, so handling them needs no rebuild.
    'CreditMemoIssued',
    'CreditMemoVoided',
    // Deliveries came later: none predates them, so handling them needs no rebuild.
    'InvoiceDelivered',
  ],
  rows: {
    table: 'rm_invoice',
    keyOf: (event) => (event.data as { invoiceId?: string }).invoiceId,
    async load(tx: PoolClient, keys: string[], table: string) {
      const { rows } = await tx.query(prepared(`SELECT * FROM ${ident(table)} WHERE id = ANY($1::uuid[])`), [
        keys,
      ]);
      return new Map(
        rows.map((row) => [
          row.id as string,
          {
            ...row,
            invoiced_on: day(row.invoiced_on)!,
            due_on: day(row.due_on),
            delivered_on: day(row.delivered_on),
            subtotal_cents: Number(row.subtotal_cents),
            tax_cents: Number(row.tax_cents),
            total_cents: Number(row.total_cents),
            paid_cents: Number(row.paid_cents),
            credited_cents: Number(row.credited_cents ?? 0),
            credits: row.credits ?? [],
            created_at: iso(row.created_at)!,
            updated_at: iso(row.updated_at)!,
            deleted_at: iso(row.deleted_at),
            revision: Number(row.revision),
          } as InvoiceRow,
        ]),
      );
    },
    evolve: evolveInvoiceRow,
    async save(tx: PoolClient, rows: InvoiceRow[], table: string) {
      await saveInvoiceRows(tx, rows, table);
    },
  },
});
