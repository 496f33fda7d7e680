import { Module } from '@nestjs/common';
import {
  AddStopsHandler,
  CloseRouteHandler,
  DownloadDriverDayHandler,
  PlanRouteHandler,
  RemoveStopHandler,
  ReorderStopsHandler,
  SkipStopHandler,
  UpdateRouteHandler,
} from './commands/route.handlers.js';
import {
  GetRouteHandler,
  ListRoutesHandler,
  LoadSheetHandler,
  RoutePdfHandler,
  UnroutedHandler,
} from './queries/route.handlers.js';
import { RouteReader } from './queries/route.reader.js';
import { RoutesController } from './routes.controller.js';

/** Delivery routes: the dispatcher's board, the load sheet, the route sheet PDF and the driver's download. */
@Module({
  controllers: [RoutesController],
  providers: [
    RouteReader,
    PlanRouteHandler,
    UpdateRouteHandler,
    AddStopsHandler,
    RemoveStopHandler,
    ReorderStopsHandler,
    SkipStopHandler,
    CloseRouteHandler,
    DownloadDriverDayHandler,
    ListRoutesHandler,
    UnroutedHandler,
    GetRouteHandler,
    LoadSheetHandler,
    RoutePdfHandler,
  ],
})
export class RoutesModule {}
