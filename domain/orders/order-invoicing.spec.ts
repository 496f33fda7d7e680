import { DomainError } from '../shared/domain-error.js';
import {
  aCreate,
  aDraft,
  aWorld,
  beer,
  invoiceOf,
  ledgerOf,
  liquor,
  NOW,
  numbersOf,
  type World,
} from '../invoices/invoice.fixtures.js';
import type { LiveInvoice } from '../invoices/invoice.state.js';
import { decideInvoiceCreation, invoiceOrder } from './order-invoicing.js';
import { initialState as noHolding } from '../stamps/stamp-holding.js';
import { invoiceGroups, invoicedPerLine, leftPerLine } from './order-lines.js';
import type { OrderEvent } from './order.events.js';
import { anOrderPlaced } from './order.fixtures.js';
import { evolve, initialState, type LiveOrder } from './order.state.js';

/** One order (2 × vodka p-vodka, 3 × beer p-beer) next to the invoice world. */
interface OrderAndInvoices extends World {
  order: OrderEvent[];
}

const orderOf = (world: OrderAndInvoices) => world.order.reduce(evolve, initialState());

function invoiceFrom(
  world: OrderAndInvoices,
  invoiceId: string,
  lines = [liquor(2, { productId: 'p-vodka' })],
) {
  const command = {
    ...aCreate([aDraft({ invoiceId, lines })]),
    data: { ...aCreate([aDraft({ invoiceId, lines })]).data, orderId: 'ord-1' },
  };
  const decided = invoiceOrder(
    {
      order: orderOf(world),
      numbers: numbersOf(world),
      stamps: ledgerOf(world),
      invoices: [invoiceOf(world, invoiceId)],
    },
    command,
  );
  world.order.push(...decided.order);
  world.numbers.push(...decided.numbers);
  world.stamps.push(...decided.stamps);
  world.invoices[invoiceId] = [...(world.invoices[invoiceId] ?? []), ...decided.invoices[0]!];
  return decided;
}

describe('Order → invoice', () => {
  const aWorldWithOrder = (): OrderAndInvoices => ({ ...aWorld(), order: [anOrderPlaced()] });

  it('creates the invoice with its number and stamps, naming the order, and the order names the invoice', () => {
    const world = aWorldWithOrder();
    const decided = invoiceFrom(world, 'inv-1');
    expect(decided.numbers).toHaveLength(1);
    expect(decided.stamps).toHaveLength(1);
    expect(decided.invoices[0]![0]!.data.orderIds).toEqual(['ord-1']);
    const invoice = invoiceOf(world, 'inv-1') as LiveInvoice;
    expect(invoice.number.display).toBe('1');
    const order = orderOf(world) as LiveOrder;
    expect(order.invoices).toEqual([{ invoiceId: 'inv-1', number: '1' }]);
    expect(order.orderStatus).toBe('partially_invoiced'); // the 3 beers are not on it
  });

  it('decides nothing on any stream when the same Create Invoice is retried', () => {
    const world = aWorldWithOrder();
    invoiceFrom(world, 'inv-1');
    expect(invoiceFrom(world, 'inv-1')).toEqual({ order: [], numbers: [], stamps: [], invoices: [[]] });
    expect(numbersOf(world).last).toBe(1);
  });

  it('takes no number and no stamps for a rejected order', () => {
    const world = aWorldWithOrder();
    world.order.push({
      type: 'OrderRejected',
      data: {
        orderId: 'ord-1',
        companyId: 'co-1',
        note: '',
        userId: 'u-1',
        rejectedAt: '2026-11-21T16:00:00.000Z',
      },
    });
    let thrown: unknown;
    try {
      invoiceFrom(world, 'inv-1');
    } catch (error) {
      thrown = error;
    }
    expect((thrown as DomainError).message).toBe('This order was rejected and can no longer be invoiced.');
    expect(world.numbers).toEqual([]);
    expect(world.stamps.filter((event) => event.type === 'StampsAllocated')).toEqual([]);
  });

  it('given the vodka reviewed (2 → 1, $19.99 → $18.50, with notes), when invoiced, then its line keeps the review', () => {
    const world = aWorldWithOrder();
    const at = { orderId: 'ord-1', companyId: 'co-1', lineNo: 1, userId: 'u-1', reviewedAt: NOW };
    world.order.push(
      { type: 'OrderItemQtyChanged', data: { ...at, previousQty: 2, newQty: 1, note: 'Only one left' } },
      {
        type: 'OrderItemPriceChanged',
        data: { ...at, previousPriceCents: 1999, newPriceCents: 1850, note: 'Deal' },
      },
    );
    const decided = invoiceFrom(world, 'inv-1', [liquor(1, { productId: 'p-vodka', priceCents: 1850 })]);
    expect(decided.invoices[0]![0]!.data.lines[0]!.review).toEqual({
      previousQty: 2,
      newQty: 1,
      qtyChangeNote: 'Only one left',
      previousPriceCents: 1999,
      newPriceCents: 1850,
      priceChangeNote: 'Deal',
    });
  });

  it('given no review, then the line carries none', () => {
    const world = aWorldWithOrder();
    const decided = invoiceFrom(world, 'inv-1');
    expect(decided.invoices[0]![0]!.data.lines[0]).not.toHaveProperty('review');
  });

  describe('no double billing once the order is partly invoiced', () => {
    it('refuses a second invoice that bills the vodka again, and takes no number', () => {
      const world = aWorldWithOrder();
      invoiceFrom(world, 'inv-1'); // the 2 vodkas
      let thrown: unknown;
      try {
        invoiceFrom(world, 'inv-2', [liquor(1, { productId: 'p-vodka' }), beer(3, { productId: 'p-beer' })]);
      } catch (error) {
        thrown = error;
      }
      expect((thrown as DomainError).code).toBe('ORDER_OVER_INVOICED');
      expect((thrown as DomainError).message).toBe('TITOS VODKA of order #1 is invoiced already.');
      expect(numbersOf(world).last).toBe(1);
    });

    it('refuses more beer than is left, naming what is left', () => {
      const world = aWorldWithOrder();
      invoiceFrom(world, 'inv-1');
      expect(() =>
        invoiceFrom(world, 'inv-2', [beer(4, { productId: 'p-beer', name: 'SHINER BOCK' })]),
      ).toThrow('Only 3 of SHINER BOCK is left to invoice on order #1.');
    });

    it('invoices what is left: the order is then invoiced in full', () => {
      const world = aWorldWithOrder();
      invoiceFrom(world, 'inv-1');
      invoiceFrom(world, 'inv-2', [beer(3, { productId: 'p-beer' })]);
      const order = orderOf(world) as LiveOrder;
      expect(order.orderStatus).toBe('invoiced');
      expect(order.invoices.map((invoice) => invoice.number)).toEqual(['1', '2B']);
    });
  });
});

describe('What is left to invoice, line by line', () => {
  const items = [
    { productId: 'p-vodka', qty: 2, rejected: false },
    { productId: 'p-beer', qty: 3, rejected: true },
    { productId: 'p-vodka', qty: 4, rejected: false },
  ];

  it('given 3 vodkas invoiced, when read by line, then the first line is invoiced in full and the third by one', () => {
    expect(invoicedPerLine(items, { 'p-vodka': 3 })).toEqual([2, 0, 1]);
    expect(leftPerLine(items, { 'p-vodka': 3 })).toEqual([0, 0, 3]);
  });

  it('given nothing invoiced, then every accepted line is left whole and a rejected one not at all', () => {
    expect(leftPerLine(items, {})).toEqual([2, 0, 4]);
  });
});

describe('Beer goes on its own invoice', () => {
  const line = (type: string, name: string) => ({ type, name });

  it('given beer with liquor, wine and soda, then two invoices: liquor, wine and soda; and beer', () => {
    const groups = invoiceGroups([
      line('BEER', 'shiner'),
      line('LIQUOR', 'vodka'),
      line('N/A', 'soda'),
      line('WINE', 'merlot'),
    ]);
    expect(groups.map((group) => [group.beer, group.lines.map((l) => l.name)])).toEqual([
      [false, ['vodka', 'soda', 'merlot']],
      [true, ['shiner']],
    ]);
  });

  it('given beer and soda only, then one beer invoice', () => {
    expect(invoiceGroups([line('N/A', 'soda'), line('BEER', 'shiner')])).toEqual([
      { beer: true, lines: [line('BEER', 'shiner'), line('N/A', 'soda')] },
    ]);
  });

  it('given no beer, then one invoice; given nothing, none', () => {
    expect(invoiceGroups([line('LIQUOR', 'vodka')])).toEqual([
      { beer: false, lines: [line('LIQUOR', 'vodka')] },
    ]);
    expect(invoiceGroups([])).toEqual([]);
  });
});

describe('Creating one invoice, from an order or not', () => {
  const states = (world: World, order?: OrderEvent[]) => ({
    numbers: numbersOf(world),
    stamps: ledgerOf(world),
    invoice: invoiceOf(world, 'inv-1'),
    holding: noHolding(),
    ...(order ? { order: order.reduce(evolve, initialState()) } : {}),
  });

  it('given no order, then the invoice, its number and stamps, and its holding; no order event', () => {
    const decided = decideInvoiceCreation(states(aWorld()), aCreate([aDraft({ invoiceId: 'inv-1' })]));
    expect(decided.invoice.map((e) => e.type)).toEqual(['InvoiceCreated']);
    expect(decided.numbers).toHaveLength(1);
    expect(decided.holding).toEqual([
      {
        type: 'StampHoldingChanged',
        data: {
          invoiceId: 'inv-1',
          ranges: decided.stamps.flatMap((e) => ('ranges' in e.data ? e.data.ranges : [])),
          changedAt: NOW,
        },
      },
    ]);
    expect(decided.order).toEqual([]);
  });

  it('given an order, then the order names the invoice in the same decision', () => {
    const lines = [liquor(2, { productId: 'p-vodka' })];
    const command = aCreate([aDraft({ invoiceId: 'inv-1', lines })]);
    const decided = decideInvoiceCreation(states(aWorld(), [anOrderPlaced()]), {
      ...command,
      data: { ...command.data, orderId: 'ord-1' },
    });
    expect(decided.order.map((e) => e.type)).toEqual(['OrderInvoiced']);
    expect(decided.invoice[0]!.data.orderIds).toEqual(['ord-1']);
    expect(decided.holding).toHaveLength(1);
  });

  it('given a wine invoice (no stamps), then no holding event', () => {
    const wine = liquor(1, { productId: 'p-wine', type: 'WINE' });
    const decided = decideInvoiceCreation(
      states(aWorld()),
      aCreate([aDraft({ invoiceId: 'inv-1', lines: [wine] })]),
    );
    expect(decided.stamps).toEqual([]);
    expect(decided.holding).toEqual([]);
  });
});
