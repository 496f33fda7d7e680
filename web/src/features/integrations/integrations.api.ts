import { api } from '../../app/api';
import { fileResponse, type DownloadedFile } from '../../shared/download';
import { formatFileDate } from '../../shared/format';
import type {
  CloverProductState,
  ConvertedInvoice,
  FintechSyncAnswer,
  FintechSyncLogEntry,
  MpowerRecord,
  MpowerSyncAnswer,
  SyncHistory,
  SyncLogRow,
  SyncStartedAnswer,
} from '#domain/contracts/integration.contract';

export type {
  ConvertedInvoice,
  ConvertedInvoiceItem,
  SyncHistory,
  SyncLogRow,
  SyncSummary,
} from '#domain/contracts/integration.contract';

/** The two point-of-sale partners as their routes name them. */
export type PartnerPath = 'bottle-pos' | 'clover';

/** Sync history, sync logs and the sync calls (as the client's specification asks). The live sync events invalidate `Sync`. */
export const integrationsApi = api
  .enhanceEndpoints({ addTagTypes: ['Sync', 'Activity', 'Customer'] })
  .injectEndpoints({
    endpoints: (build) => ({
      syncHistory: build.query<SyncHistory, PartnerPath>({
        query: (partner) => `${partner}/sync/history`,
        providesTags: ['Sync'],
      }),
      syncLog: build.query<SyncLogRow[], { partner: PartnerPath; syncId: string }>({
        query: ({ partner, syncId }) => `${partner}/sync-log/${encodeURIComponent(syncId)}`,
        providesTags: ['Sync'],
      }),
      /** The spec's GET sync calls start work and answer at once; the result arrives over the live socket. */
      startSync: build.mutation<
        SyncStartedAnswer,
        { partner: PartnerPath; kind: 'invoices' | 'products'; onlyFirstChunk?: boolean }
      >({
        query: ({ partner, kind, onlyFirstChunk }) => ({
          url: `${partner}/sync-${kind}`,
          method: 'GET',
          params: kind === 'products' ? { onlyFirstChunk: onlyFirstChunk ? 'true' : 'false' } : undefined,
        }),
        invalidatesTags: ['Sync', 'Activity'],
      }),
      /** An invoice's record on the sales platform (mpower). */
      mpowerRecord: build.query<MpowerRecord, string>({
        query: (invoiceId) => `mpower/${encodeURIComponent(invoiceId)}`,
        providesTags: (_result, _error, invoiceId) => [{ type: 'Sync', id: `mpower-${invoiceId}` }],
      }),
      /** GET /mpower/{id}/sync: pushes the invoice and answers the result. */
      mpowerSync: build.mutation<MpowerSyncAnswer, string>({
        query: (invoiceId) => ({ url: `mpower/${encodeURIComponent(invoiceId)}/sync`, method: 'GET' }),
        invalidatesTags: (_result, _error, invoiceId) => [
          { type: 'Sync', id: `mpower-${invoiceId}` },
          'Activity',
        ],
      }),
      /** The fintech syncs that named this invoice (as the client's specification asks). */
      fintechSyncLog: build.query<FintechSyncLogEntry[], string>({
        query: (invoiceId) => ({ url: 'fintech/sync-log', params: { invoiceIds: invoiceId } }),
        providesTags: (_result, _error, invoiceId) => [{ type: 'Sync', id: `fintech-${invoiceId}` }],
      }),
      /** POST /fintech/sync: answers once the sync ended. */
      fintechSync: build.mutation<FintechSyncAnswer, string>({
        query: (invoiceId) => ({ url: 'fintech/sync', method: 'POST', body: { invoiceIds: [invoiceId] } }),
        invalidatesTags: (_result, _error, invoiceId) => [
          { type: 'Sync', id: `fintech-${invoiceId}` },
          'Activity',
        ],
      }),
      /** Whether any customer has the fintech option (fintech feature only). */
      fintechCustomers: build.query<{ any: boolean }, void>({
        query: () => 'fintech/customers',
        providesTags: ['Customer'],
      }),
      /** A product's state in Clover ('has not been updated' when its last push failed). */
      cloverProduct: build.query<CloverProductState, string>({
        query: (productId) => `clover/product/${encodeURIComponent(productId)}`,
        providesTags: ['Sync'],
      }),
      /** POST /invoice/convert: a distributor's invoice file (CSV, multipart `invoice`) as a builder prefill. */
      convertInvoiceFile: build.mutation<ConvertedInvoice, File>({
        query: (file) => {
          const form = new FormData();
          form.append('invoice', file, file.name);
          return { url: 'invoice/convert', method: 'POST', body: form };
        },
      }),
      /** The invoice grid's filter as Bottle POS JSON or the Fintech CSV (server-named files). */
      downloadInvoiceExport: build.mutation<
        DownloadedFile,
        { kind: 'bottle-pos' | 'fintech'; query: { sortModel?: string; filterModel?: string } }
      >({
        query: ({ kind, query }) => ({
          url: kind === 'bottle-pos' ? 'bottle-pos/export-invoices' : 'invoice/export/fintech',
          params: query,
          responseHandler: fileResponse(
            kind === 'bottle-pos'
              ? `bottle_pos_invoices_${formatFileDate(new Date())}.json`
              : `invoices_fintech_${formatFileDate(new Date())}.csv`,
          ),
        }),
      }),
    }),
  });

export const {
  useSyncHistoryQuery,
  useSyncLogQuery,
  useStartSyncMutation,
  useFintechCustomersQuery,
  useMpowerRecordQuery,
  useFintechSyncLogQuery,
  useFintechSyncMutation,
  useMpowerSyncMutation,
  useDownloadInvoiceExportMutation,
  useConvertInvoiceFileMutation,
  useCloverProductQuery,
} = integrationsApi;
