import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Allocation, ReceivePaymentOnAccount } from '#domain/accounts/customer-account.decide.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import { centsOf } from '#domain/shared/money.js';
import { EventAppender } from '#engine';
import { idempotentId } from '../../infra/http/idempotent-id.js';
import type { ApplicationBody, ReceivePaymentBody } from '../dto/account.body.js';
import { AccountReader } from '../queries/account.reader.js';
import {
  ApplyAccountCreditCommand,
  ReceivePaymentOnAccountCommand,
  RefundAccountCreditCommand,
  UnapplyAccountCreditCommand,
} from './account.commands.js';
import {
  applyCreditDecision,
  receivePaymentDecision,
  refundCreditDecision,
  unapplyCreditDecision,
} from './account.decisions.js';

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

/** The domain's command of POST /customer/{id}/payment. */
function receiveCommand(
  metadata: CommandMetadata,
  body: ReceivePaymentBody,
  data: Allocation & { customerId: string; timeZone: string },
  key: string | undefined,
): ReceivePaymentOnAccount {
  return {
    type: 'ReceivePaymentOnAccount',
    data: {
      ...data,
      paymentId: idOf(metadata, key, 'payment'),
      applicationId: idOf(metadata, key, 'application'),
      amountCents: centsOf(body.amount),
      method: body.method,
      reference: body.reference ?? '',
      receivedOn: body.received_at,
      note: body.note ?? '',
    },
    metadata,
  };
}

/** A decision on a customer's account (every write decides over the account and the invoices it touches). */
type AccountWrite = ReturnType<typeof applyCreditDecision> | ReturnType<typeof unapplyCreditDecision>;

/**
 * The one path of every write on a customer's account: the customer of the company (else 404) and its time zone,
 * the write's decision made from them, run in one append with the account's read-your-writes wait, then the account
 * as it reads after.
 */
async function writeOnAccount(
  events: EventAppender,
  reader: AccountReader,
  metadata: CommandMetadata,
  customerId: string,
  decisionOf: (customer: { customerId: string; timeZone: string }) => Promise<AccountWrite> | AccountWrite,
) {
  const customer = await reader.customerAndZone(metadata.companyId, customerId);
  await events.run(await decisionOf(customer), metadata, { waitForProjections: true });
  return reader.read(metadata.companyId, customer.customerId);
}

/** Money received for a customer, applied oldest first or to the invoices chosen; the rest stays as credit. */
@CommandHandler(ReceivePaymentOnAccountCommand)
export class ReceivePaymentOnAccountHandler implements ICommandHandler<ReceivePaymentOnAccountCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(AccountReader) private readonly reader: AccountReader,
  ) {}

  execute({ metadata, customerId, body, idempotencyKey }: ReceivePaymentOnAccountCommand) {
    return writeOnAccount(this.events, this.reader, metadata, customerId, async (customer) => {
      const cents = centsOf(body.amount) ?? 0;
      const allocation = await allocationOf(
        this.reader,
        metadata,
        customer.customerId,
        body.invoices,
        cents,
        idempotencyKey,
      );
      return receivePaymentDecision(
        receiveCommand(metadata, body, { ...allocation, ...customer }, idempotencyKey),
      );
    });
  }
}

/** The customer's unapplied credit applied to its open invoices; never more than the credit. */
@CommandHandler(ApplyAccountCreditCommand)
export class ApplyAccountCreditHandler implements ICommandHandler<ApplyAccountCreditCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(AccountReader) private readonly reader: AccountReader,
  ) {}

  execute({ metadata, customerId, body, idempotencyKey }: ApplyAccountCreditCommand) {
    return writeOnAccount(this.events, this.reader, metadata, customerId, async (customer) => {
      const credit = await this.reader.unappliedCents(metadata.companyId, customer.customerId);
      const allocation = await allocationOf(
        this.reader,
        metadata,
        customer.customerId,
        body.invoices,
        credit,
        idempotencyKey,
      );
      return applyCreditDecision({
        type: 'ApplyAccountCredit',
        data: {
          ...allocation,
          customerId: customer.customerId,
          applicationId: idOf(metadata, idempotencyKey, 'application'),
          timeZone: customer.timeZone,
        },
        metadata,
      });
    });
  }
}

/** A refund of the customer's credit by check or ACH; never more than the credit. */
@CommandHandler(RefundAccountCreditCommand)
export class RefundAccountCreditHandler implements ICommandHandler<RefundAccountCreditCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(AccountReader) private readonly reader: AccountReader,
  ) {}

  execute({ metadata, customerId, body, idempotencyKey }: RefundAccountCreditCommand) {
    return writeOnAccount(this.events, this.reader, metadata, customerId, (customer) =>
      refundCreditDecision({
        type: 'RefundAccountCredit',
        data: {
          customerId: customer.customerId,
          refundId: idOf(metadata, idempotencyKey, 'refund'),
          amountCents: centsOf(body.amount),
          method: body.method,
          reference: body.reference,
          refundedOn: body.refunded_at,
          timeZone: customer.timeZone,
        },
        metadata,
      }),
    );
  }
}

/**
 * One invoice's share of an application taken back to the customer's credit: the invoice of the company (else 404),
 * then the decision over the account and that invoice. Its ids are the request's own, so a retry (whatever its
 * Idempotency-Key) decides nothing.
 */
@CommandHandler(UnapplyAccountCreditCommand)
export class UnapplyAccountCreditHandler implements ICommandHandler<UnapplyAccountCreditCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(AccountReader) private readonly reader: AccountReader,
  ) {}

  execute({ metadata, customerId, body, byOwner }: UnapplyAccountCreditCommand) {
    return writeOnAccount(this.events, this.reader, metadata, customerId, async (customer) => {
      const [invoiceId] = await this.reader.ownInvoices(metadata.companyId, [body.invoice_id.toLowerCase()]);
      return unapplyCreditDecision({
        type: 'UnapplyAccountCredit',
        data: {
          customerId: customer.customerId,
          invoiceId: invoiceId!,
          invoicePaymentId: body.payment_id.toLowerCase(),
          byOwner,
          timeZone: customer.timeZone,
        },
        metadata,
      });
    });
  }
}
