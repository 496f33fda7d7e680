import { Query } from '@nestjs/cqrs';
import type { CustomerOverviewResponse } from '#domain/contracts/customer.contract.js';

export class CustomerOverviewQuery extends Query<CustomerOverviewResponse> {
  constructor(
    readonly companyId: string,
    readonly customerId: string,
    /** The instant the balance is aged on (its business date in the company's time zone). */
    readonly now: string,
  ) {
    super();
  }
}
