import { Body, Controller, Get, Inject, Param, ParseIntPipe, Put, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { CommandMetadata } from '#domain/shared/decider.js';
import { GridParams } from '#infra/grid/index.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/public.decorator.js';
import { RequiresFeature } from '../features/requires-feature.decorator.js';
import { ReviewOrderItemCommand, UpdateOrderCommand } from './commands/order.commands.js';
import { ReviewOrderItemBody, UpdateOrderBody } from './dto/order.bodies.js';
import { OrderReader } from './order-reader.js';
import { ApiAnswer } from '../infra/http/api-answer.js';
import { ORDER_COUNT_ANSWER } from './orders.answers.js';
import {
  ORDER_CHANGED_ANSWER,
  ORDER_DETAIL_ANSWER,
  ORDER_GRID_ANSWER,
  ORDER_ITEM_REVIEWED_ANSWER,
} from './orders.answers.js';
import { Clock } from '../infra/clock.js';

const metadataOf = (user: AuthUser, clock: Clock): CommandMetadata => ({
  companyId: user.companyId,
  userId: user.id,
  now: clock.nowIso(),
});

/** The client's specification order calls and the client's specification's GET /order/count; all need the order feature. */
@ApiTags('order')
@ApiBearerAuth()
@RequiresFeature('order')
@Controller()
export class OrdersController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(OrderReader) private readonly reader: OrderReader,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get('order/grid')
  @ApiAnswer(200, 'One page of orders and the count of matching ones', ORDER_GRID_ANSWER)
  grid(@CurrentUser() user: AuthUser, @Query() params: GridParams) {
    return this.reader.grid(user.companyId, params);
  }

  /** The placed-order count of the side navigation's badge. */
  @Get('order/count')
  @ApiAnswer(200, "The placed-order count of the side navigation's badge.", ORDER_COUNT_ANSWER)
  count(@CurrentUser() user: AuthUser) {
    return this.reader.count(user.companyId);
  }

  /** An order by number (or id): `{ order, modifiedOrderItems }`. */
  @Get('order/:idOrNumber')
  @ApiAnswer(200, 'The order and its reviewed items', ORDER_DETAIL_ANSWER)
  get(@CurrentUser() user: AuthUser, @Param('idOrNumber') idOrNumber: string) {
    return this.reader.detail(user.companyId, idOrNumber);
  }

  @Put('order/:idOrNumber')
  @ApiAnswer(200, 'The order with its new status or note, and its reviewed items', ORDER_CHANGED_ANSWER)
  update(
    @CurrentUser() user: AuthUser,
    @Param('idOrNumber') idOrNumber: string,
    @Body() body: UpdateOrderBody,
  ) {
    return this.commands.execute(new UpdateOrderCommand(metadataOf(user, this.clock), idOrNumber, body));
  }

  @Put('order/:idOrNumber/item/:line')
  @ApiAnswer(200, 'The order after the review, and its reviewed items', ORDER_ITEM_REVIEWED_ANSWER)
  review(
    @CurrentUser() user: AuthUser,
    @Param('idOrNumber') idOrNumber: string,
    @Param('line', new ParseIntPipe({ errorHttpStatusCode: 404 })) line: number,
    @Body() body: ReviewOrderItemBody,
  ) {
    return this.commands.execute(
      new ReviewOrderItemCommand(metadataOf(user, this.clock), idOrNumber, line, body),
    );
  }
}
