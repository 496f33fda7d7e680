import { api } from '../../app/api';
import { fileResponse, type DownloadedFile } from '../../shared/download';
import type { AlcoholSalesReportAnswer } from '#domain/contracts/alcohol-sales.contract';

/** The shapes of /comptroller/alcohol-sales, one home for the API and the web: domain/contracts/alcohol-sales.contract.ts. */
export type { AlcoholSalesReportAnswer, MissingDataItem } from '#domain/contracts/alcohol-sales.contract';

export const alcoholSalesApi = api.injectEndpoints({
  endpoints: (build) => ({
    alcoholSalesReport: build.query<AlcoholSalesReportAnswer, { month: string }>({
      query: (params) => ({ url: 'comptroller/alcohol-sales', params }),
      // the check follows edits made elsewhere: never show an old one
      keepUnusedDataFor: 0,
    }),
    downloadAlcoholSales: build.mutation<DownloadedFile, { month: string }>({
      query: (params) => ({
        url: 'comptroller/alcohol-sales/download',
        params,
        responseHandler: fileResponse('alcohol_sales.csv'),
      }),
    }),
  }),
});

export const { useLazyAlcoholSalesReportQuery, useDownloadAlcoholSalesMutation } = alcoholSalesApi;
