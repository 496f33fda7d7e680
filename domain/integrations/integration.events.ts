/**
 * Events of the point-of-sale integrations (Sync log). One stream per company, `integrations-{companyId}`: a sync starts, records each invoice or product it
 * pushed (or could not push), and completes once — with `outcome` 'failed' when the partner was down, slow, refused
 * the credentials or answered garbage (what it pushed before stays recorded: a retry pushes only the rest).
 *
 * Events never carry credentials, URLs with credentials or the partner's raw answers: only our own messages.
 */
/**
 * The point-of-sale partners, the sales platform (mpower: invoices only, one at a time from the invoice view) and
 * fintech (invoices of customers with a fintech id, from the invoice view).
 */
export const PARTNERS = ['bottle_pos', 'clover', 'mpower', 'fintech'] as const;
export type Partner = (typeof PARTNERS)[number];

/**
 * What a sync pushes: recent (or named) invoices, products, or the products' stock levels (`inventory`: the client's
 * specification's Clover inventory push; only partners that keep stock take it).
 */
export const SYNC_KINDS = ['invoices', 'products', 'inventory'] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];

/** What a sync covers: recent invoices (or the named ones), every product (or the first chunk). */
export interface SyncScope {
  invoiceIds?: string[];
  onlyFirstChunk?: boolean;
}

export interface SyncStarted {
  type: 'SyncStarted';
  data: {
    syncId: string;
    companyId: string;
    partner: Partner;
    kind: SyncKind;
    scope: SyncScope;
    startedBy: string | null;
    startedAt: string;
  };
}

/**
 * Where a sync stands after a record (added later, optional: older events have none): `done` records of the sync's
 * `total` (records already pushed with the same content count as done; they write no event).
 */
export interface SyncProgress {
  done: number;
  total: number;
}

export interface InvoiceSynced {
  type: 'InvoiceSynced';
  data: {
    syncId: string;
    partner: Partner;
    invoiceId: string;
    invoiceNumber: string;
    /** A hash of what was pushed: an unchanged invoice is not pushed again. */
    fingerprint: string;
    /** The partner's id of the pushed invoice (order). */
    externalId: string;
    syncedAt: string;
    progress?: SyncProgress;
  };
}

export interface InvoiceSyncFailed {
  type: 'InvoiceSyncFailed';
  data: {
    syncId: string;
    partner: Partner;
    invoiceId: string;
    invoiceNumber: string;
    error: string;
    failedAt: string;
    progress?: SyncProgress;
  };
}

export interface ProductSynced {
  type: 'ProductSynced';
  data: {
    syncId: string;
    partner: Partner;
    productId: string;
    product: string;
    fingerprint: string;
    externalId: string;
    syncedAt: string;
    progress?: SyncProgress;
  };
}

export interface ProductSyncFailed {
  type: 'ProductSyncFailed';
  data: {
    syncId: string;
    partner: Partner;
    productId: string;
    product: string;
    error: string;
    failedAt: string;
    progress?: SyncProgress;
  };
}

/** A product's stock level set at the partner (an inventory push): `qty` units, on the partner's item `externalId`. */
export interface StockPushed {
  type: 'StockPushed';
  data: {
    syncId: string;
    partner: Partner;
    productId: string;
    product: string;
    qty: number;
    externalId: string;
    pushedAt: string;
    progress?: SyncProgress;
  };
}

/** How the read model keeps the stock level last pushed of a product (an inventory push skips an equal one). */
export const stockFingerprint = (qty: number) => `qty:${qty}`;

/** A product's stock level the partner refused (an inventory push goes on with the next product). */
export interface StockPushFailed {
  type: 'StockPushFailed';
  data: {
    syncId: string;
    partner: Partner;
    productId: string;
    product: string;
    qty: number;
    error: string;
    failedAt: string;
    progress?: SyncProgress;
  };
}

export interface SyncCompleted {
  type: 'SyncCompleted';
  data: {
    syncId: string;
    partner: Partner;
    kind: SyncKind;
    /** 'failed': the sync stopped early (partner down, timeout, garbage, refused credentials, interrupted). */
    outcome: 'success' | 'failed';
    /** Why it stopped (our words), or null. */
    error: string | null;
    synced: number;
    failed: number;
    completedAt: string;
  };
}

export type IntegrationEvent =
  | SyncStarted
  | InvoiceSynced
  | InvoiceSyncFailed
  | ProductSynced
  | ProductSyncFailed
  | StockPushed
  | StockPushFailed
  | SyncCompleted;

export const INTEGRATION_EVENT_TYPES: readonly IntegrationEvent['type'][] = [
  'SyncStarted',
  'InvoiceSynced',
  'InvoiceSyncFailed',
  'ProductSynced',
  'ProductSyncFailed',
  'StockPushed',
  'StockPushFailed',
  'SyncCompleted',
];

export const integrationsStream = (companyId: string) => `integrations-${companyId}`;
export const INTEGRATIONS_STREAM_PREFIX = 'integrations-';

/** The module name of the activity log (as the client's specification asks) and the partner's title. */
export const PARTNER_MODULE: Record<Partner, string> = {
  bottle_pos: 'BOTTLE_POS',
  clover: 'CLOVER',
  mpower: 'MPOWER',
  fintech: 'INVOICE',
};
export const PARTNER_TITLE: Record<Partner, string> = {
  bottle_pos: 'Bottle POS',
  clover: 'Clover',
  mpower: 'The sales platform',
  fintech: 'Fintech',
};
