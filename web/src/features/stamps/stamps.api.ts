import { api } from '../../app/api';
import { fileResponse, type DownloadedFile } from '../../shared/download';
import type { GridPage, GridQueryArgs } from '../../shared/grid/grid-protocol';

/** Spec 000 §3 Stamp roll, as GET /stamp/roll answers it. */
export interface StampRoll {
  id: number;
  prefix: string;
  /** business date, yyyy-MM-dd */
  received_at: string;
  finished_at: string | null;
  from: number;
  to: number;
  active: boolean;
  finished: boolean;
  /** the roll table's label: Finished (grey), Active (green), Inactive (red) */
  state: 'finished' | 'active' | 'inactive';
  /** the active toggle is off limits: finished, or no stamps */
  toggle_disabled: boolean;
  /** stamps left (AVAILABLE) */
  stamps: number;
  /** stamps in the roll */
  stampsCount: number;
  available_count: number;
  invoiced_count: number;
  destroyed_count: number;
  first_available: number | null;
  created_at: string;
}

/** GET stamp/remaining (spec 000 §3 Stamp remaining summary, with the dashboard's low-stamp flag). */
export interface StampRemaining {
  availableStampCount: number;
  firstAvailableStamp: number | null;
  totalStampCount: number;
  currentRoll: StampRoll | null;
  threshold: number;
  low: boolean;
  rollCount: number;
}

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

export interface DestroyStampsResult {
  id: number;
  roll_id: number;
  prefix: string;
  from: number;
  to: number;
  count: number;
  ranges: { from: number; to: number }[];
  /** what happened, in words: destroyed, invoiced ones kept, already destroyed */
  messages: string[];
}

/** GET stamp/destroyed: destroy records not undone yet, newest first. */
export interface DestroyRecord {
  id: number;
  roll_id: number;
  prefix: string;
  from: number;
  to: number;
  count: number;
  ranges: { from: number; to: number }[];
  note: string | null;
  destroyed_at: string;
  destroyed_by: string | null;
}

export interface UndoDestroyResult {
  restored: {
    id: number;
    roll_id: number;
    prefix: string;
    count: number;
    ranges: { from: number; to: number }[];
  }[];
  already_restored: number[];
}

export type StampLogKind = 'received' | 'allocated' | 'released' | 'destroyed' | 'restored';

/** A row of GET invoice/stamp/grid (numbers arrive as text: Postgres bigint). */
export interface StampLogRow {
  id: string;
  customer: string | null;
  customer_id: string | null;
  tabc_id: string | null;
  invoice: string | null;
  invoice_id: string | null;
  logged_at: string;
  roll_id: number;
  prefix: string;
  start: string | number;
  end: string | number;
  used: string | number;
  balance: string | number;
  on_hand: string | number;
  kind: StampLogKind;
  destroyed: boolean;
  destroy_id: number | null;
  note: string | null;
}

export type StampStatus = 'AVAILABLE' | 'INVOICED' | 'DESTROYED';

export interface StampTransition {
  at: string;
  kind: StampLogKind;
  /** the stamp's status after the transition */
  status: StampStatus;
  from: number;
  to: number;
  user_id: string | null;
  user_name: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  customer_id: string | null;
  customer_name: string | null;
  customer_tabc_id: string | null;
  note: string | null;
  destroy_id: number | null;
}

/** GET stamp/history?prefix=&number=: one stamp's transitions, oldest first. */
export interface StampHistory {
  prefix: string;
  number: number;
  stamp: string;
  status: StampStatus;
  roll: StampRoll;
  transitions: StampTransition[];
}

export type StampExportQuery = Pick<GridQueryArgs, 'sortModel' | 'filterModel'>;

/**
 * Every stamp command changes the rolls, the summary, the log and the histories together, so all stamp reads
 * share one tag and every stamp command invalidates it.
 */
const LEDGER = 'StampLedger' as const;

export const stampsApi = api.enhanceEndpoints({ addTagTypes: [LEDGER] }).injectEndpoints({
  endpoints: (build) => ({
    stampRemaining: build.query<StampRemaining, void>({
      query: () => 'stamp/remaining',
      providesTags: [LEDGER],
    }),
    stampRolls: build.query<StampRoll[], void>({
      query: () => 'stamp/roll',
      providesTags: [LEDGER],
    }),
    createStampRoll: build.mutation<StampRoll & { warnings: string[] }, CreateStampRollBody>({
      query: (body) => ({ url: 'stamp/roll', method: 'POST', body }),
      invalidatesTags: [LEDGER],
    }),
    setStampRollActive: build.mutation<StampRoll, { id: number; active: boolean }>({
      query: ({ id, active }) => ({ url: `stamp/roll/${id}`, method: 'PUT', body: { active } }),
      invalidatesTags: [LEDGER],
    }),
    destroyStamps: build.mutation<DestroyStampsResult, StampRangeBody>({
      query: ({ rollId, ...body }) => ({ url: `stamp/roll/${rollId}/destroy`, method: 'POST', body }),
      invalidatesTags: [LEDGER],
    }),
    destroyedStamps: build.query<DestroyRecord[], void>({
      query: () => 'stamp/destroyed',
      providesTags: [LEDGER],
    }),
    undoDestroy: build.mutation<UndoDestroyResult, number[]>({
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
    stampHistory: build.query<StampHistory, { prefix: string; number: number }>({
      query: (params) => ({ url: 'stamp/history', params }),
      providesTags: [LEDGER],
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
