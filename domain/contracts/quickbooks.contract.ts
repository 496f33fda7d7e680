/*
 * What the QuickBooks Online calls answer. Types only: the web build imports this file too.
 */

/** Which invoices go to QuickBooks: every invoice, only delivered ones, or none. */
export type QuickBooksInvoiceChoice = 'all' | 'delivered' | 'none';
/** When a sync runs by itself. */
export type QuickBooksSchedule = 'off' | 'hourly' | 'daily';
export type QuickBooksObjectKind = 'customer' | 'item' | 'invoice' | 'payment' | 'credit_memo';

export interface QuickBooksSettings {
  invoices: QuickBooksInvoiceChoice;
  payments: boolean;
  creditMemos: boolean;
  /** Documents dated on or after this business day go (YYYY-MM-DD). */
  syncFrom: string;
  schedule: QuickBooksSchedule;
}

export interface QuickBooksRun {
  runId: string;
  trigger: 'manual' | 'schedule';
  status: 'running' | 'success' | 'failed';
  error: string | null;
  total: number;
  done: number;
  created: number;
  updated: number;
  failed: number;
  startedAt: string;
  finishedAt: string | null;
}

/** GET quickbooks: the connection, the settings, the next scheduled sync and the run history. */
export interface QuickBooksOverview {
  connected: boolean;
  realmId: string | null;
  connectedAt: string | null;
  /** A local stand-in answers for QuickBooks (no credentials configured). */
  local: boolean;
  settings: QuickBooksSettings;
  nextRunAt: string | null;
  lastRun: QuickBooksRun | null;
  /** The 20 newest runs. */
  runs: QuickBooksRun[];
}

/** GET quickbooks/runs/{runId}/log: one row per object the run sent or failed. */
export interface QuickBooksLogRow {
  id: string;
  kind: QuickBooksObjectKind;
  ourId: string;
  label: string;
  ok: boolean;
  action: 'created' | 'updated' | 'failed';
  qboId: string | null;
  message: string;
  at: string;
}

/** GET quickbooks/invoice/{id}: an invoice's state in QuickBooks. */
export interface QuickBooksInvoiceState {
  invoiceId: string;
  state: 'not_synced' | 'synced' | 'failed';
  qboId: string | null;
  message: string | null;
  updatedAt: string | null;
}

/** POST quickbooks/sync: the run started, or the company's running one. */
export interface QuickBooksSyncStarted {
  runId: string;
  status: 'started' | 'running';
}
