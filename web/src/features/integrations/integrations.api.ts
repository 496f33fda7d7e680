import { api } from '../../app/api';
import type { SyncHistory, SyncLogRow, SyncStartedAnswer } from '#domain/contracts/integration.contract';

export type { SyncHistory, SyncLogRow, SyncSummary } from '#domain/contracts/integration.contract';

/** The two point-of-sale partners as their routes name them. */
export type PartnerPath = 'bottle-pos' | 'clover';

/** Sync history, sync logs and the sync calls (spec 001 §7). The live sync events invalidate `Sync`. */
export const integrationsApi = api.enhanceEndpoints({ addTagTypes: ['Sync', 'Activity'] }).injectEndpoints({
  endpoints: (build) => ({
    syncHistory: build.query<SyncHistory, PartnerPath>({
      query: (partner) => `${partner}/sync/history`,
      providesTags: ['Sync'],
    }),
    syncLog: build.query<SyncLogRow[], { partner: PartnerPath; syncId: string }>({
      query: ({ partner, syncId }) => `${partner}/sync-log/${encodeURIComponent(syncId)}`,
      providesTags: ['Sync'],
    }),
    /** The spec's GET sync calls start work and answer at once; the result arrives over the live socket. */
    startSync: build.mutation<
      SyncStartedAnswer,
      { partner: PartnerPath; kind: 'invoices' | 'products'; onlyFirstChunk?: boolean }
    >({
      query: ({ partner, kind, onlyFirstChunk }) => ({
        url: `${partner}/sync-${kind}`,
        method: 'GET',
        params: kind === 'products' ? { onlyFirstChunk: onlyFirstChunk ? 'true' : 'false' } : undefined,
      }),
      invalidatesTags: ['Sync', 'Activity'],
    }),
  }),
});

export const { useSyncHistoryQuery, useSyncLogQuery, useStartSyncMutation } = integrationsApi;
