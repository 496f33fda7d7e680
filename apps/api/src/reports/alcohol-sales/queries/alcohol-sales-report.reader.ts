import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type {
  AlcoholReportMonth,
  AlcoholSalesReportAnswer,
} from '#domain/contracts/alcohol-sales.contract.js';
import { REPORT_COLUMNS, reportCells } from '#domain/reports/alcohol-sales-report.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { streamCursorCsv } from '../../../infra/csv/cursor-csv.js';
import {
  readAlcoholSalesReport,
  readMonthSales,
  reportLineOf,
  reportLinesQuery,
  reportSeller,
} from '../alcohol-sales.reader.js';

/** The alcohol sales report's reads: the seller, a month's totals and its lines as CSV. */
@Injectable()
export class AlcoholSalesReportReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  seller(companyId: string) {
    return reportSeller(this.pool, companyId);
  }

  report(
    companyId: string,
    month: string,
    seller: { permit: string; timeZone: string },
    filing: AlcoholReportMonth,
  ): Promise<AlcoholSalesReportAnswer> {
    return readAlcoholSalesReport(this.pool, companyId, month, seller, filing);
  }

  /** The month's net sales per customer and product, for the RITS file. */
  sales(companyId: string, month: string, timeZone: string) {
    return readMonthSales(this.pool, companyId, month, timeZone);
  }

  /** The month's sale lines as CSV rows, streamed through a cursor. */
  csv(companyId: string, month: string, seller: { permit: string; timeZone: string }) {
    return streamCursorCsv(
      this.pool,
      reportLinesQuery(companyId, month, seller.timeZone),
      [...REPORT_COLUMNS],
      (row) => reportCells({ permit: seller.permit, month }, reportLineOf(row)),
    );
  }
}
