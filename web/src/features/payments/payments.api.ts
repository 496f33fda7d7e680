import { api } from '../../app/api';
import type { GridPage, GridQueryArgs } from '../../shared/grid/grid-protocol';
import type { Invoice, InvoiceStatus } from '../invoices/invoices.api';

/** A row of GET /invoice/payment/grid (the payments report, spec 000 §2 /payment). Money in dollars. */
export interface PaymentGridRow {
  id: string;
  invoice_id: string;
  /** the displayed invoice number (345, 345B, 12-345) */
  number: string;
  sequence: number;
  customer_id: string;
  customer: string;
  status: InvoiceStatus;
  invoice_total: number;
  amount: number;
  /** business date yyyy-MM-dd */
  received_at: string;
  note: string;
  /** ISO instant it was logged */
  created_at: string;
}

/** POST /invoice/{id}/payment and PUT /invoice/{id}/payment/{paymentId} (spec 000 §5 Payment). */
export interface PaymentBody {
  /** dollars, at least 0.01, at most 2 decimals (text keeps it exact) */
  amount: string;
  /** yyyy-MM-dd, at most 3 days ahead */
  received_at: string;
  note?: string;
  /** the user answered yes to 'Invoice has been fully paid, sure you want to log another payment?' */
  confirm?: boolean;
}

/** An open invoice of GET /customer/{id}/balance (due or partially paid). */
export interface BalanceInvoice {
  id: string;
  number: string;
  invoiced_at: string;
  total: number;
  paid: number;
  balance: number;
  due_at: string | null;
  /** no due date, or one a day or fewer away: 'On Delivery' */
  due_on_delivery: boolean;
  status: InvoiceStatus;
}

/** GET /customer/{id}/balance (spec 000 §3 Customer balance). */
export interface CustomerBalance {
  customer: { id: string; name: string; display_tabc_id: string };
  summary: { owing: number };
  invoices: BalanceInvoice[];
}

/** GET /customer/{id}/check-balance. */
export interface BalanceCheck {
  owing: number;
  open_invoices: number;
}

/** What a payment call needs to know of its invoice: the id it calls with, the number the view page caches by. */
export type PaymentInvoiceRef = Pick<Invoice, 'id' | 'number'>;

const PAYMENT = 'Payment' as const;
const BALANCE = 'CustomerBalance' as const;
const INVOICE = 'Invoice' as const;
const PAYMENTS = { type: PAYMENT, id: 'LIST' } as const;
const BALANCES = { type: BALANCE, id: 'LIST' } as const;
/** The invoice lists (grid, recent, search …) of invoices.api.ts: statuses follow payments. */
const INVOICES = { type: INVOICE, id: 'LIST' } as const;

/**
 * Everything a payment changes: its invoice (by id and by displayed number, as the view page caches it), the
 * invoice lists (the status follows the payments), the payments report and the balances.
 */
const touched = (invoice: PaymentInvoiceRef, saved?: Invoice) => [
  { type: INVOICE, id: invoice.id },
  { type: INVOICE, id: invoice.number },
  ...(saved && saved.number !== invoice.number ? [{ type: INVOICE, id: saved.number }] : []),
  INVOICES,
  PAYMENTS,
  BALANCES,
];

export const paymentsApi = api
  .enhanceEndpoints({ addTagTypes: [PAYMENT, BALANCE, INVOICE] })
  .injectEndpoints({
    endpoints: (build) => ({
      paymentGrid: build.query<GridPage<PaymentGridRow>, GridQueryArgs>({
        query: (params) => ({ url: 'invoice/payment/grid', params }),
        providesTags: [PAYMENTS, INVOICES],
      }),
      customerBalance: build.query<CustomerBalance, string>({
        query: (customerId) => `customer/${encodeURIComponent(customerId)}/balance`,
        providesTags: (_result, _error, customerId) => [
          { type: BALANCE, id: customerId },
          BALANCES,
          INVOICES,
        ],
      }),
      checkBalance: build.query<BalanceCheck, string>({
        query: (customerId) => `customer/${encodeURIComponent(customerId)}/check-balance`,
        providesTags: (_result, _error, customerId) => [
          { type: BALANCE, id: customerId },
          BALANCES,
          INVOICES,
        ],
      }),
      /**
       * Answers the invoice with its payments, balance and status. `idempotencyKey`: one per payment form, so a
       * retried or double-clicked save logs one payment. 409 asks to confirm on a fully paid invoice.
       */
      logPayment: build.mutation<
        Invoice,
        { invoice: PaymentInvoiceRef; body: PaymentBody; idempotencyKey: string }
      >({
        query: ({ invoice, body, idempotencyKey }) => ({
          url: `invoice/${encodeURIComponent(invoice.id)}/payment`,
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
        invalidatesTags: (result, _error, { invoice }) => touched(invoice, result),
      }),
      /** The owner's alone (403 'Only the owner can edit or delete payments.'). */
      updatePayment: build.mutation<
        Invoice,
        { invoice: PaymentInvoiceRef; paymentId: string; body: Omit<PaymentBody, 'confirm'> }
      >({
        query: ({ invoice, paymentId, body }) => ({
          url: `invoice/${encodeURIComponent(invoice.id)}/payment/${encodeURIComponent(paymentId)}`,
          method: 'PUT',
          body,
        }),
        invalidatesTags: (result, _error, { invoice }) => touched(invoice, result),
      }),
      deletePayment: build.mutation<Invoice, { invoice: PaymentInvoiceRef; paymentId: string }>({
        query: ({ invoice, paymentId }) => ({
          url: `invoice/${encodeURIComponent(invoice.id)}/payment/${encodeURIComponent(paymentId)}`,
          method: 'DELETE',
        }),
        invalidatesTags: (result, _error, { invoice }) => touched(invoice, result),
      }),
    }),
  });

export const {
  usePaymentGridQuery,
  useCustomerBalanceQuery,
  useCheckBalanceQuery,
  useLogPaymentMutation,
  useUpdatePaymentMutation,
  useDeletePaymentMutation,
} = paymentsApi;
