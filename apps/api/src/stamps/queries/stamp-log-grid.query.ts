import { Query } from '@nestjs/cqrs';
import type { GridInput, GridResult } from '../../infra/grid/index.js';

/** GET /invoice/stamp/grid. */
export class StampLogGridQuery extends Query<GridResult<Record<string, unknown>>> {
  constructor(
    readonly companyId: string,
    readonly params: GridInput,
  ) {
    super();
  }
}
