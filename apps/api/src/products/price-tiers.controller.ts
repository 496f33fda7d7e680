import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import { PRICE_TIER_COLORS } from '#domain/companies/price-tier.rules.js';
import { isBlank } from '#domain/shared/field-rules.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/public.decorator.js';
import { RequiresFeature } from '../features/requires-feature.decorator.js';
import { actorOf } from '../infra/http/actor.js';
import { UuidOr404 } from '../infra/http/uuid-param.pipe.js';
import { AddPriceTierCommand } from './commands/add-price-tier.command.js';
import { ChoosePriceTierBaseCommand } from './commands/choose-price-tier-base.command.js';
import { RemovePriceTierCommand } from './commands/remove-price-tier.command.js';
import { UpdatePriceTierCommand } from './commands/update-price-tier.command.js';
import { PriceTierBody, PriceTierSettingsBody, RemovePriceTierParams } from './dto/price-tier.body.js';
import {
  CountTierCustomersQuery,
  GetPriceTierQuery,
  ListPriceTiersQuery,
  PriceTierSettingsQuery,
} from './queries/price-tiers.query.js';
import { ApiAnswer } from '../infra/http/api-answer.js';
import {
  PRICE_TIER_ANSWER,
  PRICE_TIER_REMOVED_ANSWER,
  PRICE_TIER_SAVED_ANSWER,
  PRODUCT_PRICE_TIER_ANSWER,
  PRODUCT_PRICE_TIER_COLORS_ANSWER,
  PRODUCT_PRICE_TIER_COUNT_CUSTOMER_ANSWER,
  PRODUCT_PRICE_TIER_SETTINGS_ANSWER,
} from './price-tiers.answers.js';
import { Clock } from '../infra/clock.js';

const NOT_FOUND = 'Price tier not found';
export const PRICE_TIER_REMOVED = 'Price tier removed.';

const fieldsOf = (body: PriceTierBody) => ({
  ...(body.name !== undefined ? { name: body.name } : {}),
  ...(body.percentage !== undefined ? { percentage: body.percentage } : {}),
  ...(body.color !== undefined ? { color: body.color } : {}),
});

/**
 * The price tier manager (as the client's specification asks), in company settings: only
 * with the tiered_pricing feature (403 otherwise).
 */
@ApiTags('product')
@ApiBearerAuth()
@RequiresFeature('tiered_pricing')
@Controller('product/price-tier')
export class PriceTiersController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** The company's tiers: the base tier first, then in the order added (none before the first is added). */
  @Get()
  @ApiAnswer(
    200,
    "The company's tiers: the base tier first, then in the order added (none before the first is added).",
    PRODUCT_PRICE_TIER_ANSWER,
  )
  list(@CurrentUser() user: AuthUser) {
    return this.queries.execute(new ListPriceTiersQuery(user.companyId));
  }

  /** Customers per tier; customers on no tier count with the base tier. */
  @Get('count-customer')
  @ApiAnswer(
    200,
    'Customers per tier; customers on no tier count with the base tier.',
    PRODUCT_PRICE_TIER_COUNT_CUSTOMER_ANSWER,
  )
  countCustomers(@CurrentUser() user: AuthUser) {
    return this.queries.execute(new CountTierCustomersQuery(user.companyId));
  }

  /** The colours a tier may have (no green), with their hex values. */
  @Get('colors')
  @ApiAnswer(
    200,
    'The colours a tier may have (no green), with their hex values.',
    PRODUCT_PRICE_TIER_COLORS_ANSWER,
  )
  colors() {
    return Object.entries(PRICE_TIER_COLORS).map(([name, hex]) => ({ name, hex }));
  }

  /** `{ tier_base }`: what tiers raise, the list price (default) or the last purchase price. */
  @Get('settings')
  @ApiAnswer(
    200,
    '`{ tier_base }`: what tiers raise, the list price (default) or the last purchase price.',
    PRODUCT_PRICE_TIER_SETTINGS_ANSWER,
  )
  settings(@CurrentUser() user: AuthUser) {
    return this.queries.execute(new PriceTierSettingsQuery(user.companyId));
  }

  @Put('settings')
  @ApiAnswer(200, 'The settings as saved', PRODUCT_PRICE_TIER_SETTINGS_ANSWER)
  async chooseBase(@CurrentUser() user: AuthUser, @Body() body: PriceTierSettingsBody) {
    await this.commands.execute(new ChoosePriceTierBaseCommand(body.tier_base, actorOf(user, this.clock)));
    return this.queries.execute(new PriceTierSettingsQuery(user.companyId));
  }

  /** Answers the tier (201). The company's first tier also creates the base tier. */
  @Post()
  @ApiAnswer(201, 'The tier added', PRICE_TIER_ANSWER)
  async add(@CurrentUser() user: AuthUser, @Body() body: PriceTierBody) {
    const tierId = randomUUID();
    await this.commands.execute(
      new AddPriceTierCommand(
        { tierId, baseTierId: randomUUID(), ...fieldsOf(body) },
        actorOf(user, this.clock),
      ),
    );
    return this.queries.execute(new GetPriceTierQuery(user.companyId, tierId));
  }

  @Get(':id')
  @ApiAnswer(200, 'The tier', PRICE_TIER_ANSWER)
  get(@CurrentUser() user: AuthUser, @Param('id', new UuidOr404(NOT_FOUND)) id: string) {
    return this.queries.execute(new GetPriceTierQuery(user.companyId, id));
  }

  /** Answers the tier as saved; the base tier cannot be edited. */
  @Put(':id')
  @ApiAnswer(200, 'The tier as saved', PRICE_TIER_SAVED_ANSWER)
  async update(
    @CurrentUser() user: AuthUser,
    @Param('id', new UuidOr404(NOT_FOUND)) id: string,
    @Body() body: PriceTierBody,
  ) {
    await this.commands.execute(
      new UpdatePriceTierCommand({ tierId: id, ...fieldsOf(body) }, actorOf(user, this.clock)),
    );
    return this.queries.execute(new GetPriceTierQuery(user.companyId, id));
  }

  /** Moves the tier's customers to `migrating_price_tier_id` (query or body), else to the base tier. */
  @Delete(':id')
  @ApiAnswer(200, 'The tier is removed; where its customers went, and how many', PRICE_TIER_REMOVED_ANSWER)
  async remove(
    @CurrentUser() user: AuthUser,
    @Param('id', new UuidOr404(NOT_FOUND)) id: string,
    @Query() query: RemovePriceTierParams,
    @Body() body: RemovePriceTierParams,
  ) {
    const chosen = [query.migrating_price_tier_id, body?.migrating_price_tier_id].find((v) => !isBlank(v));
    const result = await this.commands.execute(
      new RemovePriceTierCommand(id, chosen ? chosen.trim().toLowerCase() : null, actorOf(user, this.clock)),
    );
    return {
      message: PRICE_TIER_REMOVED,
      id,
      migrated_to_tier_id: result.migratedToTierId,
      migrated_customers: result.migratedCustomers,
    };
  }
}
