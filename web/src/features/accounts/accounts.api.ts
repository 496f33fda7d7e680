import { api } from '../../app/api';
import type {
  ApplyCreditBody,
  CustomerAccountResponse,
  ReceivePaymentBody,
  RefundCreditBody,
  UnapplyCreditBody,
} from '#domain/contracts/account.contract';

/** The shapes of the account calls: domain/contracts/account.contract.ts. */
export type { CustomerAccountResponse as CustomerAccount } from '#domain/contracts/account.contract';

const ACCOUNT = 'CustomerAccount' as const;

/** How many of the newest entries the customer's page lists. */
export const RECENT_ENTRIES = 5;

/**
 * Everything money on account changes: the account, the customer's overview and balance, the invoices it paid (their
 * lists and views) and the payments report.
 */
const touched = (customerId: string) => [
  { type: ACCOUNT, id: customerId },
  { type: 'Customer' as const, id: customerId },
  { type: 'Invoice' as const, id: 'LIST' },
  { type: 'Payment' as const, id: 'LIST' },
  { type: 'CustomerBalance' as const, id: 'LIST' },
];

type Write<Body> = { customerId: string; body: Body; idempotencyKey: string };

const write =
  (path: string) =>
  <Body>({ customerId, body, idempotencyKey }: Write<Body>) => ({
    url: `customer/${encodeURIComponent(customerId)}/${path}`,
    method: 'POST',
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });

export const accountsApi = api
  .enhanceEndpoints({ addTagTypes: [ACCOUNT, 'Customer', 'Invoice', 'Payment', 'CustomerBalance'] })
  .injectEndpoints({
    endpoints: (build) => ({
      /** The account's totals and its newest entries (the customer's page shows the latest few). */
      customerAccount: build.query<CustomerAccountResponse, string>({
        query: (customerId) => `customer/${encodeURIComponent(customerId)}/account?limit=${RECENT_ENTRIES}`,
        // the live 'customer:changed' (money on account) and invoice events make it stale too
        providesTags: (_result, _error, customerId) => [
          { type: ACCOUNT, id: customerId },
          { type: 'Invoice', id: 'LIST' },
          { type: 'CustomerBalance', id: 'LIST' },
        ],
      }),
      receivePayment: build.mutation<CustomerAccountResponse, Write<ReceivePaymentBody>>({
        query: write('payment'),
        invalidatesTags: (_result, _error, { customerId }) => touched(customerId),
      }),
      applyCredit: build.mutation<CustomerAccountResponse, Write<ApplyCreditBody>>({
        query: write('credit/apply'),
        invalidatesTags: (_result, _error, { customerId }) => touched(customerId),
      }),
      refundCredit: build.mutation<CustomerAccountResponse, Write<RefundCreditBody>>({
        query: write('credit/refund'),
        invalidatesTags: (_result, _error, { customerId }) => touched(customerId),
      }),
      /**
       * A payment applied from the account taken back to credit (the owner's alone): its invoice too, by id and by
       * the displayed number the view page caches it by.
       */
      unapplyCredit: build.mutation<
        CustomerAccountResponse,
        Write<UnapplyCreditBody> & { invoiceNumber: string | null }
      >({
        query: write('credit/unapply'),
        invalidatesTags: (_result, _error, { customerId, body, invoiceNumber }) => [
          ...touched(customerId),
          { type: 'Invoice' as const, id: body.invoice_id },
          ...(invoiceNumber ? [{ type: 'Invoice' as const, id: invoiceNumber }] : []),
        ],
      }),
    }),
  });

export const {
  useCustomerAccountQuery,
  useReceivePaymentMutation,
  useApplyCreditMutation,
  useRefundCreditMutation,
  useUnapplyCreditMutation,
} = accountsApi;
