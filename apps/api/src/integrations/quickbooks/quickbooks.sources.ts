import type pg from 'pg';
import type { QuickBooksInvoiceChoice } from '#domain/contracts/quickbooks.contract.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import type {
  QboCreditMemoSource,
  QboInvoiceSource,
  QboLineSource,
  QboPaymentSource,
} from './quickbooks.mapping.js';

/** Documents of each kind one run sends at most (oldest first); the next run takes the rest. */
export const QBO_DOCUMENTS_PER_RUN = 500;

/** A document to send, with its content version (its read-model revision) and what QuickBooks has of it. */
export interface Pending<T> {
  source: T;
  version: string;
  qboId: string | null;
  syncToken: string | null;
}

type Mapped = {
  version: string;
  qbo_id: string | null;
  sync_token: string | null;
};

/** What QuickBooks has of a document (its id and sync token), and the revision the run sends. */
const mappedOf = (row: Mapped & { revision: string | number }) => ({
  version: String(row.revision),
  qboId: row.qbo_id,
  syncToken: row.sync_token,
});

const NEEDS_SENDING = `(m.our_id IS NULL OR NOT m.ok OR m.version IS DISTINCT FROM x.revision::text)`;

type Line = QboLineSource & { upc: string | null };

/**
 * The invoices of a run: dated on or after `from`, not cancelled nor drafts (only delivered ones when the company
 * chose so), that QuickBooks does not have at their current revision. By the company's invoice-date index, bounded.
 */
export async function pendingInvoices(
  pool: pg.Pool,
  companyId: string,
  from: string,
  choice: QuickBooksInvoiceChoice,
): Promise<Pending<QboInvoiceSource>[]> {
  if (choice === 'none') return [];
  const rows = await tenantQuery<
    Mapped & {
      id: string;
      number: string;
      revision: string;
      content: {
        customer: { id: string; name: string; tabcId: string };
        lines: Line[];
        invoicedOn: string;
        dueOn: string | null;
        totals: { taxCents: number };
      };
    }
  >(
    pool,
    companyId,
    `SELECT x.id, x.number, x.revision, x.content, m.version, m.qbo_id, m.sync_token
       FROM rm_invoice x
       LEFT JOIN qbo_object m ON m.company_id = x.company_id AND m.kind = 'invoice' AND m.our_id = x.id
      WHERE x.company_id = $1 AND x.deleted_at IS NULL AND x.status NOT IN ('cancelled', 'draft')
        AND x.invoiced_on >= $2::date
        ${choice === 'delivered' ? "AND (x.delivered_on IS NOT NULL OR x.status = 'delivered')" : ''}
        AND ${NEEDS_SENDING}
      ORDER BY x.invoiced_on, x.sequence LIMIT ${QBO_DOCUMENTS_PER_RUN}`,
    [from],
  );
  return rows.map((row) => ({
    ...mappedOf(row),
    source: {
      id: row.id,
      number: row.number,
      invoicedOn: row.content.invoicedOn,
      dueOn: row.content.dueOn,
      customer: row.content.customer,
      lines: row.content.lines.map(lineOf),
      taxCents: row.content.totals.taxCents,
    },
  }));
}

const lineOf = (line: Line): QboLineSource => ({
  productId: line.productId,
  name: line.name,
  size: line.size,
  upc: line.upc ?? null,
  qty: line.qty,
  priceCents: line.priceCents,
  totalCents: line.totalCents,
});

/** The issued credit memos of a run, dated on or after `from`, that QuickBooks does not have at their revision. */
export async function pendingCreditMemos(
  pool: pg.Pool,
  companyId: string,
  from: string,
): Promise<Pending<QboCreditMemoSource>[]> {
  const rows = await tenantQuery<
    Mapped & {
      id: string;
      number: string;
      revision: string;
      issued_on: string;
      invoice_number: string;
      customer_id: string;
      customer_name: string;
      tabc_id: string | null;
      lines: Line[];
      tax_cents: string;
    }
  >(
    pool,
    companyId,
    `SELECT x.id, x.number, x.revision, x.issued_on::text AS issued_on, x.invoice_number, x.customer_id,
            x.customer_name, c.tabc_id, x.lines, x.tax_cents, m.version, m.qbo_id, m.sync_token
       FROM rm_credit_memo x
       LEFT JOIN rm_customer c ON c.id = x.customer_id AND c.company_id = x.company_id
       LEFT JOIN qbo_object m ON m.company_id = x.company_id AND m.kind = 'credit_memo' AND m.our_id = x.id
      WHERE x.company_id = $1 AND x.status = 'issued' AND x.issued_on >= $2::date AND ${NEEDS_SENDING}
      ORDER BY x.issued_on, x.sequence LIMIT ${QBO_DOCUMENTS_PER_RUN}`,
    [from],
  );
  return rows.map((row) => ({
    ...mappedOf(row),
    source: {
      id: row.id,
      number: row.number,
      issuedOn: row.issued_on,
      invoiceNumber: row.invoice_number,
      customer: { id: row.customer_id, name: row.customer_name, tabcId: row.tabc_id ?? '' },
      lines: row.lines.map((line) => lineOf({ ...line, upc: null })),
      taxCents: Number(row.tax_cents),
    },
  }));
}

/**
 * The payments of a run: received on or after `from`, not deleted, on an invoice QuickBooks has (a payment of an
 * invoice that does not go, or has not gone yet, waits for it), not sent at their current revision.
 */
export async function pendingPayments(
  pool: pg.Pool,
  companyId: string,
  from: string,
): Promise<(Pending<QboPaymentSource> & { invoiceQboId: string })[]> {
  const rows = await tenantQuery<
    Mapped & {
      id: string;
      invoice_id: string;
      invoice_number: string;
      revision: string;
      amount_cents: string;
      received_on: string;
      reference: string | null;
      customer: { id: string; name: string; tabcId: string };
      invoice_qbo_id: string;
    }
  >(
    pool,
    companyId,
    `SELECT x.id, x.invoice_id, i.number AS invoice_number, x.revision, x.amount_cents,
            x.received_on::text AS received_on, x.reference, i.content -> 'customer' AS customer,
            mi.qbo_id AS invoice_qbo_id, m.version, m.qbo_id, m.sync_token
       FROM rm_invoice_payment x
       JOIN rm_invoice i ON i.id = x.invoice_id AND i.company_id = x.company_id
       JOIN qbo_object mi ON mi.company_id = x.company_id AND mi.kind = 'invoice' AND mi.our_id = x.invoice_id
                         AND mi.qbo_id IS NOT NULL
       LEFT JOIN qbo_object m ON m.company_id = x.company_id AND m.kind = 'payment' AND m.our_id = x.id
      WHERE x.company_id = $1 AND x.deleted_at IS NULL AND x.received_on >= $2::date AND ${NEEDS_SENDING}
      ORDER BY x.received_on, x.id LIMIT ${QBO_DOCUMENTS_PER_RUN}`,
    [from],
  );
  return rows.map((row) => ({
    ...mappedOf(row),
    invoiceQboId: row.invoice_qbo_id,
    source: {
      id: row.id,
      invoiceId: row.invoice_id,
      invoiceNumber: row.invoice_number,
      customer: row.customer,
      amountCents: Number(row.amount_cents),
      receivedOn: row.received_on,
      reference: row.reference ?? null,
    },
  }));
}
