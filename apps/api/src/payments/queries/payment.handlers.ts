import { creditSubjectSql, dueClock, dueOfRow } from '../../invoices/invoice-due.js';
import type {
  BalanceCheckResponse,
  CustomerBalanceResponse,
  PaymentGridRow,
} from '#domain/contracts/payment.contract.js';
import { isUuid } from '#domain/shared/field-rules.js';
import type { InvoiceStatus } from '#domain/shared/invoice-status.js';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { DomainError } from '#domain/shared/domain-error.js';
import { dollarsOf } from '#domain/shared/money.js';
import { findCustomer } from '../../customers/customer.response.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { runGrid } from '#infra/grid/index.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { InvoiceReader } from '../../invoices/invoice-reader.js';
import { paymentGrid } from './payment.grid.js';
import { CheckBalanceQuery, CustomerBalanceQuery, PaymentGridQuery } from './payment.queries.js';
import { Clock } from '../../infra/clock.js';

/** The open invoices of a customer (something left to pay, not cancelled): the partial index rm_invoice_customer_open_idx. */
const OPEN = `i.company_id = $1 AND i.customer_id = $2 AND i.deleted_at IS NULL AND i.status <> 'cancelled'
  AND i.balance_cents > 0`;

async function currentCustomer(pool: pg.Pool, companyId: string, customerId: string) {
  const customer = isUuid(customerId) ? await findCustomer(pool, companyId, customerId) : null;
  if (!customer) throw new DomainError('CUSTOMER_NOT_FOUND', 'not_found', 'Customer Not Found');
  return customer;
}

@QueryHandler(PaymentGridQuery)
export class PaymentGridHandler implements IQueryHandler<PaymentGridQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  execute({ companyId, params }: PaymentGridQuery) {
    return runGrid<PaymentGridRow>(this.pool, paymentGrid, params, companyId);
  }
}

@QueryHandler(CustomerBalanceQuery)
export class CustomerBalanceHandler implements IQueryHandler<CustomerBalanceQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ companyId, customerId }: CustomerBalanceQuery): Promise<CustomerBalanceResponse> {
    // The customer, its open invoices and the time zone at once: one round trip's wait, not two in a row.
    if (!isUuid(customerId)) throw new DomainError('CUSTOMER_NOT_FOUND', 'not_found', 'Customer Not Found');
    const [customer, rows, clock, credit] = await Promise.all([
      currentCustomer(this.pool, companyId, customerId),
      tenantQuery<{
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
        delivered_on: string | null;
      }>(
        this.pool,
        companyId,
        `SELECT i.id, i.number, i.invoiced_on, i.due_on, i.status, i.total_cents, i.paid_cents, i.credited_cents,
                i.balance_cents, ${creditSubjectSql('i')} AS credit_subject, i.delivered_on::text AS delivered_on
         FROM rm_invoice i WHERE ${OPEN} ORDER BY i.invoiced_on, i.sequence, i.id`,
        [customerId],
      ),
      dueClock(this.pool, companyId, this.clock.nowIso()),
      tenantQuery<{ unapplied_cents: string }>(
        this.pool,
        companyId,
        'SELECT unapplied_cents FROM rm_customer_account WHERE company_id = $1 AND id = $2',
        [customerId],
      ),
    ]);
    // The due date and status every screen shows for the invoice (invoice-due.ts).
    const invoices = rows
      .map((row) => ({ row, due: dueOfRow(row, clock.today, clock.creditLaw) }))
      .map(({ row, due }) => ({
        id: row.id,
        number: row.number,
        invoiced_at: row.invoiced_on,
        total: dollarsOf(Number(row.total_cents)),
        credited: dollarsOf(Number(row.credited_cents)),
        paid: dollarsOf(Number(row.paid_cents)),
        balance: dollarsOf(Number(row.balance_cents)),
        due_at: due.dueOn,
        due_on_delivery: due.onDelivery,
        status: due.status,
      }));
    const owingCents = rows.reduce((sum, row) => sum + Number(row.balance_cents), 0);
    const unappliedCents = Number(credit[0]?.unapplied_cents ?? 0);
    return {
      customer: {
        id: customer.id,
        name: customer.name,
        address: customer.address,
        city: customer.city,
        state: customer.state,
        zip: customer.zip,
        display_tabc_id: customer.display_tabc_id,
      },
      summary: {
        owing: dollarsOf(owingCents),
        unapplied_credit: dollarsOf(unappliedCents),
        balance: dollarsOf(owingCents - unappliedCents),
      },
      invoices,
    };
  }
}

@QueryHandler(CheckBalanceQuery)
export class CheckBalanceHandler implements IQueryHandler<CheckBalanceQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId, customerId }: CheckBalanceQuery): Promise<BalanceCheckResponse> {
    const customer = await currentCustomer(this.pool, companyId, customerId);
    const [row] = await tenantQuery<{ owing: string | null; n: string }>(
      this.pool,
      companyId,
      `SELECT sum(i.balance_cents) AS owing, count(*) AS n FROM rm_invoice i WHERE ${OPEN}`,
      [customer.id],
    );
    return { owing: dollarsOf(Number(row?.owing ?? 0)), open_invoices: Number(row?.n ?? 0) };
  }
}
