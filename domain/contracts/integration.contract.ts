/*
 * What the Bottle POS and Clover sync calls answer (spec 001 §3 Sync history, Sync log; issue 19). Types only: the
 * web build imports this file too.
 */

export type SyncStatus = 'running' | 'success' | 'failed';

/** One sync: the spec's lastSync (createdAt) with its outcome. */
export interface SyncSummary {
  syncId: string;
  kind: 'invoices' | 'products';
  status: SyncStatus;
  /** Why it stopped (our words), or null. */
  error: string | null;
  synced: number;
  failed: number;
  createdAt: string;
  completedAt: string | null;
}

/** GET {partner}/sync/history. */
export interface SyncHistory {
  lastSync: SyncSummary | null;
  /** The 20 newest syncs. */
  syncs: SyncSummary[];
  /** Invoices whose last push failed (keys: invoice id and company id). */
  failedInvoices: {
    invoice_id: string;
    company_id: string;
    invoice: { number: string };
    error: string | null;
    sync_id: string;
    updatedAt: string;
  }[];
  /** Product syncs that failed or left products failed. */
  failedProductSyncLog: { sync_id: string; createdAt: string; failed: number; error: string | null }[];
}

/** GET {partner}/sync-invoices, sync-products: the sync started (or the partner's sync already running). */
export interface SyncStartedAnswer {
  syncId: string;
  status: 'started' | 'running';
}

/** GET {partner}/sync-log/{syncId}: one row per record (Time, Type, Data). */
export interface SyncLogRow {
  id: string;
  sync_id: string;
  createdAt: string;
  type: 'Invoice' | 'Product';
  success_log: { message: string } | null;
  error_log: { message: string } | null;
  data: Record<string, unknown>;
}

/** An invoice's record on the sales platform (mpower): never synced, synced, or its last push failed. */
export interface MpowerRecord {
  status: 'never' | 'synced' | 'failed';
  updatedAt: string | null;
  error: string | null;
}

/** GET /mpower/{id}/sync: the result for the invoice view's alert. */
export interface MpowerSyncAnswer {
  success: boolean;
  message: string;
  record: MpowerRecord;
}

/** POST /fintech/sync: the sync, once it ended. */
export interface FintechSyncAnswer {
  syncId: string;
  success: boolean;
  synced: number;
  failed: number;
  error: string | null;
}

/** GET /fintech/sync-log (spec 001 §3 Fintech sync log): one entry per sync naming any of the invoices. */
export interface FintechSyncLogEntry {
  id: string;
  invoice_ids: string[];
  createdAt: string;
  success_log: { message: string } | null;
  error_log: { step: string; message: string } | null;
}
