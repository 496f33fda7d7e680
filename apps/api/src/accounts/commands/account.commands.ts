import { Command } from '@nestjs/cqrs';
import type { CustomerAccountResponse } from '#domain/contracts/account.contract.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import type {
  ApplyCreditBody,
  ReceivePaymentBody,
  RefundCreditBody,
  UnapplyCreditBody,
} from '../dto/account.body.js';

/** POST /customer/{id}/payment: answers the customer's account after it. */
export class ReceivePaymentOnAccountCommand extends Command<CustomerAccountResponse> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly customerId: string,
    readonly body: ReceivePaymentBody,
    /** From the Idempotency-Key header: a retried submit receives the payment once. */
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/** POST /customer/{id}/credit/apply. */
export class ApplyAccountCreditCommand extends Command<CustomerAccountResponse> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly customerId: string,
    readonly body: ApplyCreditBody,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/** POST /customer/{id}/credit/refund. */
export class RefundAccountCreditCommand extends Command<CustomerAccountResponse> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly customerId: string,
    readonly body: RefundCreditBody,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/** POST /customer/{id}/credit/unapply: the owner's alone (`byOwner`), like a payment's edit or deletion. */
export class UnapplyAccountCreditCommand extends Command<CustomerAccountResponse> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly customerId: string,
    readonly body: UnapplyCreditBody,
    readonly byOwner: boolean,
  ) {
    super();
  }
}
