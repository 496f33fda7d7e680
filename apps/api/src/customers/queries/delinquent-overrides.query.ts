import { Query } from '@nestjs/cqrs';
import type { DelinquentOverrideListResponse } from '#domain/contracts/credit-law.contract.js';

/** Every override of the delinquent-list gate recorded in the company, newest first (the inspection record). */
export class DelinquentOverridesQuery extends Query<DelinquentOverrideListResponse> {
  constructor(readonly companyId: string) {
    super();
  }
}
