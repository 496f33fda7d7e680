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
  data: { invoiceId: string; ranges: StampRange[]; changedAt: string };
}

export type StampHoldingEvent = StampHoldingChanged;

export interface StampHolding {
  /** False while nothing was recorded (an invoice created before the holding streams: see legacy holdings). */
  recorded: boolean;
  ranges: StampRange[];
}

export const STAMP_HOLDING_STREAM_PREFIX = 'stamp-holding-';
export const stampHoldingStream = (invoiceId: string) => `${STAMP_HOLDING_STREAM_PREFIX}${invoiceId}`;

export const initialState = (): StampHolding => ({ recorded: false, ranges: [] });

export function evolve(state: StampHolding, event: StampHoldingEvent): StampHolding {
  switch (event.type) {
    case 'StampHoldingChanged':
      return { recorded: true, ranges: event.data.ranges };
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

/** What an invoice holds after these ledger events (only its own are applied: allocated added, released taken). */
export function heldAfter(
  held: readonly StampRange[],
  invoiceId: string,
  events: readonly StampEvent[],
): StampRange[] {
  const prefixes = new Map<number, string>(held.map((r) => [r.rollId, r.prefix]));
  const sets = byRoll(held);
  for (const event of events) {
    if (event.type !== 'StampsAllocated' && event.type !== 'StampsReleased') continue;
    if (event.data.invoiceId !== invoiceId) continue;
    for (const [rollId, set] of byRoll(event.data.ranges)) {
      const prefix = event.data.ranges.find((r) => r.rollId === rollId)!.prefix;
      prefixes.set(rollId, prefix);
      const before = sets.get(rollId) ?? [];
      sets.set(rollId, event.type === 'StampsAllocated' ? union(before, set) : subtract(before, set));
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
): StampHoldingChanged[] {
  const touched = events.some(
    (e) => (e.type === 'StampsAllocated' || e.type === 'StampsReleased') && e.data.invoiceId === invoiceId,
  );
  if (!touched) return [];
  return [
    {
      type: 'StampHoldingChanged',
      data: { invoiceId, ranges: heldAfter(held, invoiceId, events), changedAt: now },
    },
  ];
}
