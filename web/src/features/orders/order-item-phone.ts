import type { OrderItemResponse } from '#domain/contracts/order.contract';
import type { StockRow } from '#domain/contracts/inventory.contract';
import { formatMoney } from '../../shared/format';
import { joinFacts } from '../../shared/grid/phone-row';

/** What a phone shows of an order's line, every column of the items table in words. */
export interface OrderItemPhoneFacts {
  product: string;
  size: string;
  /** the line's total, on the right of the product */
  total: string;
  /** '3 × $9.50', and what the customer ordered when a review changed it: '3 × $9.50 · was 5 × $10.00' */
  quantity: string;
  /** 'All invoiced' or '2 of 3 invoiced' once the order has invoices (not on a rejected line) */
  invoiced?: { text: string; all: boolean };
  /** with the inventory feature: 'In stock 40', or 'In stock 0 · short 3' when it does not cover the line */
  stock?: { text: string; short: boolean };
  /** the review's notes: why it was rejected, why its quantity or price changed */
  notes: string[];
  rejected: boolean;
}

type ItemFacts = Pick<
  OrderItemResponse,
  | 'product'
  | 'qty'
  | 'price'
  | 'total'
  | 'is_rejected'
  | 'rejection_note'
  | 'previous_qty'
  | 'qty_change_note'
  | 'previous_price'
  | 'price_change_note'
  | 'invoiced_qty'
>;

/**
 * An order's line on a phone. `invoiced`: the order has invoices; `stock`: the product's stock with the inventory
 * feature (null without it, undefined when the product has no stock row).
 */
export function orderItemPhoneFacts(
  item: ItemFacts,
  { invoiced, stock }: { invoiced: boolean; stock: Pick<StockRow, 'qty'> | undefined | null },
): OrderItemPhoneFacts {
  const changed = item.previous_qty !== null || item.previous_price !== null;
  const wanted = item.is_rejected ? 0 : item.qty;
  const short = !!stock && stock.qty < wanted;
  return {
    product: item.product.product,
    size: item.product.product_size,
    total: formatMoney(item.total),
    quantity: joinFacts(
      `${item.qty} × ${formatMoney(item.price)}`,
      changed && `was ${item.previous_qty ?? item.qty} × ${formatMoney(item.previous_price ?? item.price)}`,
    ),
    invoiced:
      invoiced && !item.is_rejected
        ? item.invoiced_qty >= item.qty
          ? { text: 'All invoiced', all: true }
          : { text: `${item.invoiced_qty} of ${item.qty} invoiced`, all: false }
        : undefined,
    stock:
      stock === null
        ? undefined
        : {
            text: stock
              ? joinFacts(`In stock ${stock.qty}`, short && `short ${wanted - Math.max(stock.qty, 0)}`)
              : 'In stock —',
            short,
          },
    notes: [item.rejection_note, item.qty_change_note, item.price_change_note].filter(Boolean),
    rejected: item.is_rejected,
  };
}
