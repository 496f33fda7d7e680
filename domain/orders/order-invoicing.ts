import type { InvoiceNumberEvent, InvoiceNumbers } from '../invoices/invoice-numbers.js';
import type { CreateInvoices, LineInput } from '../invoices/invoice.commands.js';
import { createInvoices, withProductReviews } from '../invoices/invoice.decide.js';
import type { InvoiceCreated, LineReview } from '../invoices/invoice.events.js';
import type { Invoice } from '../invoices/invoice.state.js';
import { holdingChanges, type StampHolding, type StampHoldingChanged } from '../stamps/stamp-holding.js';
import type { StampEvent } from '../stamps/stamp.events.js';
import type { StampLedger } from '../stamps/stamp.state.js';
import { markInvoiced } from './order.decide.js';
import { orderError } from './order.errors.js';
import type { OrderEvent } from './order.events.js';
import { acceptedQty, type LiveOrder, type Order } from './order.state.js';

/**
 * Create Invoice from an order (as the client's specification asks): one decision over the order, the company's invoice
 * numbers, its stamp ledger and the new invoices, appended atomically. Stamps are allocated here, when the invoice
 * is created, never when the order is placed. The invoices name the order and the order names the invoices. A
 * retried click (the same invoice ids) decides nothing on any stream.
 */
export function invoiceOrder(
  states: { order: Order; numbers: InvoiceNumbers; stamps: StampLedger; invoices: Invoice[] },
  command: CreateInvoices & { data: { orderId: string } },
): {
  order: OrderEvent[];
  numbers: InvoiceNumberEvent[];
  stamps: StampEvent[];
  invoices: InvoiceCreated[][];
} {
  const { orderId } = command.data;
  const ids = command.data.drafts.map((draft) => draft.invoiceId);
  const order = states.order;
  const retried =
    order.status === 'live' && ids.every((id) => order.invoices.some((invoice) => invoice.invoiceId === id));
  // Judge the order first: a rejected, cancelled or fully invoiced order takes no number and no stamps.
  const probe = markInvoiced(order, {
    type: 'MarkOrderInvoiced',
    data: { orderId, invoices: retried ? order.invoices : [{ invoiceId: ids[0]!, number: '' }], lines: [] },
    metadata: command.metadata,
  });
  if (retried || probe.length === 0)
    return { order: [], numbers: [], stamps: [], invoices: ids.map(() => []) };
  if (order.status === 'live') refuseDoubleBilling(order, command.data.drafts);

  const drafts = order.status === 'live' ? withReviews(order, command.data.drafts) : command.data.drafts;
  const created = createInvoices(states, {
    ...command,
    data: { ...command.data, drafts, orderIds: [orderId] },
  });
  const invoices = created.invoices.flat().map((event) => ({
    invoiceId: event.data.invoiceId,
    number: event.data.number.display,
  }));
  const lines = created.invoices
    .flat()
    .flatMap((event) => event.data.lines.map(({ productId, qty }) => ({ productId, qty })));
  const orderEvents = markInvoiced(order, {
    type: 'MarkOrderInvoiced',
    data: { orderId, invoices, lines },
    metadata: command.metadata,
  });
  return { order: orderEvents, ...created };
}

/**
 * No double billing: once an order is partly invoiced, a further invoice from it takes of each of the order's
 * products at most what is left of it (accepted less invoiced). Products the order does not hold are free.
 */
function refuseDoubleBilling(
  order: LiveOrder,
  drafts: readonly { lines: readonly { productId: string; name: string; qty: number }[] }[],
): void {
  if (order.invoices.length === 0) return;
  const accepted = acceptedQty(order.items);
  const asked = new Map<string, { name: string; qty: number; index: number }>();
  drafts.forEach((draft) =>
    draft.lines.forEach((line, index) => {
      const before = asked.get(line.productId);
      asked.set(line.productId, {
        name: line.name,
        qty: (before?.qty ?? 0) + line.qty,
        index: before?.index ?? index,
      });
    }),
  );
  const ordered = new Set(order.items.map((item) => item.productId));
  for (const [productId, { name, qty, index }] of asked) {
    if (!ordered.has(productId)) continue;
    const left = Math.max(0, (accepted[productId] ?? 0) - (order.invoicedQty[productId] ?? 0));
    if (qty > left) {
      const message = ORDER_INVOICING_MESSAGES.overInvoiced(name, left, order.number);
      throw orderError('ORDER_OVER_INVOICED', { message }, [{ field: `items.${index}.qty`, message }]);
    }
  }
}

/**
 * Invoice lines made from a reviewed order keep the review trail: a line of a product whose order item had its
 * quantity or price changed carries the previous and new values and the notes (the first accepted, reviewed line
 * of that product).
 */
function withReviews<D extends { lines: readonly LineInput[] }>(order: LiveOrder, drafts: readonly D[]): D[] {
  const reviews = new Map<string, LineReview>();
  for (const item of order.items) {
    if (item.rejected || reviews.has(item.productId)) continue;
    if (item.previousQty === null && item.previousPriceCents === null) continue;
    reviews.set(item.productId, {
      previousQty: item.previousQty,
      newQty: item.previousQty === null ? null : item.qty,
      qtyChangeNote: item.qtyChangeNote,
      previousPriceCents: item.previousPriceCents,
      newPriceCents: item.previousPriceCents === null ? null : item.priceCents,
      priceChangeNote: item.priceChangeNote,
    });
  }
  if (reviews.size === 0) return [...drafts];
  return drafts.map((draft) => ({ ...draft, lines: withProductReviews(draft.lines, reviews) }));
}

export const ORDER_INVOICING_MESSAGES = {
  overInvoiced: (product: string, left: number, number: number) =>
    left === 0
      ? `${product} of order #${number} is invoiced already.`
      : `Only ${left} of ${product} is left to invoice on order #${number}.`,
} as const;

/** What creating one invoice decides over: the company's numbers and stamp ledger, the new invoice, its holding. */
export interface InvoiceCreationStates {
  numbers: InvoiceNumbers;
  stamps: StampLedger;
  invoice: Invoice;
  holding: StampHolding;
  /** the order the invoice is made from, when there is one */
  order?: Order;
}

/**
 * Creating one invoice, from an order or not: with an order, the order judges first and names the invoice (as
 * `invoiceOrder` decides); either way the stamps the invoice takes are recorded on its holding stream.
 */
export function decideInvoiceCreation(
  states: InvoiceCreationStates,
  command: CreateInvoices & { data: { orderId?: string } },
): {
  numbers: InvoiceNumberEvent[];
  stamps: StampEvent[];
  invoice: InvoiceCreated[];
  holding: StampHoldingChanged[];
  order: OrderEvent[];
} {
  const { orderId } = command.data;
  const invoices = [states.invoice];
  const decided =
    states.order && orderId
      ? invoiceOrder(
          { order: states.order, numbers: states.numbers, stamps: states.stamps, invoices },
          { ...command, data: { ...command.data, orderId, orderIds: [orderId] } },
        )
      : {
          ...createInvoices(
            { numbers: states.numbers, stamps: states.stamps, invoices },
            { ...command, data: { ...command.data, orderIds: [] } },
          ),
          order: [],
        };
  const invoiceId = command.data.drafts[0]!.invoiceId;
  return {
    numbers: decided.numbers,
    stamps: decided.stamps,
    invoice: decided.invoices[0] ?? [],
    holding: holdingChanges(states.holding.ranges, invoiceId, decided.stamps, command.metadata.now),
    order: decided.order,
  };
}
