/*
 * What the Bottle POS and Clover sync calls answer (Sync log). Types only: the
 * web build imports this file too.
 */

export type SyncStatus = 'running' | 'success' | 'failed';

/** One sync: the spec's lastSync (createdAt) with its outcome. */
export interface SyncSummary {
  syncId: string;
  /** inventory: Clover's inventory push (the products' stock levels) */
  kind: 'invoices' | 'products' | 'inventory';
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
  /** Product syncs and inventory pushes that failed or left products failed. */
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

/** GET /fintech/sync-log (as the client's specification asks): one entry per sync naming any of the invoices. */
export interface FintechSyncLogEntry {
  id: string;
  invoice_ids: string[];
  createdAt: string;
  success_log: { message: string } | null;
  error_log: { step: string; message: string } | null;
}

/** One line of a converted invoice file: the product found by its UPC, as the invoice builder starts a line. */
export interface ConvertedInvoiceItem {
  /** the file's line the item came from (1-based, the header is line 1) */
  line: number;
  product_id: string;
  product: {
    id: string;
    product: string;
    product_size: string;
    product_type: string;
    upc: string | null;
    /** buying price in dollars (the builder's below-cost check) */
    last_purchase_price: string;
  };
  qty: number;
  /** dollars, 2 decimals */
  price: string;
  taxable: boolean;
  on_deal: boolean;
}

/** POST /invoice/convert: a distributor's invoice file as a prefill of the invoice builder (nothing is saved). */
export interface ConvertedInvoice {
  /** the file's invoice number, when it has one */
  reference: string | null;
  customer: { id: string; name: string; city: string; display_tabc_id: string } | null;
  /** YYYY-MM-DD, when the file has a date */
  invoiced_at: string | null;
  items: ConvertedInvoiceItem[];
  /** what the user should know (e.g. the customer was not found) */
  warnings: string[];
}

/** GET /clover/product/{id}: the product's state in Clover (as the client's specification asks). */
export interface CloverProductState {
  product_id: string;
  /** never pushed, pushed by the last sync that named it, or that push failed */
  state: 'never' | 'synced' | 'failed';
  updatedAt: string | null;
  sync_id: string | null;
  /** failed: "Clover product {name} has not been updated: {why}" */
  message: string | null;
}
