import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { ReviseInvoice } from '#domain/invoices/invoice.commands.js';
import { reviseInvoice } from '#domain/invoices/invoice.decide.js';
import { invoiceDecider } from '#domain/invoices/invoice.decider.js';
import { invoiceError } from '#domain/invoices/invoice.errors.js';
import { invoiceStream } from '#domain/invoices/invoice.events.js';
import { carriesStampedLiquor } from '#domain/invoices/licence-guard.js';
import type { ProductType as LineType } from '#domain/products/product.rules.js';
import { withComplianceDefaults } from '#domain/companies/compliance-policy.js';
import { businessDate } from '#domain/shared/business-date.js';
import { LicenceGuardService, permitHolderOf } from '../compliance/licence-guard.service.js';
import { stampLedgerDecider } from '#domain/stamps/stamp.decide.js';
import { stampsStream } from '#domain/stamps/stamp.events.js';
import { holdingChanges, stampHoldingDecider, stampHoldingStream } from '#domain/stamps/stamp-holding.js';
import { holdingNow } from '../../stamps/stamp-holdings.js';
import { EventAppender, streamDecision } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { fingerprintOf, InvoiceContext } from '../invoice-context.js';
import { InvoiceReader } from '../invoice-reader.js';
import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';
import { stampRange } from './create-invoice.handler.js';
import { UpdateInvoiceCommand } from './update-invoice.command.js';
import { WAITS_FOR } from '../../read-your-writes.js';

/**
 * PUT /invoice/{id}: the builder's edit (every field) or the view page's status or date change (one field).
 * Absent fields are kept; the invoice and the stamp ledger are decided together (edit keeps existing stamps,
 * allocates the shortfall, releases the excess; cancel releases them all).
 */
@CommandHandler(UpdateInvoiceCommand)
export class UpdateInvoiceHandler implements ICommandHandler<UpdateInvoiceCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(InvoiceContext) private readonly context: InvoiceContext,
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(LicenceGuardService) private readonly licences: LicenceGuardService,
  ) {}

  async execute({
    metadata,
    idOrNumber,
    body,
    options,
  }: UpdateInvoiceCommand): Promise<InvoiceResponse | undefined> {
    const wait = options.waitForProjections !== false;
    const { companyId } = metadata;
    const row = await this.reader.row(companyId, idOrNumber);
    const company = await this.context.company(companyId);
    const settings = this.context.settings(company);
    const customerId = body.customer_id ?? row.customer_id;
    const customer = body.customer_id ? await this.context.customer(companyId, body.customer_id) : undefined;
    const known = new Map(row.content.lines.map((line) => [line.productId, line.lastInvoicedPriceCents]));
    const lines = body.items
      ? await this.context.lines(
          companyId,
          customerId,
          body.items,
          customerId === row.customer_id ? known : new Map(),
        )
      : undefined;
    const changes: ReviseInvoice['data']['changes'] = {
      ...(customer ? { customer } : {}),
      ...(lines ? { lines } : {}),
      ...(body.invoiced_at !== undefined ? { invoicedOn: body.invoiced_at } : {}),
      ...(body.due_at !== undefined ? { dueOn: body.due_at || null } : {}),
      ...(body.note !== undefined ? { note: body.note } : {}),
      ...(body.company_note !== undefined ? { companyNote: body.company_note } : {}),
      ...(body.logo_id !== undefined ? { logoId: this.context.logo(company, body.logo_id) ?? null } : {}),
      ...(body.stamps !== undefined ? { stampRanges: body.stamps ? body.stamps.map(stampRange) : null } : {}),
      ...(body.status !== undefined ? { status: body.status } : {}),
    };
    const fingerprint = lines || customer ? fingerprintOf(customerId, lines ?? row.content.lines) : undefined;
    await this.refuseUnlicensed(company, row, customerId, lines, body.invoiced_at, metadata.now);

    // What the invoice holds: its holding stream (read again in the decision), or the stamp log when it has
    // recorded nothing yet (an invoice from before the holding streams).
    const before = await holdingNow(this.events, this.pool, companyId, row.id);
    await this.events.decideMany(
      {
        invoice: streamDecision(invoiceStream(row.id), invoiceDecider),
        stamps: streamDecision(stampsStream(companyId), stampLedgerDecider),
        holding: streamDecision(stampHoldingStream(row.id), stampHoldingDecider),
      },
      (states) => {
        if (states.invoice.status !== 'none' && states.invoice.companyId !== companyId)
          throw invoiceError('INVOICE_NOT_FOUND');
        const held = states.holding.recorded ? states.holding.ranges : before.ranges;
        const decided = reviseInvoice(
          { ...states, held },
          {
            type: 'ReviseInvoice',
            data: {
              invoiceId: row.id,
              changes,
              ...(fingerprint ? { fingerprint } : {}),
              settings: {
                sortLines: settings.sortLines,
                timeZone: settings.timeZone,
                smallFormatStamps: settings.smallFormatStamps,
              },
            },
            metadata,
          },
        );
        return { ...decided, holding: holdingChanges(held, row.id, decided.stamps, metadata.now) };
      },
      metadata,
      { waitFor: WAITS_FOR.invoice, waitForProjections: wait },
    );
    return wait ? this.reader.read(companyId, row.id) : undefined;
  }

  /**
   * The licence guard when blocking: an edit that puts liquor on the invoice for a customer whose
   * licence may not receive it (moved to another customer, or liquor added) is refused like a new invoice. Advisory
   * warnings are recorded at creation only: an edit records none.
   */
  private async refuseUnlicensed(
    company: Awaited<ReturnType<InvoiceContext['company']>>,
    row: { customer_id: string; content: { lines: { type: LineType; qty: number }[]; invoicedOn: string } },
    customerId: string,
    lines: { type: LineType; qty: number }[] | undefined,
    invoicedAt: string | undefined,
    now: string,
  ): Promise<void> {
    if (withComplianceDefaults(company.compliance).licenceGuard !== 'blocking') return;
    const after = lines ?? row.content.lines;
    if (!carriesStampedLiquor(after)) return;
    if (customerId === row.customer_id && carriesStampedLiquor(row.content.lines)) return;
    const on = invoicedAt || row.content.invoicedOn || businessDate(now, company.details.timeZone);
    const holder = permitHolderOf(await this.context.customerState(customerId));
    await this.licences.guardNewInvoice('blocking', holder, on); // refuses with the guard's 400
  }
}
