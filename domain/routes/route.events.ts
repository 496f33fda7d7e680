/**
 * A delivery route's life on its stream `route-{routeId}`: planned for a business date, stops added, removed and
 * ordered, its driver and truck, downloaded by the driver (out), a stop skipped, closed by the office. What happens
 * at a delivered stop is the invoice's own event (InvoiceDelivered, on the invoice's stream).
 */

export const routeStream = (routeId: string) => `route-${routeId}`;

/** One stop as planned: an invoice, or a placed order not invoiced yet, at its customer. */
export interface PlannedStop {
  stopId: string;
  invoiceId: string | null;
  orderId: string | null;
  customerId: string;
}

export interface RoutePlanned {
  type: 'RoutePlanned';
  data: {
    routeId: string;
    companyId: string;
    /** Business date of delivery. */
    date: string;
    name: string;
    driverId: string | null;
    truck: string;
    plannedAt: string;
  };
}

export interface RouteStopsAdded {
  type: 'RouteStopsAdded';
  data: { routeId: string; companyId: string; date: string; stops: PlannedStop[] };
}

export interface RouteStopRemoved {
  type: 'RouteStopRemoved';
  data: { routeId: string; companyId: string; stopId: string };
}

export interface RouteStopsReordered {
  type: 'RouteStopsReordered';
  data: { routeId: string; companyId: string; stopIds: string[] };
}

export interface RouteAssigned {
  type: 'RouteAssigned';
  data: { routeId: string; companyId: string; name: string; driverId: string | null; truck: string };
}

export interface RouteDownloaded {
  type: 'RouteDownloaded';
  data: { routeId: string; companyId: string; driverId: string; downloadedAt: string };
}

export interface RouteStopSkipped {
  type: 'RouteStopSkipped';
  data: {
    routeId: string;
    companyId: string;
    stopId: string;
    note: string;
    /** The device's clock. */
    skippedAt: string;
    recordedAt: string;
  };
}

export interface RouteClosed {
  type: 'RouteClosed';
  data: { routeId: string; companyId: string; closedAt: string };
}

export type RouteEvent =
  | RoutePlanned
  | RouteStopsAdded
  | RouteStopRemoved
  | RouteStopsReordered
  | RouteAssigned
  | RouteDownloaded
  | RouteStopSkipped
  | RouteClosed;

export const ROUTE_EVENT_TYPES: readonly RouteEvent['type'][] = [
  'RoutePlanned',
  'RouteStopsAdded',
  'RouteStopRemoved',
  'RouteStopsReordered',
  'RouteAssigned',
  'RouteDownloaded',
  'RouteStopSkipped',
  'RouteClosed',
];
