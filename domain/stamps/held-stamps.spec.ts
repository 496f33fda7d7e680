import { fold } from '../shared/decider.js';
import { allocateHeldStamps, releaseHeldStamps } from './held-stamps.js';
import { stampLedgerDecider } from './stamp.decide.js';
import type { StampEvent } from './stamp.events.js';
import { aStampRollReceived, aStampsAllocated, NOW } from './stamp.fixtures.js';
import { stampHoldingDecider, type StampHoldingChanged } from './stamp-holding.js';

const AB = (from: number, to: number) => ({ rollId: 1, prefix: 'AB', from, to });
const heldByInv1 = aStampsAllocated(
  { from: 1000, to: 1009 },
  { allocationId: 'invoice-inv-1', invoiceId: 'inv-1' },
);
const holding = (ranges: ReturnType<typeof AB>[]): StampHoldingChanged => ({
  type: 'StampHoldingChanged',
  data: { invoiceId: 'inv-1', ranges, changedAt: NOW },
});

/** given the ledger's and the holding stream's events, when the decision runs over their states */
const given = (ledger: StampEvent[], held: StampHoldingChanged[] = []) => ({
  stamps: fold(stampLedgerDecider, ledger),
  holding: fold(stampHoldingDecider, held),
});

describe("An invoice's held stamps", () => {
  it('allocates the shortfall and records what the invoice holds after, on its holding stream', () => {
    const decided = allocateHeldStamps(
      given([aStampRollReceived(), heldByInv1], [holding([AB(1000, 1009)])]),
      { invoiceId: 'inv-1', invoiceNumber: '1001', count: 12 },
      [],
      NOW,
    );
    expect(decided.stamps.map((event) => event.type)).toEqual(['StampsAllocated']);
    expect(decided.holding).toEqual([holding([AB(1000, 1011)])]);
  });

  it('takes what an invoice from before the holding streams holds from the stamps read before', () => {
    const decided = releaseHeldStamps(
      given([aStampRollReceived(), heldByInv1]),
      { invoiceId: 'inv-1', reason: 'cancelled' },
      [AB(1000, 1009)],
      NOW,
    );
    expect(decided.stamps.flatMap((event) => event.data.ranges)).toEqual([AB(1000, 1009)]);
    expect(decided.holding).toEqual([holding([])]);
  });

  it('records nothing on the holding stream when the invoice holds nothing to release', () =>
    expect(
      releaseHeldStamps(given([aStampRollReceived()], [holding([])]), { invoiceId: 'inv-1' }, [], NOW),
    ).toEqual({ stamps: [], holding: [] }));
});
