import type { StampCommand } from '#domain/stamps/stamp.commands.js';
import { stampLedgerDecider } from '#domain/stamps/stamp.decide.js';
import { stampsStream } from '#domain/stamps/stamp.events.js';
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
