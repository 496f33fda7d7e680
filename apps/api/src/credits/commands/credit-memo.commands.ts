import { Command } from '@nestjs/cqrs';
import type { CreditMemoResponse } from '#domain/contracts/credit-memo.contract.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import type { CreditMemoBody, VoidCreditMemoBody } from '../dto/credit-memo.body.js';

/** POST /credit-memo: answers the memo issued (or, for a retry, the memo issued the first time). */
export class IssueCreditMemoCommand extends Command<CreditMemoResponse> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly body: CreditMemoBody,
    /** From the Idempotency-Key header: a retried submit issues one memo. */
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/** POST /credit-memo/{id}/void: answers the memo, void. */
export class VoidCreditMemoCommand extends Command<CreditMemoResponse> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly creditMemoId: string,
    readonly body: VoidCreditMemoBody,
  ) {
    super();
  }
}
