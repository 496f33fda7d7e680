import { api } from '../../app/api';
import type { GridPage, GridQueryArgs } from '../../shared/grid/grid-protocol';
import { fileResponse, type DownloadedFile } from '../../shared/download';
import { formatFileDate } from '../../shared/format';
import type {
  CreateInvoiceBody,
  InvoiceGridRow,
  InvoiceResponse,
  InvoiceSummary,
  QuickSearchResult,
  UpdateInvoiceBody,
} from '#domain/contracts/invoice.contract';

export { INVOICE_STATUSES, INVOICE_STATUS_LABELS, type InvoiceStatus } from '#domain/shared/invoice-status';
/** The shapes of /invoice, one home for the API and the web: domain/contracts/invoice.contract.ts. */
export type {
  InvoiceGridRow,
  InvoiceSummary,
  QuickSearchResult,
  InvoiceItemResponse as InvoiceItem,
  InvoicePaymentResponse as InvoicePayment,
  InvoiceStampResponse as InvoiceStampRange,
  InvoiceStatusChange,
  InvoiceItemBody,
  InvoiceStampRangeBody as StampRangeBody,
  CreateInvoiceBody as InvoiceBody,
  UpdateInvoiceBody as InvoiceUpdateBody,
} from '#domain/contracts/invoice.contract';

/** GET /invoice/{id}: the client's specification's Invoice (domain/contracts/invoice.contract.ts). */
export type Invoice = InvoiceResponse;

/** 409 of POST /invoice: an identical invoice for the customer was created within 24 hours. */
export interface DuplicateInvoiceProblem {
  statusCode: 409;
  message: string;
  invoice: Invoice;
}

const INVOICE = 'Invoice' as const;
const LIST = { type: INVOICE, id: 'LIST' } as const;
/** Invoices use stamps and sell products: saving one changes those screens too. */
const TOUCHED = [LIST, 'StampLedger', 'Product'] as const;

export const invoicesApi = api
  .enhanceEndpoints({ addTagTypes: [INVOICE, 'StampLedger', 'Product'] })
  .injectEndpoints({
    endpoints: (build) => ({
      invoiceGrid: build.query<GridPage<InvoiceGridRow>, GridQueryArgs>({
        query: (params) => ({ url: 'invoice/grid', params }),
        providesTags: [LIST],
      }),
      recentInvoices: build.query<InvoiceSummary[], void>({
        query: () => 'invoice/recent',
        providesTags: [LIST],
      }),
      /** by id or displayed number (345B) */
      getInvoice: build.query<Invoice, string>({
        query: (idOrNumber) => `invoice/${encodeURIComponent(idOrNumber)}`,
        providesTags: (result, _error, key) => [
          { type: INVOICE, id: key },
          ...(result ? [{ type: INVOICE, id: result.id }] : []),
        ],
      }),
      lastInvoice: build.query<Invoice, string>({
        query: (customerId) => ({ url: 'invoice/last', params: { customerId } }),
        providesTags: [LIST],
      }),
      newInvoiceNumber: build.query<{ number: string; sequence: number; prefix: string }, string | undefined>(
        {
          query: (customerId) => ({ url: 'invoice/new-number', params: customerId ? { customerId } : {} }),
          providesTags: [LIST],
        },
      ),
      quickSearch: build.query<QuickSearchResult, string>({
        query: (query) => ({ url: 'company/quick-search', params: { query } }),
        providesTags: [LIST],
      }),
      /** `idempotencyKey`: one per builder submit, so a retried or double-clicked save creates one invoice. */
      createInvoice: build.mutation<Invoice, { body: CreateInvoiceBody; idempotencyKey: string }>({
        query: ({ body, idempotencyKey }) => ({
          url: 'invoice',
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
        invalidatesTags: [...TOUCHED],
      }),
      updateInvoice: build.mutation<Invoice, { id: string; body: UpdateInvoiceBody }>({
        query: ({ id, body }) => ({ url: `invoice/${encodeURIComponent(id)}`, method: 'PUT', body }),
        invalidatesTags: (result, _error, { id }) => [
          ...TOUCHED,
          { type: INVOICE, id },
          ...(result ? [{ type: INVOICE, id: result.number }] : []),
        ],
      }),
      /** 'Replace' on a cancelled invoice: the builder's body saved as its replacement. */
      replaceInvoice: build.mutation<
        Invoice,
        { cancelledId: string; body: CreateInvoiceBody; idempotencyKey: string }
      >({
        query: ({ cancelledId, body, idempotencyKey }) => ({
          url: `invoice/${encodeURIComponent(cancelledId)}/replace`,
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
        invalidatesTags: (_result, _error, { cancelledId }) => [
          ...TOUCHED,
          { type: INVOICE, id: cancelledId },
        ],
      }),
      deleteInvoice: build.mutation<void, string>({
        query: (id) => ({ url: `invoice/${encodeURIComponent(id)}`, method: 'DELETE' }),
        invalidatesTags: [...TOUCHED],
      }),
    }),
  });

export const {
  useInvoiceGridQuery,
  useRecentInvoicesQuery,
  useGetInvoiceQuery,
  useLastInvoiceQuery,
  useNewInvoiceNumberQuery,
  useQuickSearchQuery,
  useCreateInvoiceMutation,
  useUpdateInvoiceMutation,
  useDeleteInvoiceMutation,
  useReplaceInvoiceMutation,
} = invoicesApi;

/** CSV exports of the grid's current filter (a plain download: the browser streams the file). */
export const invoiceExportPath = (kind: 'summary' | 'detailed') => `invoice/export/${kind}`;

/** The grid's sort and filter as the exports take them (no paging). */
export type InvoiceExportQuery = Pick<GridQueryArgs, 'sortModel' | 'filterModel'>;

/** Summary CSV / Detailed CSV of the grid's current filter (invoices_summary_{date}.csv, server-named). */
const invoiceExportsApi = invoicesApi.injectEndpoints({
  endpoints: (build) => ({
    downloadInvoiceCsv: build.mutation<
      DownloadedFile,
      { kind: 'summary' | 'detailed'; query: InvoiceExportQuery }
    >({
      query: ({ kind, query }) => ({
        url: invoiceExportPath(kind),
        params: query,
        responseHandler: fileResponse(`invoices_${kind}_${formatFileDate(new Date())}.csv`),
      }),
    }),
  }),
});

export const { useDownloadInvoiceCsvMutation } = invoiceExportsApi;
