import { DomainError } from '../shared/domain-error.js';
import {
  aCreate,
  aDraft,
  aWorld,
  invoiceOf,
  ledgerOf,
  liquor,
  numbersOf,
  type World,
} from '../invoices/invoice.fixtures.js';
import type { LiveInvoice } from '../invoices/invoice.state.js';
import { invoiceOrder } from './order-invoicing.js';
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
});
