import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { DeliveryAdjustmentReason } from '#domain/contracts/route.contract.js';
import type { DeliverInvoice } from '#domain/invoices/invoice-delivered.decide.js';
import {
  ADJUSTMENT_REASONS,
  dataImage,
  photoProblem,
  signatureProblem,
  type DataImage,
} from '#domain/invoices/invoice-delivered.rules.js';
import { invoiceInvalid } from '#domain/invoices/invoice.errors.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { centsOf } from '#domain/shared/money.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { idempotentId } from '../../infra/http/idempotent-id.js';
import { holdingNow } from '../../stamps/stamp-holdings.js';
import type { DeliverInvoiceBody } from '../dto/delivery.body.js';
import { InvoiceReader } from '../invoice-reader.js';
import { DelinquentGateService } from '../compliance/delinquent-gate.service.js';
import { DeliveryImages, type DeliveryDefaults } from '../proof-of-delivery/delivery-images.js';
import { DeliverInvoiceCommand } from './deliver-invoice.command.js';
import { deliverInvoiceDecision } from './deliver-invoice.decisions.js';

const KEY_REQUIRED = 'Idempotency-Key is required: send the same key again when you retry a delivery.';

/** The signature and photo as data, or 400 naming what is wrong with them. */
function imagesOf(body: DeliverInvoiceBody): { signature: DataImage; photo: DataImage | null } {
  const problems = [
    { field: 'signature', message: signatureProblem(body.signature) },
    { field: 'photo', message: photoProblem(body.photo) },
  ].filter((p): p is { field: string; message: string } => p.message !== undefined);
  if (problems.length > 0) throw invoiceInvalid(problems);
  return { signature: dataImage(body.signature)!, photo: body.photo ? dataImage(body.photo)! : null };
}

/** The ids a delivery names, from its Idempotency-Key: the same request again names the same delivery. */
function deliveryIds(metadata: CommandMetadata, invoiceId: string, key: string) {
  const id = (what: string) =>
    idempotentId(metadata.companyId, metadata.userId, `delivery:${invoiceId}:${what}:${key}`);
  const creditMemoIds = Object.fromEntries(
    ADJUSTMENT_REASONS.map((reason) => [reason, id(`memo-${reason}`)]),
  );
  return {
    signature: id('signature'),
    photo: id('photo'),
    creditMemoIds: creditMemoIds as Record<DeliveryAdjustmentReason, string>,
    payment: (i: number) => id(`payment-${i}`),
  };
}

function deliverCommand(
  { metadata, body, deliveredByName }: DeliverInvoiceCommand,
  invoiceId: string,
  ids: ReturnType<typeof deliveryIds>,
  context: { timeZone: string; cashOnDelivery: boolean; photo: boolean; defaults: DeliveryDefaults },
): DeliverInvoice {
  // Without a means, the company's default (and its carrier); a carrier named in the body wins.
  const means = body.means ?? context.defaults.means;
  const carrier = body.carrier ?? (body.means ? null : context.defaults.carrier);
  return {
    type: 'DeliverInvoice',
    data: {
      invoiceId,
      deliveredAt: body.delivered_at,
      deliveredBy: { userId: metadata.userId ?? '', name: deliveredByName },
      signerName: body.signer_name,
      signatureId: ids.signature,
      photoId: context.photo ? ids.photo : null,
      means,
      carrier,
      routeId: body.route_id ?? null,
      stopId: body.stop_id ?? null,
      invoiceVersion: body.invoice_version ?? null,
      adjustments: (body.adjustments ?? []).map((a) => ({
        lineId: a.line_id,
        qty: a.quantity,
        reason: a.reason,
      })),
      payments: (body.payments ?? []).map((p, i) => ({
        paymentId: ids.payment(i),
        method: p.method,
        amountCents: centsOf(p.amount),
        reference: p.reference ?? '',
      })),
      note: body.note?.trim() ?? '',
      creditMemoIds: ids.creditMemoIds,
      cashOnDelivery: context.cashOnDelivery,
      timeZone: context.timeZone,
    },
    metadata,
  };
}

/**
 * Delivers an invoice of the caller's company (else 404): the delinquent-list gate first (no liquor or wine on
 * credit to a listed retailer, 409), then the images are checked and stored (by ids from the
 * Idempotency-Key, so a retry stores nothing new), then one decision on the invoice's stream; answers the invoice
 * with its proof of delivery.
 */
@CommandHandler(DeliverInvoiceCommand)
export class DeliverInvoiceHandler implements ICommandHandler<DeliverInvoiceCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(InvoiceReader) private readonly invoices: InvoiceReader,
    @Inject(DeliveryImages) private readonly images: DeliveryImages,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(DelinquentGateService) private readonly delinquentList: DelinquentGateService,
  ) {}

  async execute(request: DeliverInvoiceCommand) {
    const { metadata, idOrNumber, body, idempotencyKey } = request;
    const { companyId, now } = metadata;
    const invoice = await this.invoices.row(companyId, idOrNumber);
    if (request.byDriver) await this.images.onDriversRoute(companyId, metadata.userId ?? '', invoice.id);
    if (!idempotencyKey)
      throw new DomainError('IDEMPOTENCY_KEY_REQUIRED', 'invalid', KEY_REQUIRED, [
        { field: 'Idempotency-Key', message: KEY_REQUIRED },
      ]);
    const { signature, photo } = imagesOf(body);
    const [timeZone, cashOnDelivery, held, defaults] = await Promise.all([
      this.invoices.timeZone(companyId),
      this.images.customerCod(companyId, invoice.customer_id),
      holdingNow(this.events, this.pool, companyId, invoice.id),
      this.images.defaults(companyId),
    ]);
    const collected = (body.payments ?? []).reduce((sum, p) => sum + (centsOf(p.amount) ?? 0), 0);
    await this.delinquentList.guardDelivery(invoice, collected, cashOnDelivery, now, timeZone);
    const ids = deliveryIds(metadata, invoice.id, idempotencyKey);
    await this.images.save(companyId, invoice.id, ids.signature, 'signature', signature, now);
    if (photo) await this.images.save(companyId, invoice.id, ids.photo, 'photo', photo, now);
    const context = { timeZone, cashOnDelivery, photo: photo !== null, defaults };
    const command = deliverCommand(request, invoice.id, ids, context);
    await this.events.run(deliverInvoiceDecision(command, held.ranges), metadata, {
      waitForProjections: true,
    });
    return this.invoices.read(companyId, invoice.id);
  }
}
