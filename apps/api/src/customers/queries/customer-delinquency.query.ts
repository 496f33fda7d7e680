import { Query } from '@nestjs/cqrs';

/** The client's specification: whether the customer is on the TABC credit-law delinquent list, and from when. */
export interface DelinquencyResponse {
  delinquent: boolean;
  effective_date: string | null;
  list_number: string | null;
  permit: string | null;
}

export class CustomerDelinquencyQuery extends Query<DelinquencyResponse> {
  constructor(
    readonly companyId: string,
    readonly customerId: string,
  ) {
    super();
  }
}
