import type { ChainHead, EventStore } from './event-store.port.js';

/**
 * The company's hash-chain head at an instant (issue 18 §8): the chain entry of its last event that happened by
 * then. Null when the store keeps no chain (the KurrentDB adapter) or the company had no event yet.
 */
export async function chainHeadAt(
  store: EventStore,
  companyId: string,
  asOf: string,
): Promise<ChainHead | null> {
  return store.chainHead ? store.chainHead(companyId, asOf) : null;
}
