import { formatRange } from '../stamps/intervals.js';
import type { LiveInvoice, Invoice } from '../invoices/invoice.state.js';
import { lineStamps } from '../invoices/invoice.rules.js';
import type { InvoiceStatusChanged } from '../invoices/invoice.events.js';
import type {
  GoodsStampReturn,
  StampRange,
  StampsGoodsReturnReversed,
  StampsReturnedWithGoods,
} from '../stamps/stamp.events.js';
import {
  holdingChanges,
  type ReissuedStamps,
  type StampHolding,
  type StampHoldingChanged,
} from '../stamps/stamp-holding.js';
import { firstStamps, lastStamps, stampsMinus, stampsUnion, stampsWithin } from '../stamps/stamp-ranges.js';
import { onBottlesOf, type StampLedger } from '../stamps/stamp.state.js';
import type { CreditMemoNumberEvent, CreditMemoNumbers } from './credit-memo-numbers.js';
import type { IssueCreditMemo, VoidCreditMemo } from './credit-memo.commands.js';
import { issueCreditMemo, voidCreditMemo } from './credit-memo.decide.js';
import { creditMemoError } from './credit-memo.errors.js';
import type { CreditMemoIssued, CreditMemoLine, CreditMemoVoided } from './credit-memo.events.js';
import { stockOfReason } from './credit-memo.rules.js';

/**
 * Stamps follow the goods. The stamps a credit memo takes back with liquor bottles leave the invoice in the same
 * append as the memo: still affixed, either on their bottles back in stock (the next invoice of the product carries
 * them again) or destroyed with their bottles (written off). Which stamps: the last ones of the credited line that
 * the invoice still holds.
 *
 * Which stamps are a line's: an invoice is given its stamps as one count, so its lines are read in order, each
 * taking as many stamps as it needs: first the stamps of its product's returned bottles the invoice was given,
 * then the lowest of the others. A line stamped per case gives none back (the case stamp stays with the case).
 */

/** `heldBefore`: the invoice's stamps from the stamp log, for an invoice whose holding recorded nothing yet. */
type HeldStates = {
  invoice: Invoice;
  stamps: StampLedger;
  holding: StampHolding;
  heldBefore?: readonly StampRange[];
};

const heldOf = (states: HeldStates) =>
  states.holding.recorded ? states.holding.ranges : [...(states.heldBefore ?? [])];

const serialsText = (ranges: readonly StampRange[]) =>
  ranges.map((r) => formatRange(r.prefix, r.from, r.to)).join(', ');

/** Every stamp the invoice was given and still counts as its own: what it holds and what its live memos took. */
function returnedByMemos(invoice: LiveInvoice): StampRange[] {
  return invoice.credits
    .filter((credit) => !credit.voided)
    .flatMap((credit) => (credit.stamps ?? []).flatMap((r) => r.ranges));
}

/** Each stamped line's stamps, by line number (lines stamped per case: marked `perCase`, none to give back). */
export function stampsOfLines(
  invoice: LiveInvoice,
  held: readonly StampRange[],
  reissued: readonly ReissuedStamps[],
): Map<number, StampRange[]> {
  const given = stampsUnion(held, returnedByMemos(invoice));
  const allReissued = reissued.flatMap((r) => r.ranges);
  let fresh = stampsMinus(given, allReissued);
  const ofProduct = new Map<string, StampRange[]>();
  for (const { productId, ranges } of reissued)
    ofProduct.set(productId, stampsWithin(stampsUnion(ofProduct.get(productId) ?? [], ranges), given));
  const blocks = new Map<number, StampRange[]>();
  for (const line of [...invoice.lines].sort((a, b) => a.lineNo - b.lineNo)) {
    let needed = lineStamps(line);
    if (needed === 0) continue;
    let block: StampRange[] = [];
    if (!line.stampCaseSize) {
      const { taken, rest } = firstStamps(ofProduct.get(line.productId) ?? [], needed);
      ofProduct.set(line.productId, rest);
      block = taken;
      needed -= taken.reduce((n, r) => n + r.to - r.from + 1, 0);
    }
    const { taken, rest } = firstStamps(fresh, needed);
    fresh = rest;
    if (!line.stampCaseSize) blocks.set(line.lineNo, stampsUnion(block, taken));
  }
  return blocks;
}

/** The stamps the credited lines give back: the last `qty` of each line that the invoice still holds. */
export function stampReturns(
  invoice: LiveInvoice,
  credited: readonly CreditMemoLine[],
  disposition: GoodsStampReturn['disposition'],
  held: readonly StampRange[],
  reissued: readonly ReissuedStamps[],
): GoodsStampReturn[] {
  const blocks = stampsOfLines(invoice, held, reissued);
  const returns: GoodsStampReturn[] = [];
  for (const line of credited) {
    const block = blocks.get(line.lineNo);
    if (!block || line.type !== 'LIQUOR') continue;
    const ranges = lastStamps(stampsWithin(block, held), line.qty);
    if (ranges.length > 0)
      returns.push({ lineNo: line.lineNo, productId: line.productId, name: line.name, disposition, ranges });
  }
  return returns;
}

/**
 * A credit memo issued with its goods' stamps: the memo and its number as `issueCreditMemo` decides, the stamps of
 * its liquor bottles on the company's ledger (StampsReturnedWithGoods) and off the invoice's holding, in one append.
 * Goods short or wrongly delivered come back to stock with their stamps; damaged goods are written off with them.
 */
export function issueCreditMemoWithStamps(
  states: HeldStates & { numbers: CreditMemoNumbers },
  command: IssueCreditMemo,
): {
  numbers: CreditMemoNumberEvent[];
  invoice: (CreditMemoIssued | InvoiceStatusChanged)[];
  stamps: StampsReturnedWithGoods[];
  holding: StampHoldingChanged[];
} {
  const decided = issueCreditMemo(states, command);
  const issued = decided.invoice.find((e): e is CreditMemoIssued => e.type === 'CreditMemoIssued');
  const stock = issued && stockOfReason(issued.data.reason);
  if (!issued || !stock || states.invoice.status !== 'live') return { ...decided, stamps: [], holding: [] };
  const held = heldOf(states);
  const returns = stampReturns(
    states.invoice,
    issued.data.lines,
    stock === 'restock' ? 'restocked' : 'written_off',
    held,
    states.holding.reissued ?? [],
  );
  if (returns.length === 0) return { ...decided, stamps: [], holding: [] };
  const { now } = command.metadata;
  const stamps: StampsReturnedWithGoods[] = [
    {
      type: 'StampsReturnedWithGoods',
      data: {
        creditMemoId: issued.data.creditMemoId,
        creditMemoNumber: issued.data.number.display,
        invoiceId: issued.data.invoiceId,
        invoiceNumber: issued.data.invoiceNumber,
        returns,
        returnedAt: now,
      },
    },
  ];
  return {
    numbers: decided.numbers,
    invoice: decided.invoice.map((e) =>
      e === issued ? { ...issued, data: { ...issued.data, stamps: returns } } : e,
    ),
    stamps,
    holding: holdingChanges(held, issued.data.invoiceId, stamps, now),
  };
}

/**
 * A credit memo voided with its goods' stamps: they are the invoice's again. Refused when bottles it put back in
 * stock were invoiced since (their stamps are on another invoice now): that invoice is credited instead.
 */
export function voidCreditMemoWithStamps(
  states: HeldStates,
  command: VoidCreditMemo,
): {
  invoice: (CreditMemoVoided | InvoiceStatusChanged)[];
  stamps: StampsGoodsReturnReversed[];
  holding: StampHoldingChanged[];
} {
  const invoiceEvents = voidCreditMemo(states.invoice, command);
  const invoice = states.invoice as LiveInvoice;
  const memo = invoice.credits.find((c) => c.id === command.data.creditMemoId)!;
  const returns = memo.stamps ?? [];
  if (returns.length === 0) return { invoice: invoiceEvents, stamps: [], holding: [] };
  const resold = returns
    .filter((r) => r.disposition === 'restocked')
    .flatMap((r) => stampsMinus(r.ranges, onBottlesOf(states.stamps, r.productId)));
  if (resold.length > 0)
    throw creditMemoError('CREDIT_MEMO_STAMPS_RESOLD', { number: memo.number, serials: serialsText(resold) });
  const { now } = command.metadata;
  const stamps: StampsGoodsReturnReversed[] = [
    {
      type: 'StampsGoodsReturnReversed',
      data: {
        creditMemoId: memo.id,
        creditMemoNumber: memo.number,
        invoiceId: invoice.id,
        invoiceNumber: invoice.number.display,
        returns,
        reversedAt: now,
      },
    },
  ];
  return {
    invoice: invoiceEvents,
    stamps,
    holding: holdingChanges(heldOf(states), invoice.id, stamps, now),
  };
}
