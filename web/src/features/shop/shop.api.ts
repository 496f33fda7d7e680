import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type {
  OrderResponse,
  PlaceOrderBody,
  PlaceOrderDraftBody,
  SaveOrderDraftBody,
  ShopDraftDetailResponse,
  ShopDraftResponse,
  ShopCompanyResponse,
  ShopInvoiceResponse,
  ShopMeResponse,
  ShopProductResponse,
} from '#domain/contracts/order.contract';
import type {
  ShopBalanceResponse,
  ShopInvoiceDetailResponse,
  ShopOrderDetailResponse,
} from '#domain/contracts/shop.contract';
import type { StatementResponse } from '#domain/contracts/statement.contract';
import { fileResponse, type DownloadedFile } from '../../shared/download';
import { shopToken } from './shop-session';

/**
 * The ordering app's API slice: its own base query with the customer user's token, so a 401 here never opens the
 * back office's 'Please log back in.' modal (and a staff token is never sent to /shop).
 */
export const shopApi = createApi({
  reducerPath: 'shopApi',
  baseQuery: fetchBaseQuery({
    baseUrl: '/api/v1/shop',
    prepareHeaders: (headers) => {
      const token = shopToken();
      if (token) headers.set('authorization', `Bearer ${token}`);
      return headers;
    },
  }),
  tagTypes: ['ShopOrder', 'ShopDraft', 'ShopInvoice', 'ShopMe'],
  endpoints: (build) => ({
    /** The distributor this shop address names (404 when none). */
    company: build.query<ShopCompanyResponse, string>({
      query: (subdomain) => `company/${encodeURIComponent(subdomain)}`,
    }),
    signIn: build.mutation<{ token: string }, { email: string; password: string }>({
      query: (body) => ({ url: 'auth/sign-in', method: 'POST', body }),
    }),
    signOut: build.mutation<void, void>({
      query: () => ({ url: 'auth/sign-out', method: 'POST' }),
    }),
    invitation: build.query<{ name: string; email: string; company_name: string | null }, string>({
      query: (token) => ({ url: 'invitation', params: { token } }),
    }),
    acceptInvitation: build.mutation<{ token: string }, { token: string; password: string }>({
      query: (body) => ({ url: 'invitation/accept', method: 'POST', body }),
    }),
    me: build.query<ShopMeResponse, void>({ query: () => 'me', providesTags: ['ShopMe'] }),
    catalogue: build.query<ShopProductResponse[], string>({
      query: (search) => ({ url: 'catalogue', params: search ? { search } : {} }),
    }),
    myOrders: build.query<OrderResponse[], void>({ query: () => 'order', providesTags: ['ShopOrder'] }),
    placeOrder: build.mutation<OrderResponse, { body: PlaceOrderBody; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({
        url: 'order',
        method: 'POST',
        body,
        headers: { 'idempotency-key': idempotencyKey },
      }),
      invalidatesTags: ['ShopOrder'],
    }),
    cancelOrder: build.mutation<OrderResponse, string>({
      query: (id) => ({ url: `order/${id}/cancel`, method: 'POST' }),
      invalidatesTags: ['ShopOrder'],
    }),
    /** The customer's open drafts (no number, no prices until placed). */
    myDrafts: build.query<ShopDraftResponse[], void>({
      query: () => 'order/draft',
      providesTags: ['ShopDraft'],
    }),
    /** One draft with today's prices: what the cart shows when it is opened. */
    draft: build.query<ShopDraftDetailResponse, string>({ query: (id) => `order/draft/${id}` }),
    saveDraft: build.mutation<ShopDraftResponse, { body: SaveOrderDraftBody; idempotencyKey: string }>({
      query: ({ body, idempotencyKey }) => ({
        url: 'order/draft',
        method: 'POST',
        body,
        headers: { 'idempotency-key': idempotencyKey },
      }),
      invalidatesTags: ['ShopDraft'],
    }),
    updateDraft: build.mutation<ShopDraftResponse, { id: string; body: SaveOrderDraftBody }>({
      query: ({ id, body }) => ({ url: `order/draft/${id}`, method: 'PUT', body }),
      invalidatesTags: ['ShopDraft'],
    }),
    placeDraft: build.mutation<OrderResponse, { id: string; body: PlaceOrderDraftBody }>({
      query: ({ id, body }) => ({ url: `order/draft/${id}/place`, method: 'POST', body }),
      invalidatesTags: ['ShopDraft', 'ShopOrder'],
    }),
    cancelDraft: build.mutation<ShopDraftResponse, string>({
      query: (id) => ({ url: `order/draft/${id}/cancel`, method: 'POST' }),
      invalidatesTags: ['ShopDraft'],
    }),
    myInvoices: build.query<ShopInvoiceResponse[], void>({
      query: () => 'invoice',
      providesTags: ['ShopInvoice'],
    }),
    /** One past order with what Order again puts into the cart (today's prices; null: no longer offered). */
    myOrder: build.query<ShopOrderDetailResponse, string>({
      query: (id) => `order/${id}`,
      providesTags: ['ShopOrder'],
    }),
    /** One invoice: lines, totals, due date and status, and what Order again puts into the cart. */
    myInvoice: build.query<ShopInvoiceDetailResponse, string>({
      query: (id) => `invoice/${id}`,
      providesTags: ['ShopInvoice'],
    }),
    /** The PDF of an order or an invoice of the customer, as the office prints it. */
    pdf: build.mutation<DownloadedFile, { kind: 'order' | 'invoice'; id: string }>({
      query: ({ kind, id }) => ({ url: `${kind}/${id}/pdf`, responseHandler: fileResponse(`${kind}.pdf`) }),
    }),
    /** The balance owed on the open invoices, and its overdue part. */
    balance: build.query<ShopBalanceResponse, void>({
      query: () => 'balance',
      providesTags: ['ShopInvoice'],
    }),
    /** The customer's statement of the current month. */
    statement: build.query<StatementResponse, void>({
      query: () => 'statement',
      providesTags: ['ShopInvoice'],
    }),
    /** The statement of the current month as a PDF. */
    statementPdf: build.mutation<DownloadedFile, void>({
      query: () => ({ url: 'statement/pdf', responseHandler: fileResponse('statement.pdf') }),
    }),
    /** The products invoiced most to the customer lately, at its prices today. */
    usual: build.query<ShopProductResponse[], void>({ query: () => 'catalogue/usual' }),
  }),
});

export const {
  useCompanyQuery,
  useSignInMutation,
  useSignOutMutation,
  useInvitationQuery,
  useAcceptInvitationMutation,
  useMeQuery,
  useCatalogueQuery,
  useMyOrdersQuery,
  usePlaceOrderMutation,
  useCancelOrderMutation,
  useMyDraftsQuery,
  useLazyDraftQuery,
  useSaveDraftMutation,
  useUpdateDraftMutation,
  usePlaceDraftMutation,
  useCancelDraftMutation,
  useMyInvoicesQuery,
  useMyOrderQuery,
  useMyInvoiceQuery,
  usePdfMutation,
  useBalanceQuery,
  useStatementQuery,
  useStatementPdfMutation,
  useUsualQuery,
} = shopApi;
