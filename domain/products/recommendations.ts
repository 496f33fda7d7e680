import { daysBetween } from '../shared/business-date.js';

/**
 * Product recommendations for one customer (GET /product/recommendation), explainable in one line each:
 *
 * - the customer's own products, most often bought first (on the most of its invoice days of the last year), then the
 *   most recently bought. On the demo year nothing tried ranked better (weighting by how due a product is, by recent
 *   days, or choosing the five that covered most past invoices all did worse; README, recommendation figures):
 *   - **reorder** when the usual interval (first to last purchase over the purchases) has nearly passed since the
 *     last one (at least 80 % of it): 'bought every ~14 days, last 16 days ago';
 *   - **usual** otherwise: 'on 9 of its 12 invoice days, last 3 days ago'.
 * - **similar**: a product the customer never bought that many of the customers who buy its usual product (the
 *   anchor: what it buys most often) also buy — at least 2 of them and 30 %: 'bought by 7 of 9 customers who buy X'.
 *   Most shared first, `SIMILAR_SHOWN` of them after the customer's own (discovery: they take no place from them).
 *
 * At most `limit` of the customer's own. Pure: the handler reads the purchases from the read models.
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
  kind: 'reorder' | 'usual' | 'similar';
  reason: string;
}

/** Share of the usual interval that must have passed for a reorder to be due. */
const DUE_SHARE = 0.8;
/** Peers needed for a 'similar' recommendation: at least this many, and this share of them. */
const MIN_BUYERS = 2;
const MIN_PEER_SHARE = 0.3;
/** The customer's own products shown (the hit rate at 5 of the bench is theirs). */
export const RECOMMENDATIONS_SHOWN = 5;
/** Peers' products shown after them: discovery, which a next invoice rarely confirms. */
export const SIMILAR_SHOWN = 2;

const daysText = (n: number) => `${n} day${n === 1 ? '' : 's'}`;

export function recommend(
  today: string,
  history: readonly PurchaseDays[],
  peers: PeerPurchases | undefined,
  limit = RECOMMENDATIONS_SHOWN,
): Recommendation[] {
  const invoiceDays = new Set(history.flatMap(({ days }) => days)).size;
  const own = history
    .map(({ productId, days }) => {
      const sorted = [...new Set(days)].sort();
      const since = daysBetween(sorted.at(-1)!, today);
      const interval =
        sorted.length < 2
          ? undefined
          : Math.max(1, Math.round(daysBetween(sorted[0]!, sorted.at(-1)!) / (sorted.length - 1)));
      const due = interval !== undefined && since >= DUE_SHARE * interval;
      const recommendation: Recommendation = due
        ? {
            productId,
            kind: 'reorder',
            reason: `bought every ~${daysText(interval)}, last ${daysText(since)} ago`,
          }
        : {
            productId,
            kind: 'usual',
            reason: `on ${sorted.length} of its ${invoiceDays} invoice days, last ${daysText(since)} ago`,
          };
      return { recommendation, count: sorted.length, since };
    })
    .sort(
      (a, b) =>
        b.count - a.count ||
        a.since - b.since ||
        a.recommendation.productId.localeCompare(b.recommendation.productId),
    )
    .map(({ recommendation }) => recommendation);
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
        .map((c): Recommendation => ({
          productId: c.productId,
          kind: 'similar',
          reason: `bought by ${c.buyers} of ${peers.peerCount} customers who buy ${peers.anchorName}`,
        }))
    : [];
  return [...own.slice(0, limit), ...similar.slice(0, SIMILAR_SHOWN)];
}
