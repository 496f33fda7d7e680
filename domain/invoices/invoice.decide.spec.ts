import { DomainError } from '../shared/domain-error.js';
import { aStampRollReceived } from '../stamps/stamp.fixtures.js';
import { holdingOf } from '../stamps/stamp.rules.js';
import { nextNumber } from './invoice-numbers.js';
import { deleteInvoice, replaceInvoice, reviseHeldInvoice, reviseInvoice } from './invoice.decide.js';
import { initialState as noHolding } from '../stamps/stamp-holding.js';
import {
  aCreate,
  aCustomer,
  aDraft,
  aRevise,
  aWorld,
  beer,
  create,
  invoiceOf,
  heldOf,
  ledgerOf,
  revisionStates,
  liquor,
  metadata,
  numbersOf,
  soda,
  wine,
  type World,
} from './invoice.fixtures.js';
import { isDueOnDelivery } from './invoice.rules.js';
import type { LiveInvoice } from './invoice.state.js';

function errorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

const live = (world: World, id = 'inv-1') => invoiceOf(world, id) as LiveInvoice;

/** The stamps (as "from-to" per roll) an invoice holds in the ledger. */
const stampsOf = (world: World, id = 'inv-1') =>
  holdingOf(ledgerOf(world), heldOf(world, id)).flatMap(({ stamps }) =>
    stamps.map(({ from, to }) => `${from}-${to}`),
  );

function revise(world: World, command: ReturnType<typeof aRevise>) {
  const id = command.data.invoiceId;
  const decided = reviseInvoice(revisionStates(world, id), command);
  world.invoices[id] = [...(world.invoices[id] ?? []), ...decided.invoice];
  world.stamps.push(...decided.stamps);
  return decided;
}

describe('Invoice', () => {
  describe('totals (as the client specification asks)', () => {
    it('line total = price × qty; tax per taxable line at the company rate, rounded half-up to cents', () => {
      const world = aWorld();
      create(
        world,
        aCreate([
          aDraft({ lines: [liquor(3, { priceCents: 1999 }), soda(2, { taxable: false, priceCents: 150 })] }),
        ]),
      );
      const invoice = live(world);
      expect(invoice.lines.map((l) => [l.totalCents, l.taxCents])).toEqual([
        [5997, 495], // 59.97 × 8.25 % = 4.9475 → 4.95
        [300, 0],
      ]);
      expect(invoice.totals).toEqual({ subtotalCents: 6297, taxCents: 495, totalCents: 6792 });
    });

    it('uses the rate the company has when the invoice is created', () => {
      const world = aWorld();
      create(
        world,
        aCreate([aDraft({ lines: [liquor(1, { priceCents: 10000 })] })], { taxRateBasisPoints: 1000 }),
      );
      expect(live(world).totals).toEqual({ subtotalCents: 10000, taxCents: 1000, totalCents: 11000 });
    });

    it('rounds a half cent of tax up (and a credit line mirrors it)', () => {
      const world = aWorld();
      // 2.00 × 8.25 % = 0.165 → 0.17; −2.00 → −0.17
      create(
        world,
        aCreate([aDraft({ lines: [soda(1, { priceCents: 200 }), soda(-1, { priceCents: 200 })] })]),
      );
      expect(live(world).lines.map((l) => l.taxCents)).toEqual([17, -17]);
    });

    it('keeps the lines in the order given, or sorted by product when the company sorts them', () => {
      const lines = [soda(1), liquor(1), wine(1)];
      const kept = aWorld();
      create(kept, aCreate([aDraft({ lines })]));
      expect(live(kept).lines.map((l) => [l.lineNo, l.name])).toEqual([
        [1, 'TOPO CHICO'],
        [2, 'TITOS VODKA'],
        [3, 'BAREFOOT MERLOT'],
      ]);
      const sorted = aWorld();
      create(sorted, aCreate([aDraft({ lines })], { sortLines: true }));
      expect(live(sorted).lines.map((l) => l.name)).toEqual(['BAREFOOT MERLOT', 'TITOS VODKA', 'TOPO CHICO']);
    });
  });

  describe('creation', () => {
    it("starts at the company's default status, with a status history entry", () => {
      const world = aWorld();
      create(world, aCreate([aDraft()], { defaultStatus: 'delivered' }));
      expect(live(world).invoiceStatus).toBe('delivered');
      expect(live(world).statusHistory).toEqual([
        { status: 'delivered', at: metadata.now, reason: 'created' },
      ]);
    });

    it('refuses an invoice without items, and bad quantities and prices, listing every problem', () => {
      expect(errorOf(() => create(aWorld(), aCreate([aDraft({ lines: [] })]))).details).toEqual([
        { field: 'items', message: 'Add at least one item.' },
      ]);
      const error = errorOf(() =>
        create(aWorld(), aCreate([aDraft({ lines: [liquor(1.5), liquor(1, { priceCents: -1 })] })])),
      );
      expect(error.details?.map((d) => d.field)).toEqual(['items.0.qty', 'items.1.price']);
    });

    it('accepts a zero price (the builder asked first)', () => {
      const world = aWorld();
      create(world, aCreate([aDraft({ lines: [liquor(1, { priceCents: 0 })] })]));
      expect(live(world).totals.totalCents).toBe(0);
    });

    it('refuses beer mixed with liquor and wine, with the spec message for each line of the other kind', () => {
      const mixed = errorOf(() =>
        create(aWorld(), aCreate([aDraft({ lines: [liquor(1), soda(1), beer(2)] })])),
      );
      expect(mixed.details).toEqual([
        {
          field: 'items.2.product_id',
          message: "You can't add beer as it must be on a separate invoice from liquor & wine.",
        },
      ]);
      const other = errorOf(() => create(aWorld(), aCreate([aDraft({ lines: [beer(1), wine(1)] })])));
      expect(other.message).toBe("You can't add wine as it must be on a separate invoice from beer.");
    });

    it('a retried creation (same invoice id) decides nothing', () => {
      const world = aWorld();
      create(world, aCreate());
      const again = create(world, aCreate());
      expect(again).toEqual({ numbers: [], stamps: [], invoices: [[]] });
      expect(world.invoices['inv-1']).toHaveLength(1);
    });
  });

  describe('dates (company time zone)', () => {
    it('allows an invoice date 10 days ahead and a due date 30 days ahead', () => {
      const world = aWorld();
      create(world, aCreate([aDraft({ invoicedOn: '2026-12-01', dueOn: '2026-12-21' })]));
      expect(live(world).dueOn).toBe('2026-12-21');
    });

    it('refuses an invoice date 11 days ahead and a due date 31 days ahead', () => {
      const error = errorOf(() =>
        create(aWorld(), aCreate([aDraft({ invoicedOn: '2026-12-02', dueOn: '2026-12-22' })])),
      );
      expect(error.details).toEqual([
        { field: 'invoiced_at', message: 'Invoice date can be at most 10 days ahead (2026-12-01).' },
        { field: 'due_at', message: 'Due date can be at most 30 days ahead (2026-12-21).' },
      ]);
    });

    it('judges "today" in the company time zone (03:00 UTC on the 22nd is still the 21st in Chicago)', () => {
      const late = '2026-11-22T03:00:00.000Z';
      expect(() => create(aWorld(), aCreate([aDraft({ invoicedOn: '2026-12-02' })], {}, late))).toThrow(
        DomainError,
      );
      const utc = aWorld();
      create(utc, aCreate([aDraft({ invoicedOn: '2026-12-02' })], { timeZone: 'UTC' }, late));
      expect(live(utc).invoicedOn).toBe('2026-12-02');
    });

    it('refuses a due date before the invoice date', () => {
      const error = errorOf(() =>
        create(aWorld(), aCreate([aDraft({ invoicedOn: '2026-11-20', dueOn: '2026-11-19' })])),
      );
      expect(error.message).toBe("Due date can't be before the invoice date.");
    });

    it("shows 'Due on delivery' when there is no due date or it is a day or fewer away", () => {
      expect(isDueOnDelivery(null, '2026-11-21')).toBe(true);
      expect(isDueOnDelivery('2026-11-22', '2026-11-21')).toBe(true);
      expect(isDueOnDelivery('2026-11-23', '2026-11-21')).toBe(false);
    });
  });

  describe('numbering', () => {
    it('numbers invoices in sequence from the starting number', () => {
      const world = aWorld();
      create(world, aCreate([aDraft()], { startingNumber: 345 }));
      create(world, aCreate([aDraft({ invoiceId: 'inv-2' })], { startingNumber: 345 }));
      expect([live(world).number.display, live(world, 'inv-2').number.display]).toEqual(['345', '346']);
    });

    it('jumps to a starting number raised later, never back', () => {
      const world = aWorld();
      create(world, aCreate([aDraft()]));
      create(world, aCreate([aDraft({ invoiceId: 'inv-2' })], { startingNumber: 1000 }));
      create(world, aCreate([aDraft({ invoiceId: 'inv-3' })], { startingNumber: 5 }));
      expect(['inv-1', 'inv-2', 'inv-3'].map((id) => live(world, id).number.display)).toEqual([
        '1',
        '1000',
        '1001',
      ]);
    });

    it('gives a beer invoice the B suffix', () => {
      const world = aWorld();
      create(world, aCreate([aDraft({ lines: [beer(3), soda(1)] })]));
      expect(live(world).number).toEqual({ sequence: 1, prefix: '', beer: true, display: '1B' });
    });

    it('lets a liquor-and-wine and a beer invoice of one save share a number (345 and 345B)', () => {
      const world = aWorld();
      create(
        world,
        aCreate([aDraft({ lines: [liquor(1)] }), aDraft({ invoiceId: 'inv-1b', lines: [beer(1)] })], {
          startingNumber: 345,
        }),
      );
      create(world, aCreate([aDraft({ invoiceId: 'inv-2' })], { startingNumber: 345 }));
      expect(['inv-1', 'inv-1b', 'inv-2'].map((id) => live(world, id).number.display)).toEqual([
        '345',
        '345B',
        '346',
      ]);
    });

    it('with customer numbering, prefixes the customer number and counts per customer', () => {
      const world = aWorld();
      const perCustomer = { perCustomerNumbering: true };
      const other = aCustomer({ id: 'cust-2' });
      create(world, aCreate([aDraft()], perCustomer));
      create(world, aCreate([aDraft({ invoiceId: 'inv-2', customer: other })], perCustomer));
      create(world, aCreate([aDraft({ invoiceId: 'inv-3' })], perCustomer));
      expect(['inv-1', 'inv-2', 'inv-3'].map((id) => live(world, id).number.display)).toEqual([
        '1-1',
        '2-1',
        '1-2',
      ]);
      expect(
        nextNumber(numbersOf(world), { startingNumber: 1, perCustomer: true, customerId: 'cust-3' }),
      ).toEqual({
        sequence: 1,
        prefix: '3-',
      });
    });
  });

  describe('stamps (as the client specification asks)', () => {
    it('allocates one stamp per liquor bottle with a positive quantity, first available first', () => {
      const world = aWorld();
      create(world, aCreate([aDraft({ lines: [liquor(3), wine(5), liquor(0), liquor(-2), soda(4)] })]));
      expect(stampsOf(world)).toEqual(['1000-1002']);
      create(world, aCreate([aDraft({ invoiceId: 'inv-2', lines: [liquor(2)] })]));
      expect(stampsOf(world, 'inv-2')).toEqual(['1003-1004']);
    });

    it('names the invoice number and customer on the allocation (the stamp log)', () => {
      const world = aWorld();
      const { stamps } = create(world, aCreate([aDraft()], { startingNumber: 77 }));
      expect(stamps[0]).toMatchObject({
        type: 'StampsAllocated',
        data: { invoiceNumber: '77', customerName: 'LONE STAR TAVERN', customerTabcId: 'MB123456' },
      });
    });

    it("refuses liquor without a roll: 'Stamp roll missing …'; wine needs none", () => {
      expect(errorOf(() => create(aWorld([]), aCreate())).message).toBe(
        'Stamp roll missing - Please add your current stamp roll before creating an invoice',
      );
      const world = aWorld([]);
      create(world, aCreate([aDraft({ lines: [wine(2)] })]));
      expect(live(world).number.display).toBe('1');
    });

    it('refuses when too few stamps are left, and decides nothing', () => {
      const world = aWorld([aStampRollReceived({ from: 1, to: 2 })]);
      expect(errorOf(() => create(world, aCreate([aDraft({ lines: [liquor(3)] })]))).code).toBe(
        'STAMPS_NOT_ENOUGH',
      );
      expect(world.numbers).toEqual([]);
    });

    it('takes manual ranges, and refuses fewer stamps than bottles', () => {
      const world = aWorld();
      create(world, aCreate([aDraft({ stampRanges: [{ rollId: 1, from: 1100, to: 1101 }] })]));
      expect(stampsOf(world)).toEqual(['1100-1101']);
      const short = errorOf(() =>
        create(
          aWorld(),
          aCreate([aDraft({ lines: [liquor(3)], stampRanges: [{ rollId: 1, from: 1100, to: 1101 }] })]),
        ),
      );
      expect(short.details).toEqual([
        { field: 'stamps', message: 'More Stamp(s) Needed: 3 needed, 2 added.' },
      ]);
    });

    it('refuses a manual range holding stamps of another invoice', () => {
      const world = aWorld();
      create(world, aCreate());
      const error = errorOf(() =>
        create(
          world,
          aCreate([aDraft({ invoiceId: 'inv-2', stampRanges: [{ rollId: 1, from: 1000, to: 1001 }] })]),
        ),
      );
      expect(error.message).toBe('Stamp number 1000 is below the first available stamp 1002 in the roll.');
    });

    it('gives the two invoices of a split save their own stamps', () => {
      const world = aWorld();
      create(
        world,
        aCreate([aDraft({ lines: [liquor(2)] }), aDraft({ invoiceId: 'inv-1b', lines: [beer(6)] })]),
      );
      expect(stampsOf(world)).toEqual(['1000-1001']);
      expect(stampsOf(world, 'inv-1b')).toEqual([]);
    });
  });

  describe('editing', () => {
    const created = (lines = [liquor(3)]) => {
      const world = aWorld();
      create(world, aCreate([aDraft({ lines })]));
      create(world, aCreate([aDraft({ invoiceId: 'inv-2', lines: [liquor(1)] })])); // holds 1003
      return world;
    };

    it('keeps the stamps it holds and allocates only the shortfall', () => {
      const world = created();
      revise(world, aRevise({ lines: [liquor(5)] }));
      expect(stampsOf(world)).toEqual(['1000-1002', '1004-1005']);
      expect(live(world).totals.subtotalCents).toBe(5 * 1999);
    });

    it('releases the excess (its highest numbers) and keeps the rest', () => {
      const world = created();
      revise(world, aRevise({ lines: [liquor(1)] }));
      expect(stampsOf(world)).toEqual(['1000-1000']);
      create(world, aCreate([aDraft({ invoiceId: 'inv-3', lines: [liquor(2)] })]));
      expect(stampsOf(world, 'inv-3')).toEqual(['1001-1002']);
    });

    it('keeps the number, the tax rate and the history; an unchanged save decides nothing', () => {
      const world = created();
      expect(revise(world, aRevise({ lines: [liquor(3)], note: 'Thank you for your business' }))).toEqual({
        invoice: [],
        stamps: [],
      });
      revise(world, aRevise({ note: 'Deliver to the back door' }));
      expect(live(world).note).toBe('Deliver to the back door');
      expect(live(world).number.display).toBe('1');
    });

    it('names the customer it was for when the invoice moves to another (its ordering app is told)', () => {
      const world = created();
      const moved = revise(world, aRevise({ customer: aCustomer({ id: 'cust-2', name: 'Gruene Hall' }) }));
      expect(moved.invoice[0]).toMatchObject({
        type: 'InvoiceRevised',
        data: { customer: { id: 'cust-2' }, previousCustomerId: aCustomer().id },
      });
      const noted = revise(world, aRevise({ note: 'Back door' }));
      expect(noted.invoice[0]!.data).not.toHaveProperty('previousCustomerId');
    });

    it('refuses beer on a liquor invoice, and liquor on a beer invoice', () => {
      const world = created();
      expect(errorOf(() => revise(world, aRevise({ lines: [liquor(1), beer(1)] }))).message).toBe(
        "You can't add beer as it must be on a separate invoice from liquor & wine.",
      );
      const beerWorld = aWorld();
      create(beerWorld, aCreate([aDraft({ lines: [beer(1)] })]));
      expect(errorOf(() => revise(beerWorld, aRevise({ lines: [liquor(1)] }))).message).toBe(
        "You can't add liquor as it must be on a separate invoice from beer.",
      );
    });

    it('judges only the dates that change: an old invoice keeps its dates', () => {
      const world = created();
      const later = '2027-03-01T15:00:00.000Z';
      revise(world, aRevise({ note: 'edited in March' }, 'inv-1', later));
      expect(live(world).invoicedOn).toBe('2026-11-21');
      expect(errorOf(() => revise(world, aRevise({ dueOn: '2027-04-15' }, 'inv-1', later))).details).toEqual([
        { field: 'due_at', message: 'Due date can be at most 30 days ahead (2027-03-31).' },
      ]);
    });

    it('any status may follow any status, each with a history entry', () => {
      const world = created();
      revise(world, aRevise({ status: 'paid' }));
      revise(world, aRevise({ status: 'draft' }));
      expect(live(world).statusHistory.map((e) => e.status)).toEqual(['invoiced', 'paid', 'draft']);
    });

    it("cancelling releases every stamp ('Below stamps are available for use')", () => {
      const world = created();
      const { stamps } = revise(world, aRevise({ status: 'cancelled' }));
      expect(stamps).toMatchObject([{ type: 'StampsReleased', data: { reason: 'cancelled' } }]);
      expect(stampsOf(world)).toEqual([]);
      create(world, aCreate([aDraft({ invoiceId: 'inv-3', lines: [liquor(3)] })]));
      expect(stampsOf(world, 'inv-3')).toEqual(['1000-1002']);
    });

    it('a cancelled invoice cannot be edited, but can be un-cancelled (its stamps allocated again)', () => {
      const world = created();
      revise(world, aRevise({ status: 'cancelled' }));
      expect(errorOf(() => revise(world, aRevise({ note: 'x' }))).message).toBe(
        'A cancelled invoice cannot be edited. Change its status first.',
      );
      revise(world, aRevise({ status: 'invoiced' }));
      expect(stampsOf(world)).toEqual(['1000-1002']);
    });

    it("keeps each product's order review on its line when the lines are edited", () => {
      const review = {
        previousQty: 3,
        newQty: 2,
        previousPriceCents: 2200,
        newPriceCents: 1850,
        qtyChangeNote: 'short',
        priceChangeNote: 'deal',
      };
      const world = created([liquor(2, { review })]);
      revise(world, aRevise({ lines: [liquor(4), wine(1)] }));
      expect(live(world).lines.map((line) => line.review)).toEqual([review, undefined]);
    });

    it('given an invoice holding 1000-1002, when 2 more bottles are added, then its holding records 1000-1002 and 1004-1005', () => {
      const world = created();
      const { invoice, stamps } = revisionStates(world, 'inv-1');
      const decided = reviseHeldInvoice(
        { invoice, stamps, holding: noHolding(), heldBefore: heldOf(world, 'inv-1') },
        aRevise({ lines: [liquor(5)] }),
      );
      expect(decided.holding).toHaveLength(1);
      expect(decided.holding[0]!.data.ranges.map((r) => `${r.from}-${r.to}`)).toEqual([
        '1000-1002',
        '1004-1005',
      ]);
    });

    it("given another company's invoice, when it is edited, then it is not found", () => {
      const world = created();
      const { invoice, stamps } = revisionStates(world, 'inv-1');
      const edit = aRevise({ note: 'x' });
      expect(
        errorOf(() =>
          reviseHeldInvoice(
            { invoice, stamps, holding: noHolding(), heldBefore: [] },
            { ...edit, metadata: { ...edit.metadata, companyId: 'co-2' } },
          ),
        ).message,
      ).toBe('Invoice not found');
    });

    it('an unknown invoice is not found', () => {
      expect(errorOf(() => revise(aWorld(), aRevise({ note: 'x' }, 'nope'))).message).toBe(
        'Invoice not found',
      );
    });
  });

  describe('deleting', () => {
    const cancelled = () => {
      const world = aWorld();
      create(world, aCreate());
      return world;
    };

    it('only the owner deletes, and only a cancelled invoice', () => {
      const world = cancelled();
      const command = {
        type: 'DeleteInvoice' as const,
        data: { invoiceId: 'inv-1', byOwner: true },
        metadata,
      };
      expect(errorOf(() => deleteInvoice(invoiceOf(world, 'inv-1'), command)).message).toBe(
        'Only cancelled invoices can be deleted.',
      );
      revise(world, aRevise({ status: 'cancelled' }));
      expect(
        errorOf(() =>
          deleteInvoice(invoiceOf(world, 'inv-1'), { ...command, data: { ...command.data, byOwner: false } }),
        ).kind,
      ).toBe('forbidden');
      expect(deleteInvoice(invoiceOf(world, 'inv-1'), command)).toEqual([
        { type: 'InvoiceDeleted', data: { invoiceId: 'inv-1', companyId: 'co-1', deletedAt: metadata.now } },
      ]);
    });
  });

  describe('strict records: corrections by event', () => {
    /** Given invoice inv-1 (number 1) created and cancelled. */
    const cancelledWorld = () => {
      const world = aWorld();
      create(world, aCreate());
      revise(world, aRevise({ status: 'cancelled' }));
      return world;
    };
    const aReplace = (overrides: Partial<ReturnType<typeof aDraft>> = {}, cancelledId = 'inv-1') => ({
      type: 'ReplaceInvoice' as const,
      data: {
        cancelledId,
        draft: aDraft({ invoiceId: 'inv-2', lines: [liquor(3)], fingerprint: 'fp-2', ...overrides }),
        settings: aCreate().data.settings,
      },
      metadata,
    });
    function replace(world: World, command: ReturnType<typeof aReplace>) {
      const decided = replaceInvoice(
        {
          cancelled: invoiceOf(world, command.data.cancelledId),
          numbers: numbersOf(world),
          stamps: ledgerOf(world),
          invoice: invoiceOf(world, command.data.draft.invoiceId),
        },
        command,
      );
      world.invoices[command.data.cancelledId]!.push(...decided.cancelled);
      world.invoices[command.data.draft.invoiceId] = [
        ...(world.invoices[command.data.draft.invoiceId] ?? []),
        ...decided.invoice,
      ];
      world.numbers.push(...decided.numbers);
      world.stamps.push(...decided.stamps);
      return decided;
    }

    it('given a cancelled invoice, when it is replaced, then a new invoice takes the next number and stamps, and each names the other', () => {
      const world = cancelledWorld();
      const decided = replace(world, aReplace());
      expect(decided.invoice[0]!.data).toMatchObject({
        invoiceId: 'inv-2',
        number: { display: '2' },
        replaces: { invoiceId: 'inv-1', number: '1' },
      });
      expect(decided.cancelled).toEqual([
        {
          type: 'InvoiceReplaced',
          data: {
            invoiceId: 'inv-1',
            companyId: 'co-1',
            replacement: { invoiceId: 'inv-2', number: '2' },
            replacedAt: metadata.now,
          },
        },
      ]);
      expect(stampsOf(world, 'inv-2')).toHaveLength(1);
      expect(live(world, 'inv-1')).toMatchObject({
        invoiceStatus: 'cancelled',
        replacedBy: { invoiceId: 'inv-2', number: '2' },
      });
      expect(live(world, 'inv-2').replaces).toEqual({ invoiceId: 'inv-1', number: '1' });
    });

    it('given a cancelled invoice made from a reviewed order, when it is replaced, then its lines keep the review', () => {
      const review = {
        previousQty: null,
        newQty: null,
        previousPriceCents: 2200,
        newPriceCents: 1850,
        qtyChangeNote: '',
        priceChangeNote: 'deal',
      };
      const world = aWorld();
      create(world, aCreate([aDraft({ lines: [liquor(1, { review })] })]));
      revise(world, aRevise({ status: 'cancelled' }));
      replace(world, aReplace());
      expect(live(world, 'inv-2').lines[0]!.review).toEqual(review);
    });

    it('given a replacement made, when the same replacement is retried, then nothing more is decided', () => {
      const world = cancelledWorld();
      replace(world, aReplace());
      expect(replace(world, aReplace())).toEqual({ cancelled: [], numbers: [], stamps: [], invoice: [] });
    });

    it('given an invoice not cancelled, when it is replaced, then it is refused and nothing is decided', () => {
      const world = aWorld();
      create(world, aCreate());
      const error = errorOf(() => replace(world, aReplace()));
      expect([error.kind, error.message]).toEqual([
        'conflict',
        'Only a cancelled invoice can be replaced. Cancel it first.',
      ]);
      expect(world.numbers).toHaveLength(1);
    });

    it('given a replaced invoice, when it is replaced again, then it is refused', () => {
      const world = cancelledWorld();
      replace(world, aReplace());
      expect(errorOf(() => replace(world, aReplace({ invoiceId: 'inv-3' }))).message).toBe(
        'Invoice 1 was replaced already, by invoice 2.',
      );
    });

    it('given an unknown invoice, when it is replaced, then it is not found', () => {
      expect(errorOf(() => replace(aWorld(), aReplace({}, 'nope'))).kind).toBe('not_found');
    });

    it('given a replaced invoice, when it is un-cancelled, then it is refused (its replacement carries the sale)', () => {
      const world = cancelledWorld();
      replace(world, aReplace());
      expect(errorOf(() => revise(world, aRevise({ status: 'invoiced' }))).message).toBe(
        'Invoice 1 was replaced by invoice 2, so it stays cancelled.',
      );
    });

    it('given strict records on, when the owner deletes a cancelled invoice, then it is refused; off, it is deleted', () => {
      const world = cancelledWorld();
      const command = {
        type: 'DeleteInvoice' as const,
        data: { invoiceId: 'inv-1', byOwner: true, strictRecords: true },
        metadata,
      };
      const error = errorOf(() => deleteInvoice(invoiceOf(world, 'inv-1'), command));
      expect([error.kind, error.message]).toEqual([
        'forbidden',
        'Strict records is on: invoices are never deleted. A cancelled invoice stays in the grid as Cancelled; use Replace to correct it.',
      ]);
      expect(
        deleteInvoice(invoiceOf(world, 'inv-1'), {
          ...command,
          data: { ...command.data, strictRecords: false },
        }),
      ).toHaveLength(1);
    });
  });
});
