import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type {
  CustomerLicenceStanding,
  CustomerOverviewResponse,
} from '#domain/contracts/customer.contract.js';
import { agingOf } from '#domain/customers/customer-aging.js';
import { licenceExpiry, permitKey } from '#domain/customers/tabc-permit.js';
import { licenceProblem } from '#domain/invoices/licence-guard.js';
import { businessDate, daysBetween } from '#domain/shared/business-date.js';
import { dollarsOf } from '#domain/shared/money.js';
import { TabcLookupService, type PermitHolder } from '../../tabc/tabc-lookup.service.js';
import {
  CustomerReader,
  type AgingRow,
  type OpenInvoiceRow,
  type RecentOrderRow,
  type RecentPaymentRow,
} from '../customer.reader.js';
import { GetCustomerHandler } from './get-customer.handler.js';
import { GetCustomerQuery } from './get-customer.query.js';
import { CustomerOverviewQuery } from './customer-overview.query.js';

const cents = (value: string | number) => Number(value);

/**
 * The customer overview: the customer with its contacts and users, its standing on the TABC lists (licence expired,
 * not active, on the credit-law delinquent list), what it owes aged by due date, its oldest open invoices, and its
 * newest orders and payments. 404 'Customer Not Found' for an unknown or another company's customer.
 */
@QueryHandler(CustomerOverviewQuery)
export class CustomerOverviewHandler implements IQueryHandler<CustomerOverviewQuery> {
  constructor(
    @Inject(CustomerReader) private readonly reader: CustomerReader,
    @Inject(GetCustomerHandler) private readonly customers: GetCustomerHandler,
    @Inject(TabcLookupService) private readonly tabc: TabcLookupService,
  ) {}

  async execute({ companyId, customerId, now }: CustomerOverviewQuery): Promise<CustomerOverviewResponse> {
    const [customer, timeZone, balances, open, orders, payments, creditCents] = await Promise.all([
      this.customers.execute(new GetCustomerQuery(companyId, customerId)),
      this.reader.timeZone(companyId),
      this.reader.openBalances(companyId, customerId),
      this.reader.openInvoices(companyId, customerId),
      this.reader.recentOrders(companyId, customerId),
      this.reader.recentPayments(companyId, customerId),
      this.reader.unappliedCredit(companyId, customerId),
    ]);
    const today = businessDate(now, timeZone);
    const holder: PermitHolder = {
      aims_id: customer.aims_id,
      tabc_key: permitKey(customer.tabc_id),
    };
    return {
      customer,
      today,
      standing: await this.standing(holder, today),
      balance: balanceOf(balances, creditCents, today),
      open_invoices: open.map((row) => openInvoiceOf(row, today)),
      recent_orders: orders.map(recentOrderOf),
      recent_payments: payments.map(recentPaymentOf),
    };
  }

  /** The licence and the delinquent list as the builder judges them (the licence guard's rule, the same lists). */
  private async standing(holder: PermitHolder, today: string): Promise<CustomerLicenceStanding> {
    const [{ licence, imported }, delinquency] = await Promise.all([
      this.tabc.licenceWithList(holder),
      this.tabc.delinquencyOf(holder),
    ]);
    const expiry = licenceExpiry(licence?.expiration_date ?? null, today);
    const status = (licence?.primary_status ?? '').trim().toLowerCase();
    const problem = licenceProblem(
      licence && {
        licenceId: licence.license_id,
        licenceType: licence.license_type,
        primaryStatus: licence.primary_status,
        expirationOn: licence.expiration_date,
      },
      today,
      imported,
    );
    return {
      list_imported: imported,
      licence: licence
        ? {
            license_id: licence.license_id,
            license_type: licence.license_type,
            primary_status: licence.primary_status,
            expiration_date: licence.expiration_date,
          }
        : null,
      expired: expiry.isExpired || status === 'expired',
      expiring_soon: expiry.isExpiringSoon && status === 'active',
      suspended: licence !== null && status !== 'active' && status !== 'expired',
      problem: problem?.message ?? null,
      delinquent: delinquency
        ? {
            effective_date: delinquency.effective_date,
            list_number: delinquency.list_number,
            permit: delinquency.permit,
          }
        : null,
    };
  }
}

/** What the customer owes, its unapplied credit, and the owing aged by due date on the company's today. */
function balanceOf(
  balances: AgingRow[],
  creditCents: number,
  today: string,
): CustomerOverviewResponse['balance'] {
  const aging = agingOf(
    balances.map((row) => ({
      dueOn: row.due_on,
      invoicedOn: row.invoiced_on,
      balanceCents: cents(row.balance_cents),
    })),
    today,
  );
  const owingCents = balances.reduce((sum, row) => sum + cents(row.balance_cents), 0);
  return {
    owing: dollarsOf(owingCents),
    open_invoices: balances.length,
    unapplied_credit: dollarsOf(creditCents),
    balance: dollarsOf(owingCents - creditCents),
    aging: {
      current: dollarsOf(aging.current),
      days_1_30: dollarsOf(aging.days_1_30),
      days_31_60: dollarsOf(aging.days_31_60),
      days_61_90: dollarsOf(aging.days_61_90),
      days_over_90: dollarsOf(aging.days_over_90),
    },
  };
}

function openInvoiceOf(
  row: OpenInvoiceRow,
  today: string,
): CustomerOverviewResponse['open_invoices'][number] {
  return {
    id: row.id,
    number: row.number,
    invoiced_at: row.invoiced_on,
    due_at: row.due_on,
    status: row.status,
    total: dollarsOf(cents(row.total_cents)),
    paid: dollarsOf(cents(row.paid_cents)),
    balance: dollarsOf(cents(row.balance_cents)),
    days_late: daysBetween(row.due_on ?? row.invoiced_on, today),
  };
}

function recentOrderOf(row: RecentOrderRow): CustomerOverviewResponse['recent_orders'][number] {
  return {
    id: row.id,
    number: Number(row.number),
    status: row.status,
    total: dollarsOf(cents(row.total_cents)),
    created_at: new Date(row.created_at).toISOString(),
  };
}

function recentPaymentOf(row: RecentPaymentRow): CustomerOverviewResponse['recent_payments'][number] {
  return {
    id: row.id,
    invoice_id: row.invoice_id,
    invoice_number: row.invoice_number,
    amount: dollarsOf(cents(row.amount_cents)),
    received_at: row.received_on,
    note: row.note,
    logged_at: row.logged_at,
  };
}
