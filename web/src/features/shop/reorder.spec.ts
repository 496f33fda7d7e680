import { describe, expect, it } from '@jest/globals';
import { cartTotals } from './cart-totals';
import { byKind, kindOf } from './catalogue-kinds';
import { leftOutText, reorderCart } from './order-again';

const product = (id: string, product_type: string) => ({
  id,
  product: id.toUpperCase(),
  product_size: '750ml',
  product_type,
  upc: null,
  price: 10,
});

describe('the cart as its invoice will total it', () => {
  it('taxes every line at the rate, rounded per line half away from zero, then sums', () =>
    // 6 × $10.00 → $4.95; 2 × $19.99 = $39.98 → $3.29835 → $3.30
    expect(
      cartTotals(
        [
          { price: 10, qty: 6 },
          { price: 19.99, qty: 2 },
        ],
        8.25,
      ),
    ).toEqual({ subtotalCents: 9998, taxCents: 825, totalCents: 10823 }));

  it('rounds each line on its own, as the invoice does', () =>
    expect(
      cartTotals(
        [
          { price: 0.06, qty: 1 },
          { price: 0.06, qty: 1 },
          { price: 0.06, qty: 1 },
        ],
        8.25,
      ),
    ).toEqual({ subtotalCents: 18, taxCents: 0, totalCents: 18 }));

  it('reads dollars without floating point drift', () =>
    expect(cartTotals([{ price: 14.5, qty: 3 }], 0)).toEqual({
      subtotalCents: 4350,
      taxCents: 0,
      totalCents: 4350,
    }));
});

describe('Order again', () => {
  it('adds the products still offered and names the others', () => {
    const { add, left } = reorderCart([
      { product_id: 'a', product: 'MERLOT', product_size: '750ml', product_type: 'WINE', qty: 6, price: 10 },
      {
        product_id: 'b',
        product: 'OLD RUM',
        product_size: '1L',
        product_type: 'LIQUOR',
        qty: 1,
        price: null,
      },
    ]);
    expect(add).toEqual([
      { productId: 'a', product: 'MERLOT', size: '750ml', price: 10, qty: 6, type: 'WINE' },
    ]);
    expect(left).toEqual(['OLD RUM 1L']);
    expect(leftOutText(left)).toBe('Not added, no longer offered: OLD RUM 1L.');
  });
});

describe('the catalogue by kind', () => {
  const products = [
    product('ipa', 'BEER'),
    product('gin', 'LIQUOR'),
    product('cups', 'N/A'),
    product('rose', 'WINE'),
  ];

  it('sorts liquor, wine, beer, then everything else as Other, leaving out empty kinds', () => {
    expect(byKind(products, 'ALL').map((s) => [s.label, s.products.map((p) => p.id)])).toEqual([
      ['Liquor', ['gin']],
      ['Wine', ['rose']],
      ['Beer', ['ipa']],
      ['Other', ['cups']],
    ]);
    expect(byKind(products.slice(0, 2), 'ALL').map((s) => s.kind)).toEqual(['LIQUOR', 'BEER']);
  });

  it('shows one kind alone when chosen', () =>
    expect(byKind(products, 'WINE').map((s) => s.kind)).toEqual(['WINE']));

  it('reads the type case-insensitively', () => expect(kindOf({ product_type: 'beer' })).toBe('BEER'));
});
