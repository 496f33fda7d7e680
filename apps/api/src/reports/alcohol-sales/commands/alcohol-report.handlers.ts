import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { businessDate } from '#domain/shared/business-date.js';
import { ritsFile, ritsFilename, ritsRecords } from '#domain/reports/rits-file.js';
import { EventAppender } from '#engine';
import { AlcoholReportReader } from '../queries/alcohol-report.reader.js';
import { AlcoholSalesReportReader } from '../queries/alcohol-sales-report.reader.js';
import { DownloadRitsFileCommand, MarkAlcoholReportFiledCommand } from './alcohol-report.commands.js';
import { alcoholReportDecision } from './alcohol-report.decisions.js';

/** Writes the month's RITS file from its sales and records the download (who and when) on the month's stream. */
@CommandHandler(DownloadRitsFileCommand)
export class DownloadRitsFileHandler implements ICommandHandler<DownloadRitsFileCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(AlcoholSalesReportReader) private readonly reports: AlcoholSalesReportReader,
  ) {}

  async execute({ metadata, month }: DownloadRitsFileCommand) {
    const seller = await this.reports.seller(metadata.companyId);
    const { sales } = await this.reports.sales(metadata.companyId, month, seller.timeZone);
    const records = ritsRecords(sales);
    const text = ritsFile(seller.permit, records);
    const data = { month, records: Math.max(records.length, 1), noSales: records.length === 0 };
    await this.events.run(alcoholReportDecision({ type: 'RecordReportDownload', data, metadata }), metadata, {
      waitForProjections: true,
    });
    return { text, filename: ritsFilename(seller.permit, month) };
  }
}

/** Marks the month filed with its confirmation number, on the company's business day; answers the month. */
@CommandHandler(MarkAlcoholReportFiledCommand)
export class MarkAlcoholReportFiledHandler implements ICommandHandler<MarkAlcoholReportFiledCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(AlcoholSalesReportReader) private readonly reports: AlcoholSalesReportReader,
    @Inject(AlcoholReportReader) private readonly filings: AlcoholReportReader,
  ) {}

  async execute({ metadata, month, confirmationNumber }: MarkAlcoholReportFiledCommand) {
    const { timeZone } = await this.reports.seller(metadata.companyId);
    const today = businessDate(metadata.now, timeZone);
    const data = { month, confirmationNumber, today };
    await this.events.run(alcoholReportDecision({ type: 'MarkReportFiled', data, metadata }), metadata, {
      waitForProjections: true,
    });
    return this.filings.month(metadata.companyId, month, metadata.now, timeZone);
  }
}
