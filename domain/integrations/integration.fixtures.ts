import type { CommandMetadata } from '../shared/decider.js';
import type {
  CompleteSync,
  RecordInvoiceSync,
  RecordProductSync,
  RecordStockPush,
  StartSync,
} from './integration.commands.js';
import type { InvoiceSynced, SyncStarted } from './integration.events.js';

export const NOW = '2026-11-27T15:00:00.000Z';
export const metadata = (now = NOW): CommandMetadata => ({ companyId: 'co-1', userId: 'u-1', now });

export const aSyncStarted = (data: Partial<SyncStarted['data']> = {}): SyncStarted => ({
  type: 'SyncStarted',
  data: {
    syncId: 'sync-1',
    companyId: 'co-1',
    partner: 'bottle_pos',
    kind: 'invoices',
    scope: {},
    startedBy: 'u-1',
    startedAt: NOW,
    ...data,
  },
});

export const anInvoiceSynced = (data: Partial<InvoiceSynced['data']> = {}): InvoiceSynced => ({
  type: 'InvoiceSynced',
  data: {
    syncId: 'sync-1',
    partner: 'bottle_pos',
    invoiceId: 'inv-1',
    invoiceNumber: '1001',
    fingerprint: 'f-1',
    externalId: 'bp-1',
    syncedAt: NOW,
    ...data,
  },
});

export const aStartSync = (data: Partial<StartSync['data']> = {}, now = NOW): StartSync => ({
  type: 'StartSync',
  data: { syncId: 'sync-1', partner: 'bottle_pos', kind: 'invoices', scope: {}, ...data },
  metadata: metadata(now),
});

export const aRecordInvoiceSync = (data: Partial<RecordInvoiceSync['data']> = {}): RecordInvoiceSync => ({
  type: 'RecordInvoiceSync',
  data: {
    syncId: 'sync-1',
    partner: 'bottle_pos',
    invoiceId: 'inv-1',
    invoiceNumber: '1001',
    fingerprint: 'f-1',
    result: { externalId: 'bp-1' },
    ...data,
  },
  metadata: metadata(),
});

export const aRecordProductSync = (data: Partial<RecordProductSync['data']> = {}): RecordProductSync => ({
  type: 'RecordProductSync',
  data: {
    syncId: 'sync-1',
    partner: 'clover',
    productId: 'p-1',
    product: "TITO'S VODKA",
    fingerprint: 'f-1',
    result: { externalId: 'ITEM1' },
    ...data,
  },
  metadata: metadata(),
});

export const aCompleteSync = (data: Partial<CompleteSync['data']> = {}): CompleteSync => ({
  type: 'CompleteSync',
  data: { syncId: 'sync-1', partner: 'bottle_pos', error: null, ...data },
  metadata: metadata(),
});

export const aRecordStockPush = (data: Partial<RecordStockPush['data']> = {}): RecordStockPush => ({
  type: 'RecordStockPush',
  data: {
    syncId: 'sync-1',
    partner: 'clover',
    productId: 'p-1',
    product: "TITO'S VODKA",
    qty: 24,
    result: { externalId: 'ITEM1' },
    ...data,
  },
  metadata: metadata(),
});
