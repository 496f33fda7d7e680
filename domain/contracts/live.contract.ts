/**
 * Live updates (as the client's specification asks): what the gateway sends on the socket. Payloads carry ids and
 * small facts only; a screen refetches what it shows.
 */

/** Socket events of the client's specification, the sync outcomes (named by us: the spec does not name them) and our own. */
export const LIVE_EVENTS = [
  'order:placed',
  'order:status',
  'order:invoiced',
  'order:feature',
  'company:update',
  'product:cache-update',
  'user:access',
  'bottle-pos:sync-completed',
  'bottle-pos:sync-error',
  'clover:sync-completed',
  'clover:sync-error',
  // the client's specification: "clover inventory push error" (Clover's inventory push failed or left levels failed)
  'clover:inventory-push-error',
  'bottle-pos:sync-progress',
  'clover:sync-progress',
  'invoice:changed',
  'stamps:changed',
  'payment:changed',
  'credit-memo:changed',
  'customer:changed',
  'route:changed',
  'email:changed',
] as const;

export type LiveEventName = (typeof LIVE_EVENTS)[number];

/** One message. `checkpoint` is the event's opaque position (send it back in `live:resume`). */
export interface LiveMessage {
  /** the stored event's type (InvoiceCreated, OrderPlaced …) */
  type: string;
  /** the id of what changed (invoice, order, customer, product, roll …) when there is one */
  id: string | null;
  /** who did it (null for the system): a user's own action does not toast back to them */
  by: string | null;
  checkpoint: string;
  at: string;
  /** order:placed: the order's number */
  order_number?: string | number;
  /** order:placed: who ordered (the customer's name) and the order's total in dollars */
  customer_name?: string;
  order_total?: number;
  /** order:status: the order's new status */
  status?: string;
  /** sync events */
  syncId?: string;
  error?: string;
  /** sync-progress: what the sync pushes, and `done` records of its `total` after this one */
  kind?: 'invoices' | 'products' | 'inventory';
  done?: number;
  total?: number;
  /** company:update / order:feature: the feature switched */
  feature?: string;
}

/** Sent once on connect: where this socket's live stream starts. */
export interface LiveHello {
  checkpoint: string;
}

/** `live:resume` { after } answers: the missed messages in order, or 'refetch' when the gap is too big. */
export type LiveResumeAnswer =
  | { mode: 'replay'; messages: Array<{ event: LiveEventName; message: LiveMessage }> }
  | { mode: 'refetch'; reason: string }
  | { error: string };
