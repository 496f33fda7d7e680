import { Command } from '@nestjs/cqrs';
import type { DriverDayResponse, RouteResponse } from '#domain/contracts/route.contract.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import type { AddStopsBody, CreateRouteBody, SkipStopBody, UpdateRouteBody } from '../dto/route.bodies.js';

/** POST /routes: answers the route planned (or, for a retry, the route planned the first time). */
export class PlanRouteCommand extends Command<RouteResponse> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly body: CreateRouteBody,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/** A change of one route; every one answers the route as it is after it. */
abstract class RouteChange extends Command<RouteResponse> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly routeId: string,
  ) {
    super();
  }
}

export class UpdateRouteCommand extends RouteChange {
  constructor(
    metadata: CommandMetadata,
    routeId: string,
    readonly body: UpdateRouteBody,
  ) {
    super(metadata, routeId);
  }
}

export class AddStopsCommand extends RouteChange {
  constructor(
    metadata: CommandMetadata,
    routeId: string,
    readonly body: AddStopsBody,
  ) {
    super(metadata, routeId);
  }
}

export class RemoveStopCommand extends RouteChange {
  constructor(
    metadata: CommandMetadata,
    routeId: string,
    readonly stopId: string,
  ) {
    super(metadata, routeId);
  }
}

/** The full list of stop ids in the new order; `suggest`: the order by address instead. */
export class ReorderStopsCommand extends RouteChange {
  constructor(
    metadata: CommandMetadata,
    routeId: string,
    readonly stopIds: string[] | 'suggest',
  ) {
    super(metadata, routeId);
  }
}

export class SkipStopCommand extends RouteChange {
  constructor(
    metadata: CommandMetadata,
    routeId: string,
    readonly stopId: string,
    readonly body: SkipStopBody,
    /** A driver may skip only on a route assigned to them. */
    readonly driverId: string | null,
  ) {
    super(metadata, routeId);
  }
}

export class CloseRouteCommand extends RouteChange {}

/** GET /driver/routes: the signed-in driver's routes of the day, marked downloaded. */
export class DownloadDriverDayCommand extends Command<DriverDayResponse> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly driver: { id: string; name: string },
    readonly date: string | undefined,
  ) {
    super();
  }
}
