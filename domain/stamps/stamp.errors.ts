import { DomainError, type DomainErrorKind } from '../shared/domain-error.js';

type Values = Record<string, string | number>;

interface Entry {
  kind: DomainErrorKind;
  /** The request field the message belongs under (`details`), when there is one. */
  field?: string;
  message: (values: Values) => string;
}

/**
 * Stamp ledger errors. Texts quoted of the client's specification's "Stamp range in the builder" and §3/§4 are copied exactly
 * (including their wording); the others are ours.
 */
const catalogue = {
  // the client's specification's Stamp roll create
  STAMP_ROLL_FROM_BELOW_ONE: { kind: 'invalid', field: 'from', message: () => 'From must be at least 1.' },
  STAMP_ROLL_END_BELOW_START: {
    kind: 'invalid',
    field: 'to',
    message: () => 'Stamp roll must end in a larger value than the start',
  },
  STAMP_ROLL_RECEIVED_TOO_LATE: {
    kind: 'invalid',
    field: 'received_at',
    message: (v) => `Received date must not be later than 3 days after today (${v.latest}).`,
  },
  STAMP_ROLL_RECEIVED_INVALID: {
    kind: 'invalid',
    field: 'received_at',
    message: () => 'Received date must be a date (YYYY-MM-DD).',
  },
  STAMP_ROLL_OVERLAPS: {
    kind: 'conflict',
    field: 'from',
    message: (v) => `Stamp roll ${v.range} overlaps stamp roll ${v.other} with the same prefix.`,
  },
  STAMP_ROLL_NOT_FOUND: { kind: 'not_found', field: 'roll_id', message: () => 'No roll found' },
  STAMP_ROLL_FINISHED: {
    kind: 'invalid',
    field: 'active',
    message: () => 'This stamp roll is finished: it cannot be activated or deactivated.',
  },
  // the client's specification's Stamp range in the builder
  STAMP_BELOW_FIRST_AVAILABLE: {
    kind: 'invalid',
    field: 'from',
    message: (v) => `Stamp number ${v.n} is below the first available stamp ${v.x} in the roll.`,
  },
  STAMP_ABOVE_LAST_AVAILABLE: {
    kind: 'invalid',
    field: 'to',
    message: (v) => `Stamp number ${v.n} is above the last available stamp ${v.x} in the roll.`,
  },
  STAMP_END_BELOW_START: {
    kind: 'invalid',
    field: 'to',
    message: (v) =>
      `End Stamp number must be above the first available stamp ${v.x} and the start stamp number ${v.y} the roll.`,
  },
  STAMP_RANGE_OVERLAPS: {
    kind: 'invalid',
    field: 'ranges',
    message: (v) => `${v.range} is overlapping with already added stamp range ${v.other}`,
  },
  STAMP_NOT_AVAILABLE: {
    kind: 'conflict',
    field: 'from',
    message: (v) => `Stamp number ${v.n} is not available in the roll.`,
  },
  STAMP_ON_OTHER_BOTTLE: {
    kind: 'conflict',
    field: 'stamps',
    message: (v) =>
      `Stamp ${v.stamp} is on a returned bottle that this invoice does not carry: it goes out only with that bottle.`,
  },
  STAMP_ROLL_EMPTY: {
    kind: 'invalid',
    field: 'roll_id',
    message: () => 'No stamps are available in this roll.',
  },
  // The client's specification: no roll yet
  STAMP_ROLL_MISSING: {
    kind: 'invalid',
    field: 'stamps',
    message: () => 'Stamp roll missing - Please add your current stamp roll before creating an invoice',
  },
  STAMPS_NOT_ENOUGH: {
    kind: 'conflict',
    field: 'stamps',
    message: (v) => `Not enough stamps: ${v.needed} needed, ${v.available} available in active rolls.`,
  },
  STAMP_COUNT_INVALID: {
    kind: 'invalid',
    field: 'count',
    message: () => 'The number of stamps must be a whole number of 0 or more.',
  },
  // the client's specification's Stamps / §5 Destroy
  DESTROY_OUTSIDE_ROLL: {
    kind: 'invalid',
    field: 'from',
    message: (v) => `From and to must lie within the roll range ${v.range}.`,
  },
  DESTROY_END_BELOW_START: {
    kind: 'invalid',
    field: 'to',
    message: () => 'The end stamp number must not be below the start stamp number.',
  },
  NONE_DESTROYED: { kind: 'invalid', field: 'from', message: (v) => `None destroyed in range ${v.range}.` },
  DESTROY_RECORD_NOT_FOUND: {
    kind: 'not_found',
    field: 'ids',
    message: (v) => `No destroyed stamps record ${v.id}.`,
  },
  // Lost, stolen, voided and returned stamps; replacements (ours)
  STAMP_STATUSES_OFF: {
    kind: 'forbidden',
    message: () =>
      'Lost, stolen, voided and returned stamps are not switched on for your company. The owner can switch them on in Settings, under TABC compliance.',
  },
  STAMP_STATUS_INVALID: {
    kind: 'invalid',
    field: 'status',
    message: () => "Status must be 'lost', 'stolen', 'voided' or 'returned_to_state'.",
  },
  STAMP_STATUS_NOTE_REQUIRED: {
    kind: 'invalid',
    field: 'note',
    message: () => 'Please add a note saying what happened to the stamps.',
  },
  STAMP_STATUS_NOTE_TOO_LONG: {
    kind: 'invalid',
    field: 'note',
    message: () => 'The note must be at most 500 characters.',
  },
  STAMP_STATUS_NOT_IN_STOCK: {
    kind: 'conflict',
    field: 'from',
    message: (v) =>
      `Only stamps in stock can be recorded ${v.status}: ${v.ranges} ${v.plural === 1 ? 'is' : 'are'} not available.`,
  },
  STAMP_NOT_FOUND: { kind: 'not_found', field: 'number', message: (v) => `No stamp ${v.stamp} found` },
  REPLACEMENT_ONE_STAMP: {
    kind: 'invalid',
    field: 'replacement_number',
    message: () => 'A replacement stands for one stamp: from and to must be the same number.',
  },
  REPLACEMENT_NOT_REPLACEABLE: {
    kind: 'conflict',
    field: 'number',
    message: (v) =>
      `Only a lost, stolen, voided or destroyed stamp can be replaced: ${v.stamp} is ${v.status}.`,
  },
  REPLACEMENT_ALREADY_REPLACED: {
    kind: 'conflict',
    field: 'number',
    message: (v) => `${v.stamp} is already replaced by ${v.other}.`,
  },
  REPLACEMENT_UNUSABLE: {
    kind: 'conflict',
    field: 'replacement_number',
    message: (v) => `${v.stamp} cannot replace another stamp: it is ${v.status}.`,
  },
  REPLACEMENT_TAKEN: {
    kind: 'conflict',
    field: 'replacement_number',
    message: (v) => `${v.stamp} already replaces ${v.other}.`,
  },
  REPLACEMENT_ITSELF: {
    kind: 'invalid',
    field: 'replacement_number',
    message: () => 'A stamp cannot replace itself.',
  },
} satisfies Record<string, Entry>;

export type StampErrorCode = keyof typeof catalogue;

export function stampError(
  code: StampErrorCode,
  values: Values = {},
  details?: { field: string; message: string }[],
): DomainError {
  const entry: Entry = catalogue[code];
  const message = entry.message(values);
  return new DomainError(
    code,
    entry.kind,
    message,
    details ?? (entry.field ? [{ field: entry.field, message }] : undefined),
  );
}

/** Several broken rules at once: the first one's code and message, a detail for each. */
export function stampErrors(errors: DomainError[]): DomainError {
  const [first] = errors;
  if (!first) throw new Error('stampErrors needs at least one error');
  if (errors.length === 1) return first;
  return new DomainError(
    first.code,
    first.kind,
    first.message,
    errors.flatMap((e) => e.details ?? []),
  );
}

// Result texts of a destroy (invoiced stamps not destroyed, listing invoice numbers, already
// destroyed, none destroyed in range).
export const destroyMessages = {
  destroyed: (n: number, ranges: string) => `Destroyed ${n} stamp${n === 1 ? '' : 's'}: ${ranges}.`,
  invoiced: (ranges: string, invoices: string) => `Invoiced stamps not destroyed: ${ranges} (${invoices}).`,
  alreadyDestroyed: (ranges: string) => `Already destroyed: ${ranges}.`,
};
