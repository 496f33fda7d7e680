import { Command } from '@nestjs/cqrs';
import type {
  OrderDetailResponse,
  OrderResponse,
  ShopDraftResponse,
} from '#domain/contracts/order.contract.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import type { CustomerUserPrincipal } from '../customer-users/customer-user.types.js';
import type {
  PlaceOrderBody,
  PlaceOrderDraftBody,
  ReviewOrderItemBody,
  SaveOrderDraftBody,
  UpdateOrderBody,
} from '../dto/order.bodies.js';

/** The group of a company's order placements (orders and drafts placed share its order numbers): appended together. */
export const orderPlacements = (companyId: string) => `order-placements:${companyId}`;

/**
 * POST /shop/order: a customer user places an order for its customer. With `waitForProjections: false` (the demo
 * seed's year of past orders) it answers nothing and notifies no one.
 */
export class PlaceOrderCommand extends Command<OrderResponse | undefined> {
  constructor(
    readonly customerUser: CustomerUserPrincipal,
    readonly now: string,
    readonly body: PlaceOrderBody,
    readonly idempotencyKey: string | undefined,
    readonly options: { waitForProjections?: boolean } = {},
  ) {
    super();
  }
}

/** POST /shop/order/{id}/cancel: the customer user cancels its customer's placed order. */
export class CancelOwnOrderCommand extends Command<OrderResponse> {
  constructor(
    readonly customerUser: CustomerUserPrincipal,
    readonly now: string,
    readonly orderId: string,
  ) {
    super();
  }
}

/** PUT /order/{id}: cancel, reject (with a note), delivered, and/or a note from the distributor. */
export class UpdateOrderCommand extends Command<OrderDetailResponse> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly idOrNumber: string,
    readonly body: UpdateOrderBody,
  ) {
    super();
  }
}

/** PUT /order/{id}/item/{line}: one review of one item. */
export class ReviewOrderItemCommand extends Command<OrderDetailResponse> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly idOrNumber: string,
    readonly line: number,
    readonly body: ReviewOrderItemBody,
  ) {
    super();
  }
}

/** POST /shop/order/draft: the customer user saves its cart as a new draft (the Idempotency-Key names it). */
export class SaveOrderDraftCommand extends Command<ShopDraftResponse> {
  constructor(
    readonly customerUser: CustomerUserPrincipal,
    readonly now: string,
    readonly body: SaveOrderDraftBody,
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}

/** PUT /shop/order/draft/{id}: the draft saved again. */
export class UpdateOrderDraftCommand extends Command<ShopDraftResponse> {
  constructor(
    readonly customerUser: CustomerUserPrincipal,
    readonly now: string,
    readonly draftId: string,
    readonly body: SaveOrderDraftBody,
  ) {
    super();
  }
}

/** POST /shop/order/draft/{id}/cancel: Draft → Cancelled. */
export class CancelOrderDraftCommand extends Command<ShopDraftResponse> {
  constructor(
    readonly customerUser: CustomerUserPrincipal,
    readonly now: string,
    readonly draftId: string,
  ) {
    super();
  }
}

/** POST /shop/order/draft/{id}/place: Draft → Placed, priced and numbered now. */
export class PlaceOrderDraftCommand extends Command<OrderResponse> {
  constructor(
    readonly customerUser: CustomerUserPrincipal,
    readonly now: string,
    readonly draftId: string,
    readonly body: PlaceOrderDraftBody,
  ) {
    super();
  }
}
