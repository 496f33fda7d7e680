import { companyName } from '../../../infra/company-name.js';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { ShopInvoiceResponse } from '#domain/contracts/order.contract.js';
import { USUAL_DAYS } from '#domain/contracts/shop.contract.js';
import { dollarsOf } from '#domain/shared/money.js';
import { addDays } from '#domain/stamps/stamp.rules.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { dueClock, dueOfRow } from '../../../invoices/invoice-due.js';
import { customerCatalogue, type CatalogueProduct } from '../shop-catalogue.js';
import { usualProductIds } from '../shop-history.js';

/** The ordering app's reads: the distributor's name, the catalogue at a customer's prices, its invoices. */
@Injectable()
export class ShopReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** The company's name, or undefined when it has none. */
  companyName(companyId: string): Promise<string | undefined> {
    return companyName(this.pool, companyId);
  }

  catalogue(
    companyId: string,
    customerId: string,
    now: string,
    options: { ids?: string[]; search?: string; limit?: number },
  ): Promise<CatalogueProduct[]> {
    return customerCatalogue(this.pool, companyId, customerId, now, options);
  }

  /** The products invoiced most to the customer in the last USUAL_DAYS days, most first. */
  async usualProductIds(companyId: string, customerId: string, now: string): Promise<string[]> {
    const { today } = await dueClock(this.pool, companyId, now);
    return usualProductIds(this.pool, companyId, customerId, addDays(today, -USUAL_DAYS));
  }

  /** The customer's invoices and their status (newest first). */
  async invoices(companyId: string, customerId: string, now: string): Promise<ShopInvoiceResponse[]> {
    const rows = await tenantQuery<{
      id: string;
      number: string;
      status: string;
      invoiced_on: string;
      due_on: string | null;
      total_cents: string;
      credit_subject: boolean;
      delivered_on: string | null;
    }>(
      this.pool,
      companyId,
      `SELECT id, number, status, invoiced_on::text AS invoiced_on, due_on::text AS due_on, total_cents,
              delivered_on::text AS delivered_on,
              credit_subject
       FROM rm_invoice WHERE company_id = $1 AND customer_id = $2::uuid AND deleted_at IS NULL
       ORDER BY invoiced_on DESC, sequence DESC LIMIT 200`,
      [customerId],
    );
    // The due date and status the back office shows for the same invoice (invoice-due.ts).
    const clock = await dueClock(this.pool, companyId, now);
    return rows.map((row) => {
      const due = dueOfRow(row, clock.today, clock.creditLaw);
      return {
        id: row.id,
        number: row.number,
        status: due.status,
        invoiced_at: row.invoiced_on,
        due_at: due.dueOn,
        total: dollarsOf(Number(row.total_cents)),
      };
    });
  }
}
