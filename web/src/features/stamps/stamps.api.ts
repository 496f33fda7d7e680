import { api } from '../../app/api';
import { fileResponse, type DownloadedFile } from '../../shared/download';
import type { GridPage, GridQueryArgs } from '../../shared/grid/grid-protocol';
import type {
  DestroyedStampsRecord,
  DestroyStampsResult,
  ReceiveStampRollResult,
  StampHistoryResponse,
  StampLogRow,
  StampRemainingResponse,
  StampRollResponse,
  UndoDestroyStampsResult,
} from '#domain/contracts/stamp.contract';
import type {
  NumberingProofResponse,
  SerialHistoryResponse,
  StampRecordResponse,
} from '#domain/contracts/stamp-record.contract';

/** The shapes of /stamp, one home for the API and the web: domain/contracts/stamp.contract.ts. */
export type {
  DestroyedStampsRecord as DestroyRecord,
  DestroyStampsResult,
  StampHistoryResponse as StampHistory,
  StampLogKind,
  StampLogRow,
  StampRollResponse as StampRoll,
  StampStatus,
  StampTransition,
} from '#domain/contracts/stamp.contract';

export interface CreateStampRollBody {
  prefix?: string;
  received_at: string;
  from: number;
  to: number;
}

export interface StampRangeBody {
  rollId: number;
  from: number;
  to: number;
  note?: string;
}

/** GET /stamp/record: the period (YYYY-MM-DD) and, optionally, the instant it is replayed to. */
export interface StampRecordQuery {
  from: string;
  to: string;
  as_of?: string;
}

export type {
  NumberingProofResponse,
  SerialHistoryResponse,
  StampRecordResponse,
  StampRecordLine,
} from '#domain/contracts/stamp-record.contract';

export type StampExportQuery = Pick<GridQueryArgs, 'sortModel' | 'filterModel'>;

/**
 * Every stamp command changes the rolls, the summary, the log and the histories together, so all stamp reads
 * share one tag and every stamp command invalidates it.
 */
const LEDGER = 'StampLedger' as const;

export const stampsApi = api.enhanceEndpoints({ addTagTypes: [LEDGER] }).injectEndpoints({
  endpoints: (build) => ({
    stampRemaining: build.query<StampRemainingResponse, void>({
      query: () => 'stamp/remaining',
      providesTags: [LEDGER],
    }),
    stampRolls: build.query<StampRollResponse[], void>({
      query: () => 'stamp/roll',
      providesTags: [LEDGER],
    }),
    createStampRoll: build.mutation<ReceiveStampRollResult, CreateStampRollBody>({
      query: (body) => ({ url: 'stamp/roll', method: 'POST', body }),
      invalidatesTags: [LEDGER],
    }),
    setStampRollActive: build.mutation<StampRollResponse, { id: number; active: boolean }>({
      query: ({ id, active }) => ({ url: `stamp/roll/${id}`, method: 'PUT', body: { active } }),
      invalidatesTags: [LEDGER],
    }),
    destroyStamps: build.mutation<DestroyStampsResult, StampRangeBody>({
      query: ({ rollId, ...body }) => ({ url: `stamp/roll/${rollId}/destroy`, method: 'POST', body }),
      invalidatesTags: [LEDGER],
    }),
    destroyedStamps: build.query<DestroyedStampsRecord[], void>({
      query: () => 'stamp/destroyed',
      providesTags: [LEDGER],
    }),
    undoDestroy: build.mutation<UndoDestroyStampsResult, number[]>({
      query: (ids) => ({ url: 'stamp/undo-destroy', method: 'DELETE', params: { ids: ids.join(',') } }),
      invalidatesTags: [LEDGER],
    }),
    stampLog: build.query<GridPage<StampLogRow>, GridQueryArgs>({
      query: (params) => ({ url: 'invoice/stamp/grid', params }),
      providesTags: [LEDGER],
    }),
    downloadStampLog: build.mutation<DownloadedFile, StampExportQuery>({
      query: (params) => ({ url: 'stamp/download', params, responseHandler: fileResponse('stamps.csv') }),
    }),
    /** One stamp by its serial as printed (the server reads it against the rolls), or by prefix and number. */
    stampHistory: build.query<StampHistoryResponse, { serial: string } | { prefix: string; number: number }>({
      query: (params) => ({ url: 'stamp/history', params }),
      providesTags: [LEDGER],
    }),
    stampRecord: build.query<StampRecordResponse, StampRecordQuery>({
      query: (params) => ({ url: 'stamp/record', params }),
      providesTags: [LEDGER],
    }),
    downloadStampRecord: build.mutation<DownloadedFile, StampRecordQuery & { format: 'csv' | 'pdf' }>({
      query: ({ format, ...params }) => ({
        url: format === 'csv' ? 'stamp/record/download' : 'stamp/record/pdf',
        params,
        responseHandler: fileResponse(`stamp_record.${format}`),
      }),
    }),
    /** GET /stamp/record/serial/download | …/pdf: one stamp's history as of an instant, as a file. */
    downloadSerialHistory: build.mutation<
      DownloadedFile,
      { prefix: string; number: number; as_of?: string; format: 'csv' | 'pdf' }
    >({
      query: ({ format, ...params }) => ({
        url: format === 'csv' ? 'stamp/record/serial/download' : 'stamp/record/serial/pdf',
        params,
        responseHandler: fileResponse(`stamp_history.${format}`),
      }),
    }),
    serialHistoryAsOf: build.query<
      SerialHistoryResponse,
      ({ serial: string } | { prefix: string; number: number }) & { as_of?: string }
    >({
      query: (params) => ({ url: 'stamp/record/serial', params }),
      providesTags: [LEDGER],
    }),
    numberingProof: build.query<NumberingProofResponse, StampRecordQuery>({
      query: (params) => ({ url: 'invoice/numbering-proof', params }),
      providesTags: [LEDGER],
    }),
    downloadNumberingProof: build.mutation<DownloadedFile, StampRecordQuery & { format?: 'csv' | 'pdf' }>({
      query: ({ format = 'csv', ...params }) => ({
        url: format === 'csv' ? 'invoice/numbering-proof/download' : 'invoice/numbering-proof/pdf',
        params,
        responseHandler: fileResponse(`numbering_proof.${format}`),
      }),
    }),
    downloadStampsAsOf: build.mutation<DownloadedFile, { at: string }>({
      query: (params) => ({
        url: 'stamp/as-of/download',
        params,
        responseHandler: fileResponse('stamp_ledger.csv'),
      }),
    }),
  }),
});

export const {
  useLazyStampRecordQuery,
  useLazySerialHistoryAsOfQuery,
  useDownloadSerialHistoryMutation,
  useLazyNumberingProofQuery,
  useDownloadNumberingProofMutation,
  useDownloadStampRecordMutation,
  useStampRemainingQuery,
  useStampRollsQuery,
  useCreateStampRollMutation,
  useSetStampRollActiveMutation,
  useDestroyStampsMutation,
  useDestroyedStampsQuery,
  useUndoDestroyMutation,
  useStampLogQuery,
  useDownloadStampLogMutation,
  useLazyStampHistoryQuery,
  useDownloadStampsAsOfMutation,
} = stampsApi;
