import { api } from '../../app/api';
import type {
  QuickBooksInvoiceState,
  QuickBooksLogRow,
  QuickBooksOverview,
  QuickBooksSettings,
  QuickBooksSyncStarted,
} from '#domain/contracts/quickbooks.contract';

export type {
  QuickBooksLogRow,
  QuickBooksOverview,
  QuickBooksRun,
  QuickBooksSettings,
} from '#domain/contracts/quickbooks.contract';

/** QuickBooks Online: the connection, settings, syncs and their logs, an invoice's state. */
export const quickBooksApi = api.enhanceEndpoints({ addTagTypes: ['QuickBooks'] }).injectEndpoints({
  endpoints: (build) => ({
    quickBooks: build.query<QuickBooksOverview, void>({
      query: () => 'quickbooks',
      providesTags: ['QuickBooks'],
    }),
    quickBooksConnect: build.mutation<{ url: string }, void>({
      query: () => ({ url: 'quickbooks/connect', method: 'GET' }),
    }),
    quickBooksDisconnect: build.mutation<{ connected: false }, void>({
      query: () => ({ url: 'quickbooks/disconnect', method: 'POST' }),
      invalidatesTags: ['QuickBooks'],
    }),
    quickBooksSettings: build.mutation<QuickBooksOverview, QuickBooksSettings>({
      query: (body) => ({ url: 'quickbooks/settings', method: 'PUT', body }),
      invalidatesTags: ['QuickBooks'],
    }),
    quickBooksSync: build.mutation<QuickBooksSyncStarted, void>({
      query: () => ({ url: 'quickbooks/sync', method: 'POST' }),
      invalidatesTags: ['QuickBooks'],
    }),
    quickBooksLog: build.query<QuickBooksLogRow[], string>({
      query: (runId) => `quickbooks/runs/${encodeURIComponent(runId)}/log`,
      providesTags: ['QuickBooks'],
    }),
    quickBooksInvoice: build.query<QuickBooksInvoiceState, string>({
      query: (invoiceId) => `quickbooks/invoice/${encodeURIComponent(invoiceId)}`,
      providesTags: ['QuickBooks'],
    }),
  }),
});

export const {
  useQuickBooksQuery,
  useQuickBooksConnectMutation,
  useQuickBooksDisconnectMutation,
  useQuickBooksSettingsMutation,
  useQuickBooksSyncMutation,
  useQuickBooksLogQuery,
  useQuickBooksInvoiceQuery,
} = quickBooksApi;
