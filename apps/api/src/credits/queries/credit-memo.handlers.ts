import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { CreditMemoGridRow } from '#domain/contracts/credit-memo.contract.js';
import { buildGridQueries, parseGridRequest, runGrid } from '#infra/grid/index.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { companyTimeZone, fileDate } from '../../infra/company-time.js';
import { allRowsOf, streamCursorCsv } from '../../infra/csv/cursor-csv.js';
import { CREDIT_MEMO_CSV, creditMemoGrid } from './credit-memo.grid.js';
import { CreditMemoCsvQuery, CreditMemoGridQuery, GetCreditMemoQuery } from './credit-memo.queries.js';
import { CreditMemoReader } from './credit-memo.reader.js';

@QueryHandler(GetCreditMemoQuery)
export class GetCreditMemoHandler implements IQueryHandler<GetCreditMemoQuery> {
  constructor(@Inject(CreditMemoReader) private readonly reader: CreditMemoReader) {}

  execute({ companyId, id }: GetCreditMemoQuery) {
    return this.reader.read(companyId, id);
  }
}

@QueryHandler(CreditMemoGridQuery)
export class CreditMemoGridHandler implements IQueryHandler<CreditMemoGridQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  execute({ companyId, params }: CreditMemoGridQuery) {
    return runGrid<CreditMemoGridRow>(this.pool, creditMemoGrid, params, companyId);
  }
}

@QueryHandler(CreditMemoCsvQuery)
export class CreditMemoCsvHandler implements IQueryHandler<CreditMemoCsvQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId, params, now }: CreditMemoCsvQuery) {
    const request = parseGridRequest(creditMemoGrid, { ...params, startRow: 0, endRow: 1 });
    const { rows: query } = buildGridQueries(creditMemoGrid, request, companyId);
    const timeZone = await companyTimeZone(this.pool, companyId);
    const stream = await streamCursorCsv(
      this.pool,
      allRowsOf(query),
      CREDIT_MEMO_CSV.map(([header]) => header),
      (row) => CREDIT_MEMO_CSV.map(([, colId]) => row[colId]),
    );
    return { filename: `credit_memos_${fileDate(now, timeZone)}.csv`, stream };
  }
}
