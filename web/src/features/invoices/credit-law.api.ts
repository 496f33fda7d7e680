import { api } from '../../app/api';
import { fileResponse, type DownloadedFile } from '../../shared/download';
import type {
  CreditLawAlertsResponse,
  InvoiceChecksResponse,
  InvoiceCreditLawResponse,
  MailDraft,
} from '#domain/contracts/credit-law.contract';

export type {
  CreditLawAlertRow,
  CreditLawAlertsResponse as CreditLawAlerts,
  InvoiceChecksResponse as InvoiceChecks,
  InvoiceCreditLawResponse as InvoiceCreditLaw,
  MailDraft,
} from '#domain/contracts/credit-law.contract';

const INVOICE = 'Invoice' as const;
const LIST = { type: INVOICE, id: 'LIST' } as const;

/**
 * The builder's checks, an invoice's credit-law dates and notices, the dashboard's alerts. They follow
 * the invoice tags, so a payment or an edit refreshes them.
 */
export const creditLawApi = api.enhanceEndpoints({ addTagTypes: [INVOICE] }).injectEndpoints({
  endpoints: (build) => ({
    invoiceChecks: build.query<InvoiceChecksResponse, { customerId: string; invoicedAt?: string }>({
      query: ({ customerId, invoicedAt }) => ({
        url: 'invoice/checks',
        params: { customer_id: customerId, ...(invoicedAt ? { invoiced_at: invoicedAt } : {}) },
      }),
    }),
    invoiceCreditLaw: build.query<InvoiceCreditLawResponse, { id: string; number: string }>({
      query: ({ number }) => `invoice/${encodeURIComponent(number)}/credit-law`,
      providesTags: (_result, _error, { id, number }) => [
        { type: INVOICE, id },
        { type: INVOICE, id: number },
      ],
    }),
    creditLawAlerts: build.query<CreditLawAlertsResponse, void>({
      query: () => 'invoice/credit-law/alerts',
      providesTags: [LIST],
    }),
    creditLawPdf: build.mutation<DownloadedFile, { number: string; kind: 'notice' | 'release' }>({
      query: ({ number, kind }) => ({
        url: `invoice/${encodeURIComponent(number)}/credit-law/${kind}/pdf`,
        responseHandler: fileResponse(`${kind === 'notice' ? 'delinquency' : 'release'}_${number}.pdf`),
      }),
    }),
  }),
});

export const {
  useInvoiceChecksQuery,
  useInvoiceCreditLawQuery,
  useCreditLawAlertsQuery,
  useCreditLawPdfMutation,
} = creditLawApi;

/** A mailto: link with the draft (no recipient: the user addresses it as TABC tells its permittees to). */
export const mailtoOf = (draft: MailDraft) =>
  `mailto:?subject=${encodeURIComponent(draft.subject)}&body=${encodeURIComponent(draft.body)}`;
