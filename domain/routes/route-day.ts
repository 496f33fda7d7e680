import type { RouteEvent } from './route.events.js';
import { routeError } from './route.errors.js';

/**
 * One company's delivery day, stream `route-day-{companyId}-{date}`: which open route holds each invoice and each
 * placed order of that day. Adding stops appends the claim here in the same atomic append as the stops on the
 * route's own stream, at the revision the decision read; two dispatchers adding one invoice to two routes at once
 * therefore cannot both pass: the second append conflicts, is decided again on the new claims, and is refused.
 * Removing a stop and closing a route release their claims, so the invoice may go on another route.
 */
export const routeDayStream = (companyId: string, date: string) => `route-day-${companyId}-${date}`;

export interface RouteDayStopsClaimed {
  type: 'RouteDayStopsClaimed';
  data: { companyId: string; date: string; routeId: string; invoiceIds: string[]; orderIds: string[] };
}

export interface RouteDayStopsReleased {
  type: 'RouteDayStopsReleased';
  data: { companyId: string; date: string; routeId: string; invoiceIds: string[]; orderIds: string[] };
}

export type RouteDayEvent = RouteDayStopsClaimed | RouteDayStopsReleased;

/** `invoice:{id}` or `order:{id}` → the open route holding it. Plain JSON. */
export interface RouteDay {
  claims: Record<string, string>;
}

export const invoiceKey = (id: string) => `invoice:${id}`;
export const orderKey = (id: string) => `order:${id}`;

export const routeDayDecider = {
  initialState: (): RouteDay => ({ claims: {} }),
  evolve(state: RouteDay, event: RouteDayEvent): RouteDay {
    const keys = [...event.data.invoiceIds.map(invoiceKey), ...event.data.orderIds.map(orderKey)];
    const claims = { ...state.claims };
    switch (event.type) {
      case 'RouteDayStopsClaimed':
        for (const key of keys) claims[key] = event.data.routeId;
        return { claims };
      case 'RouteDayStopsReleased':
        for (const key of keys) if (claims[key] === event.data.routeId) delete claims[key];
        return { claims };
      default:
        return state;
    }
  },
};

/**
 * The day's claims that follow the route's events: stops added claim their invoices and orders (refused when
 * another open route of the day holds one), a stop removed or a route closed releases them.
 */
export function dayEventsFor(
  day: RouteDay,
  routeEvents: readonly RouteEvent[],
  released: { invoiceIds: string[]; orderIds: string[] },
  companyId: string,
  date: string,
): RouteDayEvent[] {
  const out: RouteDayEvent[] = [];
  for (const event of routeEvents) {
    if (event.type !== 'RouteStopsAdded') continue;
    const { routeId, stops } = event.data;
    const invoiceIds = stops.flatMap((s) => (s.invoiceId ? [s.invoiceId] : []));
    const orderIds = stops.flatMap((s) => (!s.invoiceId && s.orderId ? [s.orderId] : []));
    for (const id of invoiceIds) {
      const holder = day.claims[invoiceKey(id)];
      if (holder && holder !== routeId) throw routeError('INVOICE_ON_ANOTHER_ROUTE');
    }
    for (const id of orderIds) {
      const holder = day.claims[orderKey(id)];
      if (holder && holder !== routeId) throw routeError('ORDER_ON_ANOTHER_ROUTE');
    }
    out.push({ type: 'RouteDayStopsClaimed', data: { companyId, date, routeId, invoiceIds, orderIds } });
  }
  const routeId = routeEvents[0]?.data.routeId;
  if (routeId && (released.invoiceIds.length > 0 || released.orderIds.length > 0))
    out.push({ type: 'RouteDayStopsReleased', data: { companyId, date, routeId, ...released } });
  return out;
}
