import { Query } from '@nestjs/cqrs';
import type { GridInput, GridResult } from '#infra/grid/index.js';
import type { CustomerGridRow } from '#domain/contracts/customer.contract.js';

export class CustomerGridQuery extends Query<GridResult<CustomerGridRow>> {
  constructor(
    readonly companyId: string,
    readonly params: GridInput,
  ) {
    super();
  }
}
