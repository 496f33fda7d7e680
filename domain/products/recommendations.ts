import { daysBetween } from '../shared/business-date.js';

/**
 * Product recommendations for one customer (issue 17 §2, GET /product/recommendation), explainable in one line each:
 *
 * - **reorder**: a product the customer bought on at least two days, whose usual interval (first to last purchase
 *   over the purchases) has nearly passed since the last one (at least 80 % of it): 'bought every ~14 days, last 16
 *   days ago'. Most overdue first.
 * - **similar**: a product the customer never bought that many of the customers who buy its usual product (the
 *   anchor: what it buys most often) also buy — at least 2 of them and 30 %: 'bought by 7 of 9 customers who buy X'.
 *   Most shared first.
 *
 * The customer's own rhythm comes first, then what its peers buy; at most `limit` in all. Pure: the handler reads the
 * purchases from the read models.
 */
export interface PurchaseDays {
  productId: string;
  /** the distinct business days (YYYY-MM-DD) the customer was invoiced the product, any order */
  days: string[];
}

export interface PeerPurchases {
  /** the customer's most bought product, its name as shown */
  anchorName: string;
  /** customers (other than this one) who bought the anchor */
  peerCount: number;
  /** products this customer never bought, and how many of those peers bought each */
  candidates: { productId: string; buyers: number }[];
}

export interface Recommendation {
  productId: string;
  kind: 'reorder' | 'similar';
  reason: string;
}

/** Share of the usual interval that must have passed for a reorder to be due. */
const DUE_SHARE = 0.8;
/** Peers needed for a 'similar' recommendation: at least this many, and this share of them. */
const MIN_BUYERS = 2;
const MIN_PEER_SHARE = 0.3;
export const RECOMMENDATIONS_SHOWN = 5;

const daysText = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

export function recommend(
  today: string,
  history: readonly PurchaseDays[],
  peers: PeerPurchases | undefined,
  limit = RECOMMENDATIONS_SHOWN,
): Recommendation[] {
  const reorders = history
    .flatMap(({ productId, days }) => {
      const sorted = [...new Set(days)].sort();
      if (sorted.length < 2) return [];
      const interval = Math.max(1, Math.round(daysBetween(sorted[0]!, sorted.at(-1)!) / (sorted.length - 1)));
      const since = daysBetween(sorted.at(-1)!, today);
      if (since < DUE_SHARE * interval) return [];
      return [
        {
          productId,
          kind: 'reorder' as const,
          reason: `bought every ~${daysText(interval)}, last ${daysText(since)} ago`,
          score: since / interval,
        },
      ];
    })
    .sort((a, b) => b.score - a.score || a.productId.localeCompare(b.productId));
  const bought = new Set(history.map((h) => h.productId));
  const similar = peers
    ? peers.candidates
        .filter(
          (c) =>
            !bought.has(c.productId) &&
            c.buyers >= MIN_BUYERS &&
            c.buyers >= MIN_PEER_SHARE * peers.peerCount,
        )
        .sort((a, b) => b.buyers - a.buyers || a.productId.localeCompare(b.productId))
        .map((c) => ({
          productId: c.productId,
          kind: 'similar' as const,
          reason: `bought by ${c.buyers} of ${peers.peerCount} customers who buy ${peers.anchorName}`,
        }))
    : [];
  return [...reorders.map(({ score: _score, ...r }) => r), ...similar].slice(0, limit);
}
