import { api } from '../../app/api';
import type { DepositsResponse } from '#domain/contracts/deposit.contract';
import type { Invoice } from '../invoices/invoices.api';

export type { DepositCheckRow, DepositsResponse } from '#domain/contracts/deposit.contract';

const DEPOSITS = { type: 'Deposits', id: 'LIST' } as const;
const INVOICE = 'Invoice' as const;

/** The checks taken at delivery and not deposited; Mark Deposited and Mark Dishonoured change the check's invoice. */
export const depositsApi = api
  .enhanceEndpoints({ addTagTypes: ['Deposits', INVOICE, 'Payment'] })
  .injectEndpoints({
    endpoints: (build) => ({
      deposits: build.query<DepositsResponse, void>({
        query: () => 'deposits',
        providesTags: [DEPOSITS],
      }),
      markDeposited: build.mutation<Invoice, { invoiceId: string; paymentId: string }>({
        query: ({ invoiceId, paymentId }) => ({
          url: `invoice/${encodeURIComponent(invoiceId)}/payment/${encodeURIComponent(paymentId)}/deposit`,
          method: 'POST',
          body: {},
        }),
        invalidatesTags: (_result, _error, { invoiceId }) => [
          DEPOSITS,
          { type: INVOICE, id: invoiceId },
          { type: INVOICE, id: 'LIST' },
        ],
      }),
      markDishonoured: build.mutation<Invoice, { invoiceId: string; paymentId: string; note: string }>({
        query: ({ invoiceId, paymentId, note }) => ({
          url: `invoice/${encodeURIComponent(invoiceId)}/payment/${encodeURIComponent(paymentId)}/dishonour`,
          method: 'POST',
          body: { note },
        }),
        invalidatesTags: (_result, _error, { invoiceId }) => [
          DEPOSITS,
          { type: INVOICE, id: invoiceId },
          { type: INVOICE, id: 'LIST' },
          { type: 'Payment', id: 'LIST' },
        ],
      }),
    }),
  });

export const { useDepositsQuery, useMarkDepositedMutation, useMarkDishonouredMutation } = depositsApi;
