import { Query } from '@nestjs/cqrs';
import type { StampLogRow } from '#domain/contracts/stamp.contract.js';
import type { GridInput, GridResult } from '#infra/grid/index.js';

/** GET /invoice/stamp/grid. */
export class StampLogGridQuery extends Query<GridResult<StampLogRow>> {
  constructor(
    readonly companyId: string,
    readonly params: GridInput,
  ) {
    super();
  }
}
