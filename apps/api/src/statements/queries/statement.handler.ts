import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { customerError } from '#domain/customers/customer.errors.js';
import type { StatementResponse } from '#domain/contracts/statement.contract.js';
import { isUuid } from '#domain/shared/field-rules.js';
import { statementOf, type StatementDocument } from '#domain/statements/statement.js';
import { statementPeriod } from '#domain/statements/statement-period.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { findCustomer } from '../../customers/customer.response.js';
import { dueClock, dueOfRow } from '../../invoices/invoice-due.js';
import { statementResponse } from '../statement.response.js';
import { CustomerStatementQuery } from './statement.query.js';
import {
  methodAndReference,
  PAYMENT_METHOD_LABELS,
  type PaymentMethod,
} from '#domain/accounts/customer-account.events.js';
import { StatementReader, type StatementDocumentRow } from './statement.reader.js';

/** A row of the reader as the domain's document; an invoice carries the due date every screen shows. */
function documentOf(row: StatementDocumentRow, today: string, creditLaw: boolean): StatementDocument {
  const amountCents = Number(row.amount_cents);
  if (row.kind === 'payment')
    return {
      kind: 'payment',
      id: row.id,
      date: row.on_date,
      reference: row.reference,
      amountCents,
      appliesTo: row.applies_to ?? '',
      note: row.note,
    };
  const method = PAYMENT_METHOD_LABELS[row.status as PaymentMethod] ?? row.status;
  const described = methodAndReference(method, row.reference ?? '');
  if (row.kind === 'account_payment' || row.kind === 'refund')
    return { kind: row.kind, id: row.id, date: row.on_date, reference: described, amountCents };
  if (row.kind === 'application' || row.kind === 'unapplication')
    return {
      kind: row.kind,
      id: row.id,
      date: row.on_date,
      reference: row.note,
      amountCents,
      appliesTo: row.applies_to ?? '',
    };
  if (row.kind === 'invoice_credit')
    return {
      kind: 'invoice_credit',
      id: row.id,
      date: row.on_date,
      reference: row.reference,
      amountCents,
    };
  if (row.kind === 'credit_memo' || row.kind === 'credit_memo_void')
    return {
      kind: row.kind,
      id: row.id,
      date: row.on_date,
      reference: row.reference,
      amountCents,
      appliesTo: row.applies_to ?? '',
      invoiceReference: row.note,
    };
  const due = dueOfRow(
    { status: row.status, invoiced_on: row.on_date, due_on: row.due_on, credit_subject: row.credit_subject },
    today,
    creditLaw,
  );
  return {
    kind: 'invoice',
    id: row.id,
    date: row.on_date,
    reference: row.reference,
    totalCents: amountCents,
    cancelled: row.status === 'cancelled',
    dueOn: due.dueOn,
  };
}

/**
 * A customer's statement: the customer (404 for an unknown or another company's), the company's today and credit-law
 * setting, the period (400 for bad days), the customer's documents up to the period's end, and the domain's statement.
 */
@QueryHandler(CustomerStatementQuery)
export class CustomerStatementHandler implements IQueryHandler<CustomerStatementQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(StatementReader) private readonly reader: StatementReader,
  ) {}

  async execute({ companyId, customerId, asked, now }: CustomerStatementQuery): Promise<StatementResponse> {
    if (!isUuid(customerId)) throw customerError('CUSTOMER_NOT_FOUND');
    const id = customerId.toLowerCase();
    const [customer, clock] = await Promise.all([
      findCustomer(this.pool, companyId, id),
      dueClock(this.pool, companyId, now),
    ]);
    if (!customer) throw customerError('CUSTOMER_NOT_FOUND');
    const period = statementPeriod(asked, clock.today);
    const rows = await this.reader.documents(companyId, customer.id, period, clock.timeZone);
    const documents = rows.map((row) => documentOf(row, clock.today, clock.creditLaw));
    const statement = statementOf(documents, period, clock.today);
    return statementResponse(
      {
        id: customer.id,
        name: customer.name,
        address: customer.address,
        city: customer.city,
        state: customer.state,
        zip: customer.zip,
        display_tabc_id: customer.display_tabc_id,
      },
      statement,
      clock.today,
    );
  }
}
