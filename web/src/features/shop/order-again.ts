import type { ShopReorderLine } from '#domain/contracts/shop.contract';
import type { CartLine } from './shop-session';

/**
 * Order again: the lines of a past order or invoice the customer can still order (at its price today) as cart lines,
 * and the names of those it cannot (the product is no longer offered).
 */
export function reorderCart(lines: readonly ShopReorderLine[]): { add: CartLine[]; left: string[] } {
  const add: CartLine[] = [];
  const left: string[] = [];
  for (const line of lines) {
    if (line.price === null) {
      left.push(`${line.product} ${line.product_size}`);
      continue;
    }
    add.push({
      productId: line.product_id,
      product: line.product,
      size: line.product_size,
      price: line.price,
      qty: line.qty,
      type: line.product_type,
    });
  }
  return { add, left };
}

/** What the cart page says after Order again left lines out. */
export const leftOutText = (left: readonly string[]): string =>
  `Not added, no longer offered: ${left.join(', ')}.`;
