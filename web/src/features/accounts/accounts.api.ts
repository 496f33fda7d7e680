import { api } from '../../app/api';
import type {
  ApplyCreditBody,
  CustomerAccountResponse,
  ReceivePaymentBody,
  RefundCreditBody,
} from '#domain/contracts/account.contract';

/** The shapes of the account calls: domain/contracts/account.contract.ts. */
export type { CustomerAccountResponse as CustomerAccount } from '#domain/contracts/account.contract';

const ACCOUNT = 'CustomerAccount' as const;

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
      customerAccount: build.query<CustomerAccountResponse, string>({
        query: (customerId) => `customer/${encodeURIComponent(customerId)}/account`,
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
    }),
  });

export const {
  useCustomerAccountQuery,
  useReceivePaymentMutation,
  useApplyCreditMutation,
  useRefundCreditMutation,
} = accountsApi;
