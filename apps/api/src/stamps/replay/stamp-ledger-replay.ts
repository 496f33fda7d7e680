import { formatRanges } from '#domain/stamps/intervals.js';
import { stampsStream, type StampEvent } from '#domain/stamps/stamp.events.js';
import { stampLedgerReport, type StampLedgerReport } from '#domain/stamps/stamp.report.js';
import { evolve, initialState } from '#domain/stamps/stamp.state.js';
import type { EventStore } from '#engine';
import { csvLine } from '../../infra/csv/csv-format.js';

export interface StampLedgerAsOf extends StampLedgerReport {
  companyId: string;
  asOf: string;
  /** Events of `stamps-{companyId}` replayed (the stream's first `events` events). */
  events: number;
}

/**
 * Replays `stamps-{companyId}` to an instant: the events that happened at or before `asOf`. It
 * stops at the first later event, so the state is always one the ledger really was in (a prefix of the stream);
 * `occurredAt` is the command's time, so commands racing within milliseconds may end the prefix a moment early.
 */
export async function replayStampLedger(
  store: EventStore,
  companyId: string,
  asOf: string,
): Promise<StampLedgerAsOf> {
  const cutoff = Date.parse(asOf);
  if (Number.isNaN(cutoff)) throw new Error(`Not an instant: ${asOf}`);
  let state = initialState();
  let events = 0;
  for await (const stored of store.readStream(stampsStream(companyId))) {
    if (Date.parse(stored.metadata.occurredAt) > cutoff) break;
    state = evolve(state, stored as unknown as StampEvent);
    events++;
  }
  return { companyId, asOf: new Date(cutoff).toISOString(), events, ...stampLedgerReport(state) };
}

const STATUSES = [
  ['AVAILABLE', 'available', 'availableCount'],
  ['INVOICED', 'invoiced', 'invoicedCount'],
  ['DESTROYED', 'destroyed', 'destroyedCount'],
] as const;

const WITHDRAWN_LABEL = {
  lost: 'LOST',
  stolen: 'STOLEN',
  voided: 'VOIDED',
  returned_to_state: 'RETURNED',
} as const;

/** One line per range of each roll and status, then the totals. */
export function stampLedgerCsv(report: StampLedgerAsOf): string {
  let csv = csvLine([
    'As of',
    'Roll',
    'Prefix',
    'Roll From',
    'Roll To',
    'Received',
    'Active',
    'Status',
    'From',
    'To',
    'Count',
  ]);
  for (const roll of report.rolls) {
    for (const [status, key] of STATUSES) {
      for (const { from, to } of roll[key]) {
        csv += csvLine([
          report.asOf,
          roll.rollId,
          roll.prefix,
          roll.from,
          roll.to,
          roll.receivedOn,
          roll.active ? 'yes' : 'no',
          status,
          from,
          to,
          to - from + 1,
        ]);
      }
    }
  }
  // Stamps lost, stolen, voided or returned to the state (none unless the setting was used).
  for (const roll of report.rolls) {
    for (const { status, from, to } of roll.withdrawn ?? []) {
      csv += csvLine([
        report.asOf,
        roll.rollId,
        roll.prefix,
        roll.from,
        roll.to,
        roll.receivedOn,
        roll.active ? 'yes' : 'no',
        WITHDRAWN_LABEL[status],
        from,
        to,
        to - from + 1,
      ]);
    }
  }
  // Stamps on bottles credit memos put back in stock (part of INVOICED: still affixed), by product.
  for (const { productId, ranges } of report.onReturnedBottles ?? [])
    for (const { rollId, prefix, from, to } of ranges) {
      const roll = report.rolls.find((r) => r.rollId === rollId);
      csv += csvLine([
        report.asOf,
        rollId,
        prefix,
        roll?.from ?? '',
        roll?.to ?? '',
        roll?.receivedOn ?? '',
        roll ? (roll.active ? 'yes' : 'no') : '',
        `ON RETURNED BOTTLE (product ${productId})`,
        from,
        to,
        to - from + 1,
      ]);
    }
  for (const [status, key] of STATUSES) {
    csv += csvLine([report.asOf, 'ALL', '', '', '', '', '', status, '', '', report.totals[key]]);
  }
  return csv;
}

/** The report as the CLI prints it. */
export function stampLedgerText(report: StampLedgerAsOf): string {
  const lines = [
    `Stamp ledger of company ${report.companyId} as of ${report.asOf} (${report.events} events)`,
  ];
  if (report.rolls.length === 0) lines.push('  no stamp roll received');
  for (const roll of report.rolls) {
    const state = roll.finished ? 'finished' : roll.active ? 'active' : 'inactive';
    lines.push(
      `Roll ${roll.rollId}  ${formatRanges(roll.prefix, [roll])}  received ${roll.receivedOn}  ${state}  ${roll.size} stamps`,
    );
    for (const [status, key, countKey] of STATUSES) {
      const count = roll[countKey];
      lines.push(
        `  ${status.padEnd(10)} ${String(count).padStart(8)}  ${formatRanges(roll.prefix, roll[key]) || '-'}`,
      );
    }
    for (const { status, from, to } of roll.withdrawn ?? [])
      lines.push(
        `  ${WITHDRAWN_LABEL[status].padEnd(10)} ${String(to - from + 1).padStart(8)}  ${formatRanges(roll.prefix, [{ from, to }])}`,
      );
  }
  const t = report.totals;
  lines.push(
    `Totals: ${t.size} stamps, ${t.available} available, ${t.invoiced} invoiced, ${t.destroyed} destroyed`,
  );
  return lines.join('\n');
}
