import {
  addOwned,
  count,
  interval,
  normalize,
  removeOwned,
  stampsOf,
  subtract,
  union,
  type IntervalSet,
  type OwnedSet,
} from './intervals.js';
import type { ExtendedStampStatus, StampEvent, StampRange, StampRef } from './stamp.events.js';
import { stampsMinus, stampsUnion } from './stamp-ranges.js';

/**
 * One roll. A stamp of the roll is INVOICED when an allocation holds it, DESTROYED when a destroy record holds
 * it, otherwise AVAILABLE; the two sets never overlap.
 *
 * Bounded: `allocated` is the merged set of invoiced stamps, not who holds them, so its size follows
 * the roll's fragmentation (a cancelled invoice leaves a hole), not the number of allocations. Which invoice holds
 * which stamps lives in each invoice's `stamp-holding-{invoiceId}` stream (stamp-holding.ts) and the read models.
 */
export interface StampRoll {
  rollId: number;
  prefix: string;
  from: number;
  to: number;
  receivedOn: string;
  recordedAt: string;
  active: boolean;
  /** The stamps some allocation (an invoice or a manual assignment) holds. */
  allocated: IntervalSet;
  /** Owner: the destroy record id. */
  destroyed: OwnedSet;
  allocatedCount: number;
  destroyedCount: number;
  /** Lost, stolen, voided or returned to the state. Owner: the status record id; label: the status. */
  withdrawn: OwnedSet;
  withdrawnCount: number;
}

export interface DestroyRecord {
  destroyId: number;
  rollId: number;
  ranges: IntervalSet;
  restored: boolean;
}

/**
 * The company's stamp ledger. Changes copy only the roll they touch, so a long stream evolves quickly and a
 * state cached by revision is never changed under its holder.
 */
export interface StampLedger {
  /** In the order received: rollId n is rolls[n - 1]. */
  rolls: readonly StampRoll[];
  /** destroyId n is destroyRecords[n - 1]. */
  destroyRecords: readonly DestroyRecord[];
  assignments: number;
  /** Status records so far: the next one is numbered statusRecords + 1. */
  statusRecords: number;
  /** Replacements, both ways: `stampKey(original)` → `stampKey(replacement)`, and back. */
  replacedBy: Readonly<Record<string, string>>;
  replaces: Readonly<Record<string, string>>;
  /**
   * Stamps on bottles a credit memo put back in stock, by product id, until an invoice of that product carries
   * them again. They stay in their rolls' `allocated` (affixed): no other bottle can be given them.
   */
  onBottles?: Readonly<Record<string, readonly StampRange[]>>;
}

export const initialState = (): StampLedger => ({
  rolls: [],
  destroyRecords: [],
  assignments: 0,
  statusRecords: 0,
  replacedBy: {},
  replaces: {},
  onBottles: {},
});

/** The stamps on returned bottles of one product in stock. */
export const onBottlesOf = (state: StampLedger, productId: string): readonly StampRange[] =>
  state.onBottles?.[productId] ?? [];

function withOnBottles(
  state: StampLedger,
  changes: readonly { productId: string; ranges: readonly StampRange[] }[],
  add: boolean,
): StampLedger {
  if (changes.length === 0) return state;
  const onBottles: Record<string, readonly StampRange[]> = { ...(state.onBottles ?? {}) };
  for (const { productId, ranges } of changes) {
    const after = add
      ? stampsUnion(onBottles[productId] ?? [], ranges)
      : stampsMinus(onBottles[productId] ?? [], ranges);
    if (after.length > 0) onBottles[productId] = after;
    else delete onBottles[productId];
  }
  return { ...state, onBottles };
}

/** One stamp as a key of the replacement maps: `rollId:number`. */
export const stampKey = (stamp: Pick<StampRef, 'rollId' | 'number'>) => `${stamp.rollId}:${stamp.number}`;

export const rollSize = (roll: StampRoll) => roll.to - roll.from + 1;
export const availableCount = (roll: StampRoll) =>
  rollSize(roll) - roll.allocatedCount - roll.destroyedCount - roll.withdrawnCount;
/** Finished: nothing is left to allocate. */
export const isFinished = (roll: StampRoll) => availableCount(roll) === 0;

export function availableStamps(roll: StampRoll): IntervalSet {
  return subtract(
    [interval(roll.from, roll.to)],
    union(union(roll.allocated, stampsOf(roll.destroyed)), stampsOf(roll.withdrawn)),
  );
}

export const invoicedStamps = (roll: StampRoll): IntervalSet => roll.allocated;
export const destroyedStamps = (roll: StampRoll): IntervalSet => stampsOf(roll.destroyed);
export const withdrawnStamps = (roll: StampRoll): IntervalSet => stampsOf(roll.withdrawn);

/** The status a withdrawn stamp has, if it has one. */
export function withdrawnStatus(roll: StampRoll, n: number): ExtendedStampStatus | undefined {
  const held = roll.withdrawn.find((w) => w.from <= n && n <= w.to);
  return held ? (held.label as ExtendedStampStatus) : undefined;
}

export function findRoll(state: StampLedger, rollId: number): StampRoll | undefined {
  return Number.isInteger(rollId) && rollId >= 1 ? state.rolls[rollId - 1] : undefined;
}

/** Rolls in the order auto-allocation uses them: first received first. */
export function rollsInAllocationOrder(state: StampLedger): StampRoll[] {
  return [...state.rolls].sort((a, b) => a.receivedOn.localeCompare(b.receivedOn) || a.rollId - b.rollId);
}

/** Ranges grouped by roll, as intervals. */
export function byRoll(ranges: readonly StampRange[]): Map<number, IntervalSet> {
  const grouped = new Map<number, { from: number; to: number }[]>();
  for (const { rollId, from, to } of ranges) {
    const list = grouped.get(rollId) ?? [];
    list.push({ from, to });
    grouped.set(rollId, list);
  }
  return new Map([...grouped].map(([rollId, list]) => [rollId, normalize(list)]));
}

function updateRolls(
  state: StampLedger,
  ranges: readonly StampRange[],
  change: (roll: StampRoll, set: IntervalSet) => StampRoll,
) {
  const rolls = state.rolls.slice();
  for (const [rollId, set] of byRoll(ranges)) {
    const roll = rolls[rollId - 1];
    if (roll) rolls[rollId - 1] = change(roll, set);
  }
  return rolls;
}

function setActive(state: StampLedger, rollId: number, active: boolean): StampLedger {
  const roll = findRoll(state, rollId);
  if (!roll || roll.active === active) return state;
  const rolls = state.rolls.slice();
  rolls[rollId - 1] = { ...roll, active };
  return { ...state, rolls };
}

export function evolve(state: StampLedger, event: StampEvent): StampLedger {
  switch (event.type) {
    case 'StampRollReceived': {
      const { rollId, prefix, from, to, receivedOn, active, recordedAt } = event.data;
      if (rollId !== state.rolls.length + 1) return state; // replayed twice: ignore
      const roll: StampRoll = {
        rollId,
        prefix,
        from,
        to,
        receivedOn,
        recordedAt,
        active,
        allocated: [],
        destroyed: [],
        allocatedCount: 0,
        destroyedCount: 0,
        withdrawn: [],
        withdrawnCount: 0,
      };
      return { ...state, rolls: [...state.rolls, roll] };
    }
    case 'StampRollActivated':
      return setActive(state, event.data.rollId, true);
    case 'StampRollDeactivated':
      return setActive(state, event.data.rollId, false);
    case 'StampsAllocated': {
      const { allocationId, ranges } = event.data;
      const assignments = allocationId.startsWith('assignment-') ? state.assignments + 1 : state.assignments;
      return {
        ...state,
        assignments,
        rolls: updateRolls(state, ranges, (roll, set) => ({
          ...roll,
          allocated: union(roll.allocated, set),
          allocatedCount: roll.allocatedCount + count(set),
        })),
      };
    }
    case 'StampsReleased': {
      const { ranges } = event.data;
      return {
        ...state,
        rolls: updateRolls(state, ranges, (roll, set) => ({
          ...roll,
          allocated: subtract(roll.allocated, set),
          allocatedCount: roll.allocatedCount - count(set),
        })),
      };
    }
    case 'StampsDestroyed': {
      const { destroyId, rollId, ranges } = event.data;
      if (destroyId !== state.destroyRecords.length + 1) return state;
      const owner = String(destroyId);
      const record: DestroyRecord = {
        destroyId,
        rollId,
        ranges: normalize(ranges.map(({ from, to }) => ({ from, to }))),
        restored: false,
      };
      return {
        ...state,
        destroyRecords: [...state.destroyRecords, record],
        rolls: updateRolls(state, ranges, (roll, set) => ({
          ...roll,
          destroyed: addOwned(roll.destroyed, owner, null, set),
          destroyedCount: roll.destroyedCount + count(set),
        })),
      };
    }
    case 'StampsRestored': {
      const { destroyId, ranges } = event.data;
      const record = state.destroyRecords[destroyId - 1];
      if (!record || record.restored) return state;
      const destroyRecords = state.destroyRecords.slice();
      destroyRecords[destroyId - 1] = { ...record, restored: true };
      return {
        ...state,
        destroyRecords,
        rolls: updateRolls(state, ranges, (roll, set) => ({
          ...roll,
          destroyed: removeOwned(roll.destroyed, String(destroyId), set),
          destroyedCount: roll.destroyedCount - count(set),
        })),
      };
    }
    case 'StampsStatusRecorded': {
      const { recordId, status, ranges } = event.data;
      if (recordId !== state.statusRecords + 1) return state;
      return {
        ...state,
        statusRecords: recordId,
        rolls: updateRolls(state, ranges, (roll, set) => ({
          ...roll,
          withdrawn: addOwned(roll.withdrawn, String(recordId), status, set),
          withdrawnCount: roll.withdrawnCount + count(set),
        })),
      };
    }
    case 'StampReplacementRecorded': {
      const original = stampKey(event.data.original);
      const replacement = stampKey(event.data.replacement);
      if (state.replacedBy[original] !== undefined) return state;
      return {
        ...state,
        replacedBy: { ...state.replacedBy, [original]: replacement },
        replaces: { ...state.replaces, [replacement]: original },
      };
    }
    // Stamps on credited or resold bottles stay affixed: only the bottles in stock change.
    case 'StampsReturnedWithGoods':
    case 'StampsGoodsReturnReversed':
      return withOnBottles(
        state,
        event.data.returns.filter((r) => r.disposition === 'restocked'),
        event.type === 'StampsReturnedWithGoods',
      );
    case 'ReturnedStampsReissued':
      return withOnBottles(state, event.data.reissues, false);
    case 'ReissuedStampsBackInStock':
      return withOnBottles(state, event.data.returns, true);
    default:
      return state; // events of later versions are ignored, not fatal
  }
}
