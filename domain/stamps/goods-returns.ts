import type { ReturnedStampsReissued, StampRecipient } from './stamp.events.js';
import { firstStamps, stampCount } from './stamp-ranges.js';
import { onBottlesOf, type StampLedger } from './stamp.state.js';

/** The stamps one product's bottles on a new invoice need (one per bottle: lines stamped per case excepted). */
export interface ProductStampNeed {
  productId: string;
  name: string;
  stamps: number;
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
  const wanted = new Map<string, ProductStampNeed>();
  for (const need of needs) {
    const before = wanted.get(need.productId);
    wanted.set(need.productId, { ...need, stamps: (before?.stamps ?? 0) + need.stamps });
  }
  for (const { productId, name, stamps } of wanted.values()) {
    const onBottles = onBottlesOf(state, productId);
    if (stamps <= 0 || onBottles.length === 0) continue;
    const { taken } = firstStamps(onBottles, stamps);
    if (taken.length > 0) reissues.push({ productId, name, ranges: taken });
  }
  if (reissues.length === 0) return { events: [], covered: 0 };
  return {
    events: [
      {
        type: 'ReturnedStampsReissued',
        data: {
          ...recipient,
          allocationId: `invoice-${recipient.invoiceId}`,
          reissues,
          reissuedAt: now,
        },
      },
    ],
    covered: reissues.reduce((sum, r) => sum + stampCount(r.ranges), 0),
  };
}
