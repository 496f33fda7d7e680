import { randomUUID } from 'node:crypto';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { RouteCommand, StopInput } from '#domain/routes/route.commands.js';
import { routeError } from '#domain/routes/route.errors.js';
import { suggestStopOrder } from '#domain/routes/route.rules.js';
import { businessDate } from '#domain/shared/business-date.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { companyTimeZone } from '../../infra/company-time.js';
import { idempotentId } from '../../infra/http/idempotent-id.js';
import { RouteReader } from '../queries/route.reader.js';
import {
  AddStopsCommand,
  CloseRouteCommand,
  DownloadDriverDayCommand,
  PlanRouteCommand,
  RemoveStopCommand,
  ReorderStopsCommand,
  SkipStopCommand,
  UpdateRouteCommand,
} from './route.commands.js';
import { routeDecision } from './route.decisions.js';

const DRIVER_NOT_FOUND = 'Choose a driver of your company.';
const driverInvalid = () =>
  new DomainError('ROUTE_INVALID', 'invalid', DRIVER_NOT_FOUND, [
    { field: 'driver_id', message: DRIVER_NOT_FOUND },
  ]);

/** The outcomes of a stop whose invoice was delivered on it (refused at the door included). */
const DELIVERED: ReadonlySet<string> = new Set(['delivered', 'partially_delivered', 'refused']);
/** Runs a route's decision over its stream and its day's, and answers the route as the board reads it. */
abstract class RouteHandler {
  constructor(
    @Inject(EventAppender) protected readonly events: EventAppender,
    @Inject(RouteReader) protected readonly reader: RouteReader,
    @Inject(PG_POOL) protected readonly pool: pg.Pool,
  ) {}

  protected async decide(command: RouteCommand, date: string) {
    await this.events.run(routeDecision(command, date), command.metadata, { waitForProjections: true });
    return this.reader.read(command.metadata.companyId, command.data.routeId);
  }

  /** A driver named in a body: a user of the company with the role driver, else 400. */
  protected async driverId(companyId: string, id: string | null | undefined): Promise<string | null> {
    if (!id) return null;
    if (!(await this.reader.driver(companyId, id))) throw driverInvalid();
    return id;
  }
}

/** Plans a route: its id from the Idempotency-Key, so a retried submit plans it once. */
@CommandHandler(PlanRouteCommand)
export class PlanRouteHandler extends RouteHandler implements ICommandHandler<PlanRouteCommand> {
  async execute({ metadata, body, idempotencyKey }: PlanRouteCommand) {
    const routeId = idempotentId(
      metadata.companyId,
      metadata.userId,
      idempotencyKey && `route:${idempotencyKey}`,
    );
    if (idempotencyKey && (await this.reader.find(metadata.companyId, routeId)))
      return this.reader.read(metadata.companyId, routeId);
    const driverId = await this.driverId(metadata.companyId, body.driver_id);
    const data = { routeId, date: body.date, name: body.name, driverId, truck: body.truck ?? '' };
    return this.decide({ type: 'PlanRoute', data, metadata }, body.date);
  }
}

@CommandHandler(UpdateRouteCommand)
export class UpdateRouteHandler extends RouteHandler implements ICommandHandler<UpdateRouteCommand> {
  async execute({ metadata, routeId, body }: UpdateRouteCommand) {
    const route = await this.reader.row(metadata.companyId, routeId);
    const driverId =
      body.driver_id === undefined
        ? route.driver_id
        : await this.driverId(metadata.companyId, body.driver_id);
    const data = { routeId, name: body.name ?? route.name, truck: body.truck ?? route.truck, driverId };
    return this.decide({ type: 'AssignRoute', data, metadata }, route.date);
  }
}

/** Adds invoices and placed orders of the caller's company (else 404) at the end of the route. */
@CommandHandler(AddStopsCommand)
export class AddStopsHandler extends RouteHandler implements ICommandHandler<AddStopsCommand> {
  async execute({ metadata, routeId, body }: AddStopsCommand) {
    const route = await this.reader.row(metadata.companyId, routeId);
    const invoiceIds = [...new Set(body.invoice_ids ?? [])];
    const orderIds = [...new Set(body.order_ids ?? [])];
    const [invoices, orders] = await Promise.all([
      this.reader.invoices(metadata.companyId, invoiceIds),
      this.reader.orders(metadata.companyId, orderIds),
    ]);
    if (invoices.length !== invoiceIds.length)
      throw new DomainError('INVOICE_NOT_FOUND', 'not_found', 'Invoice not found');
    if (orders.length !== orderIds.length)
      throw new DomainError('ORDER_NOT_FOUND', 'not_found', 'Order not found, or not placed');
    const byId = new Map([...invoices, ...orders].map((row) => [row.id, row]));
    const stop = (id: string, kind: 'invoice' | 'order'): StopInput => ({
      stopId: randomUUID(),
      invoiceId: kind === 'invoice' ? id : null,
      orderId: kind === 'order' ? id : null,
      customerId: byId.get(id)!.customer_id,
      cancelled: byId.get(id)!.cancelled,
    });
    const stops = [
      ...invoiceIds.map((id) => stop(id, 'invoice')),
      ...orderIds.map((id) => stop(id, 'order')),
    ];
    return this.decide({ type: 'AddStops', data: { routeId, stops }, metadata }, route.date);
  }
}

@CommandHandler(RemoveStopCommand)
export class RemoveStopHandler extends RouteHandler implements ICommandHandler<RemoveStopCommand> {
  async execute({ metadata, routeId, stopId }: RemoveStopCommand) {
    const route = await this.reader.row(metadata.companyId, routeId);
    const delivered = route.stops.some((s) => s.id === stopId && DELIVERED.has(s.status));
    return this.decide({ type: 'RemoveStop', data: { routeId, stopId, delivered }, metadata }, route.date);
  }
}

/** The order sent, or the order suggested by address (ZIP, street, number). */
@CommandHandler(ReorderStopsCommand)
export class ReorderStopsHandler extends RouteHandler implements ICommandHandler<ReorderStopsCommand> {
  async execute({ metadata, routeId, stopIds }: ReorderStopsCommand) {
    const route = await this.reader.row(metadata.companyId, routeId);
    const order =
      stopIds === 'suggest'
        ? suggestStopOrder(await this.reader.addresses(metadata.companyId, routeId))
        : stopIds;
    return this.decide({ type: 'ReorderStops', data: { routeId, stopIds: order }, metadata }, route.date);
  }
}

/** Skips a planned stop; a driver only on a route assigned to them (another's answers 404). */
@CommandHandler(SkipStopCommand)
export class SkipStopHandler extends RouteHandler implements ICommandHandler<SkipStopCommand> {
  async execute({ metadata, routeId, stopId, body, driverId }: SkipStopCommand) {
    const route = await this.reader.row(metadata.companyId, routeId);
    if (driverId !== null && route.driver_id !== driverId) throw routeError('ROUTE_NOT_FOUND');
    const stop = route.stops.find((s) => s.id === stopId);
    if (!stop) throw routeError('STOP_NOT_FOUND');
    const data = { routeId, stopId, note: body.note, skippedAt: body.skipped_at, stopStatus: stop.status };
    return this.decide({ type: 'SkipStop', data, metadata }, route.date);
  }
}

@CommandHandler(CloseRouteCommand)
export class CloseRouteHandler extends RouteHandler implements ICommandHandler<CloseRouteCommand> {
  async execute({ metadata, routeId }: CloseRouteCommand) {
    const route = await this.reader.row(metadata.companyId, routeId);
    return this.decide({ type: 'CloseRoute', data: { routeId }, metadata }, route.date);
  }
}

/** The driver's routes of the day (the company's today by default); each planned one is marked out. */
@CommandHandler(DownloadDriverDayCommand)
export class DownloadDriverDayHandler
  extends RouteHandler
  implements ICommandHandler<DownloadDriverDayCommand>
{
  async execute({ metadata, driver, date }: DownloadDriverDayCommand) {
    const day = date || businessDate(metadata.now, await companyTimeZone(this.pool, metadata.companyId));
    for (const route of await this.reader.summaries(metadata.companyId, day, driver.id))
      if (route.status === 'planned')
        await this.events.run(
          routeDecision(
            { type: 'MarkDownloaded', data: { routeId: route.id, driverId: driver.id }, metadata },
            day,
          ),
          metadata,
          { waitForProjections: true },
        );
    const routes = await this.reader.driverRoutes(metadata.companyId, driver.id, day);
    return { date: day, driver, routes, downloaded_at: metadata.now };
  }
}
