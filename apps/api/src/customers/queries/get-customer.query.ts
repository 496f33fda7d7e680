import { Query } from '@nestjs/cqrs';
import type { CustomerDetailResponse } from '#domain/contracts/customer.contract.js';

export class GetCustomerQuery extends Query<CustomerDetailResponse> {
  constructor(
    readonly companyId: string,
    readonly customerId: string,
  ) {
    super();
  }
}
