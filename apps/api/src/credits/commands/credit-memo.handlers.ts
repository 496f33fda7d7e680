import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { IssueCreditMemo } from '#domain/credits/credit-memo.commands.js';
import { centsOf } from '#domain/shared/money.js';
import { EventAppender } from '#engine';
import type pg from 'pg';
import { PG_POOL } from '#infra/projections.provider.js';
import { holdingNow } from '../../stamps/stamp-holdings.js';
import { idempotentId } from '../../infra/http/idempotent-id.js';
import { InvoiceReader } from '../../invoices/invoice-reader.js';
import { CreditMemoReader } from '../queries/credit-memo.reader.js';
import { IssueCreditMemoCommand, VoidCreditMemoCommand } from './credit-memo.commands.js';
import { issueCreditMemoDecision, voidCreditMemoDecision } from './credit-memo.decisions.js';

/**
 * Issues a credit memo: its id from the Idempotency-Key (a retry that reaches here answers the memo issued the
 * first time), the invoice named by id or number within the caller's company (else 404), then one decision.
 */
@CommandHandler(IssueCreditMemoCommand)
export class IssueCreditMemoHandler implements ICommandHandler<IssueCreditMemoCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(InvoiceReader) private readonly invoices: InvoiceReader,
    @Inject(CreditMemoReader) private readonly reader: CreditMemoReader,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ metadata, body, idempotencyKey }: IssueCreditMemoCommand) {
    const creditMemoId = idempotentId(
      metadata.companyId,
      metadata.userId,
      idempotencyKey && `credit-memo:${idempotencyKey}`,
    );
    if (idempotencyKey && (await this.reader.find(metadata.companyId, creditMemoId)))
      return this.reader.read(metadata.companyId, creditMemoId);
    const [invoice, timeZone] = await Promise.all([
      this.invoices.row(metadata.companyId, body.invoice),
      this.invoices.timeZone(metadata.companyId),
    ]);
    const command = issueCommand(metadata, body, { creditMemoId, invoiceId: invoice.id, timeZone });
    const held = await holdingNow(this.events, this.pool, metadata.companyId, invoice.id);
    await this.events.run(issueCreditMemoDecision(command, held.ranges), metadata, {
      waitForProjections: true,
    });
    return this.reader.read(metadata.companyId, creditMemoId);
  }
}

/** The domain's command issuing a credit memo on the invoice named: the body's lines, and its amount in cents. */
function issueCommand(
  metadata: IssueCreditMemoCommand['metadata'],
  body: IssueCreditMemoCommand['body'],
  ids: { creditMemoId: string; invoiceId: string; timeZone: string },
): IssueCreditMemo {
  return {
    type: 'IssueCreditMemo',
    data: {
      creditMemoId: ids.creditMemoId,
      invoiceId: ids.invoiceId,
      reason: body.reason,
      note: body.note ?? '',
      lines: (body.lines ?? []).map((line) => ({ lineNo: line.line_no, qty: line.qty })),
      amountCents: body.amount === undefined || body.amount === null ? null : (centsOf(body.amount) ?? null),
      timeZone: ids.timeZone,
    },
    metadata,
  };
}

/** Voids a memo of the caller's company (else 404) on its invoice's stream. */
@CommandHandler(VoidCreditMemoCommand)
export class VoidCreditMemoHandler implements ICommandHandler<VoidCreditMemoCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(CreditMemoReader) private readonly reader: CreditMemoReader,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ metadata, creditMemoId, body }: VoidCreditMemoCommand) {
    const memo = await this.reader.row(metadata.companyId, creditMemoId);
    const held = await holdingNow(this.events, this.pool, metadata.companyId, memo.invoice_id);
    const decision = voidCreditMemoDecision(
      {
        type: 'VoidCreditMemo',
        data: { creditMemoId: memo.id, invoiceId: memo.invoice_id, reason: body.reason },
        metadata,
      },
      held.ranges,
    );
    await this.events.run(decision, metadata, { waitForProjections: true });
    return this.reader.read(metadata.companyId, memo.id);
  }
}
