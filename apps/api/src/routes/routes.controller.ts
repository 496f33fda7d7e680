import {
  Body,
  Controller,
  Delete,
  ForbiddenException,
  Get,
  Headers,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Res,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { CommandMetadata } from '#domain/shared/decider.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser, DriverMay } from '../auth/public.decorator.js';
import { Clock } from '../infra/clock.js';
import { ApiAnswer, ApiFileAnswer, ApiIdempotencyKey } from '../infra/http/api-answer.js';
import { sendPdf } from '../infra/pdf/pdf-reply.js';
import { idempotencyKeyOf } from '../infra/http/idempotent-id.js';
import { UuidOr404 } from '../infra/http/uuid-param.pipe.js';
import {
  AddStopsCommand,
  CloseRouteCommand,
  DownloadDriverDayCommand,
  PlanRouteCommand,
  RemoveStopCommand,
  ReorderStopsCommand,
  SkipStopCommand,
  UpdateRouteCommand,
} from './commands/route.commands.js';
import {
  AddStopsBody,
  CreateRouteBody,
  ReorderStopsBody,
  RouteDateParams,
  SkipStopBody,
  UpdateRouteBody,
} from './dto/route.bodies.js';
import {
  GetRouteQuery,
  ListRoutesQuery,
  LoadSheetQuery,
  RoutePdfQuery,
  UnroutedQuery,
} from './queries/route.queries.js';
import {
  DRIVER_DAY_EXAMPLE,
  LOAD_SHEET_EXAMPLE,
  ROUTE_EXAMPLE,
  ROUTES_EXAMPLE,
  UNROUTED_EXAMPLE,
} from './routes.answers.js';

const metadataOf = (user: AuthUser, clock: Clock): CommandMetadata => ({
  companyId: user.companyId,
  userId: user.id,
  now: clock.nowIso(),
});
const ROUTE = new UuidOr404('Route not found');
const STOP = new UuidOr404('Stop not found');

/**
 * Delivery routes: the dispatcher plans each day's routes (driver, truck, stops in order), prints the load sheet and
 * closes them; the driver downloads theirs (GET /driver/routes) and skips a stop they cannot deliver.
 */
@ApiTags('routes')
@ApiBearerAuth()
@Controller()
export class RoutesController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get('routes')
  @ApiAnswer(200, "The day's routes (the company's today when no date is given)", ROUTES_EXAMPLE)
  list(@CurrentUser() user: AuthUser, @Query() params: RouteDateParams) {
    return this.queries.execute(new ListRoutesQuery(user.companyId, params.date, this.clock.nowIso()));
  }

  @Get('routes/unrouted')
  @ApiAnswer(200, 'The invoices and placed orders on no open route of the day', UNROUTED_EXAMPLE)
  unrouted(@CurrentUser() user: AuthUser, @Query() params: RouteDateParams) {
    return this.queries.execute(new UnroutedQuery(user.companyId, params.date, this.clock.nowIso()));
  }

  @Post('routes')
  @ApiAnswer(201, 'The route planned', ROUTE_EXAMPLE)
  @ApiIdempotencyKey('A retried submit plans one route')
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateRouteBody,
    @Headers('idempotency-key') key: string | undefined,
  ) {
    return this.commands.execute(
      new PlanRouteCommand(metadataOf(user, this.clock), body, idempotencyKeyOf(key)),
    );
  }

  @Get('route/:id')
  @ApiAnswer(200, 'The route with its stops in order', ROUTE_EXAMPLE)
  get(@CurrentUser() user: AuthUser, @Param('id', ROUTE) id: string) {
    return this.queries.execute(new GetRouteQuery(user.companyId, id));
  }

  @Put('route/:id')
  @ApiAnswer(200, 'The route with its new name, driver or truck', ROUTE_EXAMPLE)
  update(@CurrentUser() user: AuthUser, @Param('id', ROUTE) id: string, @Body() body: UpdateRouteBody) {
    return this.commands.execute(new UpdateRouteCommand(metadataOf(user, this.clock), id, body));
  }

  /** 409 when an invoice is on another open route of the day, or cancelled. */
  @Post('route/:id/stops')
  @ApiAnswer(201, 'The route with the stops added at its end', ROUTE_EXAMPLE)
  addStops(@CurrentUser() user: AuthUser, @Param('id', ROUTE) id: string, @Body() body: AddStopsBody) {
    return this.commands.execute(new AddStopsCommand(metadataOf(user, this.clock), id, body));
  }

  @Delete('route/:id/stop/:stopId')
  @ApiAnswer(200, 'The route without the stop', ROUTE_EXAMPLE)
  removeStop(
    @CurrentUser() user: AuthUser,
    @Param('id', ROUTE) id: string,
    @Param('stopId', STOP) stopId: string,
  ) {
    return this.commands.execute(new RemoveStopCommand(metadataOf(user, this.clock), id, stopId));
  }

  /** 400 unless every stop of the route is sent once. */
  @Put('route/:id/stops/order')
  @ApiAnswer(200, 'The route with its stops in the new order', ROUTE_EXAMPLE)
  reorder(@CurrentUser() user: AuthUser, @Param('id', ROUTE) id: string, @Body() body: ReorderStopsBody) {
    return this.commands.execute(new ReorderStopsCommand(metadataOf(user, this.clock), id, body.stop_ids));
  }

  @Post('route/:id/stops/suggest-order')
  @HttpCode(200)
  @ApiAnswer(200, 'The route with its stops ordered by ZIP, street and number', ROUTE_EXAMPLE)
  suggest(@CurrentUser() user: AuthUser, @Param('id', ROUTE) id: string) {
    return this.commands.execute(new ReorderStopsCommand(metadataOf(user, this.clock), id, 'suggest'));
  }

  /** The office or the route's driver; 409 unless the stop is planned. */
  @DriverMay()
  @Post('route/:id/stop/:stopId/skip')
  @HttpCode(200)
  @ApiAnswer(200, 'The route with the stop skipped', ROUTE_EXAMPLE)
  @ApiIdempotencyKey('A retry answers the first answer')
  skip(
    @CurrentUser() user: AuthUser,
    @Param('id', ROUTE) id: string,
    @Param('stopId', STOP) stopId: string,
    @Body() body: SkipStopBody,
  ) {
    const driverId = user.role === 'driver' ? user.id : null;
    return this.commands.execute(
      new SkipStopCommand(metadataOf(user, this.clock), id, stopId, body, driverId),
    );
  }

  @Post('route/:id/close')
  @HttpCode(200)
  @ApiAnswer(200, 'The route, closed: it no longer changes', ROUTE_EXAMPLE)
  close(@CurrentUser() user: AuthUser, @Param('id', ROUTE) id: string) {
    return this.commands.execute(new CloseRouteCommand(metadataOf(user, this.clock), id));
  }

  @Get('route/:id/load-sheet')
  @ApiAnswer(200, 'What goes on the truck: products, bottles and their stamps', LOAD_SHEET_EXAMPLE)
  loadSheet(@CurrentUser() user: AuthUser, @Param('id', ROUTE) id: string) {
    return this.queries.execute(new LoadSheetQuery(user.companyId, id));
  }

  /** application/pdf, `route_{name}_{date}.pdf` as an attachment: the stops in order and the load sheet. */
  @Get('route/:id/pdf')
  @ApiFileAnswer('application/pdf', 'The route sheet PDF')
  async pdf(
    @CurrentUser() user: AuthUser,
    @Param('id', ROUTE) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { pdf, filename } = await this.queries.execute(new RoutePdfQuery(user.companyId, id));
    return sendPdf(reply, pdf, filename, 'attachment');
  }

  /** Drivers only: their routes of the day with every stop, marked downloaded (out). */
  @DriverMay()
  @Get('driver/routes')
  @ApiAnswer(200, "The signed-in driver's routes of the day", DRIVER_DAY_EXAMPLE)
  driverDay(@CurrentUser() user: AuthUser, @Query() params: RouteDateParams) {
    if (user.role !== 'driver')
      throw new ForbiddenException({ statusCode: 403, message: 'Only a driver downloads routes.' });
    return this.commands.execute(
      new DownloadDriverDayCommand(
        metadataOf(user, this.clock),
        { id: user.id, name: user.name },
        params.date,
      ),
    );
  }
}
