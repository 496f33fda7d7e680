import type { ShopProductResponse } from '#domain/contracts/order.contract';

/** The kinds the catalogue is sorted by: the product type (LIQUOR, WINE, BEER), anything else is Other. */
export const KINDS = [
  { value: 'LIQUOR', label: 'Liquor' },
  { value: 'WINE', label: 'Wine' },
  { value: 'BEER', label: 'Beer' },
  { value: 'OTHER', label: 'Other' },
] as const;

export type Kind = (typeof KINDS)[number]['value'];

export const kindOf = (product: Pick<ShopProductResponse, 'product_type'>): Kind => {
  const type = product.product_type.toUpperCase();
  return type === 'LIQUOR' || type === 'WINE' || type === 'BEER' ? type : 'OTHER';
};

/**
 * The catalogue in sections: the kinds in their order (only `kind` when one is chosen), each kind's products in the
 * server's order (by name); a kind without products is left out.
 */
export function byKind(
  products: readonly ShopProductResponse[],
  kind: Kind | 'ALL',
): { kind: Kind; label: string; products: ShopProductResponse[] }[] {
  return KINDS.filter((k) => kind === 'ALL' || k.value === kind)
    .map((k) => ({
      kind: k.value,
      label: k.label,
      products: products.filter((product) => kindOf(product) === k.value),
    }))
    .filter((section) => section.products.length > 0);
}
