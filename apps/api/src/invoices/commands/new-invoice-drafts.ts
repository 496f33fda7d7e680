import { Inject, Injectable } from '@nestjs/common';
import { withComplianceDefaults } from '#domain/companies/compliance-policy.js';
import type { InvoiceDraft, InvoiceSettings, LineInput } from '#domain/invoices/invoice.commands.js';
import type { InvoiceCustomer } from '#domain/invoices/invoice.events.js';
import { invoiceError } from '#domain/invoices/invoice.errors.js';
import { carriesStampedLiquor } from '#domain/invoices/licence-guard.js';
import { liquorOrWineBottles } from '#domain/invoices/delinquent-list-gate.js';
import { isBeerInvoice } from '#domain/invoices/invoice.rules.js';
import { defaultDueDate, effectivePaymentTerms, type PaymentTerms } from '#domain/invoices/payment-terms.js';
import type { Customer } from '#domain/customers/customer.state.js';
import { businessDate } from '#domain/shared/business-date.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import { DelinquentGateService } from '../compliance/delinquent-gate.service.js';
import { LicenceGuardService, permitHolderOf } from '../compliance/licence-guard.service.js';
import type { CreateInvoiceBody, ReplaceInvoiceBody } from '../dto/invoice.body.js';
import { fingerprintOf, InvoiceContext } from '../invoice-context.js';
import { InvoiceReader } from '../invoice-reader.js';

/** A new invoice's draft and the company's invoice settings; `retried`: the invoice exists already. */
export type NewInvoice =
  { retried: true } | { retried: false; draft: InvoiceDraft; settings: InvoiceSettings };

type Company = Awaited<ReturnType<InvoiceContext['company']>>;

/**
 * The drafts of new invoices from their requests: the customer and company read, the lines priced, the body's
 * fields or the company's defaults. A creation also refuses a duplicate and runs the licence guard.
 */
@Injectable()
export class NewInvoiceDrafts {
  constructor(
    @Inject(InvoiceContext) private readonly context: InvoiceContext,
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
    @Inject(LicenceGuardService) private readonly licences: LicenceGuardService,
    @Inject(DelinquentGateService) private readonly delinquentList: DelinquentGateService,
  ) {}

  /**
   * POST /invoice. A duplicate (an identical invoice for the customer within 24 hours) is refused with 409 carrying
   * the existing invoice unless the user chose 'Create anyway' (`force`); an invoice made from an order is guarded
   * by the order itself. The delinquent-list gate refuses a sale on credit to a listed retailer. The licence guard
   * refuses here when blocking; advisory, its warning goes on the invoice.
   */
  async forCreation(
    metadata: CommandMetadata,
    body: CreateInvoiceBody,
    invoiceId: string,
  ): Promise<NewInvoice> {
    const { companyId } = metadata;
    // The streams and the lines' products are read side by side (the POST waits for one round trip, not two); a
    // problem with the customer is still answered before one with the lines.
    const [known, lined] = await Promise.all([
      this.context.forNewInvoice(companyId, body.customer_id, invoiceId),
      this.context.lines(companyId, body.customer_id, body.items).then(
        (lines) => ({ lines }),
        (error: unknown) => ({ error }),
      ),
    ]);
    if (known.exists) return { retried: true };
    const settings = this.context.settings(known.company);
    const customer = known.customer();
    if ('error' in lined) throw lined.error;
    const terms = effectivePaymentTerms(
      known.company.details.paymentTerms,
      customerTermsOf(known.customerState),
    );
    const draft = this.draftOf(
      known.company,
      settings,
      customer,
      lined.lines,
      body,
      invoiceId,
      metadata.now,
      terms,
    );
    if (!body.force && !body.order_id) await this.refuseDuplicate(companyId, draft.fingerprint, metadata.now);
    // The credit-law delinquent list: no liquor or wine on credit to a listed retailer (409 with the reason).
    await this.delinquentList.guardNewInvoice(
      permitHolderOf(known.customerState),
      overridesOf(known.customerState),
      {
        beer: isBeerInvoice(draft.lines),
        cashOnDelivery: customer.cashOnDelivery,
        lineTypes: draft.lines.map((l) => l.type),
      },
      metadata.now,
      settings.timeZone,
    );
    const licenceWarning = carriesStampedLiquor(draft.lines)
      ? await this.licences.guardNewInvoice(
          // a company state from before the compliance settings (an old snapshot) has no policy: the defaults
          withComplianceDefaults(known.company.compliance).licenceGuard,
          permitHolderOf(known.customerState),
          draft.invoicedOn,
        )
      : undefined;
    return { retried: false, draft: { ...draft, ...(licenceWarning ? { licenceWarning } : {}) }, settings };
  }

  /**
   * POST /invoice/{id}/replace: the replacement's draft, as a creation's without its guards but the delinquent
   * list's when it sells more liquor or wine on credit than the cancelled invoice (more bottles, another customer).
   */
  async forReplacement(
    metadata: CommandMetadata,
    body: ReplaceInvoiceBody,
    invoiceId: string,
    cancelled: { customer_id: string; content: { lines: readonly { type: string; qty: number }[] } },
  ): Promise<NewInvoice> {
    const { companyId } = metadata;
    const known = await this.context.forNewInvoice(companyId, body.customer_id, invoiceId);
    if (known.exists) return { retried: true };
    const settings = this.context.settings(known.company);
    const customer = known.customer();
    const lines = await this.context.lines(companyId, customer.id, body.items);
    const terms = effectivePaymentTerms(
      known.company.details.paymentTerms,
      customerTermsOf(known.customerState),
    );
    const draft = this.draftOf(
      known.company,
      settings,
      customer,
      lines,
      body,
      invoiceId,
      metadata.now,
      terms,
    );
    const more =
      customer.id !== cancelled.customer_id ||
      liquorOrWineBottles(draft.lines) > liquorOrWineBottles(cancelled.content.lines);
    if (more)
      await this.delinquentList.guardNewInvoice(
        permitHolderOf(known.customerState),
        overridesOf(known.customerState),
        {
          beer: isBeerInvoice(draft.lines),
          cashOnDelivery: customer.cashOnDelivery,
          lineTypes: draft.lines.map((l) => l.type),
        },
        metadata.now,
        settings.timeZone,
      );
    return { retried: false, draft, settings };
  }

  private draftOf(
    company: Company,
    settings: InvoiceSettings,
    customer: InvoiceCustomer,
    lines: LineInput[],
    body: ReplaceInvoiceBody,
    invoiceId: string,
    now: string,
    terms: PaymentTerms,
  ): InvoiceDraft {
    const invoicedOn = body.invoiced_at ?? businessDate(now, settings.timeZone);
    return {
      invoiceId,
      customer,
      lines,
      invoicedOn,
      // no due date sent: the customer's or the company's payment terms give it, as the builder's default does
      dueOn:
        body.due_at === undefined
          ? defaultDueDate(terms, invoicedOn, isBeerInvoice(lines))
          : body.due_at || null,
      note: body.note ?? company.details.defaultInvoiceNote,
      companyNote: body.company_note ?? '',
      logoId: this.context.logo(company, body.logo_id) ?? company.defaultLogoId,
      fingerprint: fingerprintOf(customer.id, lines),
      ...(body.stamps ? { stampRanges: body.stamps.map(stampRange) } : {}),
    };
  }

  private async refuseDuplicate(companyId: string, fingerprint: string, now: string): Promise<void> {
    const existing = await this.reader.duplicateOf(companyId, fingerprint, now);
    if (!existing) return;
    const invoice = await this.reader.read(companyId, existing);
    throw invoiceError('DUPLICATE', {}, undefined, { invoice });
  }
}

/** The owner's overrides of the customer's delinquent-list listings. */
const overridesOf = (customer: Customer) =>
  customer.status === 'active' ? (customer.delinquentOverrides ?? []) : [];

/** The customer's own payment terms (null: the company's apply). */
const customerTermsOf = (customer: Customer): string | null =>
  customer.status === 'active' ? (customer.fields.paymentTerms ?? null) : null;

/** A stamp range as the body gives it (`roll_id`), as the domain takes it. */
export const stampRange = (range: { roll_id: number; from: number; to: number }) => ({
  rollId: range.roll_id,
  from: range.from,
  to: range.to,
});
