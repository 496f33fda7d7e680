import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { fileDate, localDateTime } from '../../infra/company-time.js';
import { allRowsOf, streamCursorCsv } from '../../infra/csv/cursor-csv.js';
import { buildGridQueries, parseGridRequest } from '#infra/grid/index.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { stampSettings } from '../stamp-company.settings.js';
import { STAMP_LOG_CSV_COLUMNS, stampLogGrid } from './stamp-log.grid.js';
import { StampLogCsvQuery } from './stamp-log-csv.query.js';

/** The stamp log as CSV for the grid's filter and sort (the web shows 'Error occurred while generating CSV'). */
@QueryHandler(StampLogCsvQuery)
export class StampLogCsvHandler implements IQueryHandler<StampLogCsvQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId, params, now }: StampLogCsvQuery) {
    const request = parseGridRequest(stampLogGrid, { startRow: 0, endRow: 1, ...params });
    const { rows: query } = buildGridQueries(stampLogGrid, request, companyId);
    const { timeZone } = await stampSettings(this.pool, companyId);
    const stream = await streamCursorCsv(
      this.pool,
      allRowsOf(query),
      STAMP_LOG_CSV_COLUMNS.map(([header]) => header),
      (row) =>
        STAMP_LOG_CSV_COLUMNS.map(([, colId]) =>
          colId === 'logged_at' && row[colId] instanceof Date
            ? localDateTime(row[colId] as Date, timeZone)
            : row[colId],
        ),
    );
    return { filename: `stamps_${fileDate(now, timeZone)}.csv`, stream };
  }
}
