import { describe, expect, it } from '@jest/globals';
import { addProduct, moveLine, sortedLines, type BuilderLine } from './builder-state';
import {
  beerMixMessage,
  bottlesByProduct,
  beerMixMessages,
  dueOnDelivery,
  invoiceTotals,
  isBelowCost,
  latestDueDate,
  latestInvoiceDate,
  lineAmounts,
  priceCents,
  quantity,
  rateBasisPoints,
  stampsNeeded,
} from './invoice-math';
import { canAddRange, stampBalance } from './stamp-panel';

const line = (qty: string, price: string, type = 'LIQUOR', taxable = true) => ({ qty, price, type, taxable });

describe('invoice builder arithmetic', () => {
  describe('typed amounts', () => {
    it('reads prices as cents without floating point', () => {
      expect(priceCents('19.99')).toBe(1999);
      expect(priceCents('0.1')).toBe(10);
      expect(priceCents('20')).toBe(2000);
      expect(priceCents('$1,250.5')).toBe(125050);
      expect(priceCents('.5')).toBe(50);
      expect(priceCents('')).toBe(0);
    });
    it('refuses prices with more than 2 decimals or that are not numbers', () => {
      expect(priceCents('1.999')).toBeNull();
      expect(priceCents('abc')).toBeNull();
      expect(priceCents('-1')).toBeNull();
    });
    it('counts an empty quantity as 0 and refuses fractions', () => {
      expect(quantity('')).toBe(0);
      expect(quantity('12')).toBe(12);
      expect(quantity('-2')).toBe(-2);
      expect(quantity('1.5')).toBeNull();
    });
    it('takes the company rate in basis points', () => expect(rateBasisPoints(8.25)).toBe(825));
  });

  describe('totals', () => {
    it('computes line total and tax per taxable line, rounded half up, as the server does', () => {
      expect(lineAmounts(line('3', '19.99'), 825)).toEqual({
        qty: 3,
        priceCents: 1999,
        totalCents: 5997,
        taxCents: 495, // 494.75 → 495
        invalid: false,
      });
    });
    it('adds up subtotal, tax and total like POST /invoice answers them', () => {
      // test/api/invoices.e2e-spec.ts: 3 × 19.99 taxable + 2 × 8.99 untaxed → 77.95 + 4.95 = 82.90
      expect(invoiceTotals([line('3', '19.99'), line('2', '8.99', 'WINE', false)], 825)).toEqual({
        subtotalCents: 7795,
        taxCents: 495,
        totalCents: 8290,
      });
    });
    it('rounds the tax of every line, not of the sum', () => {
      // $0.06 × 8.25 % = 0.495¢ → 0 per line; on the $0.12 sum it would be 0.99¢ → 1¢
      expect(invoiceTotals([line('1', '0.06'), line('1', '0.06')], 825).taxCents).toBe(0);
    });
    it('counts a line that is not a number as zero and marks it invalid', () => {
      expect(lineAmounts(line('1.5', '2'), 825)).toMatchObject({ totalCents: 0, invalid: true });
    });
  });

  describe('stamps', () => {
    it('needs one stamp per liquor bottle of lines with a positive quantity', () => {
      expect(
        stampsNeeded([
          line('3', '1'),
          line('-2', '1'),
          line('5', '1', 'WINE'),
          line('', '1'),
          line('2', '1'),
        ]),
      ).toBe(5);
    });
    it('counts 375 mL and smaller liquor with a case size per case only with the small-format setting', () => {
      const pints = { ...line('30', '1'), size: '375ML', caseSize: 24 };
      const fifths = { ...line('24', '1'), size: '750ML', caseSize: 12 };
      expect(stampsNeeded([pints, fifths])).toBe(54);
      expect(stampsNeeded([pints, fifths], true)).toBe(1 + 6 + 24);
      expect(stampsNeeded([{ ...pints, caseSize: null }], true)).toBe(30);
    });
    it('lists the bottles stamped one per bottle by product, for the preview of returned bottles going out first', () => {
      const a = (qty: string, type = 'LIQUOR') => ({ ...line(qty, '1', type), productId: 'p-a' });
      const pints = { ...line('30', '1'), size: '375ML', caseSize: 24, productId: 'p-pint' };
      expect(
        bottlesByProduct([a('3'), a('2'), a('4', 'WINE'), { ...line('1', '1'), productId: 'p-b' }]),
      ).toBe('p-a:5,p-b:1');
      expect(bottlesByProduct([pints], true)).toBe('');
      expect(bottlesByProduct([pints])).toBe('p-pint:30');
    });
    it('says when manual ranges hold too few or too many stamps', () => {
      expect(stampBalance(5, 3)).toEqual({ kind: 'more', by: 2 });
      expect(stampBalance(5, 7)).toEqual({ kind: 'extra', by: 2 });
      expect(stampBalance(5, 5)).toEqual({ kind: 'ok' });
    });
    it('disables Add when from < 1 or to < from', () => {
      expect(canAddRange('0', '5')).toBe(false);
      expect(canAddRange('10', '9')).toBe(false);
      expect(canAddRange('', '9')).toBe(false);
      expect(canAddRange('10', '10')).toBe(true);
    });
  });

  describe('beer and liquor & wine', () => {
    it('refuses beer on a liquor invoice with the spec message', () =>
      expect(beerMixMessage([{ type: 'LIQUOR' }], 'BEER')).toBe(
        "You can't add beer as it must be on a separate invoice from liquor & wine.",
      ));
    it('refuses wine on a beer invoice', () =>
      expect(beerMixMessage([{ type: 'BEER' }, { type: 'N/A' }], 'wine')).toBe(
        "You can't add wine as it must be on a separate invoice from beer.",
      ));
    it('lets non-alcoholic items go anywhere', () => {
      expect(beerMixMessage([{ type: 'BEER' }], 'N/A')).toBeNull();
      expect(beerMixMessage([{ type: 'N/A' }], 'BEER')).toBeNull();
    });
    it('marks every line of the other kind when the lines are mixed already', () =>
      expect([...beerMixMessages([{ type: 'WINE' }, { type: 'BEER' }, { type: 'BEER' }]).keys()]).toEqual([
        1, 2,
      ]));
  });

  describe('cost and dates', () => {
    it('flags a price under the last purchase price', () => {
      expect(isBelowCost(1200, 1500)).toBe(true);
      expect(isBelowCost(1500, 1500)).toBe(false);
      expect(isBelowCost(1200, null)).toBe(false);
    });
    it('limits the invoice date to 10 days ahead and the due date to 30', () => {
      expect(latestInvoiceDate('2026-12-25')).toBe('2027-01-04');
      expect(latestDueDate('2026-02-01')).toBe('2026-03-03');
    });
    it("shows 'Due on delivery' without a due date or when it is a day or fewer away", () => {
      expect(dueOnDelivery('', '2026-03-10')).toBe(true);
      expect(dueOnDelivery('2026-03-11', '2026-03-10')).toBe(true);
      expect(dueOnDelivery('2026-03-12', '2026-03-10')).toBe(false);
    });
  });
});

describe('invoice builder lines', () => {
  const aLine = (id: string, product = id, size = '750ml'): BuilderLine => ({
    key: `k-${id}`,
    product: { id, product, product_size: size, product_type: 'LIQUOR', upc: null },
    qty: '1',
    price: '1.00',
    taxable: true,
    onDeal: false,
    costCents: null,
    lastInvoicedPrice: null,
  });

  it('adds one more bottle when the product is scanned again', () => {
    const lines = addProduct([aLine('a'), aLine('b')], { ...aLine('b'), key: 'other' });
    expect(lines.map((l) => [l.key, l.qty])).toEqual([
      ['k-a', '1'],
      ['k-b', '2'],
    ]);
  });
  it('moves lines up and down, not past the ends', () => {
    const lines = [aLine('a'), aLine('b'), aLine('c')];
    expect(moveLine(lines, 2, -1).map((l) => l.product.id)).toEqual(['a', 'c', 'b']);
    expect(moveLine(lines, 0, -1).map((l) => l.product.id)).toEqual(['a', 'b', 'c']);
  });
  it('sorts by product name then size when the company sorts products', () =>
    expect(
      sortedLines([aLine('1', 'VODKA', '750ml'), aLine('2', 'GIN'), aLine('3', 'VODKA', '1L')]).map(
        (l) => l.product.id,
      ),
    ).toEqual(['2', '3', '1']));
});
