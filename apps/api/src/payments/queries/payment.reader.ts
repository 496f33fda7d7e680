import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { isUuid } from '#domain/shared/field-rules.js';
import type { InvoiceStatus } from '#domain/shared/invoice-status.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { OPEN_INVOICES_OF_CUSTOMER } from '../../customers/customer.reader.js';
import { findCustomer } from '../../customers/customer.response.js';
import { dueClock } from '../../invoices/invoice-due.js';

export interface OpenInvoiceRow extends Record<string, unknown> {
  id: string;
  number: string;
  invoiced_on: string;
  due_on: string | null;
  status: InvoiceStatus;
  total_cents: string;
  paid_cents: string;
  credited_cents: string;
  balance_cents: string;
  credit_subject: boolean;
  /** The business date of delivery: the due date counts from it once delivered. */
  delivered_on: string | null;
}

/**
 * A customer's ($2) open invoices, oldest first: every column is in rm_invoice_customer_open_idx, in its order, so a
 * customer with hundreds of open invoices is listed from the index alone, without a sort.
 */
export const OPEN_INVOICE_ROWS = `SELECT i.id, i.number, i.invoiced_on, i.due_on, i.status, i.total_cents, i.paid_cents,
    i.credited_cents, i.balance_cents, i.credit_subject, i.delivered_on::text AS delivered_on
  FROM rm_invoice i WHERE ${OPEN_INVOICES_OF_CUSTOMER} ORDER BY i.invoiced_on, i.sequence, i.id`;

/** A customer's balance as payments read it: the customer, its open invoices, what it owes and its credit. */
@Injectable()
export class PaymentReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** The current customer of the company, or null (an id that is no uuid names none). */
  async customer(companyId: string, customerId: string) {
    return isUuid(customerId) ? await findCustomer(this.pool, companyId, customerId) : null;
  }

  /** The customer's open invoices, oldest first. */
  openInvoices(companyId: string, customerId: string): Promise<OpenInvoiceRow[]> {
    return tenantQuery<OpenInvoiceRow>(this.pool, companyId, OPEN_INVOICE_ROWS, [customerId]);
  }

  /** The company's today, time zone and credit-law setting (for the due dates and statuses). */
  dueClock(companyId: string, now: string) {
    return dueClock(this.pool, companyId, now);
  }

  /** The customer's unapplied credit in cents. */
  async unappliedCents(companyId: string, customerId: string): Promise<number> {
    const credit = await tenantQuery<{ unapplied_cents: string }>(
      this.pool,
      companyId,
      'SELECT unapplied_cents FROM rm_customer_account WHERE company_id = $1 AND id = $2',
      [customerId],
    );
    return Number(credit[0]?.unapplied_cents ?? 0);
  }

  /** What the customer owes over its open invoices, and how many they are. */
  async owing(companyId: string, customerId: string): Promise<{ owingCents: number; openInvoices: number }> {
    const [row] = await tenantQuery<{ owing: string | null; n: string }>(
      this.pool,
      companyId,
      `SELECT sum(i.balance_cents) AS owing, count(*) AS n FROM rm_invoice i WHERE ${OPEN_INVOICES_OF_CUSTOMER}`,
      [customerId],
    );
    return { owingCents: Number(row?.owing ?? 0), openInvoices: Number(row?.n ?? 0) };
  }
}
