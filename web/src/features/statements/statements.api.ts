import { api } from '../../app/api';
import { fileResponse, type DownloadedFile } from '../../shared/download';
import type {
  PublicStatementResponse,
  StatementEmailRequest,
  StatementEmailResponse,
  StatementLinkResponse,
  StatementResponse,
  StatementRunBody,
  StatementRunResponse,
} from '#domain/contracts/statement.contract';

export type {
  PublicStatementResponse as PublicStatement,
  StatementResponse as Statement,
  StatementRow,
  StatementRunResponse as StatementRun,
} from '#domain/contracts/statement.contract';

export interface StatementArgs {
  customerId: string;
  from: string;
  to: string;
}

const path = (customerId: string) => `customer/${encodeURIComponent(customerId)}/statement`;

/**
 * A customer's statement: on screen, as PDF, by e-mail and by public link. It follows the customer's invoices and
 * payments, so a payment logged elsewhere shows at once.
 */
export const statementsApi = api
  .enhanceEndpoints({ addTagTypes: ['Invoice', 'Payment', 'CustomerBalance', 'InvoiceEmail'] })
  .injectEndpoints({
    endpoints: (build) => ({
      customerStatement: build.query<StatementResponse, StatementArgs>({
        query: ({ customerId, from, to }) => ({ url: path(customerId), params: { from, to } }),
        providesTags: [
          { type: 'Invoice', id: 'LIST' },
          { type: 'Payment', id: 'LIST' },
          { type: 'CustomerBalance', id: 'LIST' },
        ],
      }),
      /** GET /customer/{id}/statement/pdf: `statement_{customerId}_{from}_{to}_{HHmmss}.pdf`. */
      statementPdf: build.mutation<DownloadedFile, StatementArgs>({
        query: ({ customerId, from, to }) => ({
          url: `${path(customerId)}/pdf`,
          params: { from, to },
          responseHandler: fileResponse(`statement_${customerId}.pdf`),
        }),
      }),
      statementEmail: build.mutation<StatementEmailResponse, StatementEmailRequest & { customerId: string }>({
        query: ({ customerId, ...body }) => ({ url: `${path(customerId)}/email`, method: 'POST', body }),
        // the e-mail log lists it
        invalidatesTags: [{ type: 'InvoiceEmail' as const, id: 'LIST' }],
      }),
      statementLink: build.mutation<StatementLinkResponse, StatementArgs>({
        query: ({ customerId, from, to }) => ({
          url: `${path(customerId)}/link`,
          method: 'POST',
          params: { from, to },
        }),
      }),
      /** DELETE /customer/{id}/statement/link: every live public link to the customer's statements stops working. */
      revokeStatementLinks: build.mutation<{ revoked: number }, string>({
        query: (customerId) => ({ url: `${path(customerId)}/link`, method: 'DELETE' }),
      }),
      /** POST /statements/runs: starts the monthly run. */
      startStatementRun: build.mutation<StatementRunResponse, StatementRunBody>({
        query: (body) => ({ url: 'statements/runs', method: 'POST', body }),
      }),
      /** GET /statements/runs/{id}: the run and how far it is (polled while it runs). */
      statementRun: build.query<StatementRunResponse, string>({
        query: (id) => `statements/runs/${encodeURIComponent(id)}`,
      }),
      /** GET /statements/runs/{id}/file: `statements_{month}.zip`. */
      statementRunFile: build.mutation<DownloadedFile, { id: string; month: string }>({
        query: ({ id, month }) => ({
          url: `statements/runs/${encodeURIComponent(id)}/file`,
          responseHandler: fileResponse(`statements_${month}.zip`),
        }),
      }),
      publicStatement: build.query<PublicStatementResponse, string>({
        query: (token) => `pdf/customer/statement/${encodeURIComponent(token)}`,
      }),
      publicStatementFile: build.mutation<DownloadedFile, string>({
        query: (token) => ({
          url: `pdf/customer/statement/${encodeURIComponent(token)}/file`,
          responseHandler: fileResponse('statement.pdf'),
        }),
      }),
    }),
  });

export const {
  useCustomerStatementQuery,
  useStatementPdfMutation,
  useStatementEmailMutation,
  useStatementLinkMutation,
  useRevokeStatementLinksMutation,
  usePublicStatementQuery,
  usePublicStatementFileMutation,
  useStartStatementRunMutation,
  useStatementRunQuery,
  useStatementRunFileMutation,
} = statementsApi;
