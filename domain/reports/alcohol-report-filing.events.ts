/**
 * The filing of one month's alcohol sales report on its stream `alcohol-report-{companyId}-{YYYY-MM}`: each download
 * of its RITS file (when and by whom), and its filing with the Comptroller, marked with RITS's confirmation number.
 */

export const alcoholReportStream = (companyId: string, month: string) =>
  `alcohol-report-${companyId}-${month}`;

export interface AlcoholReportDownloaded {
  type: 'AlcoholReportDownloaded';
  data: {
    companyId: string;
    /** YYYY-MM */
    month: string;
    downloadedBy: string | null;
    downloadedAt: string;
    /** Records in the file (1 for a no-sales report). */
    records: number;
    /** The month had no sales: the file is the no-sales report. */
    noSales: boolean;
  };
}

export interface AlcoholReportFiled {
  type: 'AlcoholReportFiled';
  data: {
    companyId: string;
    month: string;
    confirmationNumber: string;
    filedBy: string | null;
    filedAt: string;
    /** The company's business day of the filing. */
    filedOn: string;
    /** The due date the filing is measured against. */
    dueOn: string;
    /** Filed after its due date (the Comptroller's $50 late penalty applies). */
    late: boolean;
  };
}

export type AlcoholReportEvent = AlcoholReportDownloaded | AlcoholReportFiled;

export const ALCOHOL_REPORT_EVENT_TYPES = ['AlcoholReportDownloaded', 'AlcoholReportFiled'] as const;
