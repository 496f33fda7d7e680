/*
 * What delivery day's calls answer and take — the dispatcher's routes, the driver's download and a stop's delivery —
 * as the API writes it and the web (the office and the driver's app) reads it. Money in dollars, business dates
 * yyyy-MM-dd, instants ISO. Types only: the web build imports this file too.
 */

/** How the goods reach the retailer; printed on the invoice. */
export type DeliveryMeans = 'own_vehicle' | 'carrier' | 'customer_pickup';

/** planned: not reached yet; the rest are what happened at the stop. */
export type StopStatus = 'planned' | 'delivered' | 'partially_delivered' | 'refused' | 'skipped';

/** planned → out (the driver downloaded it) → closed (the office reconciled it). */
export type RouteStatus = 'planned' | 'out' | 'closed';

/** How a driver took money at a stop. */
export type CollectedMethod = 'cash' | 'check' | 'money_order';

/** Why a line came back at delivery; each becomes a credit memo line. */
export type DeliveryAdjustmentReason = 'short' | 'refused' | 'damaged';

/** One stop of a route: an invoice (or a placed order not invoiced yet) at a customer. */
export interface RouteStopResponse {
  id: string;
  /** 1-based position on the route. */
  position: number;
  invoice_id: string | null;
  /** The displayed invoice number. */
  invoice_number: string | null;
  order_id: string | null;
  customer_id: string;
  customer: string;
  address: string;
  status: StopStatus;
  /** Collected on delivery: a beer invoice to a retailer, or a customer marked cash on delivery. */
  cod: boolean;
  /** What the invoice owes now. */
  amount_due: number;
  /** What the driver recorded as taken at the stop. */
  collected: number;
  delivered_at: string | null;
  /** Why a stop was skipped, or the driver's note. */
  note: string | null;
  /** The invoice was cancelled after it was put on the route: remove the stop. */
  invoice_cancelled?: boolean;
}

/** A row of GET /routes?date=yyyy-MM-dd and the head of GET /route/{id}. */
export interface RouteSummary {
  id: string;
  /** Business date of delivery. */
  date: string;
  name: string;
  driver: { id: string; name: string } | null;
  truck: string;
  status: RouteStatus;
  stops: number;
  /** Stops no longer planned. */
  done: number;
  collected: number;
}

/** GET /route/{id}: the route with its stops in order. */
export interface RouteResponse extends RouteSummary {
  stop_list: RouteStopResponse[];
}

/** POST /routes. */
export interface CreateRouteBody {
  date: string;
  name: string;
  driver_id?: string | null;
  truck?: string;
}

/** One line of a route's load sheet: what goes on the truck. */
export interface LoadSheetLine {
  product_id: string;
  product: string;
  sku: string;
  /** Bottles, across every stop. */
  quantity: number;
  /** Stamp serial ranges carried on those bottles, e.g. "A000123–A000130". */
  stamps: string[];
}

/** GET /route/{id}/load-sheet. */
export interface LoadSheetResponse {
  route: RouteSummary;
  lines: LoadSheetLine[];
}

/** A line as the driver sees it. */
export interface DriverStopLine {
  /** The invoice line's id: an adjustment names it. */
  line_id: string;
  product_id: string;
  product: string;
  quantity: number;
  unit_price: number;
  is_beer: boolean;
}

/** A stop as downloaded to the driver's device in the morning. */
export interface DriverStop extends RouteStopResponse {
  /** The invoice's version when downloaded; a delivery sends it back so a change in the office is seen. */
  invoice_version: number;
  customer_notes: string;
  phone: string | null;
  lines: DriverStopLine[];
}

/** GET /driver/routes?date=yyyy-MM-dd (default: the company's today): the signed-in driver's routes. */
export interface DriverDayResponse {
  date: string;
  driver: { id: string; name: string };
  routes: Array<RouteSummary & { stop_list: DriverStop[] }>;
  /** When the server wrote this answer. */
  downloaded_at: string;
}

/** A line that did not stay with the customer. */
export interface DeliveryAdjustmentBody {
  line_id: string;
  quantity: number;
  reason: DeliveryAdjustmentReason;
}

/** Money taken at the stop. */
export interface CollectedPaymentBody {
  method: CollectedMethod;
  /** Dollars, text keeps it exact. */
  amount: string;
  /** Required for a check; the money order's number otherwise. */
  reference?: string;
}

/**
 * POST /invoice/{id}/delivery (Idempotency-Key required: the driver's device sends the same key again after a lost
 * answer). Proof of delivery: who signed, the signature drawn on the glass, an optional photo, when.
 */
export interface DeliverInvoiceBody {
  /** The device's clock when the stop was closed. */
  delivered_at: string;
  signer_name: string;
  /** data:image/png;base64,… at most 50 KB. */
  signature: string;
  /** data:image/jpeg;base64,… at most 300 KB. */
  photo?: string | null;
  means?: DeliveryMeans;
  carrier?: { name: string; permit: string } | null;
  route_id?: string | null;
  stop_id?: string | null;
  /** The version the driver saw; another version answers 409 with the invoice as it is now. */
  invoice_version?: number;
  adjustments?: DeliveryAdjustmentBody[];
  payments?: CollectedPaymentBody[];
  note?: string | null;
}

/** The proof of delivery kept with an invoice (GET /invoice/{id} `delivery`). */
export interface ProofOfDeliveryResponse {
  delivered_at: string;
  /** Business date of delivery: the credit law's purchase date. */
  delivered_on: string;
  delivered_by: { id: string; name: string };
  signer_name: string;
  /** GET address of the signature image. */
  signature_url: string;
  photo_url: string | null;
  means: DeliveryMeans;
  carrier: { name: string; permit: string } | null;
  outcome: 'delivered' | 'partially_delivered' | 'refused';
  credit_memo_ids: string[];
  payment_ids: string[];
}

/** 409 of POST /invoice/{id}/delivery when the invoice changed in the office since the driver's download. */
export interface DeliveryConflictResponse {
  statusCode: 409;
  message: string;
  /** cancelled, revised, or already delivered. */
  reason: 'cancelled' | 'revised' | 'delivered';
  invoice_version: number;
}

/** POST /route/{id}/stop/{stopId}/skip. */
export interface SkipStopBody {
  note: string;
  /** The device's clock. */
  skipped_at: string;
}

/** PUT /route/{id}: what changes (fields left out stay). */
export interface UpdateRouteBody {
  name?: string;
  driver_id?: string | null;
  truck?: string;
}

/** POST /route/{id}/stops: the invoices and placed orders to add, at the end of the route in this order. */
export interface AddStopsBody {
  invoice_ids?: string[];
  order_ids?: string[];
}

/** PUT /route/{id}/stops/order: every stop of the route once, in the new order. */
export interface ReorderStopsBody {
  stop_ids: string[];
}

/** GET /routes/unrouted?date=: what the day's routes may still take (the Add Stops picker). */
export interface UnroutedResponse {
  date: string;
  invoices: Array<{
    id: string;
    number: string;
    customer_id: string;
    customer: string;
    invoiced_on: string;
    total: number;
    amount_due: number;
  }>;
  orders: Array<{
    id: string;
    number: string;
    customer_id: string;
    customer: string;
    placed_at: string;
    total: number;
  }>;
}
