import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { CustomerAccountResponse } from '#domain/contracts/account.contract.js';
import { MAX_APPLICATIONS } from '#domain/accounts/customer-account.rules.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { isUuid } from '#domain/shared/field-rules.js';
import { dollarsOf } from '#domain/shared/money.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import type { AccountEntry } from '#projections/accounts/customer-account.projection.js';
import { findCustomer } from '../../customers/customer.response.js';

/** The open invoices of a customer: the predicate of the partial index rm_invoice_customer_open_idx. */
const OPEN = `i.company_id = $1 AND i.customer_id = $2 AND i.deleted_at IS NULL AND i.status <> 'cancelled'
  AND i.balance_cents > 0`;

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
           FROM rm_invoice i WHERE ${OPEN}
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

  /** The account as answered: its totals, what its open invoices owe, and its entries newest first. */
  async read(companyId: string, customerId: string): Promise<CustomerAccountResponse> {
    await this.customer(companyId, customerId);
    const [[account], [open]] = await Promise.all([
      tenantQuery<{
        received_cents: string;
        credited_cents: string;
        applied_cents: string;
        refunded_cents: string;
        unapplied_cents: string;
        entries: AccountEntry[];
      }>(
        this.pool,
        companyId,
        `SELECT received_cents, credited_cents, applied_cents, refunded_cents, unapplied_cents, entries
           FROM rm_customer_account WHERE company_id = $1 AND id = $2`,
        [customerId],
      ),
      tenantQuery<{ owing_cents: string }>(
        this.pool,
        companyId,
        `SELECT coalesce(sum(i.balance_cents), 0) AS owing_cents FROM rm_invoice i WHERE ${OPEN}`,
        [customerId],
      ),
    ]);
    const cents = (value: string | undefined) => Number(value ?? 0);
    const owing = cents(open?.owing_cents);
    const unapplied = cents(account?.unapplied_cents);
    return {
      customer_id: customerId,
      unapplied_credit: dollarsOf(unapplied),
      received: dollarsOf(cents(account?.received_cents)),
      credited_from_invoices: dollarsOf(cents(account?.credited_cents)),
      applied: dollarsOf(cents(account?.applied_cents)),
      refunded: dollarsOf(cents(account?.refunded_cents)),
      owing: dollarsOf(owing),
      balance: dollarsOf(owing - unapplied),
      entries: (account?.entries ?? [])
        .slice()
        .reverse()
        .map((entry) => ({
          id: entry.id,
          kind: entry.kind,
          date: entry.on_date,
          amount: dollarsOf(entry.amount_cents),
          method: entry.method,
          reference: entry.kind === 'application' ? '' : entry.reference,
          invoice_id: entry.invoice_id,
          invoice_number: entry.invoice_number,
          at: entry.at,
        })),
    };
  }
}
