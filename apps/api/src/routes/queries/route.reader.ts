import { companyName } from '../../infra/company-name.js';
import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type {
  DriverStop,
  LoadSheetLine,
  RouteResponse,
  RouteStopResponse,
  RouteSummary,
} from '#domain/contracts/route.contract.js';
import type { UnroutedResponse } from '#domain/contracts/route.contract.js';
import type { InvoiceLine } from '#domain/invoices/invoice.events.js';
import { routeError } from '#domain/routes/route.errors.js';
import { isUuid } from '#domain/shared/field-rules.js';
import { prepared } from '#infra/db/database.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { normalizeRouteRow, normalizeStopRow, type RouteRow } from '#projections/routes/route.projection.js';
import { stopResponse, summaryResponse, type StopJoin, type SummaryJoin } from '../route.response.js';

const SUMMARY_SQL = `SELECT r.*, u.name AS driver_name,
    (SELECT count(*) FROM rm_route_stop s WHERE s.route_id = r.id) AS stop_count,
    (SELECT count(*) FROM rm_route_stop s WHERE s.route_id = r.id AND s.status <> 'planned') AS done_count,
    (SELECT COALESCE(sum(s.collected_cents), 0) FROM rm_route_stop s WHERE s.route_id = r.id) AS collected_cents
  FROM rm_route r LEFT JOIN users u ON u.id = r.driver_id`;

const STOP_SQL = `SELECT s.*, c.name AS customer_name, c.address AS customer_address, c.city AS customer_city,
    c.state AS customer_state, c.zip AS customer_zip, c.contact_phone, c.cash_on_delivery,
    i.number AS invoice_number, i.beer, i.balance_cents, i.revision AS invoice_version, i.content -> 'lines' AS lines,
    o.number AS order_number
  FROM rm_route_stop s
  LEFT JOIN rm_customer c ON c.id = s.customer_id
  LEFT JOIN rm_invoice i ON i.id = s.invoice_id
  LEFT JOIN rm_order o ON o.id = s.order_id`;

/** A stop to add, as the office has it: its customer, and whether the invoice is cancelled. */
export type StopSource = {
  id: string;
  customer_id: string;
  cancelled: boolean;
};

/** The routes as the dispatcher's board and the driver's download read them, always within the caller's company. */
@Injectable()
export class RouteReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** The company's name, as its documents head it. */
  async companyName(companyId: string): Promise<string> {
    return (await companyName(this.pool, companyId)) ?? '';
  }

  /** The route's row and its stops, or undefined (another company's route is never found). */
  async find(companyId: string, id: string): Promise<RouteRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await tenantQuery(
      this.pool,
      companyId,
      prepared('SELECT * FROM rm_route WHERE company_id = $1 AND id = $2'),
      [id],
    );
    if (!row) return undefined;
    const stops = await tenantQuery(
      this.pool,
      companyId,
      prepared('SELECT * FROM rm_route_stop WHERE company_id = $1 AND route_id = $2 ORDER BY position'),
      [id],
    );
    return { ...normalizeRouteRow(row), stops: stops.map(normalizeStopRow) };
  }

  /** The route, else 404 'Route not found'. */
  async row(companyId: string, id: string): Promise<RouteRow> {
    const row = await this.find(companyId, id);
    if (!row) throw routeError('ROUTE_NOT_FOUND');
    return row;
  }

  async summaries(companyId: string, date: string, driverId?: string): Promise<RouteSummary[]> {
    const rows = await tenantQuery<SummaryJoin>(
      this.pool,
      companyId,
      `${SUMMARY_SQL} WHERE r.company_id = $1 AND r.date = $2 ${driverId ? 'AND r.driver_id = $3' : ''}
       ORDER BY r.name, r.planned_at, r.id`,
      driverId ? [date, driverId] : [date],
    );
    return rows.map(summaryResponse);
  }

  private async stops(companyId: string, routeIds: string[]): Promise<Map<string, StopJoin[]>> {
    const rows = await tenantQuery<StopJoin>(
      this.pool,
      companyId,
      `${STOP_SQL} WHERE s.company_id = $1 AND s.route_id = ANY($2::uuid[]) ORDER BY s.route_id, s.position`,
      [routeIds],
    );
    const byRoute = new Map<string, StopJoin[]>();
    for (const row of rows) byRoute.set(row.route_id, [...(byRoute.get(row.route_id) ?? []), row]);
    return byRoute;
  }

  async read(companyId: string, id: string): Promise<RouteResponse> {
    const [summary] = await tenantQuery<SummaryJoin>(
      this.pool,
      companyId,
      `${SUMMARY_SQL} WHERE r.company_id = $1 AND r.id = $2`,
      [id],
    );
    if (!summary) throw routeError('ROUTE_NOT_FOUND');
    const stops = (await this.stops(companyId, [id])).get(id) ?? [];
    return { ...summaryResponse(summary), stop_list: stops.map(stopResponse) };
  }

  /** The driver's routes of a day with every stop as the device keeps it. */
  async driverRoutes(companyId: string, driverId: string, date: string) {
    const summaries = await this.summaries(companyId, date, driverId);
    const stops = await this.stops(
      companyId,
      summaries.map((s) => s.id),
    );
    return summaries.map((summary) => ({
      ...summary,
      stop_list: (stops.get(summary.id) ?? []).map((row): DriverStop => ({
        ...stopResponse(row),
        invoice_version: row.invoice_version === null ? 0 : Number(row.invoice_version),
        customer_notes: '',
        phone: row.contact_phone || null,
        lines: ((row.lines as InvoiceLine[] | null) ?? []).map((line) => ({
          line_id: String(line.lineNo),
          product_id: line.productId,
          product: line.size ? `${line.name} ${line.size}` : line.name,
          quantity: line.qty,
          unit_price: line.priceCents / 100,
          is_beer: line.type === 'BEER',
        })),
      })),
    }));
  }

  /** A user of the company who drives (role driver), else undefined. */
  async driver(companyId: string, userId: string): Promise<{ id: string; name: string } | undefined> {
    if (!isUuid(userId)) return undefined;
    const [row] = await tenantQuery<{ id: string; name: string }>(
      this.pool,
      companyId,
      `SELECT id, name FROM users WHERE company_id = $1 AND id = $2 AND role = 'driver' AND disabled_at IS NULL`,
      [userId],
    );
    return row;
  }

  /** The invoices named, within the company and not deleted: their customer and whether they are cancelled. */
  async invoices(companyId: string, ids: string[]): Promise<StopSource[]> {
    return tenantQuery<StopSource>(
      this.pool,
      companyId,
      `SELECT id, customer_id, status = 'cancelled' AS cancelled FROM rm_invoice
        WHERE company_id = $1 AND id = ANY($2::uuid[]) AND deleted_at IS NULL`,
      [ids],
    );
  }

  /** The placed orders named (placed, not invoiced yet), within the company. */
  async orders(companyId: string, ids: string[]): Promise<StopSource[]> {
    return tenantQuery<StopSource>(
      this.pool,
      companyId,
      `SELECT id, customer_id, false AS cancelled FROM rm_order
        WHERE company_id = $1 AND id = ANY($2::uuid[]) AND status = 'placed'`,
      [ids],
    );
  }

  /** The stops' addresses for the suggested order. */
  async addresses(companyId: string, routeId: string) {
    return tenantQuery<{ stopId: string; address: string; zip: string }>(
      this.pool,
      companyId,
      `SELECT s.id AS "stopId", COALESCE(c.address, '') AS address, COALESCE(c.zip, '') AS zip
         FROM rm_route_stop s LEFT JOIN rm_customer c ON c.id = s.customer_id
        WHERE s.company_id = $1 AND s.route_id = $2 ORDER BY s.position`,
      [routeId],
    );
  }

  /**
   * What the day's routes may still take: invoices of the two weeks up to the day that are not cancelled, draft or
   * delivered and on no open route of the day nor delivered on any, and placed orders on no open route of the day.
   */
  async unrouted(companyId: string, date: string): Promise<UnroutedResponse> {
    const onRoute = (
      column: string,
    ) => `NOT EXISTS (SELECT 1 FROM rm_route_stop s JOIN rm_route r ON r.id = s.route_id
        WHERE s.${column} = x.id AND ((r.date = $2 AND r.status <> 'closed')
          OR s.status IN ('delivered', 'partially_delivered')))`;
    const invoices = await tenantQuery<Record<string, unknown>>(
      this.pool,
      companyId,
      `SELECT x.id, x.number, x.customer_id, x.customer_name, x.invoiced_on::text AS invoiced_on, x.total_cents, x.balance_cents
         FROM rm_invoice x
        WHERE x.company_id = $1 AND x.deleted_at IS NULL AND x.status NOT IN ('cancelled', 'draft', 'delivered')
          AND x.invoiced_on BETWEEN $2::date - 14 AND $2::date AND ${onRoute('invoice_id')}
        ORDER BY x.customer_name, x.sequence LIMIT 500`,
      [date],
    );
    const orders = await tenantQuery<Record<string, unknown>>(
      this.pool,
      companyId,
      `SELECT x.id, x.number, x.customer_id, x.customer_name, x.created_at, x.total_cents FROM rm_order x
        WHERE x.company_id = $1 AND x.status = 'placed' AND ${onRoute('order_id')}
        ORDER BY x.customer_name, x.number LIMIT 500`,
      [date],
    );
    return {
      date,
      invoices: invoices.map((row) => ({
        id: String(row.id),
        number: String(row.number),
        customer_id: String(row.customer_id),
        customer: String(row.customer_name),
        invoiced_on: String(row.invoiced_on),
        total: Number(row.total_cents) / 100,
        amount_due: Number(row.balance_cents) / 100,
      })),
      orders: orders.map((row) => ({
        id: String(row.id),
        number: String(row.number),
        customer_id: String(row.customer_id),
        customer: String(row.customer_name),
        placed_at: new Date(row.created_at as string).toISOString(),
        total: Number(row.total_cents) / 100,
      })),
    };
  }

  /** The lines of the route's invoices (not cancelled), for the load sheet. */
  async loadLines(companyId: string, routeId: string) {
    return tenantQuery<{ invoice_id: string; lines: InvoiceLine[]; sku: Record<string, string | null> }>(
      this.pool,
      companyId,
      `SELECT i.id AS invoice_id, i.content -> 'lines' AS lines,
          (SELECT COALESCE(jsonb_object_agg(p.id, COALESCE(p.internal_sku, p.upc)), '{}'::jsonb) FROM rm_product p
            WHERE p.company_id = $1 AND p.id::text IN (SELECT l ->> 'productId' FROM jsonb_array_elements(i.content -> 'lines') l)) AS sku
         FROM rm_route_stop s JOIN rm_invoice i ON i.id = s.invoice_id
        WHERE s.company_id = $1 AND s.route_id = $2 AND i.status <> 'cancelled' AND i.deleted_at IS NULL
        ORDER BY s.position`,
      [routeId],
    );
  }

  /** The stop as the board shows it. */
  async stop(companyId: string, routeId: string, stopId: string): Promise<RouteStopResponse | undefined> {
    const stops = (await this.stops(companyId, [routeId])).get(routeId) ?? [];
    const found = stops.find((s) => s.id === stopId);
    return found && stopResponse(found);
  }
}

export type { LoadSheetLine };
