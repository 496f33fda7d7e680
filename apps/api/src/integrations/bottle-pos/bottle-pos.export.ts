import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { InvoiceContent } from '#domain/invoices/invoice.events.js';
import { buildGridQueries, parseGridRequest } from '#infra/grid/index.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { fileDate } from '../../infra/company-time.js';
import { allRowsOf, streamCursorJson } from '../../infra/csv/cursor-csv.js';
import { dueClock } from '../../invoices/invoice-due.js';
import { invoiceGrid } from '../../invoices/queries/invoice.grid.js';
import { bottlePosInvoice } from './bottle-pos.adapter.js';

/**
 * GET /bottle-pos/export-invoices (as the client's specification asks): the invoices of the grid's filterModel (and sortModel) as a
 * JSON array in the shape Bottle POS receives them (BottlePosAdapter, our assumption), streamed through a cursor.
 */
@Injectable()
export class BottlePosExport {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async invoices(companyId: string, params: { filterModel?: string; sortModel?: string }, now: Date) {
    const request = parseGridRequest(invoiceGrid, { ...params, startRow: 0, endRow: 1 });
    // the company's today and zone: the grid's filters pick what the grid shows, and the file is dated the company's day
    const clock = await dueClock(this.pool, companyId, now.toISOString());
    const { rows } = buildGridQueries(invoiceGrid, request, companyId, clock);
    const query = allRowsOf({
      ...rows,
      text: rows.text.replace(/^SELECT /, 'SELECT i.id AS invoice_uuid, i.content AS content, '),
    });
    const stream = await streamCursorJson(this.pool, query, (row) => {
      const content = row.content as InvoiceContent;
      return bottlePosInvoice({
        id: String(row.invoice_uuid),
        number: String(row.number),
        status: String(row.status),
        invoicedOn: content.invoicedOn,
        dueOn: content.dueOn,
        customer: { id: content.customer.id, name: content.customer.name, tabcId: content.customer.tabcId },
        lines: content.lines,
        subtotalCents: content.totals.subtotalCents,
        taxCents: content.totals.taxCents,
        totalCents: content.totals.totalCents,
      });
    });
    const filename = `bottle_pos_invoices_${fileDate(now, clock.timeZone)}.json`;
    return { filename, stream };
  }
}
