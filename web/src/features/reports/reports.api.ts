import { api } from '../../app/api';
import type { ReportAnswer } from '#domain/contracts/report.contract';
import type { ReportPeriod } from './report-periods';

/** The shapes of the report, one home for the API and the web: domain/contracts/report.contract.ts. */
export type { ReportAnswer, ReportProductStat } from '#domain/contracts/report.contract';

export const reportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    reportStats: build.query<ReportAnswer, ReportPeriod>({
      query: (period) => ({ url: 'company/stats', params: period }),
      // a report is a snapshot: Refresh asks again, and a new visit never shows an old one
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useReportStatsQuery } = reportsApi;
