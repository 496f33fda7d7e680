import { Query } from '@nestjs/cqrs';
import type { Readable } from 'node:stream';
import type { CreditMemoGridRow, CreditMemoResponse } from '#domain/contracts/credit-memo.contract.js';
import type { GridInput, GridResult } from '#infra/grid/index.js';

export class GetCreditMemoQuery extends Query<CreditMemoResponse> {
  constructor(
    readonly companyId: string,
    readonly id: string,
  ) {
    super();
  }
}

export class CreditMemoGridQuery extends Query<GridResult<CreditMemoGridRow>> {
  constructor(
    readonly companyId: string,
    readonly params: GridInput,
  ) {
    super();
  }
}

/** The grid's filter and sort as a CSV file. */
export class CreditMemoCsvQuery extends Query<{ filename: string; stream: Readable }> {
  constructor(
    readonly companyId: string,
    readonly params: { filterModel?: string; sortModel?: string },
    readonly now: Date,
  ) {
    super();
  }
}
