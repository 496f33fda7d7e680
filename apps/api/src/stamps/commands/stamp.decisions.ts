import type { CommandMetadata } from '#domain/shared/decider.js';
import { allocateHeldStamps, releaseHeldStamps } from '#domain/stamps/held-stamps.js';
import type { AllocateStampsData, ReleaseStamps, StampCommand } from '#domain/stamps/stamp.commands.js';
import { stampLedgerDecider } from '#domain/stamps/stamp.decide.js';
import { stampsStream, type StampRange } from '#domain/stamps/stamp.events.js';
import { stampHoldingDecider, stampHoldingStream } from '#domain/stamps/stamp-holding.js';
import { declareDecision, streamDecision } from '#engine';
import { WAITS_FOR } from '../../read-your-writes.js';

/**
 * The stamp writes, declared: the streams each decides over, its domain decision and the read models its answer
 * waits for.
 */

/** A command on the company's stamp ledger alone (a roll received, switched, stamps assigned, destroyed, restored). */
export function stampLedgerDecision(command: StampCommand) {
  return declareDecision({
    streams: { stamps: streamDecision(stampsStream(command.metadata.companyId), stampLedgerDecider) },
    decide: ({ stamps }) => ({ stamps: stampLedgerDecider.decide(command, stamps) }),
    waitFor: WAITS_FOR.stamps,
  });
}

/** The company's stamp ledger and the invoice's holding stream, decided together. */
const heldStreams = (companyId: string, invoiceId: string) => ({
  stamps: streamDecision(stampsStream(companyId), stampLedgerDecider),
  holding: streamDecision(stampHoldingStream(invoiceId), stampHoldingDecider),
});

/** An invoice's stamps allocated (a count or ranges); `heldBefore`: what it held when read. */
export function allocateStampsDecision(
  data: AllocateStampsData,
  heldBefore: readonly StampRange[],
  metadata: CommandMetadata,
) {
  return declareDecision({
    streams: heldStreams(metadata.companyId, data.invoiceId),
    decide: (states) => allocateHeldStamps(states, data, heldBefore, metadata.now),
    waitFor: WAITS_FOR.stamps,
  });
}

/** An invoice's stamps released; `heldBefore`: what it held when read. */
export function releaseStampsDecision(
  data: Omit<ReleaseStamps['data'], 'held'>,
  heldBefore: readonly StampRange[],
  metadata: CommandMetadata,
) {
  return declareDecision({
    streams: heldStreams(metadata.companyId, data.invoiceId),
    decide: (states) => releaseHeldStamps(states, data, heldBefore, metadata.now),
    waitFor: WAITS_FOR.stamps,
  });
}
