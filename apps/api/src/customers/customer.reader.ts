import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import {
  CUSTOMER_USERS_LISTED,
  OVERVIEW_OPEN_INVOICES,
  OVERVIEW_RECENT,
} from '#domain/contracts/customer.contract.js';
import { DEFAULT_TIME_ZONE } from '#domain/shared/business-date.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { findCustomer } from './customer.response.js';

/**
 * A customer's open invoices: something left to pay, not cancelled, not a draft (a draft is not issued and charges
 * nothing, as on the statement), not deleted. Within the partial index rm_invoice_customer_open_idx, so the balance
 * reads only those, never the customer's paid history.
 */
export const OPEN_INVOICES_OF_CUSTOMER = `i.company_id = $1 AND i.customer_id = $2 AND i.deleted_at IS NULL
  AND i.status NOT IN ('cancelled', 'draft') AND i.balance_cents > 0`;

export interface OpenInvoiceRow extends Record<string, unknown> {
  id: string;
  number: string;
  invoiced_on: string;
  due_on: string | null;
  status: string;
  total_cents: string;
  paid_cents: string;
  balance_cents: string;
}

export interface CustomerUserRow extends Record<string, unknown> {
  id: string;
  name: string;
  email: string;
  phone_number: string | null;
  is_enable: boolean;
  revoked_at: Date | null;
  invited_at: Date;
  created_at: Date;
}

export interface PriceTierRow extends Record<string, unknown> {
  id: string;
  name: string;
  percentage_basis_points: number;
  color: string;
  is_base_tier: boolean;
}

export interface RecentOrderRow extends Record<string, unknown> {
  id: string;
  number: number;
  status: string;
  total_cents: string;
  created_at: Date;
}

export interface RecentPaymentRow extends Record<string, unknown> {
  id: string;
  invoice_id: string;
  invoice_number: string;
  amount_cents: string;
  received_on: string;
  note: string;
  logged_at: string;
}

export interface AgingRow extends Record<string, unknown> {
  invoiced_on: string;
  due_on: string | null;
  balance_cents: string;
}

/**
 * The reads of a customer and of its overview, each bounded by an index and a fixed limit (the aging reads the open
 * invoices only, through their partial index).
 */
@Injectable()
export class CustomerReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** The current customer of the company, or null. */
  find(companyId: string, customerId: string) {
    return findCustomer(this.pool, companyId, customerId);
  }

  /** The customer's users, the newest first, at most CUSTOMER_USERS_LISTED. */
  users(companyId: string, customerId: string): Promise<CustomerUserRow[]> {
    return tenantQuery<CustomerUserRow>(
      this.pool,
      companyId,
      `SELECT id, name, email, phone_number, is_enable, revoked_at, invited_at, created_at FROM customer_users
          WHERE company_id = $1 AND customer_id = $2::uuid ORDER BY created_at DESC, id
          LIMIT ${CUSTOMER_USERS_LISTED}`,
      [customerId],
    );
  }

  /** A current price tier of the company, or undefined (removed, or none such). */
  async priceTier(companyId: string, tierId: string): Promise<PriceTierRow | undefined> {
    const [row] = await tenantQuery<PriceTierRow>(
      this.pool,
      companyId,
      `SELECT id, name, percentage_basis_points, color, is_base_tier FROM rm_price_tier
        WHERE company_id = $1 AND id = $2 AND removed_at IS NULL`,
      [tierId],
    );
    return row;
  }

  async timeZone(companyId: string): Promise<string> {
    const [company] = await tenantQuery<{ time_zone: string }>(
      this.pool,
      companyId,
      'SELECT time_zone FROM rm_company WHERE company_id = $1 AND id = $1',
    );
    return company?.time_zone ?? DEFAULT_TIME_ZONE;
  }

  /** Every open invoice's due date and balance (for the total and its aging). */
  openBalances(companyId: string, customerId: string): Promise<AgingRow[]> {
    return tenantQuery<AgingRow>(
      this.pool,
      companyId,
      `SELECT to_char(i.invoiced_on, 'YYYY-MM-DD') AS invoiced_on, to_char(i.due_on, 'YYYY-MM-DD') AS due_on,
              i.balance_cents
         FROM rm_invoice i WHERE ${OPEN_INVOICES_OF_CUSTOMER}`,
      [customerId],
    );
  }

  /** The customer's unapplied credit in cents (money on account not applied or refunded). */
  async unappliedCredit(companyId: string, customerId: string): Promise<number> {
    const [row] = await tenantQuery<{ unapplied_cents: string }>(
      this.pool,
      companyId,
      'SELECT unapplied_cents FROM rm_customer_account WHERE company_id = $1 AND id = $2',
      [customerId],
    );
    return Number(row?.unapplied_cents ?? 0);
  }

  /** The oldest open invoices, at most OVERVIEW_OPEN_INVOICES. */
  openInvoices(companyId: string, customerId: string): Promise<OpenInvoiceRow[]> {
    return tenantQuery<OpenInvoiceRow>(
      this.pool,
      companyId,
      `SELECT i.id, i.number, to_char(i.invoiced_on, 'YYYY-MM-DD') AS invoiced_on,
              to_char(i.due_on, 'YYYY-MM-DD') AS due_on, i.status, i.total_cents, i.paid_cents, i.balance_cents
         FROM rm_invoice i WHERE ${OPEN_INVOICES_OF_CUSTOMER}
        ORDER BY i.invoiced_on, i.sequence, i.id LIMIT ${OVERVIEW_OPEN_INVOICES}`,
      [customerId],
    );
  }

  /** The newest orders (rm_order_grid_customer_idx), at most OVERVIEW_RECENT. */
  recentOrders(companyId: string, customerId: string): Promise<RecentOrderRow[]> {
    return tenantQuery<RecentOrderRow>(
      this.pool,
      companyId,
      `SELECT o.id, o.number, o.status, o.total_cents, o.created_at FROM rm_order o
        WHERE o.company_id = $1 AND o.customer_id = $2
        ORDER BY o.created_at DESC NULLS LAST, o.id LIMIT ${OVERVIEW_RECENT}`,
      [customerId],
    );
  }

  /**
   * The payments logged last, at most OVERVIEW_RECENT: the invoices whose latest payment is the newest
   * (rm_invoice_customer_last_payment_idx) hold them, so only that many invoices are read.
   */
  recentPayments(companyId: string, customerId: string): Promise<RecentPaymentRow[]> {
    return tenantQuery<RecentPaymentRow>(
      this.pool,
      companyId,
      `WITH paid AS (
         SELECT i.id, i.number, i.payments FROM rm_invoice i
          WHERE i.company_id = $1 AND i.customer_id = $2 AND i.deleted_at IS NULL AND i.payments <> '[]'::jsonb
          ORDER BY (i.payments -> -1 ->> 'logged_at') DESC LIMIT ${OVERVIEW_RECENT})
       SELECT p.id, paid.id AS invoice_id, paid.number AS invoice_number, p.amount_cents, p.received_on, p.note,
              p.logged_at
         FROM paid, jsonb_to_recordset(paid.payments)
              AS p(id text, amount_cents bigint, received_on text, note text, logged_at text)
        ORDER BY p.logged_at DESC, p.id LIMIT ${OVERVIEW_RECENT}`,
      [customerId],
    );
  }
}
