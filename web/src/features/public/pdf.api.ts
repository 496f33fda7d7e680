import { api } from '../../app/api';
import { fileResponse, type DownloadedFile } from '../../shared/download';
import type {
  PublicBalanceResponse,
  PublicInvoiceResponse,
  PublicLinkResponse,
} from '#domain/contracts/public.contract';

/** The shapes of the public links and views, one home for the API and the web: domain/contracts/public.contract.ts. */
export type {
  CompanyHeader as PublicCompany,
  PublicBalanceResponse as PublicBalance,
  PublicInvoiceResponse as PublicInvoice,
  PublicLinkResponse as PublicLink,
} from '#domain/contracts/public.contract';

/**
 * PDFs and public links. The signed-in calls carry the bearer token like any other; the public
 * ones (`pdf/…`) need none, and their 404 is an answer for the page, never a session matter.
 */
export const pdfApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** POST /invoice/pdf: `invoice_{number}_{dd_MMM_yyyy}.pdf`. */
    invoicePdf: build.mutation<DownloadedFile, { number: string }>({
      query: ({ number }) => ({
        url: 'invoice/pdf',
        method: 'POST',
        body: { number },
        responseHandler: fileResponse(`invoice_${number}.pdf`),
      }),
    }),
    invoiceLink: build.mutation<PublicLinkResponse, string>({
      query: (invoiceId) => ({ url: `invoice/${encodeURIComponent(invoiceId)}/link`, method: 'POST' }),
    }),
    /** POST /customer/{id}/balance/pdf: `balance_{customerId}_{timestamp}.pdf`. */
    balancePdf: build.mutation<DownloadedFile, string>({
      query: (customerId) => ({
        url: `customer/${encodeURIComponent(customerId)}/balance/pdf`,
        method: 'POST',
        responseHandler: fileResponse(`balance_${customerId}.pdf`),
      }),
    }),
    balanceLink: build.mutation<PublicLinkResponse, string>({
      query: (customerId) => ({
        url: `customer/${encodeURIComponent(customerId)}/balance/link`,
        method: 'POST',
      }),
    }),
    /** DELETE /invoice/{id}/link: every live public link to the invoice stops working. */
    revokeInvoiceLinks: build.mutation<{ revoked: number }, string>({
      query: (invoiceId) => ({ url: `invoice/${encodeURIComponent(invoiceId)}/link`, method: 'DELETE' }),
    }),
    /** DELETE /customer/{id}/balance/link: every live public link to the balance stops working. */
    revokeBalanceLinks: build.mutation<{ revoked: number }, string>({
      query: (customerId) => ({
        url: `customer/${encodeURIComponent(customerId)}/balance/link`,
        method: 'DELETE',
      }),
    }),
    publicInvoice: build.query<PublicInvoiceResponse, string>({
      query: (token) => `pdf/invoice/${encodeURIComponent(token)}`,
    }),
    publicInvoiceFile: build.mutation<DownloadedFile, string>({
      query: (token) => ({
        url: `pdf/invoice/${encodeURIComponent(token)}/file`,
        responseHandler: fileResponse('invoice.pdf'),
      }),
    }),
    publicBalance: build.query<PublicBalanceResponse, string>({
      query: (token) => `pdf/customer/balance/${encodeURIComponent(token)}`,
    }),
    publicBalanceFile: build.mutation<DownloadedFile, string>({
      query: (token) => ({
        url: `pdf/customer/balance/${encodeURIComponent(token)}/file`,
        responseHandler: fileResponse('balance.pdf'),
      }),
    }),
  }),
});

export const {
  useInvoicePdfMutation,
  useInvoiceLinkMutation,
  useBalancePdfMutation,
  useBalanceLinkMutation,
  useRevokeBalanceLinksMutation,
  useRevokeInvoiceLinksMutation,
  usePublicInvoiceQuery,
  usePublicInvoiceFileMutation,
  usePublicBalanceQuery,
  usePublicBalanceFileMutation,
} = pdfApi;
