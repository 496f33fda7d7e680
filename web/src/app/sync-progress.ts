import { useSyncExternalStore } from 'react';
import type { LiveMessage } from '#domain/contracts/live.contract';

/** Where a running sync stands, from its last `{partner}:sync-progress` message (as the client's specification asks). */
export interface SyncProgressNow {
  kind: NonNullable<LiveMessage['kind']>;
  done: number;
  total: number;
}

const progress = new Map<string, SyncProgressNow>();
const listeners = new Set<() => void>();

/** Keeps a progress message (the live connection calls this); an older position never replaces a newer one. */
export function recordSyncProgress(message: LiveMessage): void {
  const { syncId, done, total, kind } = message;
  if (!syncId || typeof done !== 'number' || typeof total !== 'number') return;
  const known = progress.get(syncId);
  if (known && known.done >= done) return;
  progress.set(syncId, { kind: kind ?? 'invoices', done, total });
  if (progress.size > 50) progress.delete(progress.keys().next().value!);
  for (const listener of listeners) listener();
}

export const syncProgressOf = (syncId: string | undefined): SyncProgressNow | undefined =>
  syncId ? progress.get(syncId) : undefined;

/** The progress of this sync, once a message about it arrived. */
export function useSyncProgress(syncId: string | undefined): SyncProgressNow | undefined {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => syncProgressOf(syncId),
    () => undefined,
  );
}

/** 'Syncing invoices: 3 of 12' ('Pushing stock levels: 3 of 12' for Clover's inventory push) */
export const progressText = ({ kind, done, total }: SyncProgressNow): string =>
  kind === 'inventory' ? `Pushing stock levels: ${done} of ${total}` : `Syncing ${kind}: ${done} of ${total}`;
