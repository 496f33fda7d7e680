import { Query } from '@nestjs/cqrs';
import type { GridInput, GridResult } from '../../infra/grid/index.js';
import type { CustomerResponse } from '../customer.response.js';

export class CustomerGridQuery extends Query<GridResult<Partial<CustomerResponse>>> {
  constructor(
    readonly companyId: string,
    readonly params: GridInput,
  ) {
    super();
  }
}
