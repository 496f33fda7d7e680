import { api } from '../../app/api';
import { fileResponse, type DownloadedFile } from '../../shared/download';
import type { Invoice } from '../invoices/invoices.api';
import type { CustomerBalance } from '../payments/payments.api';

/** A public link (spec 001 §2 Public PDF views): `url` is the app path, e.g. '/invoice/pdf/{token}'. */
export interface PublicLink {
  token: string;
  url: string;
  expires_at: string;
}

/** The distributor as printed at the top of its documents; `logo` is a data URI. */
export interface PublicCompany {
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  tabc_id: string;
  logo: string | null;
}

/** GET /pdf/invoice/{token}: the invoice as the customer sees it (no internal note, no costs) and its company. */
export type PublicInvoice = Omit<Invoice, 'company_note'> & { company: PublicCompany };

/** GET /pdf/customer/balance/{token}: the balance and its company. */
export type PublicBalance = CustomerBalance & { company: PublicCompany };

/**
 * PDFs and public links (issue 7 and 8). The signed-in calls carry the bearer token like any other; the public
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
    invoiceLink: build.mutation<PublicLink, string>({
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
    balanceLink: build.mutation<PublicLink, string>({
      query: (customerId) => ({
        url: `customer/${encodeURIComponent(customerId)}/balance/link`,
        method: 'POST',
      }),
    }),
    /** DELETE /customer/{id}/balance/link: every live public link to the balance stops working. */
    revokeBalanceLinks: build.mutation<{ revoked: number }, string>({
      query: (customerId) => ({
        url: `customer/${encodeURIComponent(customerId)}/balance/link`,
        method: 'DELETE',
      }),
    }),
    publicInvoice: build.query<PublicInvoice, string>({
      query: (token) => `pdf/invoice/${encodeURIComponent(token)}`,
    }),
    publicInvoiceFile: build.mutation<DownloadedFile, string>({
      query: (token) => ({
        url: `pdf/invoice/${encodeURIComponent(token)}/file`,
        responseHandler: fileResponse('invoice.pdf'),
      }),
    }),
    publicBalance: build.query<PublicBalance, string>({
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
  usePublicInvoiceQuery,
  usePublicInvoiceFileMutation,
  usePublicBalanceQuery,
  usePublicBalanceFileMutation,
} = pdfApi;
