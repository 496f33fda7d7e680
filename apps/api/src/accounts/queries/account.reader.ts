import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { CustomerAccountResponse } from '#domain/contracts/account.contract.js';
import { ACCOUNT_ENTRIES_PAGE, MAX_APPLICATIONS } from '#domain/accounts/customer-account.rules.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { isUuid } from '#domain/shared/field-rules.js';
import { dollarsOf } from '#domain/shared/money.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import type { AccountEntryKind } from '#projections/accounts/customer-account.projection.js';
import { OPEN_INVOICES_OF_CUSTOMER } from '../../customers/customer.reader.js';
import { findCustomer } from '../../customers/customer.response.js';

/** One entry of the account's page, and whether an application's share was taken back since. */
interface EntryRow extends Record<string, unknown> {
  seq: number;
  id: string;
  kind: AccountEntryKind;
  on_date: string;
  amount_cents: string;
  method: string | null;
  reference: string;
  invoice_id: string | null;
  invoice_number: string | null;
  at: Date;
  taken_back: boolean;
  on_invoice: boolean;
}

/**
 * A page of the account's entries, newest first: $3 (null: from the newest) the place they come before, $4 how many.
 * It walks the primary key (customer_id, seq) backwards from that place; a take-back carries its share's id, found
 * through rm_customer_account_entry_taken_back_idx; an application still on its invoice is found in that invoice's
 * payments, the invoice read by its primary key alone (the entry's invoice is the customer's company's: with the
 * company in the condition the planner may walk the company's invoices instead, a cost that grows with them).
 */
export const ACCOUNT_ENTRIES_SQL = `
SELECT e.seq, e.id, e.kind, to_char(e.on_date, 'YYYY-MM-DD') AS on_date, e.amount_cents, e.method, e.reference,
       e.invoice_id::text AS invoice_id, e.invoice_number, e.at,
       e.kind = 'application' AND EXISTS (
         SELECT 1 FROM rm_customer_account_entry u
          WHERE u.customer_id = e.customer_id AND u.id = e.id AND u.kind = 'unapplication') AS taken_back,
       e.kind = 'application' AND EXISTS (
         SELECT 1 FROM rm_invoice i
          WHERE i.id = e.invoice_id AND i.deleted_at IS NULL
            AND i.payments @> jsonb_build_array(jsonb_build_object('id', e.id))
            AND NOT i.payments @> jsonb_build_array(jsonb_build_object('id', e.id, 'moved', true))) AS on_invoice
  FROM rm_customer_account_entry e
 WHERE e.company_id = $1 AND e.customer_id = $2 AND e.seq < coalesce($3::integer, 2147483647)
 ORDER BY e.seq DESC
 LIMIT $4`;

/**
 * The reads of payments on account: the customer (404 for an unknown or another company's customer), its open
 * invoices oldest first as far as an amount reaches, the invoices a request names, and the account as the answer.
 */
@Injectable()
export class AccountReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async customer(companyId: string, customerId: string) {
    const customer = isUuid(customerId) ? await findCustomer(this.pool, companyId, customerId) : null;
    if (!customer) throw new DomainError('CUSTOMER_NOT_FOUND', 'not_found', 'Customer Not Found');
    return customer;
  }

  /** The customer (404 when unknown) and the company's time zone, read at once. */
  async customerAndZone(companyId: string, customerId: string) {
    const [customer, timeZone] = await Promise.all([
      this.customer(companyId, customerId),
      this.timeZone(companyId),
    ]);
    return { customerId: customer.id, timeZone };
  }

  async timeZone(companyId: string): Promise<string> {
    const [row] = await tenantQuery<{ time_zone: string | null }>(
      this.pool,
      companyId,
      'SELECT time_zone FROM rm_company WHERE company_id = $1 AND id = $1',
    );
    return row?.time_zone ?? 'America/Chicago';
  }

  /**
   * The open invoices oldest first, as many as `cents` reaches and two more (the decision reads each invoice's own
   * stream, so a read model a moment behind costs nothing but a smaller application).
   */
  async oldestOpen(companyId: string, customerId: string, cents: number): Promise<string[]> {
    const rows = await tenantQuery<{ id: string }>(
      this.pool,
      companyId,
      `SELECT id FROM (
         SELECT i.id, sum(i.balance_cents) OVER (ORDER BY i.invoiced_on, i.sequence, i.id) - i.balance_cents AS before
           FROM rm_invoice i WHERE ${OPEN_INVOICES_OF_CUSTOMER}
          ORDER BY i.invoiced_on, i.sequence, i.id LIMIT ${MAX_APPLICATIONS}) open
        WHERE open.before < $3::bigint OR $3::bigint <= 0
        LIMIT ${MAX_APPLICATIONS}`,
      [customerId, cents],
    );
    return rows.map((row) => row.id);
  }

  /** Which of these ids are invoices of the company (another company's invoice is not found: 404). */
  async ownInvoices(companyId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    if (!ids.every(isUuid)) throw new DomainError('INVOICE_NOT_FOUND', 'not_found', 'Invoice not found');
    const rows = await tenantQuery<{ id: string }>(
      this.pool,
      companyId,
      'SELECT i.id FROM rm_invoice i WHERE i.company_id = $1 AND i.id = ANY($2::uuid[]) AND i.deleted_at IS NULL',
      [ids],
    );
    if (rows.length !== new Set(ids).size)
      throw new DomainError('INVOICE_NOT_FOUND', 'not_found', 'Invoice not found');
    return ids.slice();
  }

  async unappliedCents(companyId: string, customerId: string): Promise<number> {
    const [row] = await tenantQuery<{ unapplied_cents: string }>(
      this.pool,
      companyId,
      'SELECT unapplied_cents FROM rm_customer_account WHERE company_id = $1 AND id = $2',
      [customerId],
    );
    return Number(row?.unapplied_cents ?? 0);
  }

  /**
   * The account as answered: its totals, what its open invoices owe, and one page of its entries newest first (the
   * `limit` newest older than `before`). The page reads its own rows by the entry table's key, and each application on
   * it is marked taken back when a take-back of its share exists (one index probe per application), so the answer
   * costs the page, never the account's history.
   */
  async read(
    companyId: string,
    customerId: string,
    page: { limit?: number; before?: string } = {},
  ): Promise<CustomerAccountResponse> {
    await this.customer(companyId, customerId);
    const limit = page.limit ?? ACCOUNT_ENTRIES_PAGE;
    const before = page.before === undefined ? null : Number(page.before);
    const [[account], [open], entries] = await Promise.all([
      tenantQuery<{
        received_cents: string;
        credited_cents: string;
        applied_cents: string;
        refunded_cents: string;
        unapplied_cents: string;
        entry_count: number;
      }>(
        this.pool,
        companyId,
        `SELECT received_cents, credited_cents, applied_cents, refunded_cents, unapplied_cents, entry_count
           FROM rm_customer_account WHERE company_id = $1 AND id = $2`,
        [customerId],
      ),
      tenantQuery<{ owing_cents: string }>(
        this.pool,
        companyId,
        `SELECT coalesce(sum(i.balance_cents), 0) AS owing_cents FROM rm_invoice i WHERE ${OPEN_INVOICES_OF_CUSTOMER}`,
        [customerId],
      ),
      tenantQuery<EntryRow>(this.pool, companyId, ACCOUNT_ENTRIES_SQL, [customerId, before, limit]),
    ]);
    const cents = (value: string | undefined) => Number(value ?? 0);
    const owing = cents(open?.owing_cents);
    const unapplied = cents(account?.unapplied_cents);
    const oldest = entries[entries.length - 1];
    return {
      customer_id: customerId,
      unapplied_credit: dollarsOf(unapplied),
      received: dollarsOf(cents(account?.received_cents)),
      credited_from_invoices: dollarsOf(cents(account?.credited_cents)),
      applied: dollarsOf(cents(account?.applied_cents)),
      refunded: dollarsOf(cents(account?.refunded_cents)),
      owing: dollarsOf(owing),
      balance: dollarsOf(owing - unapplied),
      entries: entries.map((entry) => ({
        id: entry.id,
        kind: entry.kind,
        date: entry.on_date,
        amount: dollarsOf(Number(entry.amount_cents)),
        method: entry.method,
        // an application's (and a take-back's) reference is the application's id: no one's business
        reference: entry.kind === 'application' || entry.kind === 'unapplication' ? '' : entry.reference,
        invoice_id: entry.invoice_id,
        invoice_number: entry.invoice_number,
        at: entry.at.toISOString(),
        taken_back: entry.taken_back,
        on_invoice: entry.on_invoice,
      })),
      entry_count: Number(account?.entry_count ?? 0),
      // entries are numbered from 1 without gaps: older ones exist while the page's oldest is past the first
      next_before: oldest && entries.length === limit && oldest.seq > 1 ? String(oldest.seq) : null,
    };
  }
}
