import { api } from '../../app/api';
import type { GridPage, GridQueryArgs } from '../../shared/grid/grid-protocol';
import type {
  BalanceCheckResponse,
  CustomerBalanceResponse,
  PaymentBody,
  PaymentGridRow,
} from '#domain/contracts/payment.contract';
import type { Invoice } from '../invoices/invoices.api';

/** The shapes of the payment calls, one home for the API and the web: domain/contracts/payment.contract.ts. */
export type {
  BalanceCheckResponse as BalanceCheck,
  BalanceInvoice,
  CustomerBalanceResponse as CustomerBalance,
  PaymentBody,
  PaymentGridRow,
} from '#domain/contracts/payment.contract';

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
      customerBalance: build.query<CustomerBalanceResponse, string>({
        query: (customerId) => `customer/${encodeURIComponent(customerId)}/balance`,
        providesTags: (_result, _error, customerId) => [
          { type: BALANCE, id: customerId },
          BALANCES,
          INVOICES,
        ],
      }),
      checkBalance: build.query<BalanceCheckResponse, string>({
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
