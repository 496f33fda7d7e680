import {
  BadRequestException,
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type {
  OrderResponse,
  ShopCompanyResponse,
  ShopDraftDetailResponse,
  ShopDraftResponse,
  ShopInvoiceResponse,
} from '#domain/contracts/order.contract.js';
import {
  subdomainReservationDecider,
  subdomainStream,
} from '#domain/companies/subdomain-reservation.decide.js';
import { EventAppender } from '#engine';
import { ClientIp, Public } from '../../auth/public.decorator.js';
import { idempotencyKeyOf } from '../../infra/http/idempotent-id.js';
import {
  CancelOrderDraftCommand,
  CancelOwnOrderCommand,
  PlaceOrderCommand,
  PlaceOrderDraftCommand,
  SaveOrderDraftCommand,
  UpdateOrderDraftCommand,
} from '../commands/order.commands.js';
import { CurrentCustomerUser, ForCustomerUsers } from '../customer-users/customer-user.guard.js';
import type { CustomerUserPrincipal } from '../customer-users/customer-user.types.js';
import {
  CustomerUsersService,
  CUSTOMER_INVITATION_INVALID,
} from '../customer-users/customer-users.service.js';
import {
  AcceptCustomerInvitationBody,
  PlaceOrderBody,
  PlaceOrderDraftBody,
  SaveOrderDraftBody,
  ShopSignInBody,
} from '../dto/order.bodies.js';
import { OrderReader } from '../order-reader.js';
import { shopProduct } from './shop-catalogue.js';
import { ShopReader } from './queries/shop.reader.js';
import { ApiAnswer, ApiNoAnswer } from '../../infra/http/api-answer.js';
import { DRAFT_ANSWER, DRAFT_DETAIL_ANSWER, PLACED_DRAFT_ANSWER } from './shop-drafts.answers.js';
import {
  SHOP_CATALOGUE_ANSWER,
  SHOP_INVITATION_ANSWER,
  SHOP_INVOICES_ANSWER,
  SHOP_ME_ANSWER,
  SHOP_ORDERS_ANSWER,
  SHOP_ORDER_CANCELLED_ANSWER,
  SHOP_ORDER_PLACED_ANSWER,
  SHOP_TOKEN_ANSWER,
} from '../orders.answers.js';
import { Clock } from '../../infra/clock.js';

/** A subdomain as the settings save it (lower-cased); anything else names no distributor. */
const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
export const DISTRIBUTOR_NOT_FOUND = 'No distributor orders at this address.';
const distributorNotFound = () => new NotFoundException({ statusCode: 404, message: DISTRIBUTOR_NOT_FOUND });

/**
 * The establishment ordering app's API, for customer users only: their own token (not a back-office
 * session), their own customer's catalogue prices, orders and invoices. Everything else answers 401.
 */
@ApiTags('shop')
@ApiBearerAuth()
@Controller('shop')
export class ShopController {
  constructor(
    @Inject(CustomerUsersService) private readonly users: CustomerUsersService,
    @Inject(OrderReader) private readonly orders: OrderReader,
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(ShopReader) private readonly shop: ShopReader,
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Public()
  @Post('auth/sign-in')
  @ApiAnswer(200, 'The customer user’s bearer token (opaque)', SHOP_TOKEN_ANSWER)
  @HttpCode(200)
  signIn(@Body() body: ShopSignInBody, @ClientIp() ip: string | null) {
    return this.users.signIn(body.email, body.password, ip, this.clock.nowIso());
  }

  /**
   * The distributor a shop address names (`/shop/{subdomain}`): `{ name, subdomain }` for the sign-in page. Read
   * from the subdomain's reservation stream (the one that keeps subdomains unique), then the company's name; an
   * unknown or released subdomain is a 404.
   */
  @Public()
  @Get('company/:subdomain')
  @ApiAnswer(200, 'The distributor of a shop address', {
    name: 'Hill Country Beverage Co.',
    subdomain: 'hill-country',
  })
  async company(@Param('subdomain') subdomain: string): Promise<ShopCompanyResponse> {
    const wanted = subdomain.toLowerCase();
    if (!SUBDOMAIN.test(wanted)) throw distributorNotFound();
    const { state } = await this.events.load(subdomainStream(wanted), subdomainReservationDecider);
    if (state.status !== 'claimed') throw distributorNotFound();
    const name = await this.shop.companyName(state.companyId);
    if (name === undefined) throw distributorNotFound();
    return { name, subdomain: wanted };
  }

  /** `{ name, email, company_name, subdomain }` for the accept page; 400 when used, revoked or expired. */
  @Public()
  @Get('invitation')
  @ApiAnswer(200, 'Who is invited, by which distributor', SHOP_INVITATION_ANSWER)
  invitation(@Query('token') token: unknown) {
    if (typeof token !== 'string' || token.length === 0 || token.length > 200)
      throw new BadRequestException({ statusCode: 400, message: CUSTOMER_INVITATION_INVALID });
    return this.users.lookupInvitation(token);
  }

  @Public()
  @Post('invitation/accept')
  @ApiAnswer(200, 'The new customer user’s bearer token (opaque)', SHOP_TOKEN_ANSWER)
  @HttpCode(200)
  accept(@Body() body: AcceptCustomerInvitationBody) {
    return this.users.acceptInvitation(body.token, body.password, this.clock.nowIso());
  }

  @ForCustomerUsers()
  @Post('auth/sign-out')
  @ApiNoAnswer('Signed out')
  @HttpCode(204)
  async signOut(@CurrentCustomerUser() user: CustomerUserPrincipal & { tokenHash: Buffer }) {
    await this.users.signOut(user, this.clock.nowIso());
  }

  @ForCustomerUsers()
  @Get('me')
  @ApiAnswer(200, 'The customer user, its customer and distributor', SHOP_ME_ANSWER)
  me(@CurrentCustomerUser() user: CustomerUserPrincipal) {
    return this.users.me(user);
  }

  /** The distributor's catalogue at this customer's prices; `search` matches name, UPC and SKU. */
  @ForCustomerUsers()
  @Get('catalogue')
  @ApiAnswer(200, 'The products at this customer’s prices', SHOP_CATALOGUE_ANSWER)
  async catalogue(@CurrentCustomerUser() user: CustomerUserPrincipal, @Query('search') search: unknown) {
    const products = await this.shop.catalogue(user.companyId, user.customerId, this.clock.nowIso(), {
      search: typeof search === 'string' ? search.slice(0, 100) : undefined,
    });
    return products.map(shopProduct);
  }

  @ForCustomerUsers()
  @Get('order')
  @ApiAnswer(200, 'The customer’s orders, newest first', SHOP_ORDERS_ANSWER)
  ownOrders(@CurrentCustomerUser() user: CustomerUserPrincipal) {
    return this.orders.forCustomer(user.companyId, user.customerId);
  }

  @ForCustomerUsers()
  @Post('order')
  @ApiAnswer(201, 'The placed order', SHOP_ORDER_PLACED_ANSWER)
  place(
    @CurrentCustomerUser() user: CustomerUserPrincipal,
    @Body() body: PlaceOrderBody,
    @Headers('idempotency-key') key: string | undefined,
  ) {
    return this.commands.execute(
      new PlaceOrderCommand(user, this.clock.nowIso(), body, idempotencyKeyOf(key)),
    );
  }

  @ForCustomerUsers()
  @Post('order/:id/cancel')
  @ApiAnswer(200, 'The order, cancelled', SHOP_ORDER_CANCELLED_ANSWER)
  @HttpCode(200)
  cancel(
    @CurrentCustomerUser() user: CustomerUserPrincipal,
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
  ) {
    return this.commands.execute(new CancelOwnOrderCommand(user, this.clock.nowIso(), id));
  }

  /** The customer's open drafts, newest first (the Orders tab lists them above the orders). */
  @ForCustomerUsers()
  @Get('order/draft')
  @ApiAnswer(200, 'The customer’s open drafts', [DRAFT_ANSWER])
  drafts(@CurrentCustomerUser() user: CustomerUserPrincipal): Promise<ShopDraftResponse[]> {
    return this.orders.drafts(user.companyId, user.customerId);
  }

  /** The cart saved as a draft (no number, no prices: both come when it is placed). */
  @ForCustomerUsers()
  @Post('order/draft')
  @ApiAnswer(201, 'The draft', DRAFT_ANSWER)
  saveDraft(
    @CurrentCustomerUser() user: CustomerUserPrincipal,
    @Body() body: SaveOrderDraftBody,
    @Headers('idempotency-key') key: string | undefined,
  ): Promise<ShopDraftResponse> {
    return this.commands.execute(
      new SaveOrderDraftCommand(user, this.clock.nowIso(), body, idempotencyKeyOf(key)),
    );
  }

  /** One draft of the customer with today's price of each product (what the cart shows when it is opened). */
  @ForCustomerUsers()
  @Get('order/draft/:id')
  @ApiAnswer(200, 'The draft at today’s prices', DRAFT_DETAIL_ANSWER)
  draft(
    @CurrentCustomerUser() user: CustomerUserPrincipal,
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
  ): Promise<ShopDraftDetailResponse> {
    return this.orders.draftWithPrices(user.companyId, user.customerId, id, this.clock.nowIso());
  }

  @ForCustomerUsers()
  @Put('order/draft/:id')
  @ApiAnswer(200, 'The draft saved again', DRAFT_ANSWER)
  updateDraft(
    @CurrentCustomerUser() user: CustomerUserPrincipal,
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
    @Body() body: SaveOrderDraftBody,
  ): Promise<ShopDraftResponse> {
    return this.commands.execute(new UpdateOrderDraftCommand(user, this.clock.nowIso(), id, body));
  }

  /** Draft → Placed: priced at the customer's prices today and numbered now; answers the placed order. */
  @ForCustomerUsers()
  @Post('order/draft/:id/place')
  @HttpCode(200)
  @ApiAnswer(200, 'The placed order', PLACED_DRAFT_ANSWER)
  placeDraft(
    @CurrentCustomerUser() user: CustomerUserPrincipal,
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
    @Body() body: PlaceOrderDraftBody,
  ): Promise<OrderResponse> {
    return this.commands.execute(new PlaceOrderDraftCommand(user, this.clock.nowIso(), id, body));
  }

  /** Draft → Cancelled. */
  @ForCustomerUsers()
  @Post('order/draft/:id/cancel')
  @HttpCode(200)
  @ApiAnswer(200, 'The cancelled draft', { ...DRAFT_ANSWER, status: 'cancelled', status_label: 'Cancelled' })
  cancelDraft(
    @CurrentCustomerUser() user: CustomerUserPrincipal,
    @Param('id', new ParseUUIDPipe({ errorHttpStatusCode: 404 })) id: string,
  ): Promise<ShopDraftResponse> {
    return this.commands.execute(new CancelOrderDraftCommand(user, this.clock.nowIso(), id));
  }

  /** The customer's invoices and their status (newest first). */
  @ForCustomerUsers()
  @Get('invoice')
  @ApiAnswer(200, 'The customer’s invoices and their status', SHOP_INVOICES_ANSWER)
  invoices(@CurrentCustomerUser() user: CustomerUserPrincipal): Promise<ShopInvoiceResponse[]> {
    return this.shop.invoices(user.companyId, user.customerId, this.clock.nowIso());
  }
}
