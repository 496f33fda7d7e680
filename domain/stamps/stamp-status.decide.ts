import { formatRange, formatRanges, interval, intersect, subtract } from './intervals.js';
import type { RecordStampReplacement, RecordStampStatus, SerialInput } from './stamp.commands.js';
import { stampError } from './stamp.errors.js';
import {
  EXTENDED_STAMP_STATUSES,
  type ExtendedStampStatus,
  type StampRecorder,
  type StampRef,
  type StampReplacementRecorded,
  type StampsStatusRecorded,
} from './stamp.events.js';
import { normalizePrefix, stampStatus, toStampRanges } from './stamp.rules.js';
import { availableStamps, findRoll, stampKey, type StampLedger } from './stamp.state.js';

/** The longest note a status or replacement keeps. */
export const MAX_STAMP_STATUS_NOTE = 500;

/** How a status reads in messages and records: 'lost', 'returned to the state'. */
export const STATUS_WORDS: Record<ExtendedStampStatus, string> = {
  lost: 'lost',
  stolen: 'stolen',
  voided: 'voided',
  returned_to_state: 'returned to the state',
};

const isExtendedStatus = (value: unknown): value is ExtendedStampStatus =>
  (EXTENDED_STAMP_STATUSES as readonly unknown[]).includes(value);

function requiredNote(note: string | null | undefined): string {
  const text = note?.trim() ?? '';
  if (!text) throw stampError('STAMP_STATUS_NOTE_REQUIRED');
  if (text.length > MAX_STAMP_STATUS_NOTE) throw stampError('STAMP_STATUS_NOTE_TOO_LONG');
  return text;
}

function optionalNote(note: string | null | undefined): string | null {
  const text = note?.trim() ?? '';
  if (text.length > MAX_STAMP_STATUS_NOTE) throw stampError('STAMP_STATUS_NOTE_TOO_LONG');
  return text || null;
}

/**
 * Stamps of one roll, every one of them in stock, become lost, stolen, voided or returned to the
 * state, with a note and who recorded it. All or nothing: a stamp of the range that is affixed, destroyed or has a
 * status already refuses the whole range (the record must say exactly which serials). Off unless the company's
 * `extendedStampStatuses` setting is on.
 */
export function recordStampStatus(
  { data, metadata }: RecordStampStatus,
  state: StampLedger,
): (StampsStatusRecorded | StampReplacementRecorded)[] {
  if (!data.enabled) throw stampError('STAMP_STATUSES_OFF');
  if (!isExtendedStatus(data.status)) throw stampError('STAMP_STATUS_INVALID');
  const status = data.status;
  const note = requiredNote(data.note);
  const roll = findRoll(state, data.rollId);
  if (!roll) throw stampError('STAMP_ROLL_NOT_FOUND');
  const rollRange = formatRange(roll.prefix, roll.from, roll.to);
  const outside = (n: number) => !Number.isSafeInteger(n) || n < roll.from || n > roll.to;
  if (outside(data.from) || outside(data.to)) {
    const message = `From and to must lie within the roll range ${rollRange}.`;
    throw stampError('DESTROY_OUTSIDE_ROLL', { range: rollRange }, [
      ...(outside(data.from) ? [{ field: 'from', message }] : []),
      ...(outside(data.to) ? [{ field: 'to', message }] : []),
    ]);
  }
  if (data.to < data.from) throw stampError('DESTROY_END_BELOW_START');
  const asked = [interval(data.from, data.to)];
  const notInStock = subtract(asked, intersect(availableStamps(roll), asked));
  if (notInStock.length > 0) {
    throw stampError('STAMP_STATUS_NOT_IN_STOCK', {
      status: STATUS_WORDS[status],
      ranges: formatRanges(roll.prefix, notInStock),
      plural: notInStock.length === 1 && notInStock[0]!.from === notInStock[0]!.to ? 1 : 2,
    });
  }
  const recorded: StampsStatusRecorded = {
    type: 'StampsStatusRecorded',
    data: {
      recordId: state.statusRecords + 1,
      status,
      rollId: roll.rollId,
      prefix: roll.prefix,
      from: data.from,
      to: data.to,
      ranges: toStampRanges(roll, asked),
      note,
      recordedBy: recorder(data.recordedBy),
      recordedAt: metadata.now,
    },
  };
  if (!data.replacement) return [recorded];
  if (status === 'returned_to_state') {
    throw stampError('REPLACEMENT_NOT_REPLACEABLE', {
      stamp: formatRange(roll.prefix, data.from, data.to),
      status: STATUS_WORDS[status],
    });
  }
  if (data.from !== data.to) throw stampError('REPLACEMENT_ONE_STAMP');
  const original: StampRef = { rollId: roll.rollId, prefix: roll.prefix, number: data.from };
  const replacement = usableReplacement(state, original, data.replacement);
  return [
    recorded,
    {
      type: 'StampReplacementRecorded',
      data: {
        original,
        originalStatus: status,
        replacement,
        note,
        recordedBy: recorder(data.recordedBy),
        recordedAt: metadata.now,
      },
    },
  ];
}

/**
 * `replacement` was issued in place of `original`, which is lost, stolen, voided or destroyed. Each
 * stamp is replaced at most once and replaces at most one; the replacement is in stock or affixed (not itself lost,
 * destroyed…).
 */
export function recordStampReplacement(
  { data, metadata }: RecordStampReplacement,
  state: StampLedger,
): StampReplacementRecorded[] {
  if (!data.enabled) throw stampError('STAMP_STATUSES_OFF');
  const note = optionalNote(data.note);
  const prefix = normalizePrefix(data.original.prefix);
  const found = stampStatus(state, prefix, data.original.number);
  const label = `${prefix}${data.original.number}`;
  if (!found)
    throw stampError('STAMP_NOT_FOUND', { stamp: label }, [
      { field: 'number', message: `No stamp ${label} found` },
    ]);
  const originalStatus = replaceableStatus(found.status);
  if (!originalStatus)
    throw stampError('REPLACEMENT_NOT_REPLACEABLE', { stamp: label, status: statusWord(found.status) });
  const original: StampRef = { rollId: found.roll.rollId, prefix, number: data.original.number };
  const replacement = usableReplacement(state, original, data.replacement);
  return [
    {
      type: 'StampReplacementRecorded',
      data: {
        original,
        originalStatus,
        replacement,
        note,
        recordedBy: recorder(data.recordedBy),
        recordedAt: metadata.now,
      },
    },
  ];
}

const recorder = (by: StampRecorder): StampRecorder => ({ userId: by.userId ?? null, name: by.name ?? null });

function replaceableStatus(status: string): StampReplacementRecorded['data']['originalStatus'] | undefined {
  switch (status) {
    case 'LOST':
      return 'lost';
    case 'STOLEN':
      return 'stolen';
    case 'VOIDED':
      return 'voided';
    case 'DESTROYED':
      return 'destroyed';
    default:
      return undefined;
  }
}

const statusWord = (status: string) =>
  status === 'RETURNED' ? 'returned to the state' : status === 'INVOICED' ? 'affixed' : status.toLowerCase();

/**
 * The replacement stamp, checked: received, in stock or affixed, not the original, not replacing another. Its prefix
 * left out (null) is the original's.
 */
function usableReplacement(state: StampLedger, original: StampRef, input: SerialInput): StampRef {
  const prefix = input.prefix === null ? original.prefix : normalizePrefix(input.prefix);
  const label = `${prefix}${input.number}`;
  const found = Number.isSafeInteger(input.number) ? stampStatus(state, prefix, input.number) : undefined;
  if (!found)
    throw stampError('STAMP_NOT_FOUND', { stamp: label }, [
      { field: 'replacement_number', message: `No stamp ${label} found` },
    ]);
  const replacement: StampRef = { rollId: found.roll.rollId, prefix, number: input.number };
  if (stampKey(replacement) === stampKey(original)) throw stampError('REPLACEMENT_ITSELF');
  const already = state.replacedBy[stampKey(original)];
  if (already !== undefined)
    throw stampError('REPLACEMENT_ALREADY_REPLACED', {
      stamp: `${original.prefix}${original.number}`,
      other: serialOfKey(state, already),
    });
  if (found.status !== 'AVAILABLE' && found.status !== 'INVOICED')
    throw stampError('REPLACEMENT_UNUSABLE', { stamp: label, status: statusWord(found.status) });
  const replaces = state.replaces[stampKey(replacement)];
  if (replaces !== undefined)
    throw stampError('REPLACEMENT_TAKEN', { stamp: label, other: serialOfKey(state, replaces) });
  return replacement;
}

/** `rollId:number` as a serial, `AB1005`. */
export function serialOfKey(state: StampLedger, key: string): string {
  const [rollId, number] = key.split(':').map(Number);
  const roll = findRoll(state, rollId!);
  return `${roll?.prefix ?? ''}${number}`;
}
