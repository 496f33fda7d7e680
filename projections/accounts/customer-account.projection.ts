import { prepared, type PoolClient } from '#infra/db/database.js';
import type { StoredEvent } from '#engine';
import type { CustomerAccountEvent } from '#domain/accounts/customer-account.events.js';
import { defineRowProjection, ident, upsertRows } from '../projection.js';

/**
 * One row per customer with money on account (`rm_customer_account`): what it received on account, what became its
 * credit from cancelled invoices, what was applied and refunded, its unapplied credit, and every entry in order (the
 * customer overview's credit and the statement's payments on account, applications and refunds).
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
 * One entry of the account: a payment received on account, its share applied to one invoice, a refund, or the
 * payments of a cancelled invoice that became credit (`amount_cents` all of them, `received_cents` the part paid on
 * the invoice itself).
 */
export interface AccountEntry {
  id: string;
  kind: 'payment' | 'application' | 'refund' | 'invoice_credit';
  on_date: string;
  amount_cents: number;
  received_cents?: number;
  method: string | null;
  reference: string;
  invoice_id: string | null;
  invoice_number: string | null;
  at: string;
}

export interface CustomerAccountRow {
  id: string;
  company_id: string;
  received_cents: number;
  credited_cents: number;
  applied_cents: number;
  refunded_cents: number;
  unapplied_cents: number;
  entries: AccountEntry[];
  revision: number;
}

const empty = (id: string, companyId: string): CustomerAccountRow => ({
  id,
  company_id: companyId,
  received_cents: 0,
  credited_cents: 0,
  applied_cents: 0,
  refunded_cents: 0,
  unapplied_cents: 0,
  entries: [],
  revision: -1,
});

/** Pure: the account row after one event (the same object when the event was applied already). */
export function evolveAccountRow(
  row: CustomerAccountRow | undefined,
  stored: StoredEvent,
): CustomerAccountRow {
  const revision = Number(stored.revision);
  if (row && revision <= row.revision) return row;
  const event = stored as unknown as CustomerAccountEvent;
  const before = row ?? empty(event.data.customerId, event.data.companyId);
  switch (event.type) {
    case 'PaymentReceivedOnAccount': {
      const d = event.data;
      return {
        ...before,
        received_cents: before.received_cents + d.amountCents,
        unapplied_cents: before.unapplied_cents + d.amountCents,
        entries: [
          ...before.entries,
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
        revision,
      };
    }
    case 'AccountCreditApplied': {
      const d = event.data;
      return {
        ...before,
        applied_cents: before.applied_cents + d.totalCents,
        unapplied_cents: before.unapplied_cents - d.totalCents,
        entries: [
          ...before.entries,
          ...d.applications.map((a): AccountEntry => ({
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
        ],
        revision,
      };
    }
    case 'AccountCreditRefunded': {
      const d = event.data;
      return {
        ...before,
        refunded_cents: before.refunded_cents + d.amountCents,
        unapplied_cents: before.unapplied_cents - d.amountCents,
        entries: [
          ...before.entries,
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
        revision,
      };
    }
    case 'InvoicePaymentsCredited': {
      const d = event.data;
      return {
        ...before,
        credited_cents: before.credited_cents + d.amountCents,
        unapplied_cents: before.unapplied_cents + d.amountCents,
        entries: [
          ...before.entries,
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
        revision,
      };
    }
    default:
      return before;
  }
}

const COLUMNS: readonly (keyof CustomerAccountRow)[] = [
  'id',
  'company_id',
  'received_cents',
  'credited_cents',
  'applied_cents',
  'refunded_cents',
  'unapplied_cents',
  'entries',
  'revision',
];

export const customerAccountProjection = defineRowProjection<CustomerAccountRow>({
  name: 'customer_accounts',
  version: 1,
  handles: [
    'PaymentReceivedOnAccount',
    'AccountCreditApplied',
    'AccountCreditRefunded',
    'InvoicePaymentsCredited',
  ],
  rows: {
    table: 'rm_customer_account',
    keyOf: (event) => (event.data as { customerId?: string }).customerId,
    async load(tx: PoolClient, keys: string[], table: string) {
      const { rows } = await tx.query(prepared(`SELECT * FROM ${ident(table)} WHERE id = ANY($1::uuid[])`), [
        keys,
      ]);
      return new Map(
        rows.map((row) => [
          row.id as string,
          {
            ...row,
            received_cents: Number(row.received_cents),
            credited_cents: Number(row.credited_cents),
            applied_cents: Number(row.applied_cents),
            refunded_cents: Number(row.refunded_cents),
            unapplied_cents: Number(row.unapplied_cents),
            revision: Number(row.revision),
          } as CustomerAccountRow,
        ]),
      );
    },
    evolve: evolveAccountRow,
    async save(tx: PoolClient, rows: CustomerAccountRow[], table: string) {
      await upsertRows(tx, table, COLUMNS, rows);
    },
  },
});
