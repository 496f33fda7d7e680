import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { withComplianceDefaults } from '#domain/companies/compliance-policy.js';
import { invoiceNumbersDecider, invoiceNumbersStream } from '#domain/invoices/invoice-numbers.js';
import { createInvoices } from '#domain/invoices/invoice.decide.js';
import { invoiceDecider } from '#domain/invoices/invoice.decider.js';
import { invoiceError } from '#domain/invoices/invoice.errors.js';
import { invoiceStream } from '#domain/invoices/invoice.events.js';
import { carriesStampedLiquor } from '#domain/invoices/licence-guard.js';
import { DUPLICATE_WINDOW_HOURS } from '#domain/invoices/invoice.rules.js';
import { invoiceOrder } from '#domain/orders/order-invoicing.js';
import { orderDecider } from '#domain/orders/order.decide.js';
import { orderStream } from '#domain/orders/order.events.js';
import { businessDate } from '#domain/shared/business-date.js';
import { stampLedgerDecider } from '#domain/stamps/stamp.decide.js';
import { stampsStream } from '#domain/stamps/stamp.events.js';
import {
  holdingChanges,
  stampHoldingDecider,
  stampHoldingStream,
  type StampHoldingChanged,
} from '#domain/stamps/stamp-holding.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { EventAppender, streamDecision } from '#engine';
import type { AppendResult } from '#engine';
import type { AnyEvent } from '#domain/shared/decider.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { fingerprintOf, invoiceIdFor, InvoiceContext } from '../invoice-context.js';
import { InvoiceReader } from '../invoice-reader.js';
import {
  LicenceGuardService,
  permitHolderOf,
  type EarlyLicenceLookUp,
} from '../compliance/licence-guard.service.js';
import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';
import { CreateInvoiceCommand } from './create-invoice.command.js';
import { WAITS_FOR } from '../../read-your-writes.js';

/**
 * POST /invoice: one decision over the invoice's stream, the company's number stream and its stamp ledger,
 * appended atomically. A duplicate (an identical invoice for the customer within 24 hours) is
 * refused with 409 carrying the existing invoice unless the user chose 'Create anyway' (`force`).
 */
@CommandHandler(CreateInvoiceCommand)
export class CreateInvoiceHandler implements ICommandHandler<CreateInvoiceCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(InvoiceContext) private readonly context: InvoiceContext,
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(LicenceGuardService) private readonly licences: LicenceGuardService,
  ) {}

  async execute({
    metadata,
    body,
    idempotencyKey,
    options,
  }: CreateInvoiceCommand): Promise<InvoiceResponse | undefined> {
    const wait = options.waitForProjections !== false;
    const { companyId } = metadata;
    const invoiceId = invoiceIdFor(companyId, metadata.userId, idempotencyKey);
    const early = this.earlyLicenceLookUp(companyId, body.customer_id);
    // The streams and the lines' products are read side by side (the POST waits for one round trip, not two); a
    // problem with the customer is still answered before one with the lines.
    const [known, lined] = await Promise.all([
      this.context.forNewInvoice(companyId, body.customer_id, invoiceId),
      this.context.lines(companyId, body.customer_id, body.items).then(
        (lines) => ({ lines }),
        (error: unknown) => ({ error }),
      ),
    ]);
    // a retried request: its invoice
    if (known.exists) return wait ? this.reader.read(companyId, invoiceId) : undefined;

    const { company } = known;
    const settings = this.context.settings(company);
    const customer = known.customer();
    if ('error' in lined) throw lined.error;
    const { lines } = lined;
    const fingerprint = fingerprintOf(customer.id, lines);
    // An invoice made from an order is guarded by the order itself (an invoiced order takes no second one).
    if (!body.force && !body.order_id) await this.refuseDuplicate(companyId, fingerprint, metadata.now);

    const invoicedOn = body.invoiced_at ?? businessDate(metadata.now, settings.timeZone);
    // The licence guard: blocking refuses here; advisory records its warning on the invoice.
    const licenceWarning = carriesStampedLiquor(lines)
      ? await this.licences.guardNewInvoice(
          // a company state from before the compliance settings (an old snapshot) has no policy: the defaults
          withComplianceDefaults(company.compliance).licenceGuard,
          permitHolderOf(known.customerState),
          invoicedOn,
          early,
        )
      : undefined;
    const draft = {
      invoiceId,
      customer,
      lines,
      invoicedOn,
      dueOn: body.due_at || null,
      note: body.note ?? company.details.defaultInvoiceNote,
      companyNote: body.company_note ?? '',
      logoId: this.context.logo(company, body.logo_id) ?? company.defaultLogoId,
      fingerprint,
      ...(body.stamps ? { stampRanges: body.stamps.map(stampRange) } : {}),
      ...(licenceWarning ? { licenceWarning } : {}),
    };
    // Create Invoice on an order: the order's stream joins the atomic append, so the invoice names the
    // order, the order names the invoice, and a second click on an invoiced order creates nothing.
    const orderId = body.order_id?.toLowerCase();
    const base = {
      numbers: streamDecision(invoiceNumbersStream(companyId), invoiceNumbersDecider),
      stamps: streamDecision(stampsStream(companyId), stampLedgerDecider),
      invoice: streamDecision(invoiceStream(invoiceId), invoiceDecider),
      holding: streamDecision(stampHoldingStream(invoiceId), stampHoldingDecider),
    };
    const decision = { drafts: [draft], settings };
    // Creations of the company that arrive while one is being appended are decided after it and appended together.
    const creations = `invoice-create:${companyId}`;
    let held: StampHoldingChanged[];
    let created: { events: AnyEvent[]; appended: AppendResult | undefined };
    if (orderId) {
      const { events, result } = await this.events.decideManyTogether(
        creations,
        { ...base, order: streamDecision(orderStream(orderId), orderDecider) },
        (states) => {
          const decided = invoiceOrder(
            {
              order: states.order,
              numbers: states.numbers,
              stamps: states.stamps,
              invoices: [states.invoice],
            },
            { type: 'CreateInvoices', data: { ...decision, orderIds: [orderId], orderId }, metadata },
          );
          return {
            numbers: decided.numbers,
            stamps: decided.stamps,
            invoice: decided.invoices[0],
            order: decided.order,
            holding: holdingChanges(states.holding.ranges, invoiceId, decided.stamps, metadata.now),
          };
        },
        metadata,
        { waitFor: WAITS_FOR.orderInvoice, waitForProjections: wait },
      );
      held = events.holding;
      created = { events: events.invoice, appended: result };
    } else {
      const { events, result } = await this.events.decideManyTogether(
        creations,
        base,
        (states) => {
          const decided = createInvoices(
            { numbers: states.numbers, stamps: states.stamps, invoices: [states.invoice] },
            { type: 'CreateInvoices', data: { ...decision, orderIds: [] }, metadata },
          );
          return {
            numbers: decided.numbers,
            stamps: decided.stamps,
            invoice: decided.invoices[0],
            holding: holdingChanges(states.holding.ranges, invoiceId, decided.stamps, metadata.now),
          };
        },
        metadata,
        { waitFor: WAITS_FOR.invoice, waitForProjections: wait },
      );
      held = events.holding;
      created = { events: events.invoice, appended: result };
    }
    if (!wait) return undefined;
    // What the decision knows already is not read again: the invoice it appended, the stamps it holds, the
    // company's day. (The POST still waited for the projections the next page reads: WAITS_FOR.)
    return this.reader.created(companyId, invoiceId, base.invoice.stream, created.events, created.appended, {
      held: held.at(-1)?.data.ranges ?? [],
      timeZone: settings.timeZone,
    });
  }

  /**
   * The licence guard's look-up, sent beside the reads when this process knows the customer's permit and the
   * company's guard already (one round trip less for the POST); the guard uses it only if the streams, once read,
   * give the same permit, else it looks the permit up again.
   */
  private earlyLicenceLookUp(companyId: string, customerId: string): EarlyLicenceLookUp | undefined {
    const { company, customer } = this.context.lastKnown(companyId, customerId);
    if (company?.status !== 'registered' || customer?.status !== 'active') return undefined;
    if (withComplianceDefaults(company.compliance).licenceGuard === 'off') return undefined;
    return this.licences.lookUpEarly(permitHolderOf(customer));
  }

  private async refuseDuplicate(companyId: string, fingerprint: string, now: string): Promise<void> {
    const [existing] = await tenantQuery<{ id: string }>(
      this.pool,
      companyId,
      `SELECT id FROM rm_invoice
       WHERE company_id = $1 AND fingerprint = $2 AND deleted_at IS NULL AND status <> 'cancelled'
         AND created_at > $3::timestamptz - make_interval(hours => $4)
       ORDER BY created_at DESC LIMIT 1`,
      [fingerprint, now, DUPLICATE_WINDOW_HOURS],
    );
    if (!existing) return;
    const invoice = await this.reader.read(companyId, existing.id);
    throw invoiceError('DUPLICATE', {}, undefined, { invoice });
  }
}

export const stampRange = (range: { roll_id: number; from: number; to: number }) => ({
  rollId: range.roll_id,
  from: range.from,
  to: range.to,
});
