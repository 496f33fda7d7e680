import { api } from '../../app/api';
import { fileResponse, type DownloadedFile } from '../../shared/download';
import type {
  AlcoholReportMonth,
  AlcoholReportMonthsAnswer,
  AlcoholSalesReportAnswer,
} from '#domain/contracts/alcohol-sales.contract';

/** The shapes of /comptroller/alcohol-sales and the filing calls: domain/contracts/alcohol-sales.contract.ts. */
export type {
  AlcoholReportMonth,
  AlcoholReportMonthsAnswer,
  AlcoholSalesReportAnswer,
  MissingDataItem,
} from '#domain/contracts/alcohol-sales.contract';

const FILING = 'AlcoholReports' as const;

export const alcoholSalesApi = api.enhanceEndpoints({ addTagTypes: [FILING] }).injectEndpoints({
  endpoints: (build) => ({
    alcoholSalesReport: build.query<AlcoholSalesReportAnswer, { month: string }>({
      query: (params) => ({ url: 'comptroller/alcohol-sales', params }),
      // the check follows edits made elsewhere: never show an old one; its filing follows a download or a filing
      keepUnusedDataFor: 0,
      providesTags: [FILING],
    }),
    downloadAlcoholSales: build.mutation<DownloadedFile, { month: string }>({
      query: (params) => ({
        url: 'comptroller/alcohol-sales/download',
        params,
        responseHandler: fileResponse('alcohol_sales.csv'),
      }),
    }),
    /** The RITS file; the server records the download, so the months list refetches. */
    downloadRits: build.mutation<DownloadedFile, { month: string }>({
      query: (params) => ({
        url: 'comptroller/alcohol-sales/rits',
        params,
        responseHandler: fileResponse('RITS.csv'),
      }),
      invalidatesTags: [FILING],
    }),
    alcoholReportMonths: build.query<AlcoholReportMonthsAnswer, string>({
      query: (companyId) => `company/${companyId}/alcohol-reports`,
      providesTags: [FILING],
    }),
    markAlcoholReportFiled: build.mutation<
      AlcoholReportMonth,
      { companyId: string; month: string; confirmation_number: string }
    >({
      query: ({ companyId, month, confirmation_number }) => ({
        url: `company/${companyId}/alcohol-reports/${month}/filed`,
        method: 'POST',
        body: { confirmation_number },
      }),
      invalidatesTags: [FILING],
    }),
  }),
});

export const {
  useLazyAlcoholSalesReportQuery,
  useDownloadAlcoholSalesMutation,
  useDownloadRitsMutation,
  useAlcoholReportMonthsQuery,
  useMarkAlcoholReportFiledMutation,
} = alcoholSalesApi;
