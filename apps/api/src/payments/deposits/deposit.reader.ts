import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { DepositsResponse } from '#domain/contracts/deposit.contract.js';
import { checkDepositDeadline } from '#domain/invoices/check-deposits.js';
import { dollarsOf } from '#domain/shared/money.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { dueClock } from '../../invoices/invoice-due.js';

/** The checks taken and not deposited yet (rm_invoice_payment through rm_invoice_payment_checks_idx). */
@Injectable()
export class DepositReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async checks(companyId: string, now: string): Promise<DepositsResponse> {
    const [rows, clock] = await Promise.all([
      tenantQuery<{
        id: string;
        invoice_id: string;
        number: string;
        customer_id: string;
        customer_name: string;
        amount_cents: string;
        reference: string | null;
        received_on: string;
        beer: boolean;
      }>(
        this.pool,
        companyId,
        `SELECT p.id, p.invoice_id, i.number, i.customer_id, i.customer_name, p.amount_cents, p.reference,
                p.received_on::text AS received_on, i.beer
           FROM rm_invoice_payment p JOIN rm_invoice i ON i.id = p.invoice_id AND i.company_id = p.company_id
          WHERE p.company_id = $1 AND p.method = 'check' AND p.deposited_on IS NULL AND p.deleted_at IS NULL
            AND i.deleted_at IS NULL
          ORDER BY p.received_on, i.sequence, p.id
          LIMIT 500`,
      ),
      dueClock(this.pool, companyId, now),
    ]);
    return {
      today: clock.today,
      checks: rows.map((row) => {
        const depositBy = checkDepositDeadline(row.received_on, row.beer);
        return {
          payment_id: row.id,
          invoice_id: row.invoice_id,
          invoice_number: row.number,
          customer_id: row.customer_id,
          customer: row.customer_name,
          amount: dollarsOf(Number(row.amount_cents)),
          reference: row.reference,
          received_at: row.received_on,
          beer: row.beer,
          deposit_by: depositBy,
          overdue: clock.today > depositBy,
        };
      }),
    };
  }
}
