import fc from 'fast-check';
import { DomainError } from '../shared/domain-error.js';
import { aCreate, aDraft, aWorld, create, liquor, wine, type World } from '../invoices/invoice.fixtures.js';
import { stampsNeeded } from '../invoices/invoice.rules.js';
import type { InvoiceStreamEvent, LiveInvoice } from '../invoices/invoice.state.js';
import { heldAfter } from '../stamps/stamp-holding.js';
import { count } from '../stamps/intervals.js';
import type { StampRange } from '../stamps/stamp.events.js';
import { stampCount, stampsUnion, stampsWithin } from '../stamps/stamp-ranges.js';
import { evolve as evolveStamps, initialState as noStamps } from '../stamps/stamp.state.js';
import type { CreditMemoNumberEvent } from './credit-memo-numbers.js';
import { evolve as evolveNumbers, initialState as noNumbers } from './credit-memo-numbers.js';
import { issueCreditMemoWithStamps, voidCreditMemoWithStamps } from './credit-memo-stamps.js';
import { anIssue, aVoid, invoiceAfter } from './credit-memo.fixtures.js';

/**
 * Reliability: for any sequence of invoices, credits (goods back to stock or written off) and voids, every affixed
 * stamp is in exactly one place — an invoice's holding, a returned bottle in stock, or written off with its
 * bottle — and each invoice holds exactly its bottles' stamps less those its live memos took back.
 */
const jack = (qty: number) => liquor(qty, { productId: 'p-jack', name: 'JACK DANIELS', priceCents: 2499 });

type Step =
  | { kind: 'invoice'; whiskey: number; jack: number }
  | { kind: 'credit'; invoice: number; line: number; qty: number; restock: boolean }
  | { kind: 'void'; memo: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('invoice' as const),
    whiskey: fc.integer({ min: 0, max: 4 }),
    jack: fc.integer({ min: 0, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('credit' as const),
    invoice: fc.nat(9),
    line: fc.integer({ min: 1, max: 3 }),
    qty: fc.integer({ min: 1, max: 3 }),
    restock: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('void' as const), memo: fc.nat(9) }),
);

interface Books extends World {
  memoNumbers: CreditMemoNumberEvent[];
  ids: string[];
  memos: { id: string; invoiceId: string }[];
}

function holdingOf(b: Books, id: string) {
  const reissued = b.stamps.flatMap((e) =>
    e.type === 'ReturnedStampsReissued' && e.data.invoiceId === id
      ? e.data.reissues.map(({ productId, ranges }) => ({ productId, ranges }))
      : [],
  );
  return { recorded: true, ranges: heldAfter([], id, b.stamps), ...(reissued.length ? { reissued } : {}) };
}

const statesOf = (b: Books, id: string) => ({
  numbers: b.memoNumbers.reduce(evolveNumbers, noNumbers()),
  invoice: invoiceAfter(b.invoices[id] as InvoiceStreamEvent[]),
  stamps: b.stamps.reduce(evolveStamps, noStamps()),
  holding: holdingOf(b, id),
});

function run(b: Books, s: Step): void {
  if (s.kind === 'invoice') {
    const lines = [
      ...(s.whiskey > 0 ? [liquor(s.whiskey)] : []),
      wine(1),
      ...(s.jack > 0 ? [jack(s.jack)] : []),
    ];
    const id = `inv-${b.ids.length + 1}`;
    create(b, aCreate([aDraft({ invoiceId: id, lines, fingerprint: `fp-${id}` })]));
    b.ids.push(id);
  } else if (s.kind === 'credit') {
    const invoiceId = b.ids[s.invoice % b.ids.length]!;
    const id = `cm-${b.memos.length + 1}`;
    const decided = issueCreditMemoWithStamps(
      statesOf(b, invoiceId),
      anIssue({
        creditMemoId: id,
        invoiceId,
        reason: s.restock ? 'short_delivery' : 'delivered_damaged',
        lines: [{ lineNo: s.line, qty: s.qty }],
      }),
    );
    b.memoNumbers.push(...decided.numbers);
    b.invoices[invoiceId]!.push(...(decided.invoice as never[]));
    b.stamps.push(...decided.stamps);
    b.memos.push({ id, invoiceId });
  } else {
    if (b.memos.length === 0) return;
    const memo = b.memos[s.memo % b.memos.length]!;
    const decided = voidCreditMemoWithStamps(
      statesOf(b, memo.invoiceId),
      aVoid({ creditMemoId: memo.id, invoiceId: memo.invoiceId }),
    );
    b.invoices[memo.invoiceId]!.push(...(decided.invoice as never[]));
    b.stamps.push(...decided.stamps);
  }
}

function expectEveryStampInOnePlace(b: Books): void {
  const ledger = b.stamps.reduce(evolveStamps, noStamps());
  const places: StampRange[][] = [];
  let writtenOff: StampRange[] = [];
  for (const id of b.ids) {
    const invoice = invoiceAfter(b.invoices[id] as InvoiceStreamEvent[]) as LiveInvoice;
    const held = heldAfter([], id, b.stamps);
    const live = invoice.credits.filter((c) => !c.voided);
    const returned = live.flatMap((c) => c.stamps ?? []);
    // Its bottles' stamps less those its live memos took back: never more, never fewer.
    expect(stampCount(held)).toBe(
      stampsNeeded(invoice.lines) - returned.reduce((n, r) => n + stampCount(r.ranges), 0),
    );
    places.push(held);
    writtenOff = stampsUnion(
      writtenOff,
      returned.filter((r) => r.disposition === 'written_off').flatMap((r) => r.ranges),
    );
  }
  places.push(writtenOff, ...Object.values(ledger.onBottles ?? {}).map((r) => [...r]));
  let seen: StampRange[] = [];
  for (const place of places) {
    expect(stampsWithin(seen, place)).toEqual([]);
    seen = stampsUnion(seen, place);
  }
  const allocated = ledger.rolls.reduce((n, roll) => n + count(roll.allocated), 0);
  expect(stampCount(seen)).toBe(allocated);
}

describe('Stamps follow the goods (properties)', () => {
  it('keeps every affixed stamp in exactly one place over any sequence of invoices, credits and voids', () => {
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 25 }), (steps) => {
        const b: Books = { ...aWorld(), memoNumbers: [], ids: [], memos: [] };
        run(b, { kind: 'invoice', whiskey: 3, jack: 2 });
        for (const s of steps) {
          try {
            run(b, s);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
          }
          expectEveryStampInOnePlace(b);
        }
      }),
      { numRuns: 150 },
    );
  });
});
