import { Query } from '@nestjs/cqrs';
import type { StampRangeCheckResponse } from '#domain/contracts/stamp.contract.js';
import type { StampRangeInput } from '#domain/stamps/stamp.commands.js';

/**
 * POST /stamp/range/check: the invoice builder's check of one manual range (as the client's specification asks), decided on the ledger's current state with the same rule the allocation applies. A broken rule is
 * the usual 4xx answer with the spec's message.
 */
export class StampRangeCheckQuery extends Query<StampRangeCheckResponse> {
  constructor(
    readonly companyId: string,
    readonly range: StampRangeInput,
    readonly invoiceId: string | undefined,
    readonly added: StampRangeInput[],
  ) {
    super();
  }
}
