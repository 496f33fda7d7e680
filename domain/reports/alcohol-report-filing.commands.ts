import type { CommandMetadata } from '../shared/decider.js';

/** The RITS file of a month was downloaded (`records` and `noSales` as the file was written). */
export interface RecordReportDownload {
  type: 'RecordReportDownload';
  data: { month: string; records: number; noSales: boolean };
  metadata: CommandMetadata;
}

/** The month's report was filed in RITS: its confirmation number as typed, and the company's business day now. */
export interface MarkReportFiled {
  type: 'MarkReportFiled';
  data: { month: string; confirmationNumber: string; today: string };
  metadata: CommandMetadata;
}

export type AlcoholReportCommand = RecordReportDownload | MarkReportFiled;
