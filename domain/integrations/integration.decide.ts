import { assertNever, type Decider } from '../shared/decider.js';
import type {
  CompleteSync,
  IntegrationCommand,
  RecordInvoiceSync,
  RecordProductSync,
  RecordStockPush,
  StartSync,
} from './integration.commands.js';
import { integrationError, INTEGRATION_MESSAGES } from './integration.errors.js';
import type {
  IntegrationEvent,
  Partner,
  SyncCompleted,
  SyncKind,
  SyncProgress,
} from './integration.events.js';

/** A sync that started longer ago than this and never completed (its process died) no longer blocks a new one. */
export const STALE_SYNC_MS = 15 * 60_000;

export interface RunningSync {
  syncId: string;
  kind: SyncKind;
  startedAt: string;
  synced: number;
  failed: number;
}

/**
 * A company's integrations: at most one running sync per partner, with its counts. Bounded (two partners), plain
 * JSON: the stream grows with every record, so it is cold-loaded from a snapshot.
 */
export interface IntegrationState {
  running: Partial<Record<Partner, RunningSync>>;
}

const completed = (
  partner: Partner,
  sync: RunningSync,
  error: string | null,
  now: string,
): SyncCompleted => ({
  type: 'SyncCompleted',
  data: {
    syncId: sync.syncId,
    partner,
    kind: sync.kind,
    outcome: error === null ? 'success' : 'failed',
    error,
    synced: sync.synced,
    failed: sync.failed,
    completedAt: now,
  },
});

/** Starting while the partner's sync runs does nothing (the caller answers the running one's id). */
function start({ data, metadata }: StartSync, state: IntegrationState): IntegrationEvent[] {
  const running = state.running[data.partner];
  const events: IntegrationEvent[] = [];
  if (running) {
    const age = Date.parse(metadata.now) - Date.parse(running.startedAt);
    if (!(age > STALE_SYNC_MS)) return [];
    events.push(completed(data.partner, running, INTEGRATION_MESSAGES.interrupted, metadata.now));
  }
  events.push({
    type: 'SyncStarted',
    data: {
      syncId: data.syncId,
      companyId: metadata.companyId,
      partner: data.partner,
      kind: data.kind,
      scope: data.scope,
      startedBy: metadata.userId,
      startedAt: metadata.now,
    },
  });
  return events;
}

function runningOne(state: IntegrationState, partner: Partner, syncId: string, kind: SyncKind) {
  const running = state.running[partner];
  if (!running || running.syncId !== syncId) throw integrationError('SYNC_NOT_RUNNING');
  if (running.kind !== kind) throw integrationError('SYNC_WRONG_KIND');
  return running;
}

/** The record's progress, when the runner sent one (whole numbers, done within total). */
const progressOf = ({ progress }: { progress?: SyncProgress }): { progress?: SyncProgress } =>
  progress &&
  Number.isSafeInteger(progress.done) &&
  Number.isSafeInteger(progress.total) &&
  progress.done >= 0 &&
  progress.done <= progress.total
    ? { progress: { done: progress.done, total: progress.total } }
    : {};

function recordInvoice({ data, metadata }: RecordInvoiceSync, state: IntegrationState): IntegrationEvent[] {
  runningOne(state, data.partner, data.syncId, 'invoices');
  const { syncId, partner, invoiceId, invoiceNumber } = data;
  if ('externalId' in data.result)
    return [
      {
        type: 'InvoiceSynced',
        data: {
          syncId,
          partner,
          invoiceId,
          invoiceNumber,
          fingerprint: data.fingerprint,
          externalId: data.result.externalId,
          syncedAt: metadata.now,
          ...progressOf(data),
        },
      },
    ];
  return [
    {
      type: 'InvoiceSyncFailed',
      data: {
        syncId,
        partner,
        invoiceId,
        invoiceNumber,
        error: data.result.error,
        failedAt: metadata.now,
        ...progressOf(data),
      },
    },
  ];
}

function recordProduct({ data, metadata }: RecordProductSync, state: IntegrationState): IntegrationEvent[] {
  runningOne(state, data.partner, data.syncId, 'products');
  const { syncId, partner, productId, product } = data;
  if ('externalId' in data.result)
    return [
      {
        type: 'ProductSynced',
        data: {
          syncId,
          partner,
          productId,
          product,
          fingerprint: data.fingerprint,
          externalId: data.result.externalId,
          syncedAt: metadata.now,
          ...progressOf(data),
        },
      },
    ];
  return [
    {
      type: 'ProductSyncFailed',
      data: {
        syncId,
        partner,
        productId,
        product,
        error: data.result.error,
        failedAt: metadata.now,
        ...progressOf(data),
      },
    },
  ];
}

function recordStock({ data, metadata }: RecordStockPush, state: IntegrationState): IntegrationEvent[] {
  runningOne(state, data.partner, data.syncId, 'inventory');
  const { syncId, partner, productId, product, qty } = data;
  if ('externalId' in data.result)
    return [
      {
        type: 'StockPushed',
        data: {
          syncId,
          partner,
          productId,
          product,
          qty,
          externalId: data.result.externalId,
          pushedAt: metadata.now,
          ...progressOf(data),
        },
      },
    ];
  return [
    {
      type: 'StockPushFailed',
      data: {
        syncId,
        partner,
        productId,
        product,
        qty,
        error: data.result.error,
        failedAt: metadata.now,
        ...progressOf(data),
      },
    },
  ];
}

/** Completing a sync that is no longer running (a retried completion) does nothing. */
function complete({ data, metadata }: CompleteSync, state: IntegrationState): IntegrationEvent[] {
  const running = state.running[data.partner];
  if (!running || running.syncId !== data.syncId) return [];
  return [completed(data.partner, running, data.error, metadata.now)];
}

function evolve(state: IntegrationState, event: IntegrationEvent): IntegrationState {
  switch (event.type) {
    case 'SyncStarted':
      return {
        running: {
          ...state.running,
          [event.data.partner]: {
            syncId: event.data.syncId,
            kind: event.data.kind,
            startedAt: event.data.startedAt,
            synced: 0,
            failed: 0,
          },
        },
      };
    case 'InvoiceSynced':
    case 'ProductSynced':
    case 'StockPushed':
    case 'InvoiceSyncFailed':
    case 'ProductSyncFailed':
    case 'StockPushFailed': {
      const running = state.running[event.data.partner];
      if (!running || running.syncId !== event.data.syncId) return state;
      const ok =
        event.type === 'InvoiceSynced' || event.type === 'ProductSynced' || event.type === 'StockPushed';
      return {
        running: {
          ...state.running,
          [event.data.partner]: {
            ...running,
            synced: running.synced + (ok ? 1 : 0),
            failed: running.failed + (ok ? 0 : 1),
          },
        },
      };
    }
    case 'SyncCompleted': {
      if (state.running[event.data.partner]?.syncId !== event.data.syncId) return state;
      const { [event.data.partner]: _done, ...rest } = state.running;
      return { running: rest };
    }
    default:
      return state;
  }
}

export const integrationDecider: Decider<IntegrationState, IntegrationCommand, IntegrationEvent> = {
  initialState: () => ({ running: {} }),
  evolve,
  snapshot: { version: 1 },
  decide: (command, state) => {
    switch (command.type) {
      case 'StartSync':
        return start(command, state);
      case 'RecordInvoiceSync':
        return recordInvoice(command, state);
      case 'RecordProductSync':
        return recordProduct(command, state);
      case 'RecordStockPush':
        return recordStock(command, state);
      case 'CompleteSync':
        return complete(command, state);
      default:
        return assertNever(command);
    }
  },
};
