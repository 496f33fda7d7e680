import { describe, expect, it } from '@jest/globals';
import type { LiveMessage } from '#domain/contracts/live.contract';
import { progressText, recordSyncProgress, syncProgressOf } from './sync-progress';

const message = (extra: Partial<LiveMessage>): LiveMessage => ({
  type: 'InvoiceSynced',
  id: 's-1',
  by: null,
  checkpoint: 'cp',
  at: '2026-11-27T12:00:00.000Z',
  ...extra,
});

describe('Sync progress on the client', () => {
  it('keeps the newest position of each sync, whatever order the messages arrive in', () => {
    recordSyncProgress(message({ syncId: 's-1', kind: 'invoices', done: 2, total: 5 }));
    recordSyncProgress(message({ syncId: 's-1', kind: 'invoices', done: 1, total: 5 }));
    expect(syncProgressOf('s-1')).toEqual({ kind: 'invoices', done: 2, total: 5 });
    expect(progressText(syncProgressOf('s-1')!)).toBe('Syncing invoices: 2 of 5');
  });

  it('ignores a message without a position', () => {
    recordSyncProgress(message({ syncId: 's-2' }));
    expect(syncProgressOf('s-2')).toBeUndefined();
    expect(syncProgressOf(undefined)).toBeUndefined();
  });
});
