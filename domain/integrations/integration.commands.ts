import type { CommandMetadata } from '../shared/decider.js';
import type { Partner, SyncKind, SyncProgress, SyncScope } from './integration.events.js';

export interface StartSync {
  type: 'StartSync';
  data: { syncId: string; partner: Partner; kind: SyncKind; scope: SyncScope };
  metadata: CommandMetadata;
}

/** One invoice pushed (externalId) or refused by the partner (error). */
export interface RecordInvoiceSync {
  type: 'RecordInvoiceSync';
  data: {
    syncId: string;
    partner: Partner;
    invoiceId: string;
    invoiceNumber: string;
    fingerprint: string;
    result: { externalId: string } | { error: string };
    progress?: SyncProgress;
  };
  metadata: CommandMetadata;
}

export interface RecordProductSync {
  type: 'RecordProductSync';
  data: {
    syncId: string;
    partner: Partner;
    productId: string;
    product: string;
    fingerprint: string;
    result: { externalId: string } | { error: string };
    progress?: SyncProgress;
  };
  metadata: CommandMetadata;
}

/** One product's stock level set at the partner (externalId: the partner's item) or refused (error). */
export interface RecordStockPush {
  type: 'RecordStockPush';
  data: {
    syncId: string;
    partner: Partner;
    productId: string;
    product: string;
    qty: number;
    result: { externalId: string } | { error: string };
    progress?: SyncProgress;
  };
  metadata: CommandMetadata;
}

/** The end of a sync: `error` when it stopped early. */
export interface CompleteSync {
  type: 'CompleteSync';
  data: { syncId: string; partner: Partner; error: string | null };
  metadata: CommandMetadata;
}

export type IntegrationCommand =
  StartSync | RecordInvoiceSync | RecordProductSync | RecordStockPush | CompleteSync;
