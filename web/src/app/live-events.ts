import type { LiveEventName, LiveMessage } from '#domain/contracts/live.contract';
import { formatMoney } from '../shared/format';

/** RTK Query tag types the live events refresh (Order and Sync are provided by the order and sync screens). */
export const LIVE_TAG_TYPES = [
  'Invoice',
  'InvoiceEmail',
  'InvoiceDocuments',
  'Payment',
  'CreditMemo',
  'CustomerBalance',
  'StampLedger',
  'Customer',
  'Company',
  'Feature',
  'PriceTier',
  'Product',
  'Staff',
  'Activity',
  'Order',
  'Sync',
  'Route',
] as const;
export type LiveTag = (typeof LIVE_TAG_TYPES)[number];

/** What each socket event makes stale: open grids, the dashboard, the stamp counter, the invoice view, the badge. */
export const LIVE_TAGS: Readonly<Record<LiveEventName, readonly LiveTag[]>> = {
  'invoice:changed': [
    'Invoice',
    'InvoiceEmail',
    'InvoiceDocuments',
    'Payment',
    'CustomerBalance',
    'Product',
    'Activity',
  ],
  'payment:changed': ['Payment', 'CustomerBalance', 'Invoice', 'Activity'],
  'credit-memo:changed': ['CreditMemo', 'Invoice', 'Payment', 'CustomerBalance', 'Product', 'Activity'],
  'stamps:changed': ['StampLedger'],
  'customer:changed': ['Customer', 'CustomerBalance'],
  'company:update': ['Company', 'Feature', 'PriceTier', 'Activity'],
  'product:cache-update': ['Product'],
  'user:access': ['Staff', 'Activity'],
  'order:placed': ['Order'],
  'order:status': ['Order'],
  'order:invoiced': ['Order', 'Invoice'],
  'order:feature': ['Order', 'Company', 'Feature'],
  'bottle-pos:sync-completed': ['Sync', 'Invoice', 'Activity'],
  'bottle-pos:sync-error': ['Sync', 'Activity', 'Invoice'],
  'clover:sync-completed': ['Sync', 'Activity'],
  'clover:sync-error': ['Sync', 'Activity'],
  'clover:inventory-push-error': ['Sync', 'Activity'],
  // progress goes to the sync pages' progress line (sync-progress.ts), not through a refetch per record
  'bottle-pos:sync-progress': [],
  'clover:sync-progress': [],
  'route:changed': ['Route'],
  'email:changed': ['InvoiceEmail', 'Activity'],
};

export interface LiveToast {
  severity: 'info' | 'error';
  title?: string;
  message: string;
  /** a toast duration of the client's specification: normal 6 s, sticky 30 s (TOAST_SECONDS) */
  duration: 'normal' | 'sticky';
  /** a second line (who and how much) */
  detail?: string;
  /** where a click leads */
  to?: string;
  /** the toast's button to follow `to` (a keyboard user's way there) */
  action?: string;
}

/** The toasts of the client's specification; none for the user's own action. */
export function liveToast(
  event: LiveEventName,
  message: LiveMessage,
  ownUserId: string | null,
): LiveToast | null {
  if (ownUserId !== null && message.by === ownUserId) return null;
  switch (event) {
    case 'order:placed': {
      const number = message.order_number ?? '';
      const detail = [
        message.customer_name,
        typeof message.order_total === 'number' ? formatMoney(message.order_total) : undefined,
      ].filter((part): part is string => !!part);
      return {
        severity: 'info',
        title: 'New order arrived',
        message: `You got a new order #${number}`,
        ...(detail.length > 0 ? { detail: detail.join(' · ') } : {}),
        duration: 'normal',
        to: number !== '' ? `/order/${encodeURIComponent(String(number))}` : '/order',
        action: 'Open order',
      };
    }
    case 'bottle-pos:sync-error':
      return {
        severity: 'error',
        message: 'Bottle POS Sync Failed',
        duration: 'sticky',
        to: message.syncId ? `/bottle-pos/${encodeURIComponent(message.syncId)}` : '/bottle-pos',
      };
    case 'clover:sync-error':
      return {
        severity: 'error',
        message: 'Clover Sync Failed',
        duration: 'sticky',
        to: message.syncId ? `/clover/${encodeURIComponent(message.syncId)}` : '/clover',
      };
    // Clover's inventory push: the same sync failure toast, saying what did not reach Clover
    case 'clover:inventory-push-error':
      return {
        severity: 'error',
        title: 'Clover Sync Failed',
        message: 'The stock levels were not all pushed to Clover.',
        duration: 'sticky',
        to: message.syncId ? `/clover/${encodeURIComponent(message.syncId)}` : '/clover',
      };
    default:
      return null;
  }
}

/** socket.io's own reconnection, with backoff: 1 s doubling to 30 s, ± half at random (no thundering herd). */
export const RECONNECT = { reconnectionDelay: 1_000, reconnectionDelayMax: 30_000, randomizationFactor: 0.5 };
/** The offline mark waits this long: a blip of the network does not flash it. */
export const OFFLINE_AFTER_MS = 3_000;
