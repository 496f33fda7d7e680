import {
  defaultDueDate,
  displayDay,
  effectivePaymentTerms,
  isPaymentTerms,
  paymentTermsNote,
  purchaseDate,
} from '#domain/invoices/payment-terms.js';
import { dueOfRow } from '../invoice-due.js';
import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type {
  CreditLawAlertRow,
  CreditLawAlertsResponse,
  InvoiceChecksResponse,
  InvoiceCreditLawResponse,
  MailDraft,
} from '#domain/contracts/credit-law.contract.js';
import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';
import type { CompanyHeader } from '#domain/contracts/public.contract.js';
import { customerError } from '#domain/customers/customer.errors.js';
import {
  creditLawApplies,
  creditLawDates,
  creditLawStanding,
  latestPurchaseAtLeast,
  type CreditLawStanding,
} from '#domain/invoices/credit-law.js';
import type { ProductType } from '#domain/products/product.rules.js';
import { businessDate } from '#domain/shared/business-date.js';
import { dollarsOf } from '#domain/shared/money.js';
import { businessDaysBetween } from '#domain/shared/texas-calendar.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { FILE_STORAGE, type FileStorage } from '../../infra/files/file-storage.port.js';
import { PdfRenderer } from '../../infra/pdf/pdf-renderer.js';
import { readCompliancePolicy } from '../../companies/compliance-policy.reader.js';
import { findCustomer } from '../../customers/customer.response.js';
import { InvoiceReader } from '../invoice-reader.js';
import { CompanyHeaders } from '../../infra/pdf/company-header.js';
import { printOr503 } from '../pdf/invoice-pdf.service.js';
import { displayDate, money } from '../../infra/pdf/pdf-format.js';
import { DelinquentGateService } from './delinquent-gate.service.js';
import { LicenceGuardService } from './licence-guard.service.js';
import { creditLawFooter, renderCreditLawNotice, type NoticeKind } from './credit-law-notice.template.js';

const ALERT_ROWS = 10;

/**
 * The company's ($1) open liquor-and-wine invoices on credit (`credit_subject`) invoiced on or before $2: the
 * predicate of rm_invoice_credit_open_idx and a range of it (test/api/credit-law.e2e-spec.ts checks the plan uses it).
 */
export const OPEN_CREDIT_INVOICES = `company_id = $1 AND deleted_at IS NULL AND NOT beer AND balance_cents > 0
  AND status NOT IN ('cancelled', 'draft', 'paid') AND invoiced_on <= $2::date AND credit_subject`;

/**
 * The credit-law calendar and the builder's checks (§5 delinquent list, §6 licence guard), under the
 * company's compliance settings: with the credit law 'off' nothing of it is shown or sent.
 */
@Injectable()
export class CreditLawService {
  private readonly headers: CompanyHeaders;

  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
    @Inject(LicenceGuardService) private readonly licences: LicenceGuardService,
    @Inject(DelinquentGateService) private readonly delinquentList: DelinquentGateService,
    @Inject(PdfRenderer) private readonly renderer: PdfRenderer,
    @Inject(FILE_STORAGE) files: FileStorage,
  ) {
    this.headers = new CompanyHeaders(pool, files);
  }

  /** The builder's warnings for invoicing this customer on this day. */
  async checks(
    companyId: string,
    customerId: string,
    invoicedOn: string | undefined,
    now: string,
  ): Promise<InvoiceChecksResponse> {
    const customer = await findCustomer(this.pool, companyId, customerId.toLowerCase());
    if (!customer) throw customerError('CUSTOMER_NOT_FOUND');
    const [policy, timeZone, companyTerms] = await Promise.all([
      readCompliancePolicy(this.pool, companyId),
      this.reader.timeZone(companyId),
      tenantQuery<{ payment_terms: string | null }>(
        this.pool,
        companyId,
        'SELECT payment_terms FROM rm_company WHERE company_id = $1 AND id = $1',
      ),
    ]);
    const on = invoicedOn ?? businessDate(now, timeZone);
    // The customer's own payment terms, else the company's: the builder's default due date and note.
    const customerTerms = (customer as { payment_terms?: string | null }).payment_terms ?? null;
    const terms = effectivePaymentTerms(companyTerms[0]?.payment_terms, customerTerms);
    const creditLaw = policy.creditLaw === 'advisory';
    // The delinquent list is law, not a calendar setting: it is checked whatever `credit_law` says.
    const [delinquent, verdict] = await Promise.all([
      this.delinquentList.builderCheck(companyId, customer, on, now, timeZone),
      this.licences.judge(policy.licenceGuard, customer, on),
    ]);
    const dates = creditLaw ? creditLawDates(on) : null;
    const warning = verdict.warning;
    return {
      credit_law: policy.creditLaw,
      licence_guard: policy.licenceGuard,
      cash_on_delivery: Boolean(customer.cash_on_delivery),
      invoiced_at: on,
      statutory_due_at: dates?.statutoryDueOn ?? null,
      last_day_to_pay: dates?.lastDayToPay ?? null,
      payment_terms: terms,
      payment_terms_from: isPaymentTerms(customerTerms) ? 'customer' : 'company',
      default_due_at: defaultDueDate(terms, on),
      terms_note: paymentTermsNote(terms, on, false, displayDay),
      delinquent,
      licence: warning
        ? {
            message: warning.message,
            license_id: warning.licenceId,
            license_type: warning.licenceType,
            primary_status: warning.primaryStatus,
            expiration_date: warning.expirationOn,
            blocking: verdict.mode === 'blocking',
          }
        : null,
    };
  }

  /** One invoice's statutory dates, standing and the notices that can be sent (404 for another company's). */
  async forInvoice(companyId: string, idOrNumber: string, now: string): Promise<InvoiceCreditLawResponse> {
    const { invoice, today, policy } = await this.invoiceContext(companyId, idOrNumber, now);
    const company = policy.creditLaw === 'advisory' ? await this.header(companyId) : null;
    return this.answer(invoice, today, policy.creditLaw, company);
  }

  /** The delinquency notice or its release as a PDF (409 when it is not due, or the credit law is off). */
  async pdf(companyId: string, idOrNumber: string, kind: NoticeKind, now: string) {
    const { invoice, today, policy } = await this.invoiceContext(companyId, idOrNumber, now);
    const company = await this.header(companyId);
    const answer = this.answer(invoice, today, policy.creditLaw, company);
    const draft = kind === 'notice' ? answer.notice : answer.release;
    if (!draft?.available) throw notAvailable(kind, policy.creditLaw);
    const html = renderCreditLawNotice({ kind, invoice, company, credit: answer, today });
    const pdf = await printOr503(
      this.renderer.render(html, { footerHtml: creditLawFooter(kind, invoice.number) }),
    );
    return {
      pdf,
      filename: `${kind === 'notice' ? 'delinquency' : 'release'}_${invoice.number}_${today}.pdf`,
    };
  }

  /**
   * The dashboard's alerts: open liquor-and-wine invoices on credit invoiced on or before the cutoff of each standing
   * (the standing only worsens with an earlier invoice date), read through rm_invoice_credit_open_idx.
   */
  async alerts(companyId: string, now: string): Promise<CreditLawAlertsResponse> {
    const [policy, timeZone] = await Promise.all([
      readCompliancePolicy(this.pool, companyId),
      this.reader.timeZone(companyId),
    ]);
    const today = businessDate(now, timeZone);
    const empty = {
      credit_law: policy.creditLaw,
      today,
      counts: { due_soon: 0, grace: 0, late: 0 },
      due: [],
      late: [],
    };
    if (policy.creditLaw === 'off') return empty;
    const dueCutoff = latestPurchaseAtLeast('due_soon', today);
    const graceCutoff = latestPurchaseAtLeast('grace', today);
    const lateCutoff = latestPurchaseAtLeast('late', today);
    if (!dueCutoff) return empty;
    const open = OPEN_CREDIT_INVOICES;
    // The date of purchase: the delivery date once delivered, else the invoice date (never earlier than it).
    const bought = 'coalesce(delivered_on, invoiced_on)';
    const columns = `id, number, customer_id, customer_name, invoiced_on::text AS invoiced_on, due_on::text AS due_on, status,
      balance_cents, delivered_on::text AS delivered_on`;
    const far = '0001-01-01';
    const [[counts], due, late] = await Promise.all([
      tenantQuery<{ due_soon: string; grace: string; late: string }>(
        this.pool,
        companyId,
        `SELECT count(*) FILTER (WHERE ${bought} <= $2::date AND ${bought} > $3::date AND ${bought} > $4::date) AS due_soon,
                count(*) FILTER (WHERE ${bought} <= $3::date AND ${bought} > $4::date) AS grace,
                count(*) FILTER (WHERE ${bought} <= $4::date) AS late
         FROM rm_invoice WHERE ${open}`,
        [dueCutoff, graceCutoff ?? far, lateCutoff ?? far],
      ),
      tenantQuery<AlertRow>(
        this.pool,
        companyId,
        `SELECT ${columns} FROM rm_invoice WHERE ${open} AND ${bought} <= $2::date AND ${bought} > $3::date
         ORDER BY ${bought}, sequence LIMIT ${ALERT_ROWS}`,
        [dueCutoff, lateCutoff ?? far],
      ),
      lateCutoff
        ? tenantQuery<AlertRow>(
            this.pool,
            companyId,
            `SELECT ${columns} FROM rm_invoice WHERE ${open} AND ${bought} <= $2::date
             ORDER BY ${bought} DESC, sequence DESC LIMIT ${ALERT_ROWS}`,
            [lateCutoff],
          )
        : Promise.resolve([] as AlertRow[]),
    ]);
    return {
      credit_law: policy.creditLaw,
      today,
      counts: {
        due_soon: Number(counts?.due_soon ?? 0),
        grace: Number(counts?.grace ?? 0),
        late: Number(counts?.late ?? 0),
      },
      due: due.map((row) => alertRow(row, today)),
      late: late.map((row) => alertRow(row, today)),
    };
  }

  private async invoiceContext(companyId: string, idOrNumber: string, now: string) {
    const invoice = await this.reader.read(companyId, idOrNumber);
    const [policy, timeZone] = await Promise.all([
      readCompliancePolicy(this.pool, companyId),
      this.reader.timeZone(companyId),
    ]);
    return { invoice, policy, today: businessDate(now, timeZone) };
  }

  private async header(companyId: string): Promise<CompanyHeader> {
    return (await this.headers.read(companyId, null)).header;
  }

  private answer(
    invoice: InvoiceResponse,
    today: string,
    mode: 'off' | 'advisory',
    company: CompanyHeader | null,
  ): InvoiceCreditLawResponse {
    const applies =
      mode === 'advisory' &&
      creditLawApplies({
        beer: invoice.beer,
        cashOnDelivery: invoice.customer.cash_on_delivery,
        lineTypes: invoice.items.map((item) => item.product.product_type as ProductType),
        status: invoice.status,
      });
    const off: InvoiceCreditLawResponse = {
      credit_law: mode,
      applies: false,
      purchased_at: purchaseDate(invoice.invoiced_at, invoice.delivery?.delivered_on),
      statutory_due_at: null,
      last_day_to_pay: null,
      delinquent_on: null,
      standing: null,
      business_days_left: null,
      balance: invoice.balance,
      notice: null,
      release: null,
    };
    if (!applies || !company) return off;
    const dates = creditLawDates(off.purchased_at);
    const paid = invoice.balance <= 0;
    const standing = paid ? 'paid' : creditLawStanding(off.purchased_at, today);
    const paidLate = paid && invoice.payments.some((payment) => payment.received_at > dates.lastDayToPay);
    return {
      ...off,
      applies: true,
      statutory_due_at: dates.statutoryDueOn,
      last_day_to_pay: dates.lastDayToPay,
      delinquent_on: dates.delinquentOn,
      standing,
      business_days_left: businessDaysBetween(today, dates.statutoryDueOn),
      notice: { available: standing === 'late', ...noticeMail(invoice, company, dates, today) },
      release: { available: paidLate, ...releaseMail(invoice, company, today) },
    };
  }
}

type AlertRow = {
  id: string;
  number: string;
  customer_id: string;
  customer_name: string;
  invoiced_on: string;
  due_on: string | null;
  status: string;
  balance_cents: string;
  delivered_on: string | null;
};

function alertRow(row: AlertRow, today: string): CreditLawAlertRow {
  const purchasedOn = purchaseDate(row.invoiced_on, row.delivered_on);
  const dates = creditLawDates(purchasedOn);
  return {
    id: row.id,
    number: row.number,
    customer_id: row.customer_id,
    customer_name: row.customer_name,
    invoiced_at: row.invoiced_on,
    // Every alerted invoice is one the credit law dates: its due date and status are the invoice page's.
    ...(({ dueOn, status }) => ({ due_at: dueOn, status }))(
      dueOfRow({ ...row, credit_subject: true }, today, true),
    ),
    statutory_due_at: dates.statutoryDueOn,
    last_day_to_pay: dates.lastDayToPay,
    standing: creditLawStanding(purchasedOn, today) as CreditLawStanding,
    balance: dollarsOf(Number(row.balance_cents)),
  };
}

const place = (party: { address: string; city: string; state: string; zip: string }) =>
  [party.address, [party.city, [party.state, party.zip].filter(Boolean).join(' ')].filter(Boolean).join(', ')]
    .filter(Boolean)
    .join(', ');

function parties(invoice: InvoiceResponse, company: CompanyHeader): string[] {
  return [
    `Seller: ${company.name}, TABC permit ${company.tabc_id || '(none on file)'}, ${place(company)}`,
    `Retailer: ${invoice.customer.name}, TABC permit ${invoice.customer.display_tabc_id || '(none on file)'}, ${place(invoice.customer)}`,
  ];
}

function noticeMail(
  invoice: InvoiceResponse,
  company: CompanyHeader,
  dates: ReturnType<typeof creditLawDates>,
  today: string,
): MailDraft {
  return {
    subject: `Credit law delinquency: ${invoice.customer.name} (${invoice.customer.display_tabc_id}), invoice ${invoice.number}`,
    body: [
      'Report of a delinquent account (Texas Alcoholic Beverage Code §102.32(d); 16 TAC §45.121)',
      '',
      ...parties(invoice, company),
      '',
      `Invoice ${invoice.number}, date of purchase ${displayDate(invoice.invoiced_at)}`,
      `Invoiced ${money(invoice.total)}, paid ${money(invoice.paid)}, unpaid ${money(invoice.balance)}`,
      `Payment was due on ${displayDate(dates.statutoryDueOn)} and was not received by the 4th business day after it (${displayDate(dates.lastDayToPay)}): the account is delinquent since ${displayDate(dates.delinquentOn)}.`,
      '',
      `Reported on ${displayDate(today)} by ${company.name}.`,
    ].join('\n'),
  };
}

function releaseMail(invoice: InvoiceResponse, company: CompanyHeader, today: string): MailDraft {
  const lastPayment = invoice.payments
    .map((payment) => payment.received_at)
    .sort()
    .at(-1);
  return {
    subject: `Credit law release: ${invoice.customer.name} (${invoice.customer.display_tabc_id}), invoice ${invoice.number}`,
    body: [
      'Release of a delinquent account (Texas Alcoholic Beverage Code §102.32; 16 TAC §45.121)',
      '',
      ...parties(invoice, company),
      '',
      `Invoice ${invoice.number}, date of purchase ${displayDate(invoice.invoiced_at)}, ${money(invoice.total)}`,
      `Paid in full${lastPayment ? ` on ${displayDate(lastPayment)}` : ''}. The retailer is no longer delinquent to us on this account; please release it from the credit law delinquent list.`,
      '',
      `Sent on ${displayDate(today)} by ${company.name}.`,
    ].join('\n'),
  };
}

function notAvailable(kind: NoticeKind, mode: 'off' | 'advisory'): HttpException {
  const message =
    mode === 'off'
      ? 'The credit-law calendar is off in the company settings.'
      : kind === 'notice'
        ? 'This invoice is not delinquent: a delinquency notice is for a liquor or wine invoice on credit still unpaid after the 4th business day past its due date.'
        : 'There is nothing to release: a release is for a liquor or wine invoice that went delinquent and is now paid in full.';
  return new HttpException({ statusCode: 409, message }, HttpStatus.CONFLICT);
}
