import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Allocation } from '#domain/accounts/customer-account.decide.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import { centsOf } from '#domain/shared/money.js';
import { EventAppender } from '#engine';
import { idempotentId } from '../../infra/http/idempotent-id.js';
import type { ApplicationBody } from '../dto/account.body.js';
import { AccountReader } from '../queries/account.reader.js';
import {
  ApplyAccountCreditCommand,
  ReceivePaymentOnAccountCommand,
  RefundAccountCreditCommand,
} from './account.commands.js';
import { applyCreditDecision, receivePaymentDecision, refundCreditDecision } from './account.decisions.js';

/** The id a write takes: from the Idempotency-Key (a retry names the same payment), random without one. */
const idOf = (metadata: CommandMetadata, key: string | undefined, what: string) =>
  idempotentId(metadata.companyId, metadata.userId, key && `account-${what}:${key}`);

/**
 * The invoices a write may pay: those chosen (each of the company, else 404), or the customer's open invoices oldest
 * first as far as `cents` reaches; each with the id its payment there takes.
 */
async function allocationOf(
  reader: AccountReader,
  metadata: CommandMetadata,
  customerId: string,
  chosen: ApplicationBody[] | null | undefined,
  cents: number,
  key: string | undefined,
): Promise<Allocation> {
  const ids = chosen
    ? await reader.ownInvoices(
        metadata.companyId,
        chosen.map((c) => c.invoice_id.toLowerCase()),
      )
    : await reader.oldestOpen(metadata.companyId, customerId, cents);
  return {
    candidates: ids.map((invoiceId) => ({
      invoiceId,
      invoicePaymentId: idOf(metadata, key, `pay:${invoiceId}`),
    })),
    chosen: chosen
      ? chosen.map((c, index) => ({ invoiceId: ids[index]!, amountCents: centsOf(c.amount) ?? 0 }))
      : null,
  };
}

/** Money received for a customer, applied oldest first or to the invoices chosen; the rest stays as credit. */
@CommandHandler(ReceivePaymentOnAccountCommand)
export class ReceivePaymentOnAccountHandler implements ICommandHandler<ReceivePaymentOnAccountCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(AccountReader) private readonly reader: AccountReader,
  ) {}

  async execute({ metadata, customerId, body, idempotencyKey }: ReceivePaymentOnAccountCommand) {
    const [customer, timeZone] = await Promise.all([
      this.reader.customer(metadata.companyId, customerId),
      this.reader.timeZone(metadata.companyId),
    ]);
    const amountCents = centsOf(body.amount);
    const allocation = await allocationOf(
      this.reader,
      metadata,
      customer.id,
      body.invoices,
      amountCents ?? 0,
      idempotencyKey,
    );
    const decision = receivePaymentDecision({
      type: 'ReceivePaymentOnAccount',
      data: {
        ...allocation,
        customerId: customer.id,
        paymentId: idOf(metadata, idempotencyKey, 'payment'),
        applicationId: idOf(metadata, idempotencyKey, 'application'),
        amountCents,
        method: body.method,
        reference: body.reference ?? '',
        receivedOn: body.received_at,
        note: body.note ?? '',
        timeZone,
      },
      metadata,
    });
    await this.events.run(decision, metadata, { waitForProjections: true });
    return this.reader.read(metadata.companyId, customer.id);
  }
}

/** The customer's unapplied credit applied to its open invoices; never more than the credit. */
@CommandHandler(ApplyAccountCreditCommand)
export class ApplyAccountCreditHandler implements ICommandHandler<ApplyAccountCreditCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(AccountReader) private readonly reader: AccountReader,
  ) {}

  async execute({ metadata, customerId, body, idempotencyKey }: ApplyAccountCreditCommand) {
    const [customer, timeZone] = await Promise.all([
      this.reader.customer(metadata.companyId, customerId),
      this.reader.timeZone(metadata.companyId),
    ]);
    const credit = await this.reader.unappliedCents(metadata.companyId, customer.id);
    const allocation = await allocationOf(
      this.reader,
      metadata,
      customer.id,
      body.invoices,
      credit,
      idempotencyKey,
    );
    const decision = applyCreditDecision({
      type: 'ApplyAccountCredit',
      data: {
        ...allocation,
        customerId: customer.id,
        applicationId: idOf(metadata, idempotencyKey, 'application'),
        timeZone,
      },
      metadata,
    });
    await this.events.run(decision, metadata, { waitForProjections: true });
    return this.reader.read(metadata.companyId, customer.id);
  }
}

/** A refund of the customer's credit by check or ACH; never more than the credit. */
@CommandHandler(RefundAccountCreditCommand)
export class RefundAccountCreditHandler implements ICommandHandler<RefundAccountCreditCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(AccountReader) private readonly reader: AccountReader,
  ) {}

  async execute({ metadata, customerId, body, idempotencyKey }: RefundAccountCreditCommand) {
    const [customer, timeZone] = await Promise.all([
      this.reader.customer(metadata.companyId, customerId),
      this.reader.timeZone(metadata.companyId),
    ]);
    const decision = refundCreditDecision({
      type: 'RefundAccountCredit',
      data: {
        customerId: customer.id,
        refundId: idOf(metadata, idempotencyKey, 'refund'),
        amountCents: centsOf(body.amount),
        method: body.method,
        reference: body.reference,
        refundedOn: body.refunded_at,
        timeZone,
      },
      metadata,
    });
    await this.events.run(decision, metadata, { waitForProjections: true });
    return this.reader.read(metadata.companyId, customer.id);
  }
}
