import { Module } from '@nestjs/common';
import { AlcoholReportFilingController, AlcoholSalesController } from './alcohol-sales.controller.js';
import {
  DownloadRitsFileHandler,
  MarkAlcoholReportFiledHandler,
} from './commands/alcohol-report.handlers.js';
import { AlcoholReportReader } from './queries/alcohol-report.reader.js';
import { AlcoholSalesReportReader } from './queries/alcohol-sales-report.reader.js';

/** The Comptroller's monthly alcohol sales report: the check, the RITS file and the CSV, and each month's filing. */
@Module({
  controllers: [AlcoholSalesController, AlcoholReportFilingController],
  providers: [
    AlcoholSalesReportReader,
    AlcoholReportReader,
    DownloadRitsFileHandler,
    MarkAlcoholReportFiledHandler,
  ],
})
export class AlcoholSalesModule {}
