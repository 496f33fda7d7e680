import { api } from '../../app/api';
import type { GridPage, GridQueryArgs } from '../../shared/grid/grid-protocol';
import { fileResponse, type DownloadedFile } from '../../shared/download';
import { formatFileDate } from '../../shared/format';

/** Spec 000 §4 Invoice statuses, in the order the status pickers list them. */
export const INVOICE_STATUSES = [
  'cancelled',
  'draft',
  'invoiced',
  'delivered',
  'payment_due_soon',
  'payment_due',
  'paid',
  'partially_paid',
] as const;

export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Readonly<Record<InvoiceStatus, string>> = {
  cancelled: 'Cancelled',
  draft: 'Draft',
  invoiced: 'Invoiced',
  delivered: 'Delivered',
  payment_due_soon: 'Due Soon',
  payment_due: 'Due',
  paid: 'Paid',
  partially_paid: 'Partially Paid',
};

/** Spec 000 §3 Invoice item as GET /invoice/{id} answers it (money in dollars). */
export interface InvoiceItem {
  id: number;
  position: number;
  product_id: string;
  product: { id: string; product: string; product_size: string; product_type: string; upc: string | null };
  qty: number;
  price: number;
  taxable: boolean;
  on_deal: boolean;
  total: number;
  tax: number;
  /** the product's last purchase price when invoiced */
  cost: number;
  /** 'This item was invoiced below cost.' */
  below_cost: boolean;
  /** what this customer paid on its previous invoice of the product */
  last_invoiced_price: number | null;
}

export interface InvoiceStampRange {
  roll_id: number;
  prefix: string;
  from: number;
  to: number;
  count: number;
}

export interface StatusInfo {
  new_status: InvoiceStatus;
  label: string;
  created_at: string;
  reason: string;
}

/** Spec 000 §3 Invoice. `number` is the displayed number (345, 345B, 12-345) the URLs use. */
export interface Invoice {
  id: string;
  number: string;
  sequence: number;
  beer: boolean;
  customer_id: string;
  customer: {
    id: string;
    name: string;
    display_tabc_id: string;
    address: string;
    city: string;
    state: string;
    zip: string;
    cash_on_delivery: boolean;
  };
  status: InvoiceStatus;
  status_label: string;
  statusInfo: StatusInfo[];
  /** business dates yyyy-MM-dd */
  invoiced_at: string;
  due_at: string | null;
  /** no due date, or one a day or fewer away: 'Due on delivery' */
  due_on_delivery: boolean;
  note: string;
  company_note: string;
  logo_id: string | null;
  /** percent, e.g. 8.25 */
  tax_rate: number;
  sub_total: number;
  tax_total: number;
  total: number;
  items: InvoiceItem[];
  stamps: InvoiceStampRange[];
  stamp_count: number;
  stamps_needed: number;
  payments: InvoicePayment[];
  orders: string[];
  created_at: string;
  updated_at: string;
  /** dollars: the sum of the live payments */
  paid: number;
  /** dollars: total − paid (negative when overpaid) */
  balance: number;
  /** dollars: what is left to pay, never below 0 (the payment form's default amount) */
  remaining: number;
}

/** A payment of GET /invoice/{id} (spec 000 §3 Payment; money in dollars). */
export interface InvoicePayment {
  id: string;
  amount: number;
  /** business date yyyy-MM-dd */
  received_at: string;
  note: string;
  /** ISO instant it was logged */
  created_at: string;
}

/** A row of GET /invoice/grid. */
export interface InvoiceGridRow {
  id: string;
  number: string;
  sequence: number;
  beer: boolean;
  status: InvoiceStatus;
  status_info: StatusInfo[];
  total: number;
  sub_total: number;
  tax_total: number;
  invoiced_at: string;
  due_at: string | null;
  customer_id: string;
  customer: string;
  customer_tabc_id: string;
  /** "3 × TITO'S VODKA 750ml, …" */
  items: string;
  item_count: number;
  created_at: string;
}

/** GET /invoice/recent and quick search. */
export interface InvoiceSummary {
  id: string;
  number: string;
  status: InvoiceStatus;
  total: number;
  invoiced_at: string;
  due_at: string | null;
  customer_id: string;
  customer_name: string;
  created_at: string;
}

export interface QuickSearchResult {
  invoices: InvoiceSummary[];
  customers: { id: string; name: string; display_tabc_id: string; city: string; color_index: number }[];
}

export interface InvoiceItemBody {
  product_id: string;
  /** whole bottles; empty counts as 0 */
  qty: number;
  /** dollars with at most 2 decimals */
  price: number | string;
  taxable?: boolean;
  on_deal?: boolean;
}

export interface StampRangeBody {
  roll_id: number;
  from: number;
  to: number;
}

/** POST /invoice (PUT takes the same fields, each optional, plus status). */
export interface InvoiceBody {
  customer_id: string;
  items: InvoiceItemBody[];
  /** yyyy-MM-dd; default today */
  invoiced_at?: string;
  /** null: due on delivery */
  due_at?: string | null;
  note?: string;
  company_note?: string;
  logo_id?: string | null;
  /** manual stamp ranges; absent or null: allocated automatically */
  stamps?: StampRangeBody[] | null;
  /** the user chose 'Create anyway' on the duplicate dialog */
  force?: boolean;
}

export type InvoiceUpdateBody = Partial<Omit<InvoiceBody, 'force'>> & { status?: InvoiceStatus };

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
      createInvoice: build.mutation<Invoice, { body: InvoiceBody; idempotencyKey: string }>({
        query: ({ body, idempotencyKey }) => ({
          url: 'invoice',
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
        invalidatesTags: [...TOUCHED],
      }),
      updateInvoice: build.mutation<Invoice, { id: string; body: InvoiceUpdateBody }>({
        query: ({ id, body }) => ({ url: `invoice/${encodeURIComponent(id)}`, method: 'PUT', body }),
        invalidatesTags: (result, _error, { id }) => [
          ...TOUCHED,
          { type: INVOICE, id },
          ...(result ? [{ type: INVOICE, id: result.number }] : []),
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
