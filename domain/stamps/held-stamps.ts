import type { AllocateStampsData, ReleaseStamps } from './stamp.commands.js';
import { allocateStamps, releaseStamps } from './stamp.decide.js';
import type { StampEvent, StampRange, StampsReleased } from './stamp.events.js';
import { holdingChanges, type StampHolding, type StampHoldingChanged } from './stamp-holding.js';
import type { StampLedger } from './stamp.state.js';

/**
 * An invoice's stamps allocated or released outside an invoice edit: the ledger decides, and the invoice's holding
 * stream records what it holds after, in the same decision. What the invoice holds is its holding stream once that
 * recorded something, else `heldBefore` (read from the stamp log for an invoice from before the holding streams).
 */
type HeldStates = { stamps: StampLedger; holding: StampHolding };

export const heldOf = (holding: StampHolding, heldBefore: readonly StampRange[]): StampRange[] =>
  holding.recorded ? holding.ranges : [...heldBefore];

/** The invoice ends up holding what `data` asks for (a count, or ranges). */
export function allocateHeldStamps(
  states: HeldStates,
  data: AllocateStampsData,
  heldBefore: readonly StampRange[],
  now: string,
): { stamps: StampEvent[]; holding: StampHoldingChanged[] } {
  const held = heldOf(states.holding, heldBefore);
  const stamps = allocateStamps(states.stamps, { ...data, held }, now);
  return { stamps, holding: holdingChanges(held, data.invoiceId, stamps, now) };
}

/** The invoice's stamps all released (its cancel, or a release asked for). */
export function releaseHeldStamps(
  states: HeldStates,
  data: Omit<ReleaseStamps['data'], 'held'>,
  heldBefore: readonly StampRange[],
  now: string,
): { stamps: StampsReleased[]; holding: StampHoldingChanged[] } {
  const held = heldOf(states.holding, heldBefore);
  const stamps = releaseStamps(states.stamps, { ...data, held }, now);
  return { stamps, holding: holdingChanges(held, data.invoiceId, stamps, now) };
}
