import { Query } from '@nestjs/cqrs';
import type { CustomerResponse } from '#domain/contracts/customer.contract.js';

/** The company's customers by name (pickers); `search` matches name, address, city or TABC id. */
export class ListCustomersQuery extends Query<CustomerResponse[]> {
  constructor(
    readonly companyId: string,
    readonly search: string | undefined,
    readonly limit: number,
  ) {
    super();
  }
}
