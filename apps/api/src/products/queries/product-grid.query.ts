import { Query } from '@nestjs/cqrs';
import type { GridInput, GridResult } from '#infra/grid/index.js';

export class ProductGridQuery extends Query<GridResult<Record<string, unknown>>> {
  constructor(
    readonly companyId: string,
    readonly params: GridInput,
  ) {
    super();
  }
}
