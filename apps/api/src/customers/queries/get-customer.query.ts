import { Query } from '@nestjs/cqrs';
import type { CustomerResponse } from '#domain/contracts/customer.contract.js';

export class GetCustomerQuery extends Query<CustomerResponse> {
  constructor(
    readonly companyId: string,
    readonly customerId: string,
  ) {
    super();
  }
}
