import { api } from '../../app/api';
import { fileResponse, type DownloadedFile } from '../../shared/download';
import { formatFileDate } from '../../shared/format';
import type { GridPage, GridQueryArgs } from '../../shared/grid/grid-protocol';
import type { DocumentEmailLogResponse } from '#domain/contracts/delivery.contract';
import type {
  CreditMemoBody,
  CreditMemoEmailResponse,
  CreditMemoGridRow,
  CreditMemoResponse,
  VoidCreditMemoBody,
} from '#domain/contracts/credit-memo.contract';

/** The shapes of the credit-memo calls, one home for the API and the web: domain/contracts/credit-memo.contract.ts. */
export type {
  CreditMemoBody,
  CreditMemoGridRow,
  CreditMemoResponse as CreditMemo,
} from '#domain/contracts/credit-memo.contract';

const CREDIT_MEMO = 'CreditMemo' as const;
const INVOICE = 'Invoice' as const;
const PAYMENT = 'Payment' as const;
const BALANCE = 'CustomerBalance' as const;
const MEMOS = { type: CREDIT_MEMO, id: 'LIST' } as const;
/** E-mails: the memo's own (by its id) and the e-mail log's list, as for invoices. */
const EMAIL = 'InvoiceEmail' as const;

/** Everything a memo changes: the memo lists, its invoice (by id and number), the invoice lists, balances, stock. */
const touched = (memo: CreditMemoResponse | undefined) => [
  MEMOS,
  ...(memo
    ? [
        { type: CREDIT_MEMO, id: memo.id },
        { type: INVOICE, id: memo.invoice_id },
        { type: INVOICE, id: memo.invoice_number },
      ]
    : []),
  { type: INVOICE, id: 'LIST' },
  { type: PAYMENT, id: 'LIST' },
  { type: BALANCE, id: 'LIST' },
  'Product' as const,
  // Liquor bottles bring their stamps back: the stamp screens read again.
  'StampLedger' as const,
];

/** The grid's sort and filter as the export takes them (no paging). */
export type CreditMemoExportQuery = Pick<GridQueryArgs, 'sortModel' | 'filterModel'>;

export const creditsApi = api
  .enhanceEndpoints({
    addTagTypes: [CREDIT_MEMO, INVOICE, PAYMENT, BALANCE, EMAIL, 'Product', 'StampLedger'],
  })
  .injectEndpoints({
    endpoints: (build) => ({
      creditMemoGrid: build.query<GridPage<CreditMemoGridRow>, GridQueryArgs>({
        query: (params) => ({ url: 'credit-memos', params }),
        providesTags: [MEMOS],
      }),
      getCreditMemo: build.query<CreditMemoResponse, string>({
        query: (id) => `credit-memo/${encodeURIComponent(id)}`,
        providesTags: (_result, _error, id) => [{ type: CREDIT_MEMO, id }],
      }),
      /** `idempotencyKey`: one per dialog, so a retried or double-clicked confirm issues one memo. */
      issueCreditMemo: build.mutation<CreditMemoResponse, { body: CreditMemoBody; idempotencyKey: string }>({
        query: ({ body, idempotencyKey }) => ({
          url: 'credit-memo',
          method: 'POST',
          body,
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
        invalidatesTags: (result) => touched(result),
      }),
      voidCreditMemo: build.mutation<CreditMemoResponse, { id: string; body: VoidCreditMemoBody }>({
        query: ({ id, body }) => ({
          url: `credit-memo/${encodeURIComponent(id)}/void`,
          method: 'POST',
          body,
        }),
        invalidatesTags: (result) => touched(result),
      }),
      /** The memo's e-mails, newest first, as the e-mail log keeps them. */
      creditMemoEmails: build.query<DocumentEmailLogResponse, string>({
        query: (id) => `credit-memo/${encodeURIComponent(id)}/email`,
        providesTags: (_result, _error, id) => [{ type: EMAIL, id }],
      }),
      /** Sends the memo's PDF to one address (one e-mail, whatever the retries: `idempotencyKey`). */
      emailCreditMemo: build.mutation<
        CreditMemoEmailResponse,
        { id: string; email: string; idempotencyKey: string }
      >({
        query: ({ id, email, idempotencyKey }) => ({
          url: `credit-memo/${encodeURIComponent(id)}/email`,
          method: 'POST',
          body: { email },
          headers: { 'Idempotency-Key': idempotencyKey },
        }),
        invalidatesTags: (_result, _error, { id }) => [
          { type: EMAIL, id },
          { type: EMAIL, id: 'LIST' },
        ],
      }),
      creditMemoPdf: build.mutation<DownloadedFile, CreditMemoResponse>({
        query: (memo) => ({
          url: `credit-memo/${encodeURIComponent(memo.id)}/pdf`,
          responseHandler: fileResponse(`credit_memo_${memo.number}.pdf`),
        }),
      }),
      downloadCreditMemoCsv: build.mutation<DownloadedFile, CreditMemoExportQuery>({
        query: (query) => ({
          url: 'credit-memos/export',
          params: query,
          responseHandler: fileResponse(`credit_memos_${formatFileDate(new Date())}.csv`),
        }),
      }),
    }),
  });

export const {
  useCreditMemoGridQuery,
  useGetCreditMemoQuery,
  useIssueCreditMemoMutation,
  useVoidCreditMemoMutation,
  useDownloadCreditMemoCsvMutation,
  useCreditMemoPdfMutation,
  useEmailCreditMemoMutation,
  useCreditMemoEmailsQuery,
} = creditsApi;
