import { isUuid } from '#domain/shared/field-rules.js';
import { writeFileSync } from 'node:fs';
import type { EventStore } from '#engine';
import {
  replayStampLedger,
  stampLedgerCsv,
  stampLedgerText,
} from '../../api/src/stamps/replay/stamp-ledger-replay.js';

export const STAMPS_REPLAY_USAGE = 'stamps:replay --company <company id> --as-of <date-time> [--csv <file>]';

const INSTANT = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export interface StampsReplayArgs {
  companyId: string;
  asOf: string;
  csv?: string;
}

/** `--company <id> --as-of <ISO date-time> [--csv <file>]`, or the problem with them. */
export function parseStampsReplayArgs(args: string[]): StampsReplayArgs | { error: string } {
  const value = (flag: string) => {
    const at = args.indexOf(flag);
    return at === -1 ? undefined : args[at + 1];
  };
  const companyId = value('--company');
  const asOf = value('--as-of');
  const csv = value('--csv');
  if (!companyId || !isUuid(companyId))
    return { error: `--company needs a company id (a uuid). ${STAMPS_REPLAY_USAGE}` };
  if (!asOf || !INSTANT.test(asOf) || Number.isNaN(Date.parse(asOf))) {
    return {
      error: `--as-of needs an ISO 8601 date-time, e.g. 2026-11-21T18:00:00Z. ${STAMPS_REPLAY_USAGE}`,
    };
  }
  if (args.includes('--csv') && (!csv || csv.startsWith('--')))
    return { error: `--csv needs a file name. ${STAMPS_REPLAY_USAGE}` };
  return { companyId, asOf, ...(csv ? { csv } : {}) };
}

/**
 * Replays `stamps-{companyId}` to an instant and prints each roll's available / invoiced / destroyed ranges and
 * the totals; `--csv` also writes them to a file (the same report as GET /stamp/as-of/download).
 */
export async function stampsReplay(store: EventStore, args: string[]): Promise<number> {
  const parsed = parseStampsReplayArgs(args);
  if ('error' in parsed) {
    console.error(parsed.error);
    return 1;
  }
  const report = await replayStampLedger(store, parsed.companyId, parsed.asOf);
  console.log(stampLedgerText(report));
  if (parsed.csv) {
    writeFileSync(parsed.csv, stampLedgerCsv(report));
    console.log(`CSV written to ${parsed.csv}`);
  }
  return 0;
}
