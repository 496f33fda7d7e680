import { dueOfRow } from '../invoice-due.js';
import type { QuickSearchResult } from '#domain/contracts/invoice.contract.js';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { invoiceNumbersDecider, invoiceNumbersStream, nextNumber } from '#domain/invoices/invoice-numbers.js';
import { displayNumber } from '#domain/invoices/invoice.rules.js';
import { DomainError } from '#domain/shared/domain-error.js';
import type { InvoiceContent } from '#domain/invoices/invoice.events.js';
import { dollarsOf } from '#domain/shared/money.js';
import { fileDate } from '../../infra/company-time.js';
import { allRowsOf } from '../../infra/csv/cursor-csv.js';
import { EventAppender } from '#engine';
import { buildGridQueries, parseGridRequest, type GridResult } from '#infra/grid/index.js';
import { InvoiceContext } from '../invoice-context.js';
import { InvoiceReader } from '../invoice-reader.js';
import { invoiceSummary, normalizeRow } from '../invoice.response.js';
import { INVOICE_DETAILED_CSV_ITEM_HEADERS, INVOICE_SUMMARY_CSV, invoiceGrid } from './invoice.grid.js';
import { InvoiceListsReader } from './invoice-lists.reader.js';
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

const QUICK_SEARCH_MIN = 3;

/** The invoice with its requests to Clover (read alongside its stamps and the company's day). */
@QueryHandler(GetInvoiceQuery)
export class GetInvoiceHandler implements IQueryHandler<GetInvoiceQuery> {
  constructor(
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
    @Inject(InvoiceListsReader) private readonly lists: InvoiceListsReader,
  ) {}

  async execute({ companyId, idOrNumber }: GetInvoiceQuery) {
    const row = await this.reader.row(companyId, idOrNumber);
    const [invoice, clover] = await Promise.all([
      this.reader.respond(companyId, row),
      this.lists.cloverLog(companyId, row.id),
    ]);
    return { ...invoice, cloverApiRequestLog: clover };
  }
}

/**
 * The invoice grid: a page read as InvoiceListsReader.page reads it (capped counts, deep pages from the other end),
 * each row with the due date and status of the company's today.
 */
@QueryHandler(InvoiceGridQuery)
export class InvoiceGridHandler implements IQueryHandler<InvoiceGridQuery> {
  constructor(
    @Inject(InvoiceListsReader) private readonly reader: InvoiceListsReader,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  async execute({
    companyId,
    params,
    customerId,
  }: InvoiceGridQuery): Promise<GridResult<Record<string, unknown>>> {
    const request = parseGridRequest(invoiceGrid, params);
    const clock = await this.reader.dueClock(companyId, this.clock.nowIso());
    // The customerId parameter is one more filter on the customer (ANDed with the filterModel's).
    if (customerId)
      request.filters.push({
        colId: 'customer_id',
        operator: 'AND',
        conditions: [{ filterType: 'set', type: 'in', values: [customerId] }],
      });
    const queries = buildGridQueries(invoiceGrid, request, companyId, clock);
    const page = await this.reader.page(companyId, request, queries);
    // Filters and sorts read the stored due date and status; the page shows them on the company's today.
    return { ...page, rows: page.rows.map((row) => shownRow(row, clock)) };
  }
}

type DueClock = Pick<Awaited<ReturnType<InvoiceListsReader['dueClock']>>, 'today' | 'creditLaw'>;

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

@QueryHandler(RecentInvoicesQuery)
export class RecentInvoicesHandler implements IQueryHandler<RecentInvoicesQuery> {
  constructor(@Inject(InvoiceListsReader) private readonly reader: InvoiceListsReader) {}

  async execute({ companyId }: RecentInvoicesQuery) {
    const rows = await this.reader.recent(companyId);
    return rows.map(invoiceSummary);
  }
}

@QueryHandler(LastInvoiceQuery)
export class LastInvoiceHandler implements IQueryHandler<LastInvoiceQuery> {
  constructor(
    @Inject(InvoiceListsReader) private readonly lists: InvoiceListsReader,
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
  ) {}

  async execute({ companyId, customerId }: LastInvoiceQuery) {
    const row = customerId ? await this.lists.lastOfCustomer(companyId, customerId) : undefined;
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
  constructor(@Inject(InvoiceListsReader) private readonly reader: InvoiceListsReader) {}

  async execute({ companyId, query }: QuickSearchQuery): Promise<QuickSearchResult> {
    const text = query.replace(/[%_\\]/g, '').trim();
    if (text.length < QUICK_SEARCH_MIN) return { invoices: [], customers: [] };
    const [invoices, customers] = await this.reader.quickSearch(companyId, text);
    return { invoices: invoices.map(invoiceSummary), customers };
  }
}

/** Summary and Detailed CSV of the grid's current filter and sort, streamed (invoices_{kind}_{date}.csv). */
@QueryHandler(InvoiceCsvQuery)
export class InvoiceCsvHandler implements IQueryHandler<InvoiceCsvQuery> {
  constructor(@Inject(InvoiceListsReader) private readonly reader: InvoiceListsReader) {}

  async execute({ companyId, kind, params, now }: InvoiceCsvQuery) {
    const request = parseGridRequest(invoiceGrid, { ...params, startRow: 0, endRow: 1 });
    const clock = await this.reader.dueClock(companyId, now.toISOString());
    const { rows: query } = buildGridQueries(invoiceGrid, request, companyId, clock);
    const headers = INVOICE_SUMMARY_CSV.map(([header]) => header);
    const summaryCells = (row: Record<string, unknown>) => {
      const shown = shownRow(row, clock);
      return INVOICE_SUMMARY_CSV.map(([, colId]) => shown[colId]);
    };
    const stream =
      kind === 'summary'
        ? await this.reader.csv(allRowsOf(query), headers, summaryCells)
        : await this.reader.csv(
            allRowsOf(withContent(query)),
            [...headers, ...INVOICE_DETAILED_CSV_ITEM_HEADERS],
            (row) => detailedLines(summaryCells(row), row.lines as InvoiceContent['lines']),
          );
    return { filename: `invoices_${kind}_${fileDate(now, clock.timeZone)}.csv`, stream };
  }
}

/** The detailed export's records of one invoice: its summary cells, then each line's. */
function detailedLines(invoice: unknown[], lines: InvoiceContent['lines']): unknown[][] {
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
}

/** The grid's row query with the lines too (only them: the rest of `content` is not parsed), for the detailed export. */
function withContent(query: { text: string; values: unknown[] }) {
  return { ...query, text: query.text.replace(/^SELECT /, "SELECT i.content -> 'lines' AS lines, ") };
}
