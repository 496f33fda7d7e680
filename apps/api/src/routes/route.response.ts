import type {
  RouteStopResponse,
  RouteSummary,
  StopStatus,
  RouteStatus,
} from '#domain/contracts/route.contract.js';
import type { RouteStopRow } from '#projections/routes/route.projection.js';

import { isoOrNull as iso } from '#projections/projection.js';
import { day } from '#projections/routes/route.projection.js';

/** rm_route with its driver's name and its counts. */
export interface SummaryJoin extends Record<string, unknown> {
  id: string;
  date: unknown;
  name: string;
  driver_id: string | null;
  driver_name: string | null;
  truck: string;
  status: RouteStatus;
  stop_count: string | number;
  done_count: string | number;
  collected_cents: string | number;
}

/** rm_route_stop with its customer's and invoice's columns. */
export interface StopJoin extends Record<string, unknown>, Omit<RouteStopRow, 'delivered_at'> {
  delivered_at: unknown;
  customer_name: string | null;
  customer_address: string | null;
  customer_city: string | null;
  customer_state: string | null;
  customer_zip: string | null;
  contact_phone: string | null;
  cash_on_delivery: boolean | null;
  invoice_number: string | null;
  beer: boolean | null;
  balance_cents: string | number | null;
  invoice_version: string | number | null;
  lines: unknown;
  order_number: number | null;
}

export function summaryResponse(row: SummaryJoin): RouteSummary {
  return {
    id: row.id,
    date: day(row.date),
    name: row.name,
    driver: row.driver_id ? { id: row.driver_id, name: row.driver_name ?? '' } : null,
    truck: row.truck,
    status: row.status,
    stops: Number(row.stop_count),
    done: Number(row.done_count),
    collected: Number(row.collected_cents) / 100,
  };
}

/** "500 E 6th St, Austin, TX 78701" from the customer's parts. */
export function addressOf(
  row: Pick<StopJoin, 'customer_address' | 'customer_city' | 'customer_state' | 'customer_zip'>,
) {
  const region = [row.customer_state, row.customer_zip].filter(Boolean).join(' ');
  return [row.customer_address, row.customer_city, region].filter(Boolean).join(', ');
}

export function stopResponse(row: StopJoin): RouteStopResponse {
  return {
    id: row.id,
    position: Number(row.position),
    invoice_id: row.invoice_id,
    invoice_number: row.invoice_number,
    order_id: row.order_id,
    customer_id: row.customer_id,
    customer: row.customer_name ?? '',
    address: addressOf(row),
    status: row.status as StopStatus,
    // a beer invoice is collected on delivery (Texas beer is sold for cash), as is a customer marked so
    cod: Boolean(row.beer) || Boolean(row.cash_on_delivery),
    amount_due: row.balance_cents === null ? 0 : Number(row.balance_cents) / 100,
    collected: Number(row.collected_cents) / 100,
    delivered_at: iso(row.delivered_at),
    note: row.note,
    invoice_cancelled: Boolean(row.invoice_cancelled),
  };
}
