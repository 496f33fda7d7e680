import type { ProductType } from '#domain/products/product.rules.js';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { LineInput, ReviseInvoice } from '#domain/invoices/invoice.commands.js';
import type { InvoiceCustomer } from '#domain/invoices/invoice.events.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import type { InvoiceRow } from '#projections/invoices/invoice.projection.js';
import type { UpdateInvoiceBody } from '../dto/invoice.body.js';
import { carriesStampedLiquor } from '#domain/invoices/licence-guard.js';
import { liquorOrWineBottles } from '#domain/invoices/delinquent-list-gate.js';
import type { ProductType as LineType } from '#domain/products/product.rules.js';
import { withComplianceDefaults } from '#domain/companies/compliance-policy.js';
import { businessDate } from '#domain/shared/business-date.js';
import { DelinquentGateService } from '../compliance/delinquent-gate.service.js';
import { LicenceGuardService, permitHolderOf } from '../compliance/licence-guard.service.js';
import { holdingNow } from '../../stamps/stamp-holdings.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { fingerprintOf, InvoiceContext } from '../invoice-context.js';
import { InvoiceReader } from '../invoice-reader.js';
import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';
import { reviseInvoiceDecision } from './invoice.decisions.js';
import { stampRange } from './new-invoice-drafts.js';
import { UpdateInvoiceCommand } from './update-invoice.command.js';

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
    @Inject(DelinquentGateService) private readonly delinquentList: DelinquentGateService,
  ) {}

  async execute({
    metadata,
    idOrNumber,
    body,
    options,
  }: UpdateInvoiceCommand): Promise<InvoiceResponse | undefined> {
    const wait = options.waitForProjections !== false;
    const row = await this.reader.row(metadata.companyId, idOrNumber);
    const { data, heldBefore } = await this.revision(metadata, row, body);
    await this.events.run(reviseInvoiceDecision(data, heldBefore, row.customer_id, metadata), metadata, {
      waitForProjections: wait,
    });
    return wait ? this.reader.read(metadata.companyId, row.id) : undefined;
  }

  /**
   * The revision a body asks for: the new customer and lines priced (an unchanged customer keeps the lines' last
   * prices), the licence guard, and what the invoice held before the holding streams existed (the stamp log, used
   * while its holding is empty).
   */
  private async revision(metadata: CommandMetadata, row: InvoiceRow, body: UpdateInvoiceBody) {
    const { companyId } = metadata;
    const company = await this.context.company(companyId);
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
    await this.refuseUnlicensed(company, row, customerId, lines, body.invoiced_at, metadata.now);
    await this.refuseDelinquent(row, customerId, lines, metadata.now, company.details.timeZone);
    const before = await holdingNow(this.events, this.pool, companyId, row.id);
    const fingerprint = lines || customer ? fingerprintOf(customerId, lines ?? row.content.lines) : undefined;
    const { sortLines, timeZone, smallFormatStamps } = this.context.settings(company);
    const logoId =
      body.logo_id !== undefined ? (this.context.logo(company, body.logo_id) ?? null) : undefined;
    const data: ReviseInvoice['data'] = {
      invoiceId: row.id,
      changes: changesOf(body, customer, lines, logoId),
      ...(fingerprint ? { fingerprint } : {}),
      settings: { sortLines, timeZone, smallFormatStamps },
    };
    return { data, heldBefore: before.ranges };
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

  /**
   * The delinquent-list gate: an edit that sells more liquor or wine on credit — the invoice moved to another
   * customer, or more bottles of them — is a new sale, refused to a listed retailer like a new invoice (409).
   */
  private async refuseDelinquent(
    row: { customer_id: string; content: { lines: { type: LineType; qty: number }[] } },
    customerId: string,
    lines: { type: LineType; qty: number }[] | undefined,
    now: string,
    timeZone: string,
  ): Promise<void> {
    const after = lines ?? row.content.lines;
    if (
      customerId === row.customer_id &&
      liquorOrWineBottles(after) <= liquorOrWineBottles(row.content.lines)
    )
      return;
    const state = await this.context.customerState(customerId);
    if (state.status !== 'active') return;
    await this.delinquentList.guardNewInvoice(
      permitHolderOf(state),
      state.delinquentOverrides ?? [],
      {
        beer: after.some((line) => line.type === 'BEER'),
        cashOnDelivery: state.fields.cashOnDelivery,
        lineTypes: after.filter((line) => line.qty > 0).map((line) => line.type as ProductType),
      },
      now,
      timeZone,
    );
  }
}

/** The fields a body changes (absent ones are kept). */
function changesOf(
  body: UpdateInvoiceBody,
  customer: InvoiceCustomer | undefined,
  lines: LineInput[] | undefined,
  logoId: string | null | undefined,
): ReviseInvoice['data']['changes'] {
  return {
    ...(customer ? { customer } : {}),
    ...(lines ? { lines } : {}),
    ...(body.invoiced_at !== undefined ? { invoicedOn: body.invoiced_at } : {}),
    ...(body.due_at !== undefined ? { dueOn: body.due_at || null } : {}),
    ...(body.note !== undefined ? { note: body.note } : {}),
    ...(body.company_note !== undefined ? { companyNote: body.company_note } : {}),
    ...(logoId !== undefined ? { logoId } : {}),
    ...(body.stamps !== undefined ? { stampRanges: body.stamps ? body.stamps.map(stampRange) : null } : {}),
    ...(body.status !== undefined ? { status: body.status } : {}),
  };
}
