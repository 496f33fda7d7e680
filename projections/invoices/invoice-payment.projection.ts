import { prepared, type PoolClient } from '#infra/db/database.js';
import type { StoredEvent } from '#engine';
import type { PaymentEvent } from '#domain/invoices/invoice-payment.events.js';
import { defineRowProjection, ident, isoOrNull as iso, upsertRows } from '../projection.js';

/**
 * Money received: `rm_invoice` keeps each invoice's live payments and what is paid (its balance is
 * total − paid, a generated column, so a customer's balance reads only its open invoices), and
 * `rm_invoice_payment` has one row per payment for the payments report (joined to rm_invoice for the invoice
 * number and customer). A deleted payment keeps its row with deleted_at set.
 */
export const PAYMENT_SCHEMA = `
ALTER TABLE rm_invoice
  ADD COLUMN IF NOT EXISTS payments jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN IF NOT EXISTS paid_cents bigint NOT NULL DEFAULT 0,
  ADD COLUMN IF NOT EXISTS balance_cents bigint GENERATED ALWAYS AS (total_cents - paid_cents) STORED;
-- A customer's open invoices (owing and the balance page): only invoices with something left to pay.
CREATE INDEX IF NOT EXISTS rm_invoice_customer_open_idx
  ON rm_invoice (company_id, customer_id, invoiced_on, sequence) INCLUDE (balance_cents)
  WHERE deleted_at IS NULL AND status <> 'cancelled' AND balance_cents > 0;

CREATE TABLE IF NOT EXISTS rm_invoice_payment (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  invoice_id uuid NOT NULL,
  amount_cents bigint NOT NULL,
  received_on date NOT NULL,
  note text NOT NULL,
  logged_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  deleted_at timestamptz,
  revision bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS rm_invoice_payment_company_received_idx
  ON rm_invoice_payment (company_id, received_on DESC NULLS LAST, id) WHERE deleted_at IS NULL;
CREATE INDEX IF NOT EXISTS rm_invoice_payment_invoice_idx ON rm_invoice_payment (invoice_id);
`;

/**
 * A customer's payments logged last (the customer overview): its invoices with payments by the latest one logged
 * (`payments` is in logging order, so its last entry is the newest). The ten newest payments lie on the ten invoices
 * first in this index, so the overview reads at most ten rows however long the customer's history.
 * Migration20261129001000_customer_overview adds it.
 */
export const CUSTOMER_LAST_PAYMENT_INDEX = `
CREATE INDEX IF NOT EXISTS rm_invoice_customer_last_payment_idx
  ON rm_invoice (company_id, customer_id, ((payments -> -1 ->> 'logged_at')) DESC)
  WHERE deleted_at IS NULL AND payments <> '[]'::jsonb;
`;

/**
 * How a payment was taken (a driver's collection says it), the check's number and the day it was deposited: the
 * deposit list reads the checks not deposited yet. Migration20261130020200_check_deposits adds them; payments with a
 * method came with deliveries, which arrive with it, so no rebuild is needed.
 */
export const PAYMENT_CHECK_SCHEMA = `
ALTER TABLE rm_invoice_payment
  ADD COLUMN IF NOT EXISTS method text,
  ADD COLUMN IF NOT EXISTS reference text,
  ADD COLUMN IF NOT EXISTS deposited_on date;
CREATE INDEX IF NOT EXISTS rm_invoice_payment_checks_idx
  ON rm_invoice_payment (company_id, received_on)
  WHERE method = 'check' AND deposited_on IS NULL AND deleted_at IS NULL;
`;

export interface PaymentRow {
  id: string;
  company_id: string;
  invoice_id: string;
  amount_cents: number;
  received_on: string;
  note: string;
  logged_at: string;
  updated_at: string;
  deleted_at: string | null;
  method?: string | null;
  reference?: string | null;
  deposited_on?: string | null;
  revision: number;
}

/** Pure: the payment row after one event (the same object when the event was applied already). */
export function evolvePaymentRow(row: PaymentRow | undefined, stored: StoredEvent): PaymentRow {
  const revision = Number(stored.revision);
  if (row && revision <= row.revision) return row;
  const event = stored as unknown as PaymentEvent;
  switch (event.type) {
    case 'PaymentLogged': {
      const { paymentId, companyId, invoiceId, amountCents, receivedOn, note, loggedAt } = event.data;
      return {
        id: paymentId,
        company_id: companyId,
        invoice_id: invoiceId,
        amount_cents: amountCents,
        received_on: receivedOn,
        note,
        logged_at: loggedAt,
        updated_at: loggedAt,
        deleted_at: null,
        method: event.data.method ?? null,
        reference: event.data.reference ?? null,
        deposited_on: null,
        revision,
      };
    }
    case 'PaymentUpdated': {
      if (!row) throw new Error(`payment projection: ${stored.id} updates a payment never logged`);
      const { amountCents, receivedOn, note, updatedAt } = event.data;
      return {
        ...row,
        amount_cents: amountCents,
        received_on: receivedOn,
        note,
        updated_at: updatedAt,
        revision,
      };
    }
    case 'PaymentDeleted':
      if (!row) throw new Error(`payment projection: ${stored.id} deletes a payment never logged`);
      return { ...row, deleted_at: event.data.deletedAt, updated_at: event.data.deletedAt, revision };
    case 'CheckDeposited':
      if (!row) throw new Error(`payment projection: ${stored.id} deposits a payment never logged`);
      return { ...row, deposited_on: event.data.depositedOn, updated_at: event.data.depositedAt, revision };
    case 'CheckDishonoured':
      // The money never came: the payment leaves the payments report as a deleted one does.
      if (!row) throw new Error(`payment projection: ${stored.id} dishonours a payment never logged`);
      return { ...row, deleted_at: event.data.dishonouredAt, updated_at: event.data.dishonouredAt, revision };
    default:
      return row as PaymentRow;
  }
}

const COLUMNS: readonly (keyof PaymentRow)[] = [
  'id',
  'company_id',
  'invoice_id',
  'amount_cents',
  'received_on',
  'note',
  'logged_at',
  'updated_at',
  'deleted_at',
  'method',
  'reference',
  'deposited_on',
  'revision',
];

export const invoicePaymentProjection = defineRowProjection<PaymentRow>({
  name: 'invoice-payments',
  version: 1,
  // Checks deposited or dishonoured came later: none predates them, so handling them needs no rebuild.
  handles: ['PaymentLogged', 'PaymentUpdated', 'PaymentDeleted', 'CheckDeposited', 'CheckDishonoured'],
  rows: {
    table: 'rm_invoice_payment',
    keyOf: (event) => (event.data as { paymentId?: string }).paymentId,
    async load(tx: PoolClient, keys: string[], table: string) {
      const { rows } = await tx.query(prepared(`SELECT * FROM ${ident(table)} WHERE id = ANY($1::uuid[])`), [
        keys,
      ]);
      return new Map(
        rows.map((row) => [
          row.id as string,
          {
            ...row,
            amount_cents: Number(row.amount_cents),
            logged_at: iso(row.logged_at)!,
            updated_at: iso(row.updated_at)!,
            deleted_at: iso(row.deleted_at),
            deposited_on:
              row.deposited_on instanceof Date
                ? row.deposited_on.toISOString().slice(0, 10)
                : row.deposited_on,
            revision: Number(row.revision),
          } as PaymentRow,
        ]),
      );
    },
    evolve: evolvePaymentRow,
    async save(tx: PoolClient, rows: PaymentRow[], table: string) {
      await upsertRows(tx, table, COLUMNS, rows);
    },
  },
});
