import type { ChainHead, EventStore } from './event-store.port.js';

/**
 * The company's hash-chain head a document made from these events reached: the highest link among
 * them. Null when the store keeps no chain (the KurrentDB adapter) or none of them is linked.
 */
export async function chainHeadOf(
  store: EventStore,
  companyId: string,
  eventIds: readonly string[],
): Promise<ChainHead | null> {
  return store.chainLinkOf ? store.chainLinkOf(companyId, eventIds) : null;
}
