import { DomainError } from '../shared/domain-error.js';
import {
  aCreate,
  aDraft,
  aRevise,
  aWorld,
  create,
  liquor,
  wine,
  type World,
} from '../invoices/invoice.fixtures.js';
import { reviseHeldInvoice } from '../invoices/invoice.decide.js';
import type { InvoiceStreamEvent } from '../invoices/invoice.state.js';
import { heldAfter, type StampHolding } from '../stamps/stamp-holding.js';
import type { StampEvent } from '../stamps/stamp.events.js';
import { evolve as evolveStamps, initialState as noStamps, onBottlesOf } from '../stamps/stamp.state.js';
import type { CreditMemoNumberEvent } from './credit-memo-numbers.js';
import { evolve as evolveNumbers, initialState as noNumbers } from './credit-memo-numbers.js';
import { issueCreditMemoWithStamps, voidCreditMemoWithStamps } from './credit-memo-stamps.js';
import { anIssue, aVoid, invoiceAfter, NOW } from './credit-memo.fixtures.js';
import { buildStampRecord, serialHistory, stampTransactions } from '../stamps/stamp-record.js';

/**
 * Stamps follow the goods. The world: roll AB1000–AB1479; inv-1 (number 1) line 1 TITOS VODKA 3 bottles (AB1000–
 * AB1002), line 2 BAREFOOT MERLOT 2 (wine, no stamps), line 3 JACK DANIELS 2 (AB1003–AB1004).
 */
const jack = (qty: number) => liquor(qty, { productId: 'p-jack', name: 'JACK DANIELS', priceCents: 2499 });

interface Books extends World {
  memoNumbers: CreditMemoNumberEvent[];
}

function books(): Books {
  const world = aWorld();
  create(world, aCreate([aDraft({ invoiceId: 'inv-1', lines: [liquor(3), wine(2), jack(2)] })]));
  return { ...world, memoNumbers: [] };
}

const ledger = (b: Books) => b.stamps.reduce(evolveStamps, noStamps());
function holding(b: Books, id: string): StampHolding {
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
  stamps: ledger(b),
  holding: holding(b, id),
});

/** Issues a memo and records its events in the books (as the store would). */
function issue(b: Books, command: ReturnType<typeof anIssue>) {
  const decided = issueCreditMemoWithStamps(statesOf(b, command.data.invoiceId), command);
  b.memoNumbers.push(...decided.numbers);
  b.invoices[command.data.invoiceId]!.push(...(decided.invoice as never[]));
  b.stamps.push(...decided.stamps);
  return decided;
}

/** Edits, cancels or un-cancels an invoice (with its holding, as the store would) and records its events. */
function revise(b: Books, command: ReturnType<typeof aRevise>) {
  const id = command.data.invoiceId;
  const decided = reviseHeldInvoice(
    {
      invoice: invoiceAfter(b.invoices[id] as InvoiceStreamEvent[]),
      stamps: ledger(b),
      holding: holding(b, id),
      heldBefore: [],
    },
    command,
  );
  b.invoices[id]!.push(...(decided.invoice as never[]));
  b.stamps.push(...decided.stamps);
  return decided;
}

function voidMemo(b: Books, command: ReturnType<typeof aVoid>) {
  const decided = voidCreditMemoWithStamps(statesOf(b, command.data.invoiceId), command);
  b.invoices[command.data.invoiceId]!.push(...(decided.invoice as never[]));
  b.stamps.push(...decided.stamps);
  return decided;
}

const AB = (from: number, to = from) => ({ rollId: 1, prefix: 'AB', from, to });

function errorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('Stamps follow the goods (credit memos)', () => {
  it('given a delivered liquor invoice, when two damaged bottles are credited, then their stamps (the last two of the line) are written off with them and leave the invoice', () => {
    const b = books();
    const decided = issue(b, anIssue({ reason: 'delivered_damaged', lines: [{ lineNo: 1, qty: 2 }] }));
    const returns = [
      {
        lineNo: 1,
        productId: 'p-whiskey',
        name: 'TITOS VODKA',
        disposition: 'written_off',
        ranges: [AB(1001, 1002)],
      },
    ];
    expect(decided.stamps).toEqual([
      {
        type: 'StampsReturnedWithGoods',
        data: {
          creditMemoId: 'cm-1',
          creditMemoNumber: 'CM-1001',
          invoiceId: 'inv-1',
          invoiceNumber: '1',
          returns,
          returnedAt: NOW,
        },
      },
    ]);
    expect(decided.holding).toEqual([
      {
        type: 'StampHoldingChanged',
        data: { invoiceId: 'inv-1', ranges: [AB(1000), AB(1003, 1004)], changedAt: NOW },
      },
    ]);
    expect(decided.invoice[0]).toMatchObject({ type: 'CreditMemoIssued', data: { stamps: returns } });
    // Written off: never in stock again, and never available to another bottle.
    expect(onBottlesOf(ledger(b), 'p-whiskey')).toEqual([]);
    expect(ledger(b).rolls[0]!.allocatedCount).toBe(5);
  });

  it('given a short delivery, when a bottle of the second liquor line is credited, then its stamp (the last of that line) goes back to stock on its bottle', () => {
    const b = books();
    const decided = issue(b, anIssue({ reason: 'short_delivery', lines: [{ lineNo: 3, qty: 1 }] }));
    expect(decided.stamps[0]!.data.returns).toEqual([
      { lineNo: 3, productId: 'p-jack', name: 'JACK DANIELS', disposition: 'restocked', ranges: [AB(1004)] },
    ]);
    expect(onBottlesOf(ledger(b), 'p-jack')).toEqual([AB(1004)]);
  });

  it('given a line credited before, when more of it is credited, then the last stamps not yet returned come back', () => {
    const b = books();
    issue(b, anIssue({ creditMemoId: 'cm-1', reason: 'short_delivery', lines: [{ lineNo: 1, qty: 1 }] }));
    const second = issue(
      b,
      anIssue({ creditMemoId: 'cm-2', reason: 'wrong_product', lines: [{ lineNo: 1, qty: 2 }] }),
    );
    expect(second.stamps[0]!.data.returns[0]!.ranges).toEqual([AB(1000, 1001)]);
    expect(holding(b, 'inv-1').ranges).toEqual([AB(1003, 1004)]);
  });

  it('given wine and amount credits, when issued, then no stamp moves', () => {
    const b = books();
    expect(issue(b, anIssue({ reason: 'delivered_damaged', lines: [{ lineNo: 2, qty: 2 }] })).stamps).toEqual(
      [],
    );
    const amount = issue(
      b,
      anIssue({ creditMemoId: 'cm-2', reason: 'pricing_error', lines: [], amountCents: 500 }),
    );
    expect(amount).toMatchObject({ stamps: [], holding: [] });
  });

  it('given every bottle credited, when one more is asked, then it is refused and no stamp moves: never more bottles than invoiced', () => {
    const b = books();
    issue(b, anIssue({ reason: 'short_delivery', lines: [{ lineNo: 1, qty: 3 }] }));
    expect(holding(b, 'inv-1').ranges).toEqual([AB(1003, 1004)]);
    const before = b.stamps.length;
    const error = errorOf(() =>
      issue(b, anIssue({ creditMemoId: 'cm-2', reason: 'short_delivery', lines: [{ lineNo: 1, qty: 1 }] })),
    );
    expect(error.code).toBe('CREDIT_MEMO_INVALID');
    expect(b.stamps.length).toBe(before);
  });

  it('given bottles back in stock, when the next invoice of that product is created, then it carries their stamps first and takes fresh ones for the rest', () => {
    const b = books();
    issue(b, anIssue({ reason: 'short_delivery', lines: [{ lineNo: 1, qty: 2 }] }));
    const created = create(
      b,
      aCreate([aDraft({ invoiceId: 'inv-2', lines: [liquor(3)], fingerprint: 'fp-2' })]),
    );
    expect(created.stamps).toEqual([
      {
        type: 'ReturnedStampsReissued',
        data: {
          invoiceId: 'inv-2',
          invoiceNumber: '2',
          customerId: 'cust-1',
          customerName: 'LONE STAR TAVERN',
          customerTabcId: 'MB123456',
          allocationId: 'invoice-inv-2',
          reissues: [{ productId: 'p-whiskey', name: 'TITOS VODKA', ranges: [AB(1001, 1002)] }],
          reissuedAt: NOW,
        },
      },
      expect.objectContaining({
        type: 'StampsAllocated',
        data: expect.objectContaining({ ranges: [AB(1005)] }),
      }),
    ] satisfies unknown[]);
    expect(onBottlesOf(ledger(b), 'p-whiskey')).toEqual([]);
    expect(holding(b, 'inv-2').ranges).toEqual([AB(1001, 1002), AB(1005)]);
    // No stamp held twice: the roll counts each affixed stamp once.
    expect(ledger(b).rolls[0]!.allocatedCount).toBe(6);
  });

  it('given bottles back in stock, when the next invoice chooses one of their serials by hand, then that bottle goes out again with its stamp and the other chosen serials are allocated fresh', () => {
    const b = books();
    issue(b, anIssue({ reason: 'short_delivery', lines: [{ lineNo: 1, qty: 2 }] }));
    const created = create(
      b,
      aCreate([
        aDraft({
          invoiceId: 'inv-2',
          lines: [liquor(3)],
          fingerprint: 'fp-2',
          stampRanges: [
            { rollId: 1, from: 1002, to: 1002 },
            { rollId: 1, from: 1005, to: 1006 },
          ],
        }),
      ]),
    );
    expect(created.stamps).toEqual([
      expect.objectContaining({
        type: 'ReturnedStampsReissued',
        data: expect.objectContaining({
          invoiceId: 'inv-2',
          reissues: [{ productId: 'p-whiskey', name: 'TITOS VODKA', ranges: [AB(1002)] }],
        }),
      }),
      expect.objectContaining({
        type: 'StampsAllocated',
        data: expect.objectContaining({ ranges: [AB(1005, 1006)] }),
      }),
    ] satisfies unknown[]);
    expect(onBottlesOf(ledger(b), 'p-whiskey')).toEqual([AB(1001)]);
    expect(holding(b, 'inv-2').ranges).toEqual([AB(1002), AB(1005, 1006)]);
    expect(ledger(b).rolls[0]!.allocatedCount).toBe(7);
  });

  it("given a bottle of another product back in stock, when an invoice chooses its serial by hand, then it is refused and no stamp moves: a stamp goes out only on its own product's bottle", () => {
    const b = books();
    issue(b, anIssue({ reason: 'short_delivery', lines: [{ lineNo: 3, qty: 1 }] }));
    const before = b.stamps.length;
    const error = errorOf(() =>
      create(
        b,
        aCreate([
          aDraft({
            invoiceId: 'inv-2',
            lines: [liquor(1)],
            fingerprint: 'fp-2',
            stampRanges: [{ rollId: 1, from: 1004, to: 1004 }],
          }),
        ]),
      ),
    );
    expect(error.code).toBe('STAMP_ON_OTHER_BOTTLE');
    expect(error.message).toBe(
      'Stamp AB1004 is on a returned bottle that this invoice does not carry: it goes out only with that bottle.',
    );
    expect(b.stamps.length).toBe(before);
    expect(onBottlesOf(ledger(b), 'p-jack')).toEqual([AB(1004)]);
  });

  it('given bottles of another product back in stock, when an invoice is created, then it takes fresh stamps only', () => {
    const b = books();
    issue(b, anIssue({ reason: 'short_delivery', lines: [{ lineNo: 3, qty: 1 }] }));
    const created = create(
      b,
      aCreate([aDraft({ invoiceId: 'inv-2', lines: [liquor(1)], fingerprint: 'fp-2' })]),
    );
    expect(created.stamps.map((e: StampEvent) => e.type)).toEqual(['StampsAllocated']);
    expect(onBottlesOf(ledger(b), 'p-jack')).toEqual([AB(1004)]);
  });

  it('given a re-issued bottle, when the new invoice credits that line, then the stamps of its own line come back (fresh last, then the returned ones)', () => {
    const b = books();
    issue(b, anIssue({ reason: 'short_delivery', lines: [{ lineNo: 1, qty: 2 }] }));
    create(b, aCreate([aDraft({ invoiceId: 'inv-2', lines: [jack(1), liquor(3)], fingerprint: 'fp-2' })]));
    expect(holding(b, 'inv-2').ranges).toEqual([AB(1001, 1002), AB(1005, 1006)]);
    const decided = issue(
      b,
      anIssue({
        creditMemoId: 'cm-2',
        invoiceId: 'inv-2',
        reason: 'delivered_damaged',
        lines: [{ lineNo: 2, qty: 2 }],
      }),
    );
    // Line 1 (JACK) took AB1005; line 2 (TITOS) AB1001–AB1002 (back from inv-1) and AB1006.
    expect(decided.stamps[0]!.data.returns[0]!.ranges).toEqual([AB(1002), AB(1006)]);
  });

  describe('an invoice carrying returned bottles, edited or cancelled', () => {
    /** inv-2: TITOS ×3 carrying AB1001–AB1002 (back from inv-1) and fresh AB1005. */
    function carrying(): Books {
      const b = books();
      issue(b, anIssue({ reason: 'short_delivery', lines: [{ lineNo: 1, qty: 2 }] }));
      create(b, aCreate([aDraft({ invoiceId: 'inv-2', lines: [liquor(3)], fingerprint: 'fp-2' })]));
      return b;
    }

    it('given an invoice carrying returned bottles, when it is cancelled, then those bottles go back in stock with their stamps and only its fresh stamp is freed', () => {
      const b = carrying();
      const decided = revise(b, aRevise({ status: 'cancelled' }, 'inv-2'));
      expect(decided.stamps).toEqual([
        {
          type: 'ReissuedStampsBackInStock',
          data: {
            invoiceId: 'inv-2',
            invoiceNumber: '2',
            allocationId: 'invoice-inv-2',
            returns: [{ productId: 'p-whiskey', name: 'TITOS VODKA', ranges: [AB(1001, 1002)] }],
            reason: 'cancelled',
            returnedAt: NOW,
          },
        },
        expect.objectContaining({
          type: 'StampsReleased',
          data: expect.objectContaining({ ranges: [AB(1005)], reason: 'cancelled' }),
        }),
      ] satisfies unknown[]);
      expect(onBottlesOf(ledger(b), 'p-whiskey')).toEqual([AB(1001, 1002)]);
      expect(holding(b, 'inv-2').ranges).toEqual([]);
      // Never available to another bottle: still counted as affixed on the roll.
      expect(ledger(b).rolls[0]!.allocatedCount).toBe(5);
      const record = stampTransactions(
        b.stamps.map((event) => ({ event, occurredAt: NOW })),
        'America/Chicago',
      );
      const history = serialHistory(record, 'AB', 1001);
      expect(history.status).toBe('returned_in_stock');
      expect(history.transactions.at(-1)).toMatchObject({
        kind: 'goods_restocked',
        invoiceNumber: '2',
        note: 'TITOS VODKA: invoice cancelled, back in stock on its bottle',
      });
    });

    it('given it was cancelled, when it is un-cancelled, then it carries the returned bottles again before any fresh stamp', () => {
      const b = carrying();
      revise(b, aRevise({ status: 'cancelled' }, 'inv-2'));
      const decided = revise(b, aRevise({ status: 'delivered' }, 'inv-2'));
      expect(decided.stamps).toEqual([
        expect.objectContaining({
          type: 'ReturnedStampsReissued',
          data: expect.objectContaining({
            reissues: [{ productId: 'p-whiskey', name: 'TITOS VODKA', ranges: [AB(1001, 1002)] }],
          }),
        }),
        expect.objectContaining({
          type: 'StampsAllocated',
          data: expect.objectContaining({ ranges: [AB(1005)] }),
        }),
      ] satisfies unknown[]);
      expect(onBottlesOf(ledger(b), 'p-whiskey')).toEqual([]);
      expect(holding(b, 'inv-2').ranges).toEqual([AB(1001, 1002), AB(1005)]);
    });

    it('given an invoice carrying returned bottles, when its line is cut to one bottle, then its fresh stamp is freed first and one returned bottle goes back in stock', () => {
      const b = carrying();
      const decided = revise(b, aRevise({ lines: [liquor(1)] }, 'inv-2'));
      expect(decided.stamps).toEqual([
        expect.objectContaining({
          type: 'ReissuedStampsBackInStock',
          data: expect.objectContaining({
            returns: [{ productId: 'p-whiskey', name: 'TITOS VODKA', ranges: [AB(1002)] }],
            reason: 'edited',
          }),
        }),
        expect.objectContaining({
          type: 'StampsReleased',
          data: expect.objectContaining({ ranges: [AB(1005)] }),
        }),
      ] satisfies unknown[]);
      expect(holding(b, 'inv-2').ranges).toEqual([AB(1001)]);
      expect(onBottlesOf(ledger(b), 'p-whiskey')).toEqual([AB(1002)]);
    });

    it('given returned bottles in stock, when an invoice of that product gains bottles, then the new bottles are the returned ones first', () => {
      const b = books();
      create(b, aCreate([aDraft({ invoiceId: 'inv-2', lines: [liquor(1)], fingerprint: 'fp-2' })]));
      issue(b, anIssue({ reason: 'short_delivery', lines: [{ lineNo: 1, qty: 2 }] }));
      const decided = revise(b, aRevise({ lines: [liquor(4)] }, 'inv-2'));
      expect(decided.stamps).toEqual([
        expect.objectContaining({
          type: 'ReturnedStampsReissued',
          data: expect.objectContaining({
            reissues: [{ productId: 'p-whiskey', name: 'TITOS VODKA', ranges: [AB(1001, 1002)] }],
          }),
        }),
        expect.objectContaining({
          type: 'StampsAllocated',
          data: expect.objectContaining({ ranges: [AB(1006)] }),
        }),
      ] satisfies unknown[]);
      expect(holding(b, 'inv-2').ranges).toEqual([AB(1001, 1002), AB(1005, 1006)]);
    });

    it('given an invoice carrying returned bottles, when an unrelated line is added, then it keeps every stamp it had', () => {
      const b = carrying();
      const decided = revise(b, aRevise({ lines: [liquor(3), wine(1)] }, 'inv-2'));
      expect(decided.stamps).toEqual([]);
      expect(holding(b, 'inv-2').ranges).toEqual([AB(1001, 1002), AB(1005)]);
    });

    it('given an invoice carrying returned bottles, when the user picks its serials by hand without one of them, then that bottle goes back in stock', () => {
      const b = carrying();
      const decided = revise(
        b,
        aRevise(
          {
            stampRanges: [
              { rollId: 1, from: 1001, to: 1001 },
              { rollId: 1, from: 1005, to: 1006 },
            ],
          },
          'inv-2',
        ),
      );
      expect(decided.stamps.map((e) => e.type)).toEqual(['ReissuedStampsBackInStock', 'StampsAllocated']);
      expect(holding(b, 'inv-2').ranges).toEqual([AB(1001), AB(1005, 1006)]);
      expect(onBottlesOf(ledger(b), 'p-whiskey')).toEqual([AB(1002)]);
    });
  });

  it("given a memo that put bottles back in stock, when it is voided, then their stamps are the invoice's again", () => {
    const b = books();
    issue(b, anIssue({ reason: 'short_delivery', lines: [{ lineNo: 1, qty: 2 }] }));
    const decided = voidMemo(b, aVoid());
    expect(decided.stamps).toEqual([
      {
        type: 'StampsGoodsReturnReversed',
        data: {
          creditMemoId: 'cm-1',
          creditMemoNumber: 'CM-1001',
          invoiceId: 'inv-1',
          invoiceNumber: '1',
          returns: [
            {
              lineNo: 1,
              productId: 'p-whiskey',
              name: 'TITOS VODKA',
              disposition: 'restocked',
              ranges: [AB(1001, 1002)],
            },
          ],
          reversedAt: NOW,
        },
      },
    ]);
    expect(holding(b, 'inv-1').ranges).toEqual([AB(1000, 1004)]);
    expect(onBottlesOf(ledger(b), 'p-whiskey')).toEqual([]);
  });

  it('given a written-off memo, when it is voided, then the stamps come back on the invoice', () => {
    const b = books();
    issue(b, anIssue({ reason: 'delivered_damaged', lines: [{ lineNo: 3, qty: 2 }] }));
    voidMemo(b, aVoid());
    expect(holding(b, 'inv-1').ranges).toEqual([AB(1000, 1004)]);
  });

  it('given returned bottles invoiced again, when their memo is voided, then it is refused (409) and nothing changes', () => {
    const b = books();
    issue(b, anIssue({ reason: 'short_delivery', lines: [{ lineNo: 1, qty: 2 }] }));
    create(b, aCreate([aDraft({ invoiceId: 'inv-2', lines: [liquor(1)], fingerprint: 'fp-2' })]));
    const before = b.stamps.length;
    const error = errorOf(() => voidMemo(b, aVoid()));
    expect(error).toMatchObject({
      code: 'CREDIT_MEMO_STAMPS_RESOLD',
      kind: 'conflict',
      message:
        'Credit memo CM-1001 cannot be voided: the bottles it put back in stock were invoiced again (stamps AB1001). Credit that invoice instead.',
    });
    expect(b.stamps.length).toBe(before);
  });

  it('given a voided memo, when the line is credited again, then the same last stamps come back', () => {
    const b = books();
    issue(b, anIssue({ reason: 'short_delivery', lines: [{ lineNo: 1, qty: 1 }] }));
    voidMemo(b, aVoid());
    const again = issue(
      b,
      anIssue({ creditMemoId: 'cm-2', reason: 'short_delivery', lines: [{ lineNo: 1, qty: 1 }] }),
    );
    expect(again.stamps[0]!.data.returns[0]!.ranges).toEqual([AB(1002)]);
  });

  describe('the stamp record', () => {
    const recordOf = (b: Books) =>
      stampTransactions(
        b.stamps.map((event) => ({ event, occurredAt: NOW })),
        'America/Chicago',
      );

    it('given a write-off and a bottle sold again, when the record is built, then it lists each return with its serials, invoice and memo, on hand unchanged', () => {
      const b = books();
      issue(
        b,
        anIssue({ creditMemoId: 'cm-1', reason: 'delivered_damaged', lines: [{ lineNo: 3, qty: 1 }] }),
      );
      issue(b, anIssue({ creditMemoId: 'cm-2', reason: 'short_delivery', lines: [{ lineNo: 1, qty: 1 }] }));
      create(b, aCreate([aDraft({ invoiceId: 'inv-2', lines: [liquor(1)], fingerprint: 'fp-2' })]));
      const record = buildStampRecord(recordOf(b), new Map(), '2026-11-20', '2026-11-21');
      const lines = record.days.flatMap((d) => d.lines);
      expect(lines.map((l) => [l.kind, l.serials, l.quantity, l.invoiceNumber, l.onHandAfter])).toEqual([
        ['received', 'AB1000-AB1479', 480, null, 480],
        ['affixed', 'AB1000-AB1004', 5, '1', 475],
        ['goods_written_off', 'AB1004', 1, '1', 475],
        ['goods_restocked', 'AB1002', 1, '1', 475],
        ['reissued', 'AB1002', 1, '2', 475],
      ]);
      expect(lines[2]).toMatchObject({
        creditMemoNumber: 'CM-1001',
        serialList: ['AB1004'],
        note: 'Credit memo CM-1001, JACK DANIELS: destroyed with its bottle (written off)',
      });
      expect(record.totals).toMatchObject({
        affixed: 5,
        goods_written_off: 1,
        goods_restocked: 1,
        reissued: 1,
      });
      expect(record.closingOnHand).toBe(475);
    });

    it("given a serial sold again, when its history is read, then it shows both invoices; a written-off serial's status says so", () => {
      const b = books();
      issue(b, anIssue({ creditMemoId: 'cm-1', reason: 'short_delivery', lines: [{ lineNo: 1, qty: 1 }] }));
      create(b, aCreate([aDraft({ invoiceId: 'inv-2', lines: [liquor(1)], fingerprint: 'fp-2' })]));
      const story = serialHistory(recordOf(b), 'AB', 1002);
      expect(story.status).toBe('invoiced');
      expect(story.transactions.map((t) => [t.kind, t.invoiceNumber])).toEqual([
        ['received', null],
        ['affixed', '1'],
        ['goods_restocked', '1'],
        ['reissued', '2'],
      ]);
      issue(
        b,
        anIssue({ creditMemoId: 'cm-2', reason: 'delivered_damaged', lines: [{ lineNo: 3, qty: 1 }] }),
      );
      expect(serialHistory(recordOf(b), 'AB', 1004).status).toBe('written_off');
    });
  });
});
