import fc from 'fast-check';
import { DomainError } from '../shared/domain-error.js';
import type { InvoiceStatus } from '../shared/invoice-status.js';
import { invoiceAllocationId, type StampEvent } from '../stamps/stamp.events.js';
import { aStampRollReceived } from '../stamps/stamp.fixtures.js';
import type { LineInput } from './invoice.commands.js';
import { reviseInvoice } from './invoice.decide.js';
import {
  aCreate,
  aDraft,
  aRevise,
  aWorld,
  create,
  invoiceOf,
  heldOf,
  ledgerOf,
  revisionStates,
  liquor,
  soda,
  wine,
  type World,
} from './invoice.fixtures.js';
import type { InvoiceLine } from './invoice.events.js';

/**
 * , Reliability: for any sequence of create / revise / cancel / un-cancel over random lines (automatic stamp
 * allocation), every invoice's totals are the sum of its line totals plus taxes computed here independently, every
 * live invoice that is not cancelled holds exactly one stamp per liquor bottle, a cancelled one holds none, no stamp
 * is ever held by two invoices, and numbers are 1..n without a gap.
 */
const RATE = 825; // basis points: the fixtures' company rate
const IDS = ['inv-1', 'inv-2', 'inv-3', 'inv-4', 'inv-5', 'inv-6'];
/** Two rolls: 480 + 60 stamps, so long sequences also run out and get refused. */
const ROLLS = [
  aStampRollReceived(),
  aStampRollReceived({ rollId: 2, prefix: 'CD', from: 1, to: 60, receivedOn: '2026-11-21' }),
];

const PRODUCTS: Record<'LIQUOR' | 'WINE' | 'N/A', (qty: number, o: Partial<LineInput>) => LineInput> = {
  LIQUOR: liquor,
  WINE: wine,
  'N/A': soda,
};

const line: fc.Arbitrary<LineInput> = fc
  .record({
    type: fc.constantFrom<keyof typeof PRODUCTS>('LIQUOR', 'LIQUOR', 'WINE', 'N/A'),
    product: fc.integer({ min: 1, max: 4 }),
    qty: fc.oneof(
      { weight: 6, arbitrary: fc.integer({ min: 0, max: 24 }) },
      { weight: 1, arbitrary: fc.integer({ min: -6, max: -1 }) }, // credit lines need no stamps
    ),
    priceCents: fc.oneof(fc.integer({ min: 0, max: 99_999 }), fc.constantFrom(1, 5, 50, 1999, 12_345)),
    taxable: fc.boolean(),
  })
  .map(({ type, product, qty, priceCents, taxable }) =>
    PRODUCTS[type](qty, { productId: `p-${type}-${product}`, priceCents, taxable }),
  );

const lines = fc.array(line, { minLength: 1, maxLength: 6 });

type Op =
  | { op: 'create'; id: string; lines: LineInput[] }
  | { op: 'revise'; id: string; lines: LineInput[] }
  | { op: 'status'; id: string; status: InvoiceStatus };

const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({ op: fc.constant('create' as const), id: fc.constantFrom(...IDS), lines }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ op: fc.constant('revise' as const), id: fc.constantFrom(...IDS), lines }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('status' as const),
      id: fc.constantFrom(...IDS),
      status: fc.constant<InvoiceStatus>('cancelled'),
    }),
  },
  {
    weight: 2, // un-cancel (or any other status change)
    arbitrary: fc.record({
      op: fc.constant('status' as const),
      id: fc.constantFrom(...IDS),
      status: fc.constantFrom<InvoiceStatus>('invoiced', 'paid', 'draft', 'delivered'),
    }),
  },
);

/** price × rate / 10,000 rounded half away from zero, in exact integer arithmetic (not the domain's float). */
function expectedTax(totalCents: number, taxable: boolean): number {
  if (!taxable) return 0;
  const n = BigInt(totalCents) * BigInt(RATE);
  const abs = n < 0n ? -n : n;
  const rounded = abs / 10_000n + ((abs % 10_000n) * 2n >= 10_000n ? 1n : 0n);
  return Number(n < 0n ? -rounded : rounded);
}

const bottles = (ls: readonly Pick<InvoiceLine, 'type' | 'qty'>[]) =>
  ls.filter((l) => l.type === 'LIQUOR' && l.qty > 0).reduce((sum, l) => sum + l.qty, 0);

/** Who holds each stamp, replayed from the stamp events alone: a stamp is allocated only when free. */
function holdersOf(events: readonly StampEvent[]): Map<string, string> {
  const held = new Map<string, string>();
  for (const event of events) {
    if (event.type !== 'StampsAllocated' && event.type !== 'StampsReleased') continue;
    for (const { rollId, from, to } of event.data.ranges) {
      for (let n = from; n <= to; n++) {
        const key = `${rollId}:${n}`;
        if (event.type === 'StampsAllocated') {
          if (held.has(key))
            throw new Error(`stamp ${key} allocated to ${event.data.allocationId}, held by ${held.get(key)}`);
          held.set(key, event.data.allocationId);
        } else {
          if (held.get(key) !== event.data.allocationId)
            throw new Error(`stamp ${key} released by ${event.data.allocationId}, held by ${held.get(key)}`);
          held.delete(key);
        }
      }
    }
  }
  return held;
}

function checkWorld(world: World, submitted: Map<string, LineInput[]>): void {
  const held = holdersOf(world.stamps);
  const heldCount = new Map<string, number>();
  for (const owner of held.values()) heldCount.set(owner, (heldCount.get(owner) ?? 0) + 1);

  // The ledger's own view agrees with the replay: the same stamps invoiced; and each invoice's holding (its
  // holding stream) names exactly the stamps the replay gives it.
  const ledger = ledgerOf(world);
  const fromLedger = new Set<string>();
  for (const roll of ledger.rolls) {
    for (const { from, to } of roll.allocated) {
      for (let n = from; n <= to; n++) fromLedger.add(`${roll.rollId}:${n}`);
    }
  }
  expect(fromLedger).toEqual(new Set(held.keys()));
  const fromHoldings = new Map<string, string>();
  for (const id of Object.keys(world.invoices)) {
    for (const { rollId, from, to } of heldOf(world, id)) {
      for (let n = from; n <= to; n++) {
        const key = `${rollId}:${n}`;
        if (fromHoldings.has(key)) throw new Error(`holdings: stamp ${key} held twice`);
        fromHoldings.set(key, invoiceAllocationId(id));
      }
    }
  }
  expect(fromHoldings).toEqual(held);

  const actual: unknown[] = [];
  const expected: unknown[] = [];
  const sequences: number[] = [];
  for (const id of Object.keys(world.invoices)) {
    const invoice = invoiceOf(world, id);
    if (invoice.status !== 'live') continue;
    sequences.push(invoice.number.sequence);
    const sent = submitted.get(id)!;
    const lineTotals = sent.map((l) => l.priceCents * l.qty + 0); // + 0: $0.00 × −1 is −0 in JavaScript
    const lineTaxes = sent.map((l, i) => expectedTax(lineTotals[i]!, l.taxable) + 0);
    const subtotalCents = lineTotals.reduce((a, b) => a + b, 0);
    const taxCents = lineTaxes.reduce((a, b) => a + b, 0);
    actual.push({
      id,
      // + 0: a credit line's tax may come out as -0, which JSON (the event store) writes as 0.
      lines: invoice.lines.map((l) => [l.qty, l.priceCents, l.totalCents + 0, l.taxCents + 0]),
      totals: {
        subtotalCents: invoice.totals.subtotalCents + 0,
        taxCents: invoice.totals.taxCents + 0,
        totalCents: invoice.totals.totalCents + 0,
      },
      stamps: heldCount.get(invoiceAllocationId(id)) ?? 0,
    });
    expected.push({
      id,
      lines: sent.map((l, i) => [l.qty, l.priceCents, lineTotals[i], lineTaxes[i]]),
      totals: { subtotalCents, taxCents, totalCents: subtotalCents + taxCents },
      stamps: invoice.invoiceStatus === 'cancelled' ? 0 : bottles(sent),
    });
  }
  expect(actual).toEqual(expected);
  // Every holder is a live invoice (no stamps leak to refused or unknown invoices).
  for (const owner of heldCount.keys()) {
    const invoice = invoiceOf(world, owner.slice('invoice-'.length));
    expect(invoice.status === 'live' && invoice.invoiceStatus !== 'cancelled').toBe(true);
  }
  expect([...sequences].sort((a, b) => a - b)).toEqual(sequences.map((_, i) => i + 1));
}

describe('Invoice properties', () => {
  it('keeps totals exact, one stamp per liquor bottle on every live invoice, and no stamp held twice', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 40 }), (ops) => {
        const world = aWorld([...ROLLS]);
        /** The lines each invoice was last given successfully. */
        const submitted = new Map<string, LineInput[]>();
        for (const step of ops) {
          const before = JSON.stringify(world);
          try {
            if (step.op === 'create') {
              create(world, aCreate([aDraft({ invoiceId: step.id, lines: step.lines })]));
              if (!submitted.has(step.id)) submitted.set(step.id, step.lines);
            } else {
              const changes = step.op === 'revise' ? { lines: step.lines } : { status: step.status };
              const decided = reviseInvoice(revisionStates(world, step.id), aRevise(changes, step.id));
              world.invoices[step.id] = [...(world.invoices[step.id] ?? []), ...decided.invoice];
              world.stamps.push(...decided.stamps);
              if (step.op === 'revise') submitted.set(step.id, step.lines);
            }
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            expect(JSON.stringify(world)).toBe(before); // a refused command decides nothing
          }
          checkWorld(world, submitted);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('re-creating an invoice that exists already decides nothing (a retried submit)', () => {
    fc.assert(
      fc.property(lines, (ls) => {
        const world = aWorld([...ROLLS]);
        try {
          create(world, aCreate([aDraft({ lines: ls })]));
        } catch (error) {
          if (error instanceof DomainError) return;
          throw error;
        }
        const again = create(world, aCreate([aDraft({ lines: ls })]));
        expect(again).toEqual({ numbers: [], stamps: [], invoices: [[]] });
      }),
      { numRuns: 100 },
    );
  });

  it('a revision that changes nothing decides nothing, whatever order the stored event keys come back in', () => {
    // Postgres jsonb hands events back with their keys reordered (shorter keys first): a status-only change or an
    // empty PUT must not read that as an edit (a spurious InvoiceRevised; 409 on a cancelled invoice).
    const reordered = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(reordered)
        : value && typeof value === 'object'
          ? Object.fromEntries(
              Object.entries(value)
                .sort(([a], [b]) => a.length - b.length || a.localeCompare(b))
                .map(([k, v]) => [k, reordered(v)]),
            )
          : value;
    fc.assert(
      fc.property(lines, fc.boolean(), (ls, cancelled) => {
        const world = aWorld([...ROLLS]);
        try {
          create(world, aCreate([aDraft({ lines: ls })]));
        } catch (error) {
          if (error instanceof DomainError) return;
          throw error;
        }
        if (cancelled) {
          const decided = reviseInvoice(revisionStates(world, 'inv-1'), aRevise({ status: 'cancelled' }));
          world.invoices['inv-1']!.push(...decided.invoice);
          world.stamps.push(...decided.stamps);
        }
        const stored: World = JSON.parse(JSON.stringify(reordered(world)));
        const states = revisionStates(stored, 'inv-1');
        expect(reviseInvoice(states, aRevise({}))).toEqual({ invoice: [], stamps: [] });
        const status = cancelled ? 'cancelled' : 'invoiced';
        expect(reviseInvoice(states, aRevise({ status }))).toEqual({ invoice: [], stamps: [] });
        const paid = reviseInvoice(states, aRevise({ status: 'paid' }));
        expect(paid.invoice.map((e) => e.type)).toEqual(['InvoiceStatusChanged']);
      }),
      { numRuns: 50 },
    );
  });
});
