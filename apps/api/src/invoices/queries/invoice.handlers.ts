import { dueClock, dueOfRow } from '../invoice-due.js';
import type { QuickSearchCustomer, QuickSearchResult } from '#domain/contracts/invoice.contract.js';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { invoiceNumbersDecider, invoiceNumbersStream, nextNumber } from '#domain/invoices/invoice-numbers.js';
import { displayNumber } from '#domain/invoices/invoice.rules.js';
import { DomainError } from '#domain/shared/domain-error.js';
import type { InvoiceContent } from '#domain/invoices/invoice.events.js';
import { dollarsOf } from '#domain/shared/money.js';
import { fileDate } from '../../infra/company-time.js';
import { allRowsOf, streamCursorCsv } from '../../infra/csv/cursor-csv.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { EventAppender } from '#engine';
import {
  buildGridQueries,
  parseGridRequest,
  reversedPage,
  withPage,
  type GridResult,
  type SqlQuery,
} from '#infra/grid/index.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { InvoiceContext } from '../invoice-context.js';
import { InvoiceReader } from '../invoice-reader.js';
import {
  cloverApiRequestLog,
  INVOICE_SUMMARY_SQL,
  invoiceSummary,
  normalizeRow,
} from '../invoice.response.js';
import { INVOICE_DETAILED_CSV_ITEM_HEADERS, INVOICE_SUMMARY_CSV, invoiceGrid } from './invoice.grid.js';
import {
  GetInvoiceQuery,
  InvoiceCsvQuery,
  InvoiceGridQuery,
  LastInvoiceQuery,
  NewInvoiceNumberQuery,
  QuickSearchQuery,
  RecentInvoicesQuery,
} from './invoice.queries.js';
import { Clock } from '../../infra/clock.js';

const RECENT = 10;
const QUICK_SEARCH_MIN = 3;
const QUICK_SEARCH_RESULTS = 5;

/** The invoice with its requests to Clover (read alongside its stamps and the company's day). */
@QueryHandler(GetInvoiceQuery)
export class GetInvoiceHandler implements IQueryHandler<GetInvoiceQuery> {
  constructor(
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ companyId, idOrNumber }: GetInvoiceQuery) {
    const row = await this.reader.row(companyId, idOrNumber);
    const [invoice, clover] = await Promise.all([
      this.reader.respond(companyId, row),
      cloverApiRequestLog(this.pool, companyId, row.id),
    ]);
    return { ...invoice, cloverApiRequestLog: clover };
  }
}

/**
 * The invoice grid. Two costs grow with a company's invoices, and both
 * are cut here (and a filtered page that ends the result is its own count: no count statement):
 * - the count: a filtered count stops at INVOICE_COUNT_CAP + 1 matches (`count_capped: true` then says so); the
 *   unfiltered one is read from rm_invoice_count, which the invoice projection keeps;
 * - deep pages: OFFSET walks every skipped row, so a page in the second half of an exactly counted result is read
 *   from the other end of the same index (reversed ORDER BY, OFFSET count − endRow) and turned back: the last page
 *   costs what the first does.
 */
@QueryHandler(InvoiceGridQuery)
export class InvoiceGridHandler implements IQueryHandler<InvoiceGridQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({
    companyId,
    params,
    customerId,
  }: InvoiceGridQuery): Promise<GridResult<Record<string, unknown>>> {
    const request = parseGridRequest(invoiceGrid, params);
    const clock = await dueClock(this.pool, companyId, this.clock.nowIso());
    // The customerId parameter is one more filter on the customer (ANDed with the filterModel's).
    if (customerId)
      request.filters.push({
        colId: 'customer_id',
        operator: 'AND',
        conditions: [{ filterType: 'set', type: 'in', values: [customerId] }],
      });
    const queries = buildGridQueries(invoiceGrid, request, companyId, clock);
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
        return this.shown(withCount(rows, request.startRow + rows.length, filtered), clock);
      const counted = await this.pool.query(countQuery.text, countQuery.values);
      return this.shown(withCount(rows.slice(0, size), Number(counted.rows[0].count), filtered), clock);
    }
    if (!deep) {
      const [rows, counted] = await Promise.all([
        this.pool.query(queries.rows.text, queries.rows.values),
        this.pool.query(countQuery.text, countQuery.values),
      ]);
      return this.shown(withCount(rows.rows, Number(counted.rows[0].count), filtered), clock);
    }
    const count = Number((await this.pool.query(countQuery.text, countQuery.values)).rows[0].count);
    const exact = !filtered || count <= INVOICE_COUNT_CAP;
    if (exact && request.startRow >= count) return this.shown(withCount([], count, filtered), clock);
    if (exact && request.startRow > count / 2) {
      const end = Math.min(request.endRow, count);
      const reversed = reversedPage(queries.rows, count - end, end - request.startRow);
      const rows = await this.pool.query(reversed.text, reversed.values);
      return this.shown(withCount(rows.rows.reverse(), count, filtered), clock);
    }
    const rows = await this.pool.query(queries.rows.text, queries.rows.values);
    return this.shown(withCount(rows.rows, count, filtered), clock);
  }

  /**
   * Each row with the due date and status the invoice page shows (invoice-due.ts), computed on the company's today.
   * Filters and sorts read the stored ones.
   */
  private shown<T extends { rows: Record<string, unknown>[] }>(result: T, clock: DueClock): T {
    return { ...result, rows: result.rows.map((row) => shownRow(row, clock)) };
  }
}

type DueClock = Pick<Awaited<ReturnType<typeof dueClock>>, 'today' | 'creditLaw'>;

/** A grid row as lists show it: the due date and status on the company's today (`dueOfRow`), without its inputs. */
function shownRow(
  { credit_subject, ...row }: Record<string, unknown>,
  clock: DueClock,
): Record<string, unknown> {
  if (row.invoiced_at === undefined || row.status === undefined) return row;
  const day = (value: unknown) =>
    value instanceof Date ? value.toISOString().slice(0, 10) : (value as string | null);
  const due = dueOfRow(
    {
      status: row.status as string,
      invoiced_on: day(row.invoiced_at)!,
      due_on: day(row.due_at) ?? null,
      delivered_on: day(row.delivered_at) ?? null,
      credit_subject: credit_subject === true,
    },
    clock.today,
    clock.creditLaw,
  );
  return { ...row, due_at: due.dueOn, status: due.status };
}

/** A filtered grid counts at most this many matches (and one more, to know it stopped). */
export const INVOICE_COUNT_CAP = 10_000;
/** From this row on a page may be worth reading from the other end (the count decides). */
const INVOICE_DEEP_PAGE_FROM = 1_000;

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

@QueryHandler(RecentInvoicesQuery)
export class RecentInvoicesHandler implements IQueryHandler<RecentInvoicesQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId }: RecentInvoicesQuery) {
    const rows = await tenantQuery(
      this.pool,
      companyId,
      `SELECT ${INVOICE_SUMMARY_SQL} FROM rm_invoice i
       WHERE i.company_id = $1 AND i.deleted_at IS NULL ORDER BY i.created_at DESC LIMIT ${RECENT}`,
    );
    return rows.map(invoiceSummary);
  }
}

@QueryHandler(LastInvoiceQuery)
export class LastInvoiceHandler implements IQueryHandler<LastInvoiceQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
  ) {}

  async execute({ companyId, customerId }: LastInvoiceQuery) {
    const [row] = customerId
      ? await tenantQuery(
          this.pool,
          companyId,
          `SELECT * FROM rm_invoice i WHERE i.company_id = $1 AND i.customer_id = $2 AND i.deleted_at IS NULL
           ORDER BY i.created_at DESC LIMIT 1`,
          [customerId],
        )
      : [];
    if (!row) {
      throw new DomainError(
        'NO_PREVIOUS_INVOICE',
        'not_found',
        'No invoice found - Sorry you have no previous invoices for this customer',
      );
    }
    return this.reader.respond(companyId, normalizeRow(row as never));
  }
}

@QueryHandler(NewInvoiceNumberQuery)
export class NewInvoiceNumberHandler implements IQueryHandler<NewInvoiceNumberQuery> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(InvoiceContext) private readonly context: InvoiceContext,
  ) {}

  async execute({ companyId, customerId }: NewInvoiceNumberQuery) {
    const settings = this.context.settings(await this.context.company(companyId));
    const { state } = await this.events.load(invoiceNumbersStream(companyId), invoiceNumbersDecider);
    const perCustomer = settings.perCustomerNumbering && customerId !== undefined;
    const { sequence, prefix } = nextNumber(state, {
      startingNumber: settings.startingNumber,
      perCustomer,
      customerId: customerId ?? '',
    });
    return { number: displayNumber(prefix, sequence, false), sequence, prefix };
  }
}

@QueryHandler(QuickSearchQuery)
export class QuickSearchHandler implements IQueryHandler<QuickSearchQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId, query }: QuickSearchQuery): Promise<QuickSearchResult> {
    const text = query.replace(/[%_\\]/g, '').trim();
    if (text.length < QUICK_SEARCH_MIN) return { invoices: [], customers: [] };
    const [invoices, customers] = await Promise.all([
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
    return { invoices: invoices.map(invoiceSummary), customers };
  }
}

/** Summary and Detailed CSV of the grid's current filter and sort, streamed (invoices_{kind}_{date}.csv). */
@QueryHandler(InvoiceCsvQuery)
export class InvoiceCsvHandler implements IQueryHandler<InvoiceCsvQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute({ companyId, kind, params, now }: InvoiceCsvQuery) {
    const request = parseGridRequest(invoiceGrid, { ...params, startRow: 0, endRow: 1 });
    const clock = await dueClock(this.pool, companyId, now.toISOString());
    const { rows: query } = buildGridQueries(invoiceGrid, request, companyId, clock);
    const headers = INVOICE_SUMMARY_CSV.map(([header]) => header);
    const summaryCells = (row: Record<string, unknown>) => {
      const shown = shownRow(row, clock);
      return INVOICE_SUMMARY_CSV.map(([, colId]) => shown[colId]);
    };
    const stream =
      kind === 'summary'
        ? await streamCursorCsv(this.pool, allRowsOf(query), headers, summaryCells)
        : await streamCursorCsv(
            this.pool,
            allRowsOf(withContent(query)),
            [...headers, ...INVOICE_DETAILED_CSV_ITEM_HEADERS],
            (row) => {
              const invoice = summaryCells(row);
              const lines = row.lines as InvoiceContent['lines'];
              return lines.map((line) => [
                ...invoice,
                line.lineNo,
                line.name,
                line.size,
                line.type,
                line.upc,
                line.qty,
                dollarsOf(line.priceCents),
                line.taxable ? 'Yes' : 'No',
                line.onDeal ? 'Yes' : 'No',
                dollarsOf(line.totalCents),
                dollarsOf(line.taxCents),
              ]);
            },
          );
    return { filename: `invoices_${kind}_${fileDate(now, clock.timeZone)}.csv`, stream };
  }
}

/** The grid's row query with the lines too (only them: the rest of `content` is not parsed), for the detailed export. */
function withContent(query: { text: string; values: unknown[] }) {
  return { ...query, text: query.text.replace(/^SELECT /, "SELECT i.content -> 'lines' AS lines, ") };
}
