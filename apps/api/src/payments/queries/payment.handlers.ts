import { dueOfRow } from '../../invoices/invoice-due.js';
import type {
  BalanceCheckResponse,
  CustomerBalanceResponse,
  PaymentGridRow,
} from '#domain/contracts/payment.contract.js';
import { isUuid } from '#domain/shared/field-rules.js';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { DomainError } from '#domain/shared/domain-error.js';
import { dollarsOf } from '#domain/shared/money.js';
import { runGrid } from '#infra/grid/index.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { paymentGrid } from './payment.grid.js';
import { CheckBalanceQuery, CustomerBalanceQuery, PaymentGridQuery } from './payment.queries.js';
import { PaymentReader, type OpenInvoiceRow } from './payment.reader.js';
import { Clock } from '../../infra/clock.js';

const customerNotFound = () => new DomainError('CUSTOMER_NOT_FOUND', 'not_found', 'Customer Not Found');

async function currentCustomer(reader: PaymentReader, companyId: string, customerId: string) {
  const customer = await reader.customer(companyId, customerId);
  if (!customer) throw customerNotFound();
  return customer;
}

@QueryHandler(PaymentGridQuery)
export class PaymentGridHandler implements IQueryHandler<PaymentGridQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  execute({ companyId, params }: PaymentGridQuery) {
    return runGrid<PaymentGridRow>(this.pool, paymentGrid, params, companyId);
  }
}

type DueClock = Awaited<ReturnType<PaymentReader['dueClock']>>;

@QueryHandler(CustomerBalanceQuery)
export class CustomerBalanceHandler implements IQueryHandler<CustomerBalanceQuery> {
  constructor(
    @Inject(PaymentReader) private readonly reader: PaymentReader,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({ companyId, customerId }: CustomerBalanceQuery): Promise<CustomerBalanceResponse> {
    // The customer, its open invoices and the time zone at once: one round trip's wait, not two in a row.
    if (!isUuid(customerId)) throw customerNotFound();
    const [customer, rows, clock, unappliedCents] = await Promise.all([
      currentCustomer(this.reader, companyId, customerId),
      this.reader.openInvoices(companyId, customerId),
      this.reader.dueClock(companyId, this.clock.nowIso()),
      this.reader.unappliedCents(companyId, customerId),
    ]);
    const owingCents = rows.reduce((sum, row) => sum + Number(row.balance_cents), 0);
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
      invoices: rows.map((row) => openInvoiceOf(row, clock)),
    };
  }
}

/** An open invoice with the due date and status every screen shows for it (invoice-due.ts). */
function openInvoiceOf(row: OpenInvoiceRow, clock: DueClock): CustomerBalanceResponse['invoices'][number] {
  const due = dueOfRow(row, clock.today, clock.creditLaw);
  return {
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
  };
}

@QueryHandler(CheckBalanceQuery)
export class CheckBalanceHandler implements IQueryHandler<CheckBalanceQuery> {
  constructor(@Inject(PaymentReader) private readonly reader: PaymentReader) {}

  async execute({ companyId, customerId }: CheckBalanceQuery): Promise<BalanceCheckResponse> {
    const customer = await currentCustomer(this.reader, companyId, customerId);
    const { owingCents, openInvoices } = await this.reader.owing(companyId, customer.id);
    return { owing: dollarsOf(owingCents), open_invoices: openInvoices };
  }
}
