import type { StampRangeInput } from './stamp.commands.js';
import { stampError } from './stamp.errors.js';
import type {
  ReissuedStampsBackInStock,
  ReturnedStampsReissued,
  StampRange,
  StampRecipient,
} from './stamp.events.js';
import type { ReissuedStamps } from './stamp-holding.js';
import { firstStamps, stampCount, stampsMinus, stampsUnion, stampsWithin } from './stamp-ranges.js';
import { onBottlesOf, type StampLedger } from './stamp.state.js';

/** The stamps one product's bottles on a new invoice need (one per bottle: lines stamped per case excepted). */
export interface ProductStampNeed {
  productId: string;
  name: string;
  stamps: number;
}

/** The needs of one product added together (a product may be on several lines). */
export function byProduct(needs: readonly ProductStampNeed[]): ProductStampNeed[] {
  const wanted = new Map<string, ProductStampNeed>();
  for (const need of needs) {
    const before = wanted.get(need.productId);
    wanted.set(need.productId, { ...need, stamps: (before?.stamps ?? 0) + need.stamps });
  }
  return [...wanted.values()];
}

function reissuedEvent(
  recipient: StampRecipient & { invoiceId: string },
  reissues: ReturnedStampsReissued['data']['reissues'],
  now: string,
): ReturnedStampsReissued {
  return {
    type: 'ReturnedStampsReissued',
    data: { ...recipient, allocationId: `invoice-${recipient.invoiceId}`, reissues, reissuedAt: now },
  };
}

/**
 * Bottles a credit memo put back in stock are sold first: a new invoice of a product carries the stamps of that
 * product's returned bottles (lowest serials first) before any fresh stamp. Answers the event (none when no
 * returned bottle fits) and how many stamps it covers; the rest are allocated fresh.
 */
export function reissueReturnedStamps(
  state: StampLedger,
  needs: readonly ProductStampNeed[],
  recipient: StampRecipient & { invoiceId: string },
  now: string,
): { events: ReturnedStampsReissued[]; covered: number } {
  const reissues: ReturnedStampsReissued['data']['reissues'] = [];
  for (const { productId, name, stamps } of byProduct(needs)) {
    const onBottles = onBottlesOf(state, productId);
    if (stamps <= 0 || onBottles.length === 0) continue;
    const { taken } = firstStamps(onBottles, stamps);
    if (taken.length > 0) reissues.push({ productId, name, ranges: taken });
  }
  if (reissues.length === 0) return { events: [], covered: 0 };
  return {
    events: [reissuedEvent(recipient, reissues, now)],
    covered: reissues.reduce((sum, r) => sum + stampCount(r.ranges), 0),
  };
}

/** Every stamp on a returned bottle in stock, whatever its product. */
export const allOnBottles = (state: StampLedger): StampRange[] =>
  Object.values(state.onBottles ?? {}).reduce<StampRange[]>((all, ranges) => stampsUnion(all, ranges), []);

/**
 * Serials the user chose for a new invoice that are on bottles back in stock: such a serial is that bottle going out
 * again with its own stamp, so it is re-issued, not allocated. It counts only for a product the invoice carries one
 * stamp per bottle, up to that product's bottles on the invoice (lowest serials first); any other chosen serial is
 * left to the ordinary allocation, which refuses a stamp that is not free. Answers the event (none when no chosen
 * serial is on a returned bottle) and the chosen ranges still to allocate; a chosen serial on a returned bottle the
 * invoice does not carry is refused.
 */
export function reissueChosenStamps(
  state: StampLedger,
  needs: readonly ProductStampNeed[],
  chosen: readonly StampRangeInput[],
  recipient: StampRecipient & { invoiceId: string },
  now: string,
): { events: ReturnedStampsReissued[]; rest: StampRangeInput[] } {
  let left: StampRange[] = chosen.map((range) => ({ ...range, prefix: '' }));
  const reissues: ReturnedStampsReissued['data']['reissues'] = [];
  for (const { productId, name, stamps } of byProduct(needs)) {
    const onTheseBottles = stampsWithin(onBottlesOf(state, productId), left);
    if (stamps <= 0 || onTheseBottles.length === 0) continue;
    const { taken } = firstStamps(onTheseBottles, stamps);
    reissues.push({ productId, name, ranges: taken });
    left = stampsMinus(left, taken);
  }
  refuseOtherBottles(state, left);
  if (reissues.length === 0) return { events: [], rest: [...chosen] };
  return {
    events: [reissuedEvent(recipient, reissues, now)],
    rest: left.map(({ rollId, from, to }) => ({ rollId, from, to })),
  };
}

/** A chosen serial still on a returned bottle after the re-issue belongs to a bottle this invoice does not carry. */
function refuseOtherBottles(state: StampLedger, chosen: readonly StampRange[]): void {
  const [first] = stampsWithin(allOnBottles(state), chosen);
  if (first) throw stampError('STAMP_ON_OTHER_BOTTLE', { stamp: `${first.prefix}${first.from}` });
}

/** The stamps of returned bottles an invoice still holds, by product: those it was given, less those it gave up. */
export function carriedReturned(
  reissued: readonly ReissuedStamps[],
  held: readonly StampRange[],
): ReissuedStamps[] {
  const carried = new Map<string, StampRange[]>();
  for (const { productId, ranges } of reissued)
    carried.set(productId, stampsUnion(carried.get(productId) ?? [], stampsWithin(ranges, held)));
  return [...carried]
    .filter(([, ranges]) => ranges.length > 0)
    .map(([productId, ranges]) => ({ productId, ranges }));
}

/**
 * Which returned bottles an invoice goes on carrying after an edit: of each product, as many as its lines still
 * stamp one by one — the chosen serials among them when the user chose, else the lowest. Answers those it keeps and
 * those it gives up.
 */
export function keptReturned(
  carried: readonly ReissuedStamps[],
  needs: readonly ProductStampNeed[],
  chosen: readonly StampRangeInput[] | undefined,
): { kept: ReissuedStamps[]; given: ReissuedStamps[] } {
  const wanted = new Map(byProduct(needs).map((need) => [need.productId, need.stamps]));
  const picked = chosen?.map((range) => ({ ...range, prefix: '' }));
  const kept: ReissuedStamps[] = [];
  const given: ReissuedStamps[] = [];
  for (const { productId, ranges } of carried) {
    const candidates = picked ? stampsWithin(ranges, picked) : ranges;
    const { taken } = firstStamps(candidates, wanted.get(productId) ?? 0);
    if (taken.length > 0) kept.push({ productId, ranges: taken });
    const rest = stampsMinus(ranges, taken);
    if (rest.length > 0) given.push({ productId, ranges: rest });
  }
  return { kept, given };
}

/** The event putting returned bottles an invoice gave up back in stock with their stamps (none when it gave none). */
export function backInStock(
  invoice: { invoiceId: string; invoiceNumber: string },
  given: readonly (ReissuedStamps & { name: string })[],
  reason: ReissuedStampsBackInStock['data']['reason'],
  now: string,
): ReissuedStampsBackInStock[] {
  if (given.length === 0) return [];
  return [
    {
      type: 'ReissuedStampsBackInStock',
      data: {
        invoiceId: invoice.invoiceId,
        invoiceNumber: invoice.invoiceNumber,
        allocationId: `invoice-${invoice.invoiceId}`,
        returns: given.map(({ productId, name, ranges }) => ({ productId, name, ranges })),
        reason,
        returnedAt: now,
      },
    },
  ];
}
