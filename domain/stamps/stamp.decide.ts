import { businessDate, daysBetween, isBusinessDate } from '../shared/business-date.js';
import { assertNever, type Decider } from '../shared/decider.js';
import type { DomainError } from '../shared/domain-error.js';
import {
  count,
  formatRange,
  formatRanges,
  interval,
  intersect,
  normalize,
  stampsOf,
  subtract,
  takeLast,
  type IntervalSet,
} from './intervals.js';
import type {
  ActivateStampRoll,
  AllocateStampsData,
  AssignStamps,
  DeactivateStampRoll,
  DestroyStamps,
  ReceiveStampRoll,
  ReleaseStamps,
  RestoreStamps,
  StampCommand,
} from './stamp.commands.js';
import { destroyMessages, stampError, stampErrors } from './stamp.errors.js';
import { recordStampReplacement, recordStampStatus } from './stamp-status.decide.js';
import {
  assignmentAllocationId,
  invoiceAllocationId,
  type StampEvent,
  type StampRange,
  type StampRollActivated,
  type StampRollDeactivated,
  type StampRollReceived,
  type StampsAllocated,
  type StampsDestroyed,
  type StampsReleased,
  type StampsRestored,
} from './stamp.events.js';
import {
  addDays,
  checkStampRange,
  holdingOf,
  normalizePrefix,
  overlappingRoll,
  pickStamps,
  RECEIVED_DAYS_AHEAD,
  toStampRanges,
} from './stamp.rules.js';
import {
  availableStamps,
  evolve,
  findRoll,
  initialState,
  isFinished,
  type StampLedger,
} from './stamp.state.js';

const receive = ({ data, metadata }: ReceiveStampRoll, state: StampLedger): StampRollReceived[] => {
  const prefix = normalizePrefix(data.prefix);
  const errors: DomainError[] = [];
  if (!isBusinessDate(data.receivedOn)) errors.push(stampError('STAMP_ROLL_RECEIVED_INVALID'));
  else {
    const today = businessDate(metadata.now, data.timeZone);
    if (daysBetween(today, data.receivedOn) > RECEIVED_DAYS_AHEAD) {
      errors.push(
        stampError('STAMP_ROLL_RECEIVED_TOO_LATE', { latest: addDays(today, RECEIVED_DAYS_AHEAD) }),
      );
    }
  }
  if (!Number.isSafeInteger(data.from) || data.from < 1) errors.push(stampError('STAMP_ROLL_FROM_BELOW_ONE'));
  if (!Number.isSafeInteger(data.to) || data.to < data.from)
    errors.push(stampError('STAMP_ROLL_END_BELOW_START'));
  if (errors.length === 0) {
    const other = overlappingRoll(state, prefix, data.from, data.to);
    if (other) {
      errors.push(
        stampError('STAMP_ROLL_OVERLAPS', {
          range: formatRange(prefix, data.from, data.to),
          other: formatRange(other.prefix, other.from, other.to),
        }),
      );
    }
  }
  if (errors.length > 0) throw stampErrors(errors);
  return [
    {
      type: 'StampRollReceived',
      data: {
        rollId: state.rolls.length + 1,
        prefix,
        from: data.from,
        to: data.to,
        receivedOn: data.receivedOn,
        active: true,
        recordedAt: metadata.now,
      },
    },
  ];
};

const activate = ({ data, metadata }: ActivateStampRoll, state: StampLedger): StampRollActivated[] => {
  const roll = findRoll(state, data.rollId);
  if (!roll) throw stampError('STAMP_ROLL_NOT_FOUND');
  if (roll.active) return [];
  if (isFinished(roll)) throw stampError('STAMP_ROLL_FINISHED');
  return [{ type: 'StampRollActivated', data: { rollId: roll.rollId, activatedAt: metadata.now } }];
};

const deactivate = ({ data, metadata }: DeactivateStampRoll, state: StampLedger): StampRollDeactivated[] => {
  const roll = findRoll(state, data.rollId);
  if (!roll) throw stampError('STAMP_ROLL_NOT_FOUND');
  if (!roll.active) return [];
  if (isFinished(roll)) throw stampError('STAMP_ROLL_FINISHED');
  return [{ type: 'StampRollDeactivated', data: { rollId: roll.rollId, deactivatedAt: metadata.now } }];
};

/** Ranges grouped by roll id, kept in the order of the list. */
function grouped(ranges: readonly StampRange[]): StampRange[] {
  return [...ranges].sort((a, b) => a.rollId - b.rollId || a.from - b.from);
}

/**
 * The stamps an invoice ends up holding (as the client's specification asks), as events of the `stamps-{companyId}` stream.
 * Pure, so an invoice decision spanning several streams calls it with the ledger's state and appends what it
 * returns with the invoice's own events. Idempotent: asking again for what the invoice holds returns [].
 */
export function allocateStamps(state: StampLedger, data: AllocateStampsData, now: string): StampEvent[] {
  const allocationId = invoiceAllocationId(data.invoiceId);
  const holding = holdingOf(state, data.held ?? []);
  let toRelease: StampRange[] = [];
  let toAllocate: StampRange[] = [];

  if (data.ranges) {
    const wanted = new Map<number, IntervalSet>();
    data.ranges.forEach((range, index) => {
      const { roll, stamps } = checkStampRange(state, range, {
        held: data.held ?? [],
        added: data.ranges!.slice(0, index),
      });
      wanted.set(roll.rollId, normalize([...(wanted.get(roll.rollId) ?? []), ...stamps]));
    });
    for (const { roll, stamps } of holding) {
      toRelease.push(...toStampRanges(roll, subtract(stamps, wanted.get(roll.rollId) ?? [])));
    }
    for (const [rollId, stamps] of wanted) {
      const roll = findRoll(state, rollId)!;
      const held = holding.find((h) => h.roll.rollId === rollId)?.stamps ?? [];
      toAllocate.push(...toStampRanges(roll, subtract(stamps, held)));
    }
  } else {
    const wanted = data.count ?? 0;
    if (!Number.isSafeInteger(wanted) || wanted < 0) throw stampError('STAMP_COUNT_INVALID');
    const held = holding.reduce((sum, h) => sum + count(h.stamps), 0);
    if (held > wanted) {
      let excess = held - wanted;
      for (const { roll, stamps } of [...holding].reverse()) {
        if (excess === 0) break;
        const released = takeLast(stamps, excess);
        excess -= count(released);
        toRelease.push(...toStampRanges(roll, released));
      }
    } else if (held < wanted) {
      toAllocate = pickStamps(state, wanted - held);
    }
  }

  toRelease = grouped(toRelease);
  toAllocate = grouped(toAllocate);
  const events: StampEvent[] = [];
  if (toRelease.length > 0) {
    const released: StampsReleased = {
      type: 'StampsReleased',
      data: {
        allocationId,
        invoiceId: data.invoiceId,
        invoiceNumber: data.invoiceNumber ?? null,
        ranges: toRelease,
        reason: 'edited',
        releasedAt: now,
      },
    };
    events.push(released);
  }
  if (toAllocate.length > 0) {
    const allocated: StampsAllocated = {
      type: 'StampsAllocated',
      data: {
        allocationId,
        invoiceId: data.invoiceId,
        invoiceNumber: data.invoiceNumber ?? null,
        customerId: data.customerId ?? null,
        customerName: data.customerName ?? null,
        customerTabcId: data.customerTabcId ?? null,
        note: null,
        ranges: toAllocate,
        allocatedAt: now,
      },
    };
    events.push(allocated);
  }
  return events;
}

/** Every stamp of an invoice back to AVAILABLE (cancel: 'Below stamps are available for use'). Pure, idempotent. */
export function releaseStamps(
  state: StampLedger,
  data: ReleaseStamps['data'],
  now: string,
): StampsReleased[] {
  const allocationId = invoiceAllocationId(data.invoiceId);
  const ranges = holdingOf(state, data.held ?? []).flatMap(({ roll, stamps }) => toStampRanges(roll, stamps));
  if (ranges.length === 0) return [];
  return [
    {
      type: 'StampsReleased',
      data: {
        allocationId,
        invoiceId: data.invoiceId,
        invoiceNumber: null,
        ranges: grouped(ranges),
        reason: data.reason ?? 'released',
        releasedAt: now,
      },
    },
  ];
}

const assign = ({ data, metadata }: AssignStamps, state: StampLedger): StampsAllocated[] => {
  const { roll, stamps } = checkStampRange(state, data);
  const note = data.note?.trim().toUpperCase() || null;
  return [
    {
      type: 'StampsAllocated',
      data: {
        allocationId: assignmentAllocationId(state.assignments + 1),
        invoiceId: null,
        invoiceNumber: null,
        customerId: null,
        customerName: null,
        customerTabcId: null,
        note,
        ranges: toStampRanges(roll, stamps),
        allocatedAt: metadata.now,
      },
    },
  ];
};

const destroy = ({ data, metadata }: DestroyStamps, state: StampLedger): StampsDestroyed[] => {
  const roll = findRoll(state, data.rollId);
  if (!roll) throw stampError('STAMP_ROLL_NOT_FOUND');
  const rollRange = formatRange(roll.prefix, roll.from, roll.to);
  const outside = [data.from < roll.from || data.from > roll.to, data.to < roll.from || data.to > roll.to];
  if (outside[0] || outside[1]) {
    throw stampError('DESTROY_OUTSIDE_ROLL', { range: rollRange }, [
      ...(outside[0]
        ? [{ field: 'from', message: `From and to must lie within the roll range ${rollRange}.` }]
        : []),
      ...(outside[1]
        ? [{ field: 'to', message: `From and to must lie within the roll range ${rollRange}.` }]
        : []),
    ]);
  }
  if (data.to < data.from) throw stampError('DESTROY_END_BELOW_START');
  const asked = [interval(data.from, data.to)];
  const destroyable = intersect(availableStamps(roll), asked);
  const invoiced = invoicedWithin(roll.allocated, asked, data.holders ?? []);
  const alreadyDestroyed = intersect(stampsOf(roll.destroyed), asked).map(({ from, to }) => ({ from, to }));
  if (destroyable.length === 0) {
    const range = formatRange(roll.prefix, data.from, data.to);
    const reasons = destroyReasons(roll.prefix, { invoiced, alreadyDestroyed });
    throw stampError('NONE_DESTROYED', { range }, [
      { field: 'from', message: `None destroyed in range ${range}.` },
      ...reasons.map((message) => ({ field: 'from', message })),
    ]);
  }
  return [
    {
      type: 'StampsDestroyed',
      data: {
        destroyId: state.destroyRecords.length + 1,
        rollId: roll.rollId,
        prefix: roll.prefix,
        from: data.from,
        to: data.to,
        ranges: toStampRanges(roll, destroyable),
        notDestroyed: { invoiced, alreadyDestroyed },
        note: data.note?.trim() || null,
        destroyedAt: metadata.now,
      },
    },
  ];
};

/**
 * The invoiced stamps of the asked range with who holds them: the ledger says which stamps are invoiced; the
 * holders (invoice numbers, from the stamp log read model: the ledger keeps no owners) name them. A stamp no
 * holder names counts as a manual assignment's (label null).
 */
function invoicedWithin(
  allocated: IntervalSet,
  asked: IntervalSet,
  holders: readonly { from: number; to: number; label: string | null }[],
): { from: number; to: number; label: string | null }[] {
  const invoiced = intersect(allocated, asked);
  const named: { from: number; to: number; label: string | null }[] = [];
  for (const holder of holders) {
    for (const { from, to } of intersect(invoiced, [{ from: holder.from, to: holder.to }]))
      named.push({ from, to, label: holder.label });
  }
  const unnamed = subtract(invoiced, normalize(named));
  return [...named, ...unnamed.map(({ from, to }) => ({ from, to, label: null }))].sort(
    (a, b) => a.from - b.from,
  );
}

/** The messages for what a destroy left alone (as the client's specification asks): invoiced stamps with their invoices, already destroyed. */
export function destroyReasons(
  prefix: string,
  notDestroyed: StampsDestroyed['data']['notDestroyed'],
): string[] {
  const messages: string[] = [];
  if (notDestroyed.invoiced.length > 0) {
    const numbers = [...new Set(notDestroyed.invoiced.flatMap((i) => (i.label ? [`#${i.label}`] : [])))];
    const holders = [
      ...(numbers.length > 0 ? [`invoice ${numbers.join(', ')}`] : []),
      ...(notDestroyed.invoiced.some((i) => !i.label) ? ['manual assignment'] : []),
    ];
    messages.push(
      destroyMessages.invoiced(formatRanges(prefix, normalize(notDestroyed.invoiced)), holders.join('; ')),
    );
  }
  if (notDestroyed.alreadyDestroyed.length > 0) {
    messages.push(destroyMessages.alreadyDestroyed(formatRanges(prefix, notDestroyed.alreadyDestroyed)));
  }
  return messages;
}

const restore = ({ data, metadata }: RestoreStamps, state: StampLedger): StampsRestored[] => {
  const events: StampsRestored[] = [];
  for (const destroyId of [...new Set(data.destroyIds)]) {
    const record =
      Number.isInteger(destroyId) && destroyId >= 1 ? state.destroyRecords[destroyId - 1] : undefined;
    if (!record) throw stampError('DESTROY_RECORD_NOT_FOUND', { id: destroyId });
    if (record.restored) continue;
    const roll = findRoll(state, record.rollId)!;
    events.push({
      type: 'StampsRestored',
      data: {
        destroyId,
        rollId: roll.rollId,
        prefix: roll.prefix,
        ranges: toStampRanges(roll, record.ranges),
        restoredAt: metadata.now,
      },
    });
  }
  return events;
};

export function decide(command: StampCommand, state: StampLedger): StampEvent[] {
  switch (command.type) {
    case 'ReceiveStampRoll':
      return receive(command, state);
    case 'ActivateStampRoll':
      return activate(command, state);
    case 'DeactivateStampRoll':
      return deactivate(command, state);
    case 'AllocateStamps':
      return allocateStamps(state, command.data, command.metadata.now);
    case 'AssignStamps':
      return assign(command, state);
    case 'ReleaseStamps':
      return releaseStamps(state, command.data, command.metadata.now);
    case 'DestroyStamps':
      return destroy(command, state);
    case 'RestoreStamps':
      return restore(command, state);
    case 'RecordStampStatus':
      return recordStampStatus(command, state);
    case 'RecordStampReplacement':
      return recordStampReplacement(command, state);
    default:
      return assertNever(command);
  }
}

/**
 * Snapshot version: the ledger as stamp.state.ts shapes it (bump on any change of that shape). 2: withdrawn stamps,
 * status records and replacements. 3: stamps on returned bottles in stock.
 */
export const STAMP_LEDGER_SNAPSHOT_VERSION = 3;

export const stampLedgerDecider: Decider<StampLedger, StampCommand, StampEvent> = {
  decide,
  evolve,
  initialState,
  snapshot: { version: STAMP_LEDGER_SNAPSHOT_VERSION },
};
