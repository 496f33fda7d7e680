import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { InvoiceContent } from '#domain/invoices/invoice.events.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { buildGridQueries, parseGridRequest } from '#infra/grid/index.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { allRowsOf, streamCursorCsv } from '../../../infra/csv/cursor-csv.js';
import { invoiceGrid } from '../../../invoices/queries/invoice.grid.js';
import { StampDownloadParams } from '../../../stamps/dto/stamp.params.js';
import { FINTECH_REFERENCE_PREFIX, FINTECH_UNIT } from '../fintech.rules.js';

export const FINTECH_CSV_HEADERS = [
  'Retailer Fintech ID',
  'Distributor Fintech ID',
  'Reference',
  'Invoice Date',
  'Due Date',
  'Retailer',
  'Retailer TABC ID',
  'UPC',
  'Product',
  'Size',
  'Quantity',
  'Unit of Measure',
  'Unit Price',
  'Line Total',
  'Invoice Total',
];

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The fintech export's reads: whether any customer has the fintech option, and the invoice lines as CSV. */
@Injectable()
export class FintechExportReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async anyFintechCustomer(companyId: string): Promise<boolean> {
    const [row] = await tenantQuery<{ any: boolean }>(
      this.pool,
      companyId,
      `SELECT EXISTS (SELECT 1 FROM rm_customer WHERE company_id = $1 AND fintech_option AND removed_at IS NULL)
         AS any`,
    );
    return row?.any === true;
  }

  /**
   * One CSV line per invoice line of the grid's filter, only invoices of customers with the fintech option and a
   * fintech id, streamed through a cursor; and the company's time zone, which dates the file.
   */
  async invoices(companyId: string, params: StampDownloadParams) {
    const request = parseGridRequest(invoiceGrid, { ...params, startRow: 0, endRow: 1 });
    const { rows } = buildGridQueries(invoiceGrid, request, companyId);
    // The customer's fintech id by primary key per row; rows without one write no line.
    const query = allRowsOf({
      ...rows,
      text: rows.text.replace(
        /^SELECT /,
        `SELECT (SELECT c.fintech_id FROM rm_customer c
                  WHERE c.id = i.customer_id AND c.company_id = i.company_id AND c.fintech_option
                    AND c.fintech_id IS NOT NULL AND c.fintech_id <> '') AS retailer_fintech_id,
                i.content AS content, `,
      ),
    });
    const [company] = await tenantQuery<{ time_zone: string | null; fintech_id: string | null }>(
      this.pool,
      companyId,
      'SELECT time_zone, fintech_id FROM rm_company WHERE company_id = $1 AND id = $1',
    );
    const stream = await streamCursorCsv(this.pool, query, FINTECH_CSV_HEADERS, (row) => {
      if (typeof row.retailer_fintech_id !== 'string') return [];
      const content = row.content as InvoiceContent;
      return content.lines.map((line) => [
        row.retailer_fintech_id,
        company?.fintech_id ?? '',
        `${FINTECH_REFERENCE_PREFIX}${String(row.number)}`,
        content.invoicedOn,
        content.dueOn ?? '',
        content.customer.name,
        content.customer.tabcId,
        line.upc ?? '',
        line.name,
        line.size,
        line.qty,
        FINTECH_UNIT,
        dollars(line.priceCents),
        dollars(line.totalCents),
        dollars(content.totals.totalCents),
      ]);
    });
    return { stream, company };
  }
}
