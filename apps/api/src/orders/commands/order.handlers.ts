import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { OrderDetailResponse, OrderResponse } from '#domain/contracts/order.contract.js';
import { customerDecider, customerStream } from '#domain/customers/customer.decide.js';
import type { OrderCommand, PlaceOrder } from '#domain/orders/order.commands.js';
import { orderError, orderInvalid, ORDER_MESSAGES } from '#domain/orders/order.errors.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import type { FieldProblem } from '#domain/shared/field-rules.js';
import { centsOf } from '#domain/shared/money.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { escapeHtml } from '../../infra/mail/mail-inbox.js';
import { MAIL_PORT, type MailPort } from '../../infra/mail/mail.port.js';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config.js';
import { idempotentId } from '../../infra/http/idempotent-id.js';
import { OrderReader } from '../order-reader.js';
import { customerCatalogue } from '../shop/shop-catalogue.js';
import {
  CancelOwnOrderCommand,
  PlaceOrderCommand,
  ReviewOrderItemCommand,
  UpdateOrderCommand,
} from './order.commands.js';
import { changeOrderDecision, placeOrderDecision } from './order.decisions.js';
import { prepared } from '#infra/db/database.js';

/**
 * POST /shop/order: the items at the customer's prices today, numbered from the company's order-number stream in
 * the same atomic append (unique, gapless). The order id comes from the Idempotency-Key, so a retried submit
 * places one order. Staff who asked for e-mails about placed orders get one, sent after the answer.
 */
@CommandHandler(PlaceOrderCommand)
export class PlaceOrderHandler implements ICommandHandler<PlaceOrderCommand> {
  readonly logger = new Logger('PlaceOrder');

  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(OrderReader) private readonly reader: OrderReader,
    @Inject(PG_POOL) readonly pool: pg.Pool,
    @Inject(MAIL_PORT) readonly mail: MailPort,
    @Inject(APP_CONFIG) readonly config: AppConfig,
  ) {}

  async execute({
    customerUser,
    now,
    body,
    idempotencyKey,
    options,
  }: PlaceOrderCommand): Promise<OrderResponse | undefined> {
    const wait = options.waitForProjections !== false;
    const { companyId } = customerUser;
    const metadata: CommandMetadata = { companyId, userId: customerUser.id, now };
    const orderId = idempotentId(companyId, `customer-user:${customerUser.id}`, idempotencyKey);
    const data = await this.placement(customerUser, now, body, orderId);
    const { events } = await this.events.run(placeOrderDecision(data, metadata), metadata, {
      waitForProjections: wait,
    });
    if (!wait) return undefined;
    const order = (await this.reader.detail(companyId, orderId)).order;
    // The staff e-mail goes after the answer: the customer user's order is placed whatever the mail server does
    // (a failed send is logged), and an SMTP conversation is no part of placing an order's latency.
    if (events.order.length > 0) void notifyStaffOfOrder(this, companyId, order);
    return order;
  }

  /** The order as placed: the customer as it is now, each item at the customer's price today. */
  private async placement(
    customerUser: PlaceOrderCommand['customerUser'],
    now: string,
    body: PlaceOrderCommand['body'],
    orderId: string,
  ): Promise<PlaceOrder['data']> {
    const { companyId, customerId } = customerUser;
    const customerState = (await this.events.load(customerStream(customerId), customerDecider)).state;
    if (customerState.status !== 'active' || customerState.companyId !== companyId)
      throw orderError('ORDER_NOT_FOUND');
    const ids = [...new Set(body.items.map((item) => item.product_id.toLowerCase()))];
    const products = new Map(
      (await customerCatalogue(this.pool, companyId, customerId, now, { ids, limit: ids.length + 1 })).map(
        (p) => [p.id, p],
      ),
    );
    const problems: FieldProblem[] = [];
    body.items.forEach((item, index) => {
      if (!products.has(item.product_id.toLowerCase()))
        problems.push({ field: `items.${index}.product_id`, message: 'Product not found' });
    });
    if (body.items.length === 0) problems.push({ field: 'items', message: ORDER_MESSAGES.itemsRequired });
    if (problems.length > 0) throw orderInvalid(problems);
    const { name, address, city, state, zip } = customerState.fields;
    return {
      orderId,
      customer: { id: customerId, name, address, city, state, zip },
      customerUser: { id: customerUser.id, name: customerUser.name },
      items: body.items.map((item) => {
        const product = products.get(item.product_id.toLowerCase())!;
        return {
          productId: product.id,
          name: product.product,
          size: product.product_size,
          type: product.product_type,
          upc: product.upc,
          qty: item.qty,
          priceCents: product.priceCents,
        };
      }),
      note: body.note?.trim() ?? '',
    };
  }
}

/** What notifying the staff of a placed order needs. */
export interface StaffNotifier {
  pool: pg.Pool;
  mail: MailPort;
  config: AppConfig;
  logger: Logger;
}

/** The client's specification /notification: staff with e-mail notifications on (the default) get one; a failed send is logged. */
export async function notifyStaffOfOrder(
  { pool, mail, config, logger }: StaffNotifier,
  companyId: string,
  order: OrderResponse,
): Promise<void> {
  try {
    const recipients = await tenantQuery<{ email: string }>(
      pool,
      companyId,
      prepared(`SELECT u.email FROM users u
       LEFT JOIN user_notification_preferences p ON p.user_id = u.id AND p.company_id = u.company_id
       WHERE u.company_id = $1 AND u.disabled_at IS NULL AND coalesce(p.email_notification, true)`),
    );
    if (recipients.length === 0) return;
    const base = config.appUrl ?? `http://localhost:${config.port}`;
    const link = new URL(`/order/${order.order_number}`, base).toString();
    const customer = order.customerUser.customer.name;
    await mail.send({
      to: recipients.map((r) => r.email),
      subject: `New order arrived: You got a new order #${order.order_number}`,
      text: `${customer} placed order #${order.order_number} (${order.units} units, $${order.total.toFixed(2)}).\n${link}`,
      html:
        `<p>${escapeHtml(customer)} placed order #${order.order_number} (${order.units} units, ` +
        `$${order.total.toFixed(2)}).</p><p><a href="${escapeHtml(link)}">Open the order</a></p>`,
    });
  } catch (error) {
    logger.warn(`order ${order.order_number}: the staff notification was not sent: ${String(error)}`);
  }
}

@CommandHandler(CancelOwnOrderCommand)
export class CancelOwnOrderHandler implements ICommandHandler<CancelOwnOrderCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(OrderReader) private readonly reader: OrderReader,
  ) {}

  async execute({ customerUser, now, orderId }: CancelOwnOrderCommand): Promise<OrderResponse> {
    const { companyId } = customerUser;
    const row = await this.reader.row(companyId, orderId);
    if (row.state.customer.id !== customerUser.customerId) throw orderError('ORDER_NOT_FOUND');
    const metadata = { companyId, userId: customerUser.id, now };
    const cancel: OrderCommand = {
      type: 'CancelOrder',
      data: { orderId: row.id, by: 'customer_user', customerId: customerUser.customerId },
      metadata,
    };
    await this.events.run(changeOrderDecision(row.id, [cancel]), metadata);
    return (await this.reader.detail(companyId, row.id)).order;
  }
}

/** PUT /order/{id}: a status change and/or a note, each one decision on the order's stream. */
@CommandHandler(UpdateOrderCommand)
export class UpdateOrderHandler implements ICommandHandler<UpdateOrderCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(OrderReader) private readonly reader: OrderReader,
  ) {}

  async execute({ metadata, idOrNumber, body }: UpdateOrderCommand): Promise<OrderDetailResponse> {
    const row = await this.reader.row(metadata.companyId, idOrNumber);
    const orderId = row.id;
    const commands: OrderCommand[] = [];
    if (body.status === 'cancelled')
      commands.push({ type: 'CancelOrder', data: { orderId, by: 'company_user' }, metadata });
    if (body.status === 'rejected')
      commands.push({ type: 'RejectOrder', data: { orderId, note: body.note ?? '' }, metadata });
    if (body.status === 'delivered')
      commands.push({ type: 'MarkOrderDelivered', data: { orderId }, metadata });
    if (body.note?.trim() && body.status !== 'rejected')
      commands.push({ type: 'AddOrderNote', data: { orderId, note: body.note }, metadata });
    if (commands.length === 0) throw orderInvalid([{ field: 'status', message: 'Send a status or a note.' }]);
    await this.events.run(changeOrderDecision(orderId, commands), metadata);
    return this.reader.detail(metadata.companyId, orderId);
  }
}

/** PUT /order/{id}/item/{line}: reject with a note, a new price with a note, or a new quantity with a note. */
@CommandHandler(ReviewOrderItemCommand)
export class ReviewOrderItemHandler implements ICommandHandler<ReviewOrderItemCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(OrderReader) private readonly reader: OrderReader,
  ) {}

  async execute({ metadata, idOrNumber, line, body }: ReviewOrderItemCommand): Promise<OrderDetailResponse> {
    const row = await this.reader.row(metadata.companyId, idOrNumber);
    const note = body.note ?? '';
    let review: Extract<OrderCommand, { type: 'ReviewOrderItem' }>['data']['review'];
    if (body.action === 'reject') review = { kind: 'reject', note };
    else if (body.action === 'price') {
      const priceCents = centsOf(body.price);
      if (priceCents === undefined || priceCents < 0)
        throw orderInvalid([{ field: 'price', message: ORDER_MESSAGES.price }]);
      review = { kind: 'price', priceCents, note };
    } else {
      if (body.qty === undefined)
        throw orderInvalid([{ field: 'qty', message: ORDER_MESSAGES.qty(100_000) }]);
      review = { kind: 'qty', qty: body.qty, note };
    }
    const command: OrderCommand = {
      type: 'ReviewOrderItem',
      data: { orderId: row.id, lineNo: line, review },
      metadata,
    };
    await this.events.run(changeOrderDecision(row.id, [command]), metadata);
    return this.reader.detail(metadata.companyId, row.id);
  }
}
