import { prepared, type PoolClient } from '#infra/db/database.js';
import type { StoredEvent } from '#engine';
import type { RouteStatus, StopStatus } from '#domain/contracts/route.contract.js';
import type { InvoiceDelivered } from '#domain/invoices/invoice-delivered.events.js';
import type { InvoiceStatusChanged } from '#domain/invoices/invoice.events.js';
import { ROUTE_EVENT_TYPES, type RouteEvent } from '#domain/routes/route.events.js';
import { defineProjection, ident, isoOrNull as iso } from '../projection.js';

/**
 * The dispatcher's board: one row per route (`rm_route`) and one per stop (`rm_route_stop`, in route order by
 * `position`). A pure fold of the route's events, of the proof of delivery recorded on a stop's invoice
 * (InvoiceDelivered: the stop takes its outcome, when and what was collected) and of the invoice's cancellation: a
 * cancelled invoice's stop keeps its status and is marked `invoice_cancelled`, so the board shows it struck out
 * until the dispatcher removes it (an invoice cancelled and then restored is unmarked).
 */
export const ROUTE_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_route (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  date date NOT NULL,
  name text NOT NULL,
  driver_id uuid,
  truck text NOT NULL,
  status text NOT NULL, -- planned | out | closed
  planned_at timestamptz NOT NULL,
  downloaded_at timestamptz,
  closed_at timestamptz,
  revision bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS rm_route_company_date_idx ON rm_route (company_id, date);
CREATE INDEX IF NOT EXISTS rm_route_driver_date_idx ON rm_route (company_id, driver_id, date);
CREATE TABLE IF NOT EXISTS rm_route_stop (
  id uuid PRIMARY KEY,
  route_id uuid NOT NULL,
  company_id uuid NOT NULL,
  position integer NOT NULL,
  invoice_id uuid,
  order_id uuid,
  customer_id uuid NOT NULL,
  status text NOT NULL, -- planned | delivered | partially_delivered | refused | skipped
  note text,
  skipped_at timestamptz,
  delivered_at timestamptz,
  collected_cents bigint NOT NULL,
  invoice_cancelled boolean NOT NULL,
  invoice_revision bigint NOT NULL -- the last invoice event folded in (-1: none)
);
CREATE INDEX IF NOT EXISTS rm_route_stop_route_idx ON rm_route_stop (route_id, position);
CREATE INDEX IF NOT EXISTS rm_route_stop_invoice_idx ON rm_route_stop (invoice_id);
CREATE INDEX IF NOT EXISTS rm_route_stop_order_idx ON rm_route_stop (order_id);
`;

export interface RouteStopRow {
  id: string;
  route_id: string;
  company_id: string;
  position: number;
  invoice_id: string | null;
  order_id: string | null;
  customer_id: string;
  status: StopStatus;
  note: string | null;
  skipped_at: string | null;
  delivered_at: string | null;
  collected_cents: number;
  invoice_cancelled: boolean;
  invoice_revision: number;
}

export interface RouteRow {
  id: string;
  company_id: string;
  date: string;
  name: string;
  driver_id: string | null;
  truck: string;
  status: RouteStatus;
  planned_at: string;
  downloaded_at: string | null;
  closed_at: string | null;
  revision: number;
  /** In route order (position 1, 2, …). */
  stops: RouteStopRow[];
}

const renumber = (stops: RouteStopRow[]) => stops.map((stop, i) => ({ ...stop, position: i + 1 }));

/** Pure: the route's row after one of its own events (the same object when the event was applied already). */
export function evolveRouteRow(row: RouteRow | undefined, stored: StoredEvent): RouteRow | undefined {
  const revision = Number(stored.revision);
  if (row && revision <= row.revision) return row;
  const event = stored as unknown as RouteEvent;
  if (event.type === 'RoutePlanned') {
    const d = event.data;
    return {
      id: d.routeId,
      company_id: d.companyId,
      date: d.date,
      name: d.name,
      driver_id: d.driverId,
      truck: d.truck,
      status: 'planned',
      planned_at: d.plannedAt,
      downloaded_at: null,
      closed_at: null,
      revision,
      stops: [],
    };
  }
  if (!row) return row;
  const next = { ...row, revision };
  switch (event.type) {
    case 'RouteStopsAdded':
      return {
        ...next,
        stops: renumber([
          ...row.stops,
          ...event.data.stops.map((s) => ({
            id: s.stopId,
            route_id: row.id,
            company_id: row.company_id,
            position: 0,
            invoice_id: s.invoiceId,
            order_id: s.orderId,
            customer_id: s.customerId,
            status: 'planned' as const,
            note: null,
            skipped_at: null,
            delivered_at: null,
            collected_cents: 0,
            invoice_cancelled: false,
            invoice_revision: -1,
          })),
        ]),
      };
    case 'RouteStopRemoved':
      return { ...next, stops: renumber(row.stops.filter((s) => s.id !== event.data.stopId)) };
    case 'RouteStopsReordered': {
      const byId = new Map(row.stops.map((s) => [s.id, s]));
      return { ...next, stops: renumber(event.data.stopIds.flatMap((id) => byId.get(id) ?? [])) };
    }
    case 'RouteAssigned':
      return { ...next, name: event.data.name, driver_id: event.data.driverId, truck: event.data.truck };
    case 'RouteDownloaded':
      return {
        ...next,
        status: row.status === 'planned' ? 'out' : row.status,
        downloaded_at: row.downloaded_at ?? event.data.downloadedAt,
      };
    case 'RouteStopSkipped':
      return {
        ...next,
        stops: row.stops.map((s) =>
          s.id === event.data.stopId
            ? { ...s, status: 'skipped' as const, note: event.data.note, skipped_at: event.data.skippedAt }
            : s,
        ),
      };
    case 'RouteClosed':
      return { ...next, status: 'closed', closed_at: event.data.closedAt };
    default:
      return next;
  }
}

/**
 * The stop an invoice's delivery lands on among the routes holding the invoice: the stop it names, else the
 * invoice's stop on an open route of the delivery day, else on any open route, else the latest route's.
 */
export function deliveredStop(routes: readonly RouteRow[], delivered: InvoiceDelivered['data']) {
  const holding = routes.flatMap((route) =>
    route.stops.filter((s) => s.invoice_id === delivered.invoiceId).map((stop) => ({ route, stop })),
  );
  const named = holding.find(({ stop }) => delivered.stopId !== null && stop.id === delivered.stopId);
  if (named) return named;
  const open = holding.filter(({ route }) => route.status !== 'closed');
  return (
    open.find(({ route }) => route.date === delivered.deliveredOn) ??
    open[0] ??
    [...holding].sort((a, b) => a.route.date.localeCompare(b.route.date)).at(-1)
  );
}

/**
 * Pure: every route holding the invoice after one of the invoice's events: its delivery sets the stop's outcome,
 * when and what was collected; its cancellation (or restoration) marks its stops.
 */
export function evolveRoutesForInvoice(routes: readonly RouteRow[], stored: StoredEvent): RouteRow[] {
  const revision = Number(stored.revision);
  const invoiceId = (stored.data as { invoiceId?: string }).invoiceId;
  const touch = (route: RouteRow, stopId: string | null, change: (s: RouteStopRow) => RouteStopRow) => ({
    ...route,
    stops: route.stops.map((s) =>
      s.invoice_id === invoiceId && (stopId === null || s.id === stopId) && revision > s.invoice_revision
        ? { ...change(s), invoice_revision: revision }
        : s,
    ),
  });
  if (stored.type === 'InvoiceDelivered') {
    const d = (stored as unknown as InvoiceDelivered).data;
    const target = deliveredStop(routes, d);
    if (!target) return [...routes];
    return routes.map((route) =>
      route.id === target.route.id
        ? touch(route, target.stop.id, (s) => ({
            ...s,
            status: d.outcome,
            delivered_at: d.deliveredAt,
            collected_cents: d.collectedCents,
          }))
        : route,
    );
  }
  if (stored.type === 'InvoiceStatusChanged') {
    const { to, from } = (stored as unknown as InvoiceStatusChanged).data;
    if (to !== 'cancelled' && from !== 'cancelled') return [...routes];
    return routes.map((route) =>
      touch(route, null, (s) => ({ ...s, invoice_cancelled: to === 'cancelled' })),
    );
  }
  return [...routes];
}

const ROUTE_TYPES = new Set<string>(ROUTE_EVENT_TYPES);
const INVOICE_TYPES = new Set(['InvoiceDelivered', 'InvoiceStatusChanged']);

/** A date column as the fold keeps it: yyyy-MM-dd. */
export const day = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);

export function normalizeRouteRow(row: Record<string, unknown>): Omit<RouteRow, 'stops'> {
  return {
    ...(row as unknown as RouteRow),
    date: day(row.date),
    planned_at: iso(row.planned_at)!,
    downloaded_at: iso(row.downloaded_at),
    closed_at: iso(row.closed_at),
    revision: Number(row.revision),
  };
}

export function normalizeStopRow(row: Record<string, unknown>): RouteStopRow {
  return {
    ...(row as unknown as RouteStopRow),
    position: Number(row.position),
    skipped_at: iso(row.skipped_at),
    delivered_at: iso(row.delivered_at),
    collected_cents: Number(row.collected_cents),
    invoice_revision: Number(row.invoice_revision),
  };
}

const ROUTE_COLUMNS = [
  'id',
  'company_id',
  'date',
  'name',
  'driver_id',
  'truck',
  'status',
  'planned_at',
  'downloaded_at',
  'closed_at',
  'revision',
] as const;
const STOP_COLUMNS = [
  'id',
  'route_id',
  'company_id',
  'position',
  'invoice_id',
  'order_id',
  'customer_id',
  'status',
  'note',
  'skipped_at',
  'delivered_at',
  'collected_cents',
  'invoice_cancelled',
  'invoice_revision',
] as const;

async function load(
  tx: PoolClient,
  t: { route: string; stop: string },
  routeIds: string[],
  invoiceIds: string[],
) {
  const { rows } = await tx.query(
    prepared(
      `SELECT * FROM ${t.route} WHERE id = ANY($1::uuid[])
          OR id IN (SELECT route_id FROM ${t.stop} WHERE invoice_id = ANY($2::uuid[]))`,
    ),
    [routeIds, invoiceIds],
  );
  const routes = new Map<string, RouteRow>(
    rows.map((r) => [r.id as string, { ...normalizeRouteRow(r), stops: [] }]),
  );
  if (routes.size === 0) return routes;
  const stops = await tx.query(
    prepared(`SELECT * FROM ${t.stop} WHERE route_id = ANY($1::uuid[]) ORDER BY route_id, position`),
    [[...routes.keys()]],
  );
  for (const stop of stops.rows) routes.get(stop.route_id as string)?.stops.push(normalizeStopRow(stop));
  return routes;
}

async function save(tx: PoolClient, t: { route: string; stop: string }, routes: RouteRow[]) {
  const ids = routes.map((r) => r.id);
  await tx.query(prepared(`DELETE FROM ${t.stop} WHERE route_id = ANY($1::uuid[])`), [ids]);
  await tx.query(
    prepared(
      `INSERT INTO ${t.route} (${ROUTE_COLUMNS.join(', ')})
       SELECT ${ROUTE_COLUMNS.join(', ')} FROM jsonb_populate_recordset(NULL::${t.route}, $1::jsonb)
       ON CONFLICT (id) DO UPDATE SET ${ROUTE_COLUMNS.filter((c) => c !== 'id')
         .map((c) => `${c} = EXCLUDED.${c}`)
         .join(', ')}`,
    ),
    [JSON.stringify(routes.map(({ stops: _stops, ...route }) => route))],
  );
  await tx.query(
    prepared(
      `INSERT INTO ${t.stop} (${STOP_COLUMNS.join(', ')})
       SELECT ${STOP_COLUMNS.join(', ')} FROM jsonb_populate_recordset(NULL::${t.stop}, $1::jsonb)`,
    ),
    [JSON.stringify(routes.flatMap((r) => r.stops))],
  );
}

/**
 * Folds a batch in memory: the routes its route events name and the routes holding the invoices its invoice events
 * name are loaded at once; a route planned or given a stop earlier in the same batch is in memory already.
 */
export const routeProjection = defineProjection({
  name: 'routes',
  version: 1,
  handles: [...ROUTE_EVENT_TYPES, 'InvoiceDelivered', 'InvoiceStatusChanged'],
  tables: ['rm_route', 'rm_route_stop'],
  async apply(tx, events, tables) {
    const t = { route: ident(tables.rm_route!), stop: ident(tables.rm_route_stop!) };
    const routeIds = new Set<string>();
    const invoiceIds = new Set<string>();
    for (const event of events) {
      const data = event.data as { routeId?: string; invoiceId?: string };
      if (ROUTE_TYPES.has(event.type) && data.routeId) routeIds.add(data.routeId);
      else if (INVOICE_TYPES.has(event.type) && data.invoiceId) invoiceIds.add(data.invoiceId);
    }
    if (routeIds.size === 0 && invoiceIds.size === 0) return;
    const routes = await load(tx, t, [...routeIds], [...invoiceIds]);
    const changed = new Set<string>();
    for (const event of events) {
      if (ROUTE_TYPES.has(event.type)) {
        const id = (event.data as { routeId: string }).routeId;
        const before = routes.get(id);
        const after = evolveRouteRow(before, event);
        if (after && after !== before) {
          routes.set(id, after);
          changed.add(id);
        }
      } else if (INVOICE_TYPES.has(event.type)) {
        const invoiceId = (event.data as { invoiceId: string }).invoiceId;
        const holding = [...routes.values()].filter((r) => r.stops.some((s) => s.invoice_id === invoiceId));
        if (holding.length === 0) continue;
        for (const after of evolveRoutesForInvoice(holding, event)) {
          if (after.stops.some((s, i) => s !== routes.get(after.id)!.stops[i])) changed.add(after.id);
          routes.set(after.id, after);
        }
      }
    }
    if (changed.size > 0)
      await save(
        tx,
        t,
        [...changed].map((id) => routes.get(id)!),
      );
  },
});
