import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Readable } from 'node:stream';
import type pg from 'pg';
import { buildGridQueries, parseGridRequest } from '../../infra/grid/index.js';
import { PG_POOL } from '../../infra/projections.provider.js';
import { csvLine, fileDate, localDateTime } from '../csv.js';
import { stampSettings } from '../stamp-company.settings.js';
import { STAMP_LOG_CSV_COLUMNS, stampLogGrid } from './stamp-log.grid.js';
import { StampLogCsvQuery } from './stamp-log-csv.query.js';

const FETCH_ROWS = 2000;

/**
 * Streams the log through a server-side cursor in one read-only transaction: memory stays flat for a million rows,
 * and the file is one consistent snapshot. The first rows are fetched before answering, so a failure is still a
 * clean error response (the web shows 'Error occurred while generating CSV').
 */
@QueryHandler(StampLogCsvQuery)
export class StampLogCsvHandler implements IQueryHandler<StampLogCsvQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId, params, now }: StampLogCsvQuery) {
    const request = parseGridRequest(stampLogGrid, { startRow: 0, endRow: 1, ...params });
    const { rows: query } = buildGridQueries(stampLogGrid, request, companyId);
    const values = [...query.values];
    values[values.length - 2] = null; // LIMIT NULL: every row
    values[values.length - 1] = 0;
    const { timeZone } = await stampSettings(this.pool, companyId);

    const client = await this.pool.connect();
    let open = true;
    const close = async (commit: boolean) => {
      if (!open) return;
      open = false;
      await client.query(commit ? 'COMMIT' : 'ROLLBACK').catch(() => {});
      client.release();
    };
    let first: Record<string, unknown>[];
    try {
      await client.query('BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
      await client.query(`DECLARE stamp_log_csv NO SCROLL CURSOR FOR ${query.text}`, values);
      first = (await client.query(`FETCH ${FETCH_ROWS} FROM stamp_log_csv`)).rows;
    } catch (error) {
      await close(false);
      throw error;
    }

    const line = (row: Record<string, unknown>) =>
      csvLine(
        STAMP_LOG_CSV_COLUMNS.map(([, colId]) =>
          colId === 'logged_at' && row[colId] instanceof Date
            ? localDateTime(row[colId] as Date, timeZone)
            : row[colId],
        ),
      );
    async function* lines() {
      try {
        yield csvLine(STAMP_LOG_CSV_COLUMNS.map(([header]) => header));
        let batch = first;
        while (batch.length > 0) {
          yield batch.map(line).join('');
          if (batch.length < FETCH_ROWS || !open) break;
          batch = (await client.query(`FETCH ${FETCH_ROWS} FROM stamp_log_csv`)).rows;
        }
        await close(true);
      } finally {
        await close(false); // the download was aborted or failed
      }
    }
    const stream = Readable.from(lines());
    stream.on('close', () => void close(false)); // also when destroyed before the first read
    return { filename: `stamps_${fileDate(now, timeZone)}.csv`, stream };
  }
}
