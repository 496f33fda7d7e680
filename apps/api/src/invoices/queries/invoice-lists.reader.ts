import { Inject, Injectable } from '@nestjs/common';
import type { Readable } from 'node:stream';
import type pg from 'pg';
import type { QuickSearchCustomer } from '#domain/contracts/invoice.contract.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import {
  reversedPage,
  withPage,
  type GridRequest,
  type GridResult,
  type SqlQuery,
} from '#infra/grid/index.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { streamCursorCsv } from '../../infra/csv/cursor-csv.js';
import { dueClock } from '../invoice-due.js';
import { cloverApiRequestLog, INVOICE_SUMMARY_SQL } from '../invoice.response.js';

const RECENT = 10;
const QUICK_SEARCH_RESULTS = 5;

/** A filtered grid counts at most this many matches (and one more, to know it stopped). */
export const INVOICE_COUNT_CAP = 10_000;
/** From this row on a page may be worth reading from the other end (the count decides). */
const INVOICE_DEEP_PAGE_FROM = 1_000;

type Page = GridResult<Record<string, unknown>>;

/** The invoice lists' reads: the grid's pages and CSV, the recent invoices, the quick search, a customer's last. */
@Injectable()
export class InvoiceListsReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** The company's today, time zone and credit-law setting (for the due dates and statuses). */
  dueClock(companyId: string, now: string) {
    return dueClock(this.pool, companyId, now);
  }

  /**
   * A page of the invoice grid. Two costs grow with a company's invoices, and both are cut here (and a filtered page
   * that ends the result is its own count: no count statement):
   * - the count: a filtered count stops at INVOICE_COUNT_CAP + 1 matches (`count_capped: true` then says so); the
   *   unfiltered one is read from rm_invoice_count, which the invoice projection keeps;
   * - deep pages: OFFSET walks every skipped row, so a page in the second half of an exactly counted result is read
   *   from the other end of the same index (reversed ORDER BY, OFFSET count − endRow) and turned back: the last page
   *   costs what the first does.
   */
  async page(
    companyId: string,
    request: GridRequest,
    queries: { rows: SqlQuery; count: SqlQuery },
  ): Promise<Page> {
    const filtered = request.filters.length > 0;
    const countQuery = filtered ? cappedCount(queries.count, INVOICE_COUNT_CAP) : keptCount(companyId);
    const deep = request.startRow >= INVOICE_DEEP_PAGE_FROM;
    if (!deep && filtered) {
      // A search (a number, a customer) mostly fits on its page: the page is read with one row more, and a page
      // that ends the result (that row absent) is its own count; only a page with more after it costs the count
      // statement.
      const size = request.endRow - request.startRow;
      const { rows } = await this.pool.query(queries.rows.text, withPage(queries.rows.values, size + 1));
      if (rows.length <= size && (rows.length > 0 || request.startRow === 0))
        return withCount(rows, request.startRow + rows.length, filtered);
      const counted = await this.pool.query(countQuery.text, countQuery.values);
      return withCount(rows.slice(0, size), Number(counted.rows[0].count), filtered);
    }
    if (!deep) {
      const [rows, counted] = await Promise.all([
        this.pool.query(queries.rows.text, queries.rows.values),
        this.pool.query(countQuery.text, countQuery.values),
      ]);
      return withCount(rows.rows, Number(counted.rows[0].count), filtered);
    }
    const count = Number((await this.pool.query(countQuery.text, countQuery.values)).rows[0].count);
    const exact = !filtered || count <= INVOICE_COUNT_CAP;
    if (exact && request.startRow >= count) return withCount([], count, filtered);
    if (exact && request.startRow > count / 2) {
      const end = Math.min(request.endRow, count);
      const reversed = reversedPage(queries.rows, count - end, end - request.startRow);
      const rows = await this.pool.query(reversed.text, reversed.values);
      return withCount(rows.rows.reverse(), count, filtered);
    }
    const rows = await this.pool.query(queries.rows.text, queries.rows.values);
    return withCount(rows.rows, count, filtered);
  }

  /** A grid query's rows streamed through a cursor as CSV lines. */
  csv(
    query: SqlQuery,
    header: string[],
    cellsOf: (row: Record<string, unknown>) => unknown[] | unknown[][],
  ): Promise<Readable> {
    return streamCursorCsv(this.pool, query, header, cellsOf);
  }

  /** The invoices created last, at most RECENT. */
  recent(companyId: string): Promise<Record<string, unknown>[]> {
    return tenantQuery(
      this.pool,
      companyId,
      `SELECT ${INVOICE_SUMMARY_SQL} FROM rm_invoice i
       WHERE i.company_id = $1 AND i.deleted_at IS NULL ORDER BY i.created_at DESC LIMIT ${RECENT}`,
    );
  }

  /** The customer's invoice created last, or undefined. */
  async lastOfCustomer(companyId: string, customerId: string): Promise<Record<string, unknown> | undefined> {
    const [row] = await tenantQuery(
      this.pool,
      companyId,
      `SELECT * FROM rm_invoice i WHERE i.company_id = $1 AND i.customer_id = $2 AND i.deleted_at IS NULL
           ORDER BY i.created_at DESC LIMIT 1`,
      [customerId],
    );
    return row;
  }

  /** Invoices by number prefix or customer name, and customers by name or TABC id, at most QUICK_SEARCH_RESULTS each. */
  quickSearch(companyId: string, text: string) {
    return Promise.all([
      tenantQuery(
        this.pool,
        companyId,
        `SELECT ${INVOICE_SUMMARY_SQL} FROM rm_invoice i
         WHERE i.company_id = $1 AND i.deleted_at IS NULL
           AND (i.number ILIKE $2 || '%' OR i.customer_name ILIKE '%' || $2 || '%')
         ORDER BY (i.number ILIKE $2 || '%') DESC, i.created_at DESC LIMIT ${QUICK_SEARCH_RESULTS}`,
        [text],
      ),
      tenantQuery<QuickSearchCustomer>(
        this.pool,
        companyId,
        `SELECT c.id, c.name, c.display_tabc_id, c.city, c.color_index FROM rm_customer c
         WHERE c.company_id = $1 AND c.removed_at IS NULL
           AND (c.name ILIKE '%' || $2 || '%' OR c.display_tabc_id ILIKE $2 || '%')
         ORDER BY c.name LIMIT ${QUICK_SEARCH_RESULTS}`,
        [text],
      ),
    ]);
  }

  /** The invoice's requests to Clover, newest first. */
  cloverLog(companyId: string, invoiceId: string) {
    return cloverApiRequestLog(this.pool, companyId, invoiceId);
  }
}

function withCount(rows: Record<string, unknown>[], count: number, filtered: boolean) {
  return filtered && count > INVOICE_COUNT_CAP
    ? { rows, count: INVOICE_COUNT_CAP + 1, count_capped: true }
    : { rows, count };
}

/** The unfiltered count, as the invoice projection keeps it (no row is counted per request). */
function keptCount(companyId: string): SqlQuery {
  return {
    text: 'SELECT coalesce((SELECT live FROM rm_invoice_count WHERE company_id = $1), 0) AS count',
    values: [companyId],
  };
}

function cappedCount(count: SqlQuery, cap: number): SqlQuery {
  const from = count.text.replace(/^SELECT count\(\*\) AS count /, '');
  return {
    text: `SELECT count(*) AS count FROM (SELECT 1 ${from} LIMIT ${cap + 1}) capped`,
    values: count.values,
  };
}
