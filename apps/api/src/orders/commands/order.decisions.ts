import type { OrderCommand, PlaceOrder, PlaceOrderDraft } from '#domain/orders/order.commands.js';
import { decideInTurn, orderDecider, placeDraft, placeOrder } from '#domain/orders/order.decide.js';
import { orderNumbersDecider, orderNumbersStream } from '#domain/orders/order-numbers.js';
import { orderStream } from '#domain/orders/order.events.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import { declareDecision, streamDecision } from '#engine';
import { WAITS_FOR } from '../../read-your-writes.js';
import { orderPlacements } from './order.commands.js';

/**
 * The order writes, declared: the streams each decides over, its domain decision, the group its decisions are
 * appended with, and the read models its answer waits for.
 */

/**
 * POST /shop/order: the order numbered from the company's order-number stream in the same atomic append (unique,
 * gapless). Placements of the company that arrive while one is appended are appended together after it.
 */
export function placeOrderDecision(data: PlaceOrder['data'], metadata: CommandMetadata) {
  return declareDecision({
    streams: {
      numbers: streamDecision(orderNumbersStream(metadata.companyId), orderNumbersDecider),
      order: streamDecision(orderStream(data.orderId), orderDecider),
    },
    together: orderPlacements(metadata.companyId),
    decide: (states) => placeOrder(states, { type: 'PlaceOrder', data, metadata }),
    waitFor: WAITS_FOR.order,
  });
}

/** PUT /order/{id}, a review of an item, a customer's cancel: the order's commands, decided in turn. */
export function changeOrderDecision(orderId: string, commands: readonly OrderCommand[]) {
  return declareDecision({
    streams: { order: streamDecision(orderStream(orderId), orderDecider) },
    decide: ({ order }) => ({ order: decideInTurn(order, commands) }),
    waitFor: WAITS_FOR.order,
  });
}

/** The ordering app's drafts: a draft saved, saved again or cancelled by a customer user (the order's stream). */
export function orderDraftDecision(orderId: string, command: OrderCommand) {
  return declareDecision({
    streams: { order: streamDecision(orderStream(orderId), orderDecider) },
    decide: ({ order }) => ({ order: orderDecider.decide(command, order) }),
    waitFor: WAITS_FOR.orderDraft,
  });
}

/**
 * A draft placed: priced at the customer's price that day and numbered from the company's order-number stream in
 * the same atomic append. Placements of the company that arrive while one is appended are appended together after it.
 */
export function placeDraftDecision(data: PlaceOrderDraft['data'], metadata: CommandMetadata) {
  return declareDecision({
    streams: {
      numbers: streamDecision(orderNumbersStream(metadata.companyId), orderNumbersDecider),
      order: streamDecision(orderStream(data.orderId), orderDecider),
    },
    together: orderPlacements(metadata.companyId),
    decide: (states) => placeDraft(states, { type: 'PlaceOrderDraft', data, metadata }),
    waitFor: WAITS_FOR.orderDraftPlaced,
  });
}
