import type { LiveEventName, LiveMessage } from '#domain/contracts/live.contract.js';
import type { StoredEvent } from '#engine';

/** A stored event as it goes out: the socket event, the company room it goes to, and the message. */
export interface LiveDelivery {
  event: LiveEventName;
  companyId: string;
  message: LiveMessage;
}

type Data = Record<string, unknown>;
type Extra = (data: Data) => Partial<LiveMessage>;

interface Route {
  event: LiveEventName;
  /** the data field naming what changed */
  id?: string;
  extra?: Extra;
}

const str = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : undefined;

const route = (event: LiveEventName, id?: string, extra?: Extra): Route => ({ event, id, extra });
const status =
  (fixed?: string): Extra =>
  (data) => ({ status: fixed ?? str(data.status) ?? str(data.to) });
const feature: Extra = (data) => ({ feature: str(data.feature) ?? str(data.name) });
const progress: Extra = (data) => {
  const { progress: at } = data as { progress?: { done?: unknown; total?: unknown } };
  return {
    syncId: str(data.syncId),
    kind: data.invoiceId !== undefined ? 'invoices' : typeof data.qty === 'number' ? 'inventory' : 'products',
    done: typeof at?.done === 'number' ? at.done : undefined,
    total: typeof at?.total === 'number' ? at.total : undefined,
  };
};

/**
 * Event type → socket event. One row per stored event type; add a row when an area adds an event a screen should
 * follow. Types not listed (public links, e-mail retries, subdomain reservations …) are not sent.
 */
export const LIVE_ROUTES: Readonly<Record<string, Route>> = {
  // invoices (invoice-{id}): the grid, the view, the dashboard
  InvoiceCreated: route('invoice:changed', 'invoiceId'),
  InvoiceRevised: route('invoice:changed', 'invoiceId'),
  InvoiceStatusChanged: route('invoice:changed', 'invoiceId', status()),
  InvoiceDeleted: route('invoice:changed', 'invoiceId'),
  InvoiceReplaced: route('invoice:changed', 'invoiceId'),
  InvoiceDelivered: route('invoice:changed', 'invoiceId'),
  InvoiceEmailed: route('invoice:changed', 'invoiceId'),
  InvoiceEmailDeferred: route('invoice:changed', 'invoiceId'),
  InvoiceEmailDelivered: route('invoice:changed', 'invoiceId'),
  InvoiceEmailFailed: route('invoice:changed', 'invoiceId'),
  DocumentAttached: route('invoice:changed', 'invoiceId'),
  DocumentRenamed: route('invoice:changed', 'invoiceId'),
  DocumentRemoved: route('invoice:changed', 'invoiceId'),
  PrivateNoteAdded: route('invoice:changed', 'invoiceId'),
  PrivateNoteRemoved: route('invoice:changed', 'invoiceId'),
  // payments (on the invoice's stream)
  PaymentLogged: route('payment:changed', 'invoiceId'),
  PaymentUpdated: route('payment:changed', 'invoiceId'),
  PaymentDeleted: route('payment:changed', 'invoiceId'),
  InvoicePaymentsMovedToCredit: route('payment:changed', 'invoiceId'),
  CheckDeposited: route('payment:changed', 'invoiceId'),
  CheckDishonoured: route('payment:changed', 'invoiceId'),
  // payments on account (customer-account-{customerId}): the customer's overview, its balance and credit
  PaymentReceivedOnAccount: route('customer:changed', 'customerId'),
  AccountCreditApplied: route('customer:changed', 'customerId'),
  AccountCreditRefunded: route('customer:changed', 'customerId'),
  InvoicePaymentsCredited: route('customer:changed', 'customerId'),
  AccountCreditUnapplied: route('customer:changed', 'customerId'),
  // credit memos (on the invoice's stream): the memo grid and view, the invoice view
  CreditMemoIssued: route('credit-memo:changed', 'creditMemoId'),
  CreditMemoVoided: route('credit-memo:changed', 'creditMemoId'),
  // credit memo and statement e-mails (document-email-{id}): the e-mail log, the memo's e-mails, the activity log
  DocumentEmailed: route('email:changed', 'emailId'),
  DocumentEmailDeferred: route('email:changed', 'emailId'),
  DocumentEmailDelivered: route('email:changed', 'emailId'),
  DocumentEmailFailed: route('email:changed', 'emailId'),
  // stamps (stamps-{companyId}): the remaining counter, the log, the rolls
  StampRollReceived: route('stamps:changed', 'rollId'),
  StampRollActivated: route('stamps:changed', 'rollId'),
  StampRollDeactivated: route('stamps:changed', 'rollId'),
  StampsAllocated: route('stamps:changed', 'invoiceId'),
  StampsReleased: route('stamps:changed', 'invoiceId'),
  StampsDestroyed: route('stamps:changed'),
  StampsRestored: route('stamps:changed'),
  // stamps that follow credited goods: returned, given back on a void, carried again by a new invoice
  StampsReturnedWithGoods: route('stamps:changed', 'invoiceId'),
  StampsGoodsReturnReversed: route('stamps:changed', 'invoiceId'),
  ReturnedStampsReissued: route('stamps:changed', 'invoiceId'),
  ReissuedStampsBackInStock: route('stamps:changed', 'invoiceId'),
  // customers
  CustomerCreated: route('customer:changed', 'customerId'),
  CustomerUpdated: route('customer:changed', 'customerId'),
  CustomerRemoved: route('customer:changed', 'customerId'),
  CustomerPriceTierChanged: route('customer:changed', 'customerId'),
  // company settings, logos, price tiers, features
  CompanyDetailsUpdated: route('company:update', 'companyId'),
  LogoAdded: route('company:update', 'logoId'),
  LogoRemoved: route('company:update', 'logoId'),
  DefaultLogoChosen: route('company:update', 'logoId'),
  PriceTierAdded: route('company:update', 'tierId'),
  PriceTierUpdated: route('company:update', 'tierId'),
  PriceTierRemoved: route('company:update', 'tierId'),
  PriceTierBaseChosen: route('company:update', 'tierId'),
  FeatureActivated: route('company:update', undefined, feature),
  FeatureDeactivated: route('company:update', undefined, feature),
  // products
  ProductCreated: route('product:cache-update', 'productId'),
  ProductUpdated: route('product:cache-update', 'productId'),
  ProductPriceChanged: route('product:cache-update', 'productId'),
  ProductArchived: route('product:cache-update', 'productId'),
  ProductRestored: route('product:cache-update', 'productId'),
  ProductDeleted: route('product:cache-update', 'productId'),
  // staff access
  StaffJoined: route('user:access', 'userId'),
  StaffDisabled: route('user:access', 'staffUserId'),
  StaffEnabled: route('user:access', 'staffUserId'),
  StaffRoleChanged: route('user:access', 'staffUserId'),
  // delivery routes (route-{id}): the dispatcher's board; a stop delivered (on its invoice's stream) too, below
  RoutePlanned: route('route:changed', 'routeId'),
  RouteStopsAdded: route('route:changed', 'routeId'),
  RouteStopRemoved: route('route:changed', 'routeId'),
  RouteStopsReordered: route('route:changed', 'routeId'),
  RouteAssigned: route('route:changed', 'routeId'),
  RouteDownloaded: route('route:changed', 'routeId'),
  RouteStopSkipped: route('route:changed', 'routeId'),
  RouteClosed: route('route:changed', 'routeId'),
  // orders (order-{id}; domain/orders/order.events.ts): a review of an item changes the order, not its status
  OrderPlaced: route('order:placed', 'orderId', (data) => ({
    order_number: str(data.orderNumber) ?? str(data.order_number) ?? str(data.number),
    status: 'placed',
    customer_name: str((data.customer as Data | undefined)?.name),
    order_total: typeof data.totalCents === 'number' ? data.totalCents / 100 : undefined,
  })),
  OrderDelivered: route('order:status', 'orderId', status('delivered')),
  OrderCancelled: route('order:status', 'orderId', status('cancelled')),
  OrderRejected: route('order:status', 'orderId', status('rejected')),
  OrderItemRejected: route('order:status', 'orderId'),
  OrderItemPriceChanged: route('order:status', 'orderId'),
  OrderItemQtyChanged: route('order:status', 'orderId'),
  OrderNoteAdded: route('order:status', 'orderId'),
  OrderInvoiced: route('order:invoiced', 'orderId', (data) => ({ status: str(data.status) ?? 'invoiced' })),
  // integrations (integrations-{companyId}, sync completed and error with error and syncId). One
  // stored type, SyncCompleted, goes out as the partner's completed or error event (syncRoute below).
  SyncCompleted: route('bottle-pos:sync-completed', 'syncId', (data) => ({
    syncId: str(data.syncId),
    ...(syncFailed(data) ? { error: str(data.error) ?? `${str(data.failed)} record(s) failed` } : {}),
  })),
  // a sync's progress after each record (n of m), sent as the partner's sync-progress (progressEvent below)
  InvoiceSynced: route('bottle-pos:sync-progress', 'syncId', progress),
  InvoiceSyncFailed: route('bottle-pos:sync-progress', 'syncId', progress),
  ProductSynced: route('bottle-pos:sync-progress', 'syncId', progress),
  ProductSyncFailed: route('bottle-pos:sync-progress', 'syncId', progress),
  StockPushed: route('clover:sync-progress', 'syncId', progress),
  StockPushFailed: route('clover:sync-progress', 'syncId', progress),
};

/** The point-of-sale partner's socket prefix; none for the sales platform and fintech (they answer directly). */
function partnerPrefix(data: Data): 'clover' | 'bottle-pos' | undefined {
  return data.partner === 'clover' ? 'clover' : data.partner === 'bottle_pos' ? 'bottle-pos' : undefined;
}

/** A record's progress event: only when it carries one (events written before progress existed do not). */
function progressEvent(data: Data): LiveEventName | undefined {
  const prefix = partnerPrefix(data);
  const { progress } = data as { progress?: { done?: unknown; total?: unknown } };
  if (!prefix || typeof progress?.done !== 'number' || typeof progress.total !== 'number') return undefined;
  return `${prefix}:sync-progress`;
}

const PROGRESS_TYPES = new Set([
  'InvoiceSynced',
  'InvoiceSyncFailed',
  'ProductSynced',
  'ProductSyncFailed',
  'StockPushed',
  'StockPushFailed',
]);

const syncFailed = (data: Data) =>
  data.outcome === 'failed' || (typeof data.failed === 'number' && data.failed > 0);

/**
 * A sync's completion: the partner's sync-completed, or its sync-error when it failed or left records failed (for
 * Clover's inventory push: clover:inventory-push-error). The sales platform's (mpower) syncs answer their request
 * directly: none.
 */
function syncEvent(data: Data): LiveEventName | undefined {
  const prefix = partnerPrefix(data);
  // The client's specification names Clover's inventory push error as an event of its own.
  if (prefix === 'clover' && data.kind === 'inventory' && syncFailed(data))
    return 'clover:inventory-push-error';
  return prefix && `${prefix}:sync-${syncFailed(data) ? 'error' : 'completed'}`;
}

/** Switching the order feature also tells the order screens (order:feature). */
const ORDER_FEATURE = 'order';

/** What one stored event sends: none, one, or (a feature switch of orders) two deliveries. */
export function toLiveDeliveries(event: StoredEvent): LiveDelivery[] {
  const found = LIVE_ROUTES[event.type];
  const companyId = event.metadata?.companyId;
  if (!found || typeof companyId !== 'string' || companyId === '') return [];
  const data = (event.data ?? {}) as Data;
  const message: LiveMessage = {
    type: event.type,
    id: (found.id && str(data[found.id])) || null,
    by: typeof event.metadata.userId === 'string' ? event.metadata.userId : null,
    checkpoint: event.checkpoint,
    at: event.metadata.occurredAt ?? event.recordedAt,
    ...dropUndefined(found.extra?.(data) ?? {}),
  };
  const name =
    event.type === 'SyncCompleted'
      ? syncEvent(data)
      : PROGRESS_TYPES.has(event.type)
        ? progressEvent(data)
        : found.event;
  if (!name) return [];
  const deliveries: LiveDelivery[] = [{ event: name, companyId, message }];
  // a delivery changes its stop on the board: the route it names (or the invoice's, found by the board)
  if (event.type === 'InvoiceDelivered')
    deliveries.push({
      event: 'route:changed',
      companyId,
      message: { ...message, id: str(data.routeId) ?? null },
    });
  if (
    (event.type === 'FeatureActivated' || event.type === 'FeatureDeactivated') &&
    message.feature === ORDER_FEATURE
  ) {
    deliveries.push({ event: 'order:feature', companyId, message });
  }
  return deliveries;
}

function dropUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * What a customer user's socket (the ordering app) follows: the orders and invoices of its own customer. The value
 * says where the event's customer is found: in the event (`customer.id`), or in the read model of its order or
 * invoice (rm_order, rm_invoice). Invoice e-mails, documents and private notes are the distributor's business.
 */
export const CUSTOMER_ROUTES: Readonly<Record<string, 'order' | 'invoice'>> = {
  OrderPlaced: 'order',
  OrderDelivered: 'order',
  OrderCancelled: 'order',
  OrderRejected: 'order',
  OrderItemRejected: 'order',
  OrderItemPriceChanged: 'order',
  OrderItemQtyChanged: 'order',
  OrderNoteAdded: 'order',
  OrderInvoiced: 'order',
  InvoiceCreated: 'invoice',
  InvoiceRevised: 'invoice',
  InvoiceStatusChanged: 'invoice',
  InvoiceDeleted: 'invoice',
  InvoiceDelivered: 'invoice',
  PaymentLogged: 'invoice',
  PaymentUpdated: 'invoice',
  PaymentDeleted: 'invoice',
  InvoicePaymentsMovedToCredit: 'invoice',
  CheckDishonoured: 'invoice',
  CreditMemoIssued: 'invoice',
  CreditMemoVoided: 'invoice',
};

/** A stored event a customer user may follow: which kind of object, its id, and its customer when the event says. */
export interface CustomerSubject {
  kind: 'order' | 'invoice';
  id: string;
  companyId: string;
  customerId: string | null;
}

export function customerSubject(event: StoredEvent): CustomerSubject | null {
  const kind = CUSTOMER_ROUTES[event.type];
  const companyId = event.metadata?.companyId;
  if (!kind || typeof companyId !== 'string' || companyId === '') return null;
  const data = (event.data ?? {}) as Data;
  const id = str(kind === 'order' ? data.orderId : data.invoiceId);
  if (!id) return null;
  const customer = data.customer as Data | undefined;
  return { kind, id, companyId, customerId: str(customer?.id) ?? null };
}

/** The customer an invoice was for until this event moved it to another: its ordering app is told too. */
export function formerCustomerOf(event: StoredEvent): string | null {
  if (event.type !== 'InvoiceRevised') return null;
  return str((event.data as Data | undefined)?.previousCustomerId) ?? null;
}

/**
 * The message a customer user's socket gets: the same event names, with `by` only when a customer user did it
 * (their own order or cancel), so no staff ids reach the ordering app.
 */
export function toCustomerDeliveries(event: StoredEvent, customerId: string): CustomerDelivery[] {
  const data = (event.data ?? {}) as Data;
  const byCustomerUser =
    event.type === 'OrderPlaced'
      ? str((data.customerUser as Data | undefined)?.id)
      : data.by === 'customer_user'
        ? str(data.userId)
        : undefined;
  return toLiveDeliveries(event).map(({ event: name, companyId, message }) => ({
    event: name,
    companyId,
    customerId,
    message: { ...message, by: byCustomerUser ?? null },
  }));
}

export interface CustomerDelivery extends LiveDelivery {
  customerId: string;
}

/** Events after which the sockets of a user must be checked again: their session may have ended. */
export const SESSION_ENDING_EVENTS: Readonly<Record<string, string>> = {
  UserSignedOut: 'userId',
  PasswordReset: 'userId',
  StaffDisabled: 'staffUserId',
};

export function sessionEndingUser(event: StoredEvent): string | null {
  const field = SESSION_ENDING_EVENTS[event.type];
  if (!field) return null;
  return str((event.data as Data | undefined)?.[field]) ?? null;
}

/**
 * Events after which the ordering app's sockets of a company must be checked again: a customer user signed out or
 * lost access, their customer was removed, or the order feature was switched off.
 */
export function customerSessionsEndIn(event: StoredEvent): string | null {
  const companyId = event.metadata?.companyId;
  if (typeof companyId !== 'string' || companyId === '') return null;
  const data = (event.data ?? {}) as Data;
  switch (event.type) {
    case 'CustomerUserSignedOut':
    case 'CustomerRemoved':
      return companyId;
    case 'CustomerUserAccessChanged':
      return data.access === 'disabled' || data.access === 'revoked' ? companyId : null;
    case 'FeatureDeactivated':
      return (str(data.feature) ?? str(data.name)) === ORDER_FEATURE ? companyId : null;
    default:
      return null;
  }
}

export const companyRoom = (companyId: string) => `company:${companyId}`;
/** A customer user's room: its customer's orders and invoices (never the company's room). */
export const customerRoom = (companyId: string, customerId: string) => `customer:${companyId}:${customerId}`;
