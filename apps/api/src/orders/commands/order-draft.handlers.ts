import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { OrderResponse, ShopDraftResponse } from '#domain/contracts/order.contract.js';
import { customerDecider, customerStream } from '#domain/customers/customer.decide.js';
import type { DraftItemInput, PlaceOrderDraft, PricedProduct } from '#domain/orders/order.commands.js';
import { orderDecider } from '#domain/orders/order.decide.js';
import { orderError, orderInvalid, ORDER_MESSAGES } from '#domain/orders/order.errors.js';
import { orderStream, type OrderCustomer } from '#domain/orders/order.events.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import type { FieldProblem } from '#domain/shared/field-rules.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config.js';
import { MAIL_PORT, type MailPort } from '../../infra/mail/mail.port.js';
import { idempotentId } from '../../infra/http/idempotent-id.js';
import type { CustomerUserPrincipal } from '../customer-users/customer-user.types.js';
import type { PlaceOrderItemBody } from '../dto/order.bodies.js';
import { OrderReader } from '../order-reader.js';
import { customerCatalogue, type CatalogueProduct } from '../shop/shop-catalogue.js';
import {
  CancelOrderDraftCommand,
  PlaceOrderDraftCommand,
  SaveOrderDraftCommand,
  UpdateOrderDraftCommand,
} from './order.commands.js';
import { orderDraftDecision, placeDraftDecision } from './order.decisions.js';
import { notifyStaffOfOrder } from './order.handlers.js';

/*
 * The ordering app's drafts: a customer user saves the cart as a draft, saves it again, cancels it, or
 * places it. Drafts are the customer's own (any customer user of the customer; another customer's or company's is a
 * 404) and the distributor never sees one: it has no number and no prices until it is placed, when it is priced at
 * the customer's price that day (the same `customerCatalogue` as a placement from the cart) and numbered from the
 * company's order-number stream in the same atomic append.
 */

const metadataOf = (user: CustomerUserPrincipal, now: string): CommandMetadata => ({
  companyId: user.companyId,
  userId: user.id,
  now,
});

/** The customer user as an order records who saved or placed it. */
const userOf = (user: CustomerUserPrincipal) => ({ id: user.id, name: user.name });

/** A draft's note, trimmed; none given is an empty note. */
const noteOf = (note: unknown): string => (typeof note === 'string' ? note.trim() : '');

/** The customer user's customer as an order records it; a removed customer orders nothing (404). */
async function customerOf(events: EventAppender, user: CustomerUserPrincipal): Promise<OrderCustomer> {
  const { state } = await events.load(customerStream(user.customerId), customerDecider);
  if (state.status !== 'active' || state.companyId !== user.companyId) throw orderError('ORDER_NOT_FOUND');
  const { fields } = state;
  return {
    id: user.customerId,
    name: fields.name,
    address: fields.address,
    city: fields.city,
    state: fields.state,
    zip: fields.zip,
  };
}

/** The products of `ids` the customer's catalogue offers today, at its prices. */
async function offered(
  pool: pg.Pool,
  user: CustomerUserPrincipal,
  now: string,
  ids: string[],
): Promise<Map<string, CatalogueProduct>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const products = await customerCatalogue(pool, user.companyId, user.customerId, now, {
    ids: unique,
    limit: unique.length + 1,
  });
  return new Map(products.map((product) => [product.id, product]));
}

/** The cart's lines as a draft keeps them (product and quantity, described from the catalogue), or 400 per line. */
async function draftItems(
  pool: pg.Pool,
  user: CustomerUserPrincipal,
  now: string,
  lines: PlaceOrderItemBody[],
): Promise<DraftItemInput[]> {
  const products = await offered(
    pool,
    user,
    now,
    lines.map((line) => line.product_id.toLowerCase()),
  );
  const problems: FieldProblem[] = [];
  lines.forEach((line, index) => {
    if (!products.has(line.product_id.toLowerCase()))
      problems.push({ field: `items.${index}.product_id`, message: ORDER_MESSAGES.productNotFound });
  });
  if (problems.length > 0) throw orderInvalid(problems);
  return lines.map((line) => {
    const product = products.get(line.product_id.toLowerCase())!;
    return {
      productId: product.id,
      name: product.product,
      size: product.product_size,
      type: product.product_type,
      upc: product.upc,
      qty: line.qty,
    };
  });
}

@CommandHandler(SaveOrderDraftCommand)
export class SaveOrderDraftHandler implements ICommandHandler<SaveOrderDraftCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(OrderReader) private readonly reader: OrderReader,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({
    customerUser,
    now,
    body,
    idempotencyKey,
  }: SaveOrderDraftCommand): Promise<ShopDraftResponse> {
    const { companyId, customerId } = customerUser;
    // Its own namespace of keys: a draft's key never names an order placed from the cart.
    const orderId = idempotentId(companyId, `customer-user-draft:${customerUser.id}`, idempotencyKey);
    const customer = await customerOf(this.events, customerUser);
    const items = await draftItems(this.pool, customerUser, now, body.items);
    const metadata = metadataOf(customerUser, now);
    const data = { orderId, customer, customerUser: userOf(customerUser), items, note: noteOf(body.note) };
    await this.events.run(orderDraftDecision(orderId, { type: 'DraftOrder', data, metadata }), metadata);
    return this.reader.draft(companyId, customerId, orderId);
  }
}

@CommandHandler(UpdateOrderDraftCommand)
export class UpdateOrderDraftHandler implements ICommandHandler<UpdateOrderDraftCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(OrderReader) private readonly reader: OrderReader,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ customerUser, now, draftId, body }: UpdateOrderDraftCommand): Promise<ShopDraftResponse> {
    const { companyId, customerId } = customerUser;
    await this.reader.draft(companyId, customerId, draftId); // another customer's: 404 before any look-up
    const items = await draftItems(this.pool, customerUser, now, body.items);
    const metadata = metadataOf(customerUser, now);
    const data = {
      orderId: draftId,
      customerId,
      customerUser: userOf(customerUser),
      items,
      note: noteOf(body.note),
    };
    await this.events.run(
      orderDraftDecision(draftId, { type: 'UpdateOrderDraft', data, metadata }),
      metadata,
    );
    return this.reader.draft(companyId, customerId, draftId);
  }
}

@CommandHandler(CancelOrderDraftCommand)
export class CancelOrderDraftHandler implements ICommandHandler<CancelOrderDraftCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(OrderReader) private readonly reader: OrderReader,
  ) {}

  async execute({ customerUser, now, draftId }: CancelOrderDraftCommand): Promise<ShopDraftResponse> {
    const { companyId, customerId } = customerUser;
    const metadata = metadataOf(customerUser, now);
    const data = { orderId: draftId, customerId };
    await this.events.run(
      orderDraftDecision(draftId, { type: 'CancelOrderDraft', data, metadata }),
      metadata,
    );
    return this.reader.draft(companyId, customerId, draftId);
  }
}

/**
 * Draft → Placed: the draft's products (or the cart's, when given) looked up in the customer's catalogue today, then
 * one decision over the order-number stream and the order's stream (placeDraft), appended atomically. Staff who
 * asked for e-mails about placed orders get one, as for an order placed from the cart.
 */
@CommandHandler(PlaceOrderDraftCommand)
export class PlaceOrderDraftHandler implements ICommandHandler<PlaceOrderDraftCommand> {
  readonly logger = new Logger('PlaceOrderDraft');

  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(OrderReader) private readonly reader: OrderReader,
    @Inject(PG_POOL) readonly pool: pg.Pool,
    @Inject(MAIL_PORT) readonly mail: MailPort,
    @Inject(APP_CONFIG) readonly config: AppConfig,
  ) {}

  async execute({ customerUser, now, draftId, body }: PlaceOrderDraftCommand): Promise<OrderResponse> {
    const { companyId } = customerUser;
    const metadata = metadataOf(customerUser, now);
    const data = await this.placement(customerUser, now, draftId, body);
    const { events } = await this.events.run(placeDraftDecision(data, metadata), metadata);
    const order = (await this.reader.detail(companyId, draftId)).order;
    if (events.order.length > 0) void notifyStaffOfOrder(this, companyId, order);
    return order;
  }

  /** The placement: the customer's draft (another's is a 404), its lines or the cart's, priced from the catalogue. */
  private async placement(
    customerUser: CustomerUserPrincipal,
    now: string,
    draftId: string,
    body: PlaceOrderDraftCommand['body'],
  ): Promise<PlaceOrderDraft['data']> {
    const { companyId, customerId } = customerUser;
    const { state } = await this.events.load(orderStream(draftId), orderDecider);
    if (state.status === 'none' || state.companyId !== companyId || state.customer.id !== customerId)
      throw orderError('ORDER_NOT_FOUND');
    const customer = await customerOf(this.events, customerUser);
    const { items: given, note } = body ?? {}; // no body at all: the draft as saved
    const replacing = given?.map((item) => ({ productId: item.product_id.toLowerCase(), qty: item.qty }));
    const lines = replacing ?? (state.status === 'draft' ? state.items : []);
    const ids = lines.map((line) => line.productId);
    const products = await offered(this.pool, customerUser, now, ids);
    const catalogue: Record<string, PricedProduct | null> = {};
    for (const id of ids) {
      const product = products.get(id);
      catalogue[id] = product
        ? {
            name: product.product,
            size: product.product_size,
            type: product.product_type,
            upc: product.upc,
            priceCents: product.priceCents,
          }
        : null;
    }
    return {
      orderId: draftId,
      customer,
      customerUser: userOf(customerUser),
      catalogue,
      ...(replacing ? { items: replacing } : {}),
      ...(typeof note === 'string' ? { note: note.trim() } : {}),
    };
  }
}
