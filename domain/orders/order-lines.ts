/*
 * What is left to invoice of an order, line by line, and how its lines split into invoices. Pure: the server and
 * the web read the same rules.
 */

/** An order line as invoicing reads it. */
export interface OrderLineToInvoice {
  productId: string;
  qty: number;
  rejected: boolean;
}

/**
 * What the order's invoices took of each line: the units invoiced of a product are counted against its accepted
 * lines in line order (a rejected line takes none). Same order as `items`.
 */
export function invoicedPerLine(
  items: readonly OrderLineToInvoice[],
  invoicedQty: Readonly<Record<string, number>>,
): number[] {
  const unassigned: Record<string, number> = { ...invoicedQty };
  return items.map((item) => {
    if (item.rejected) return 0;
    const taken = Math.min(item.qty, Math.max(0, unassigned[item.productId] ?? 0));
    unassigned[item.productId] = (unassigned[item.productId] ?? 0) - taken;
    return taken;
  });
}

/** What is left to invoice of each line (accepted quantity less what was invoiced of it). Same order as `items`. */
export const leftPerLine = (
  items: readonly OrderLineToInvoice[],
  invoicedQty: Readonly<Record<string, number>>,
): number[] => {
  const invoiced = invoicedPerLine(items, invoicedQty);
  return items.map((item, index) => (item.rejected ? 0 : item.qty - invoiced[index]!));
};

/**
 * Beer goes on its own invoice: the lines of an order split into one invoice of liquor, wine and the rest and one
 * of beer (numbered with the B suffix). Non-alcoholic lines go with the liquor and wine, or with the beer when
 * there is nothing else. Empty groups are left out; the lines keep their order.
 */
export function invoiceGroups<T extends { type: string }>(
  lines: readonly T[],
): { beer: boolean; lines: T[] }[] {
  const beer = lines.filter((line) => line.type.toUpperCase() === 'BEER');
  const rest = lines.filter((line) => line.type.toUpperCase() !== 'BEER');
  const alcoholicRest = rest.some((line) => line.type.toUpperCase() !== 'N/A');
  if (beer.length === 0) return rest.length ? [{ beer: false, lines: [...rest] }] : [];
  if (!alcoholicRest) return [{ beer: true, lines: [...beer, ...rest] }];
  return [
    { beer: false, lines: rest },
    { beer: true, lines: beer },
  ];
}
