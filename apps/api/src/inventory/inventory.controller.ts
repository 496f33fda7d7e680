import { CompanyTimeZones } from '../infra/company-time.js';
import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Headers,
  Inject,
  Param,
  Put,
  Query,
  StreamableFile,
} from '@nestjs/common';
import { businessDate, isBusinessDate } from '#domain/shared/business-date.js';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/public.decorator.js';
import { RequiresFeature } from '../features/requires-feature.decorator.js';
import { actorOf } from '../infra/http/actor.js';
import { UuidOr404 } from '../infra/http/uuid-param.pipe.js';
import { idempotencyKeyOf } from '../infra/http/idempotent-id.js';
import { StampDownloadParams } from '../stamps/dto/stamp.params.js';
import { AdjustInventoryCommand, RestockInventoryCommand } from './commands/inventory.commands.js';
import { AdjustInventoryBody, RestockBody } from './dto/inventory.body.js';
import { InventoryGridParams, InventoryStatsParams, InventoryStockParams } from './dto/inventory.params.js';
import { InventoryStatsCsvQuery, InventoryStatsQuery } from './queries/inventory-stats.js';
import { listOf } from '../infra/http/query-list.js';
import {
  InventoryCsvQuery,
  InventoryDistributorsQuery,
  InventoryGridQuery,
  InventoryStockQuery,
  type InventoryGridKind,
} from './queries/inventory.queries.js';
import { ApiAnswer, ApiFileAnswer, ApiIdempotencyKey } from '../infra/http/api-answer.js';
import {
  INVENTORY_ADJUSTED_ANSWER,
  INVENTORY_DISTRIBUTORS_ANSWER,
  INVENTORY_GRID_ANSWER,
  INVENTORY_HISTORY_GRID_ANSWER,
  INVENTORY_STATS_ANSWER,
  INVENTORY_STOCK_ANSWER,
  RESTOCK_ANSWER,
} from './inventory.answers.js';
import { Clock } from '../infra/clock.js';

const PRODUCT_NOT_FOUND = 'Product not found';

/**
 * Inventory (restock and history), inventory feature only. Stock is the
 * inventory projection's; commands append InventoryRestocked / InventoryAdjusted and answer after it caught up.
 */
@ApiTags('inventory')
@ApiBearerAuth()
@RequiresFeature('inventory')
@Controller('inventory')
export class InventoryController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CompanyTimeZones) private readonly zones: CompanyTimeZones,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Grid protocol; `ignoreLimit=true` answers every matching row (restock: reorder_needed equals 1). */
  @Get('grid')
  @ApiAnswer(
    200,
    'Grid protocol; `ignoreLimit=true` answers every matching row (restock: reorder_needed equals 1).',
    INVENTORY_GRID_ANSWER,
  )
  grid(@CurrentUser() user: AuthUser, @Query() params: InventoryGridParams) {
    return this.queries.execute(new InventoryGridQuery(user.companyId, 'inventory', params));
  }

  @Get('history/grid')
  @ApiAnswer(200, 'One page of the grid and the count of matching rows', INVENTORY_HISTORY_GRID_ANSWER)
  historyGrid(@CurrentUser() user: AuthUser, @Query() params: InventoryGridParams) {
    return this.queries.execute(new InventoryGridQuery(user.companyId, 'history', params));
  }

  /** inventory_{date}.csv of the grid's filter and sort. */
  @Get('export')
  @ApiFileAnswer('text/csv', 'The CSV file (streamed)')
  export(@CurrentUser() user: AuthUser, @Query() params: StampDownloadParams) {
    return this.csv(user, 'inventory', params);
  }

  /** inventory_history_{date}.csv of the history grid's filter and sort. */
  @Get('history/export')
  @ApiFileAnswer('text/csv', 'The CSV file (streamed)')
  historyExport(@CurrentUser() user: AuthUser, @Query() params: StampDownloadParams) {
    return this.csv(user, 'history', params);
  }

  @Get('distributors')
  @ApiAnswer(200, 'The distributors named on products', INVENTORY_DISTRIBUTORS_ANSWER)
  distributors(@CurrentUser() user: AuthUser) {
    return this.queries.execute(new InventoryDistributorsQuery(user.companyId));
  }

  /** The stock of some products (`ids` comma-separated): status, days to reorder, last restock. */
  @Get('stock')
  @ApiAnswer(
    200,
    'The stock of some products (`ids` comma-separated): status, days to reorder, last restock.',
    INVENTORY_STOCK_ANSWER,
  )
  stock(@CurrentUser() user: AuthUser, @Query() params: InventoryStockParams) {
    return this.queries.execute(new InventoryStockQuery(user.companyId, listOf(params.ids)));
  }

  /** Inventory stats of the business days [from, to] (default: this month so far), for the dashboard. */
  @Get('stats')
  @ApiAnswer(
    200,
    'Inventory stats of the business days [from, to] (default: this month so far), for the dashboard.',
    INVENTORY_STATS_ANSWER,
  )
  async stats(@CurrentUser() user: AuthUser, @Query() params: InventoryStatsParams) {
    const { from, to } = await this.period(user, params);
    return this.queries.execute(new InventoryStatsQuery(user.companyId, from, to));
  }

  /** The stats' products as CSV (inventory_stats_{date}.csv). */
  @Get('stats/export')
  @ApiFileAnswer('text/csv', 'The CSV file (streamed)')
  async statsExport(@CurrentUser() user: AuthUser, @Query() params: InventoryStatsParams) {
    const { from, to } = await this.period(user, params);
    const { filename, stream } = await this.queries.execute(
      new InventoryStatsCsvQuery(user.companyId, from, to, this.clock.now()),
    );
    return new StreamableFile(stream as never, {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${filename}"`,
    });
  }

  /** A restock: `{ items: [{ product_id, qty, item_cost }], ref_number, distributor }`. */
  @Put()
  @ApiAnswer(
    200,
    'The list of the saved rows: each qty now, and the units this restock added',
    RESTOCK_ANSWER,
  )
  @ApiIdempotencyKey('A retried Save adds its units once')
  restock(
    @CurrentUser() user: AuthUser,
    @Body() body: RestockBody,
    @Headers('idempotency-key') key: string | undefined,
  ) {
    return this.commands.execute(
      new RestockInventoryCommand(
        {
          distributor: body.distributor,
          reference: body.ref_number,
          items: body.items.map((item) => ({
            productId: item.product_id,
            qty: item.qty,
            itemCost: item.item_cost,
          })),
        },
        idempotencyKeyOf(key),
        actorOf(user, this.clock),
      ),
    );
  }

  /** One cell: `{ field, value, old? }`; answers the row's stock after the edit. */
  @Put(':id')
  @ApiAnswer(200, "The product's inventory row as it now is", INVENTORY_ADJUSTED_ANSWER)
  async adjust(
    @CurrentUser() user: AuthUser,
    @Param('id', new UuidOr404(PRODUCT_NOT_FOUND)) id: string,
    @Body() body: AdjustInventoryBody,
  ) {
    const productId = id.toLowerCase();
    await this.commands.execute(
      new AdjustInventoryCommand(
        {
          productId,
          field: body.field,
          value: body.value,
          ...(Object.hasOwn(body, 'old') ? { old: body.old } : {}),
        },
        actorOf(user, this.clock),
      ),
    );
    const [row] = await this.queries.execute(new InventoryStockQuery(user.companyId, [productId]));
    return row;
  }

  /** from and to: business days, not after today, from not after to; 400 with the field problems. */
  private async period(user: AuthUser, params: InventoryStatsParams) {
    const today = businessDate(this.clock.nowIso(), await this.zones.of(user.companyId));
    const from = params.from ?? `${today.slice(0, 8)}01`;
    const to = params.to ?? today;
    const details: { field: string; message: string }[] = [];
    for (const [field, value] of [
      ['from', from],
      ['to', to],
    ] as const) {
      if (!isBusinessDate(value)) details.push({ field, message: `${field} must be a date (YYYY-MM-DD)` });
      else if (value > today) details.push({ field, message: `${field} cannot be in the future` });
    }
    if (details.length === 0 && from > to)
      details.push({ field: 'from', message: 'from must not be after to' });
    if (details.length > 0)
      throw new BadRequestException({ statusCode: 400, message: details[0]!.message, details });
    return { from, to };
  }

  private async csv(user: AuthUser, kind: InventoryGridKind, params: StampDownloadParams) {
    const { filename, stream } = await this.queries.execute(
      new InventoryCsvQuery(user.companyId, kind, params, this.clock.now()),
    );
    return new StreamableFile(stream as never, {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${filename}"`,
    });
  }
}
