import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import type { ProductInput } from '#domain/products/product.commands.js';
import { isBlank, toBoolean, toNumber } from '#domain/shared/field-rules.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/public.decorator.js';
import { GridParams } from '#infra/grid/index.js';
import { actorOf } from '../infra/http/actor.js';
import { UuidOr404 } from '../infra/http/uuid-param.pipe.js';
import { CreateProductCommand } from './commands/create-product.command.js';
import { DeleteProductCommand } from './commands/delete-product.command.js';
import { UpdateProductCommand } from './commands/update-product.command.js';
import { CreateProductBody, UpdateProductBody } from './dto/product.body.js';
import { listOf } from '../infra/http/query-list.js';
import {
  ProductListParams,
  ProductPriceParams,
  ProductRecommendationParams,
  ProductSuggestionParams,
} from './dto/product.params.js';
import { GetProductQuery } from './queries/get-product.query.js';
import { ListProductsQuery } from './queries/list-products.query.js';
import { ProductGridQuery } from './queries/product-grid.query.js';
import { ProductPriceQuery } from './queries/product-price.query.js';
import { ProductRecommendationQuery } from './queries/product-recommendation.query.js';
import { RequiresFeature } from '../features/requires-feature.decorator.js';
import { ProductSuggestionsQuery } from './queries/product-suggestions.query.js';
import { ApiAnswer } from '../infra/http/api-answer.js';
import { PRODUCT_EXAMPLE, PRODUCT_GRID_EXAMPLE } from './product.examples.js';
import { PRODUCT_ANSWER, PRODUCT_PRICE_ANSWER, PRODUCT_SUGGESTIONS_ANSWER } from './products.answers.js';
import { Clock } from '../infra/clock.js';

export const PRODUCT_NOT_FOUND = 'Product not found';
export const PRODUCT_DELETED = 'Deleted product!';

const blankToNull = (value: string | null | undefined) => (isBlank(value) ? null : value!.trim());

/** The editor's snake_case fields as the domain's input (values as typed; the decider checks the rules). */
function input(body: Partial<CreateProductBody>): Partial<ProductInput> {
  return {
    name: body.product,
    type: body.product_type,
    size: body.product_size,
    price: body.product_price,
    upc: body.upc,
    internalSku: body.internal_sku,
    distributor: body.distributor,
    ydkProductId: body.ydk_product_id,
    lastPurchasePrice: body.last_purchase_price,
    reorderLevel: body.reorder_level,
    reorderQty: body.reorder_qty,
    reorderTimeInDays: body.reorder_time_in_days,
    caseSize: body.case_size,
  };
}

/** Products (as the client's specification asks). Every signed-in user of the company. */
@ApiTags('product')
@ApiBearerAuth()
@Controller('product')
export class ProductsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Products (archived left out unless `archived=true`), units sold first, with sales and prices. */
  @Get()
  @ApiAnswer(
    200,
    'Products (archived left out unless `archived=true`), units sold first, with sales and prices.',
    PRODUCT_ANSWER,
  )
  list(@CurrentUser() user: AuthUser, @Query() params: ProductListParams) {
    return this.queries.execute(
      new ListProductsQuery(
        user.companyId,
        {
          dateFrom: params.dateFrom || undefined,
          dateTo: params.dateTo || undefined,
          customerId: params.customerId?.trim() || undefined,
          search: params.search,
          archived: toBoolean(params.archived) ?? false,
          limit: toNumber(params.limit) ?? 1000,
        },
        this.clock.nowIso(),
      ),
    );
  }

  /** The product grid (grid protocol): `{ rows, count }`; archived rows only when the filter names `archived`. */
  @Get('grid')
  @ApiAnswer(200, 'One page of the product grid and the count of matching products', PRODUCT_GRID_EXAMPLE)
  grid(@CurrentUser() user: AuthUser, @Query() params: GridParams) {
    return this.queries.execute(new ProductGridQuery(user.companyId, params));
  }

  /**
   * What to add for the customer chosen in the builder (the `ai` feature): due reorders from its own
   * rhythm and what similar customers buy, each with its one-line reason, priced for it today.
   */
  @Get('recommendation')
  @ApiAnswer(200, 'Up to five products for the customer, each with its reason, priced for it', {
    recommendation: [
      {
        product: {
          id: '7d0b5f4e-3f0a-4b8e-9a51-2c6d1e0f9a11',
          product: 'SHINER BOCK',
          product_size: '12oz',
          product_type: 'beer',
          upc: null,
          internal_sku: null,
          distributor: null,
          ydk_product_id: null,
          last_purchase_price: 5,
          last_invoiced_price: 10,
          price: 10,
          price_source: 'list',
          list_price: 10,
          tier: null,
          match: 'id',
        },
        kind: 'reorder',
        reason: 'bought every ~14 days, last 16 days ago',
      },
    ],
  })
  @RequiresFeature('ai')
  recommendation(@CurrentUser() user: AuthUser, @Query() params: ProductRecommendationParams) {
    return this.queries.execute(
      new ProductRecommendationQuery(
        user.companyId,
        params.customerId.trim().toLowerCase(),
        this.clock.nowIso(),
      ),
    );
  }

  /** The invoice builder's search: none under 3 characters; priced for `customerId` on `date` (default today). */
  @Get('suggestions')
  @ApiAnswer(
    200,
    "The invoice builder's search: none under 3 characters; priced for `customerId` on `date` (default today).",
    PRODUCT_SUGGESTIONS_ANSWER,
  )
  suggestions(@CurrentUser() user: AuthUser, @Query() params: ProductSuggestionParams) {
    return this.queries.execute(
      new ProductSuggestionsQuery(
        user.companyId,
        {
          query: params.query ?? '',
          customerId: params.customerId?.trim() || undefined,
          excludeIds: [...listOf(params.exclude), ...listOf(params.excludingProductIds)].map((id) =>
            id.toLowerCase(),
          ),
          excludeSourceIds: listOf(params.excludingSourceProductIds),
          distributor: params.distributor,
          date: params.date || undefined,
          limit: toNumber(params.limit) ?? 20,
        },
        this.clock.nowIso(),
      ),
    );
  }

  /** Answers the created product (201). 409 'This product exists already.' names the existing one. */
  @Post()
  @ApiAnswer(201, 'The product created', PRODUCT_EXAMPLE)
  async create(@CurrentUser() user: AuthUser, @Body() body: CreateProductBody) {
    const productId = randomUUID();
    const fields = input(body) as ProductInput;
    await this.commands.execute(
      new CreateProductCommand({ productId, ...fields }, actorOf(user, this.clock)),
    );
    return this.queries.execute(new GetProductQuery(user.companyId, productId, this.clock.nowIso()));
  }

  @Get(':id')
  @ApiAnswer(200, 'The product', PRODUCT_EXAMPLE)
  get(@CurrentUser() user: AuthUser, @Param('id', new UuidOr404(PRODUCT_NOT_FOUND)) id: string) {
    return this.queries.execute(new GetProductQuery(user.companyId, id, this.clock.nowIso()));
  }

  /** What `customerId` (or anyone) pays on `date` (default today), and why: customer, tier or list price. */
  @Get(':id/price')
  @ApiAnswer(
    200,
    'What `customerId` (or anyone) pays on `date` (default today), and why: customer, tier or list price.',
    PRODUCT_PRICE_ANSWER,
  )
  price(
    @CurrentUser() user: AuthUser,
    @Param('id', new UuidOr404(PRODUCT_NOT_FOUND)) id: string,
    @Query() params: ProductPriceParams,
  ) {
    return this.queries.execute(
      new ProductPriceQuery(
        user.companyId,
        id,
        params.customerId?.trim() || null,
        params.date || null,
        this.clock.nowIso(),
      ),
    );
  }

  /** Edits, changes the price (from `effective_date`, for `customerId` only when given), archives or restores. */
  @Put(':id')
  @ApiAnswer(200, 'The product as saved', PRODUCT_EXAMPLE)
  async update(
    @CurrentUser() user: AuthUser,
    @Param('id', new UuidOr404(PRODUCT_NOT_FOUND)) id: string,
    @Body() body: UpdateProductBody,
  ) {
    const fields = Object.fromEntries(Object.entries(input(body)).filter(([, value]) => value !== undefined));
    await this.commands.execute(
      new UpdateProductCommand(
        {
          productId: id,
          ...fields,
          ...(body.effective_date !== undefined ? { effectiveOn: blankToNull(body.effective_date) } : {}),
          ...(body.customerId !== undefined ? { customerId: blankToNull(body.customerId) } : {}),
          ...(body.archived !== undefined ? { archived: toBoolean(body.archived)! } : {}),
        },
        actorOf(user, this.clock),
      ),
    );
    return this.queries.execute(new GetProductQuery(user.companyId, id, this.clock.nowIso()));
  }

  /** Only a product without invoice history: otherwise 409 'Did not remove product' (archive it instead). */
  @Delete(':id')
  @ApiAnswer(200, 'The product is deleted', {
    message: PRODUCT_DELETED,
    id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
  })
  async remove(@CurrentUser() user: AuthUser, @Param('id', new UuidOr404(PRODUCT_NOT_FOUND)) id: string) {
    await this.commands.execute(new DeleteProductCommand(id, actorOf(user, this.clock)));
    return { message: PRODUCT_DELETED, id };
  }
}
