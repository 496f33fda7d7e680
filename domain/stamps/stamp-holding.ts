import { normalize, subtract, union } from './intervals.js';
import type { StampEvent, StampRange } from './stamp.events.js';
import { byRoll } from './stamp.state.js';

/**
 * The `stamp-holding-{invoiceId}` stream: the stamps one invoice holds, recorded after each change in
 * the same atomic append as the ledger's StampsAllocated / StampsReleased. The company's ledger keeps only which
 * stamps are invoiced (bounded state); what each invoice holds is this short stream's business, so an edit or a
 * cancel reads the invoice's own stamps in time independent of the company's history.
 */
export interface StampHoldingChanged {
  type: 'StampHoldingChanged';
  data: {
    invoiceId: string;
    ranges: StampRange[];
    /**
     * The stamps of bottles back in stock this invoice carries again, by product (every one it was given, also
     * those a credit memo took back since). Absent: unchanged, none for an invoice that never had any.
     */
    reissued?: ReissuedStamps[];
    changedAt: string;
  };
}

/** Stamps of returned bottles of one product an invoice carries again. */
export interface ReissuedStamps {
  productId: string;
  ranges: StampRange[];
}

export type StampHoldingEvent = StampHoldingChanged;

export interface StampHolding {
  /** False while nothing was recorded (an invoice created before the holding streams: see legacy holdings). */
  recorded: boolean;
  ranges: StampRange[];
  /** The stamps of returned bottles it was given, by product (credit memos map them back to their lines). */
  reissued?: ReissuedStamps[];
}

export const STAMP_HOLDING_STREAM_PREFIX = 'stamp-holding-';
export const stampHoldingStream = (invoiceId: string) => `${STAMP_HOLDING_STREAM_PREFIX}${invoiceId}`;

export const initialState = (): StampHolding => ({ recorded: false, ranges: [] });

export function evolve(state: StampHolding, event: StampHoldingEvent): StampHolding {
  switch (event.type) {
    case 'StampHoldingChanged':
      return {
        recorded: true,
        ranges: event.data.ranges,
        ...((event.data.reissued ?? state.reissued)
          ? { reissued: event.data.reissued ?? state.reissued }
          : {}),
      };
    default:
      return state;
  }
}

export const stampHoldingDecider = { evolve, initialState };

/** Ranges in order: by roll id, then number; one range per run. */
function ordered(byRollId: Map<number, { prefix: string; stamps: { from: number; to: number }[] }>) {
  return [...byRollId]
    .sort(([a], [b]) => a - b)
    .flatMap(([rollId, { prefix, stamps }]) => stamps.map(({ from, to }) => ({ rollId, prefix, from, to })));
}

/**
 * How a ledger event changes what one invoice holds: + stamps allocated, stamps of returned bottles carried again,
 * and stamps of a voided memo's goods back; − stamps released, stamps that came back with credited goods, and
 * returned bottles it no longer carries.
 */
function holdingDelta(
  event: StampEvent,
  invoiceId: string,
): { add: boolean; ranges: StampRange[] } | undefined {
  switch (event.type) {
    case 'StampsAllocated':
    case 'StampsReleased':
      return event.data.invoiceId === invoiceId
        ? { add: event.type === 'StampsAllocated', ranges: event.data.ranges }
        : undefined;
    case 'ReturnedStampsReissued':
      return event.data.invoiceId === invoiceId
        ? { add: true, ranges: event.data.reissues.flatMap((r) => r.ranges) }
        : undefined;
    case 'ReissuedStampsBackInStock':
      return event.data.invoiceId === invoiceId
        ? { add: false, ranges: event.data.returns.flatMap((r) => r.ranges) }
        : undefined;
    case 'StampsReturnedWithGoods':
    case 'StampsGoodsReturnReversed':
      return event.data.invoiceId === invoiceId
        ? {
            add: event.type === 'StampsGoodsReturnReversed',
            ranges: event.data.returns.flatMap((r) => r.ranges),
          }
        : undefined;
    default:
      return undefined;
  }
}

/** What an invoice holds after these ledger events (only its own are applied: allocated added, released taken). */
export function heldAfter(
  held: readonly StampRange[],
  invoiceId: string,
  events: readonly StampEvent[],
): StampRange[] {
  const prefixes = new Map<number, string>(held.map((r) => [r.rollId, r.prefix]));
  const sets = byRoll(held);
  for (const event of events) {
    const delta = holdingDelta(event, invoiceId);
    if (!delta) continue;
    for (const [rollId, set] of byRoll(delta.ranges)) {
      const prefix = delta.ranges.find((r) => r.rollId === rollId)!.prefix;
      prefixes.set(rollId, prefix);
      const before = sets.get(rollId) ?? [];
      sets.set(rollId, delta.add ? union(before, set) : subtract(before, set));
    }
  }
  const result = new Map<number, { prefix: string; stamps: { from: number; to: number }[] }>();
  for (const [rollId, set] of sets) {
    const stamps = normalize(set);
    if (stamps.length > 0) result.set(rollId, { prefix: prefixes.get(rollId)!, stamps: [...stamps] });
  }
  return ordered(result);
}

/** The holding stream's event for a decision's ledger events: none when they do not touch this invoice. */
export function holdingChanges(
  held: readonly StampRange[],
  invoiceId: string,
  events: readonly StampEvent[],
  now: string,
  reissuedBefore: readonly ReissuedStamps[] = [],
): StampHoldingChanged[] {
  const touched = events.some((e) => holdingDelta(e, invoiceId) !== undefined);
  if (!touched) return [];
  const reissued = [...reissuedBefore];
  for (const event of events)
    if (event.type === 'ReturnedStampsReissued' && event.data.invoiceId === invoiceId)
      for (const { productId, ranges } of event.data.reissues) reissued.push({ productId, ranges });
  return [
    {
      type: 'StampHoldingChanged',
      data: {
        invoiceId,
        ranges: heldAfter(held, invoiceId, events),
        ...(reissued.length > reissuedBefore.length ? { reissued } : {}),
        changedAt: now,
      },
    },
  ];
}
