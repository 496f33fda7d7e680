import { count, type IntervalSet } from './intervals.js';
import type { ExtendedStampStatus, StampRange } from './stamp.events.js';
import {
  availableStamps,
  destroyedStamps,
  invoicedStamps,
  isFinished,
  rollSize,
  type StampLedger,
} from './stamp.state.js';

export interface StampRollReport {
  rollId: number;
  prefix: string;
  from: number;
  to: number;
  receivedOn: string;
  active: boolean;
  finished: boolean;
  size: number;
  available: IntervalSet;
  invoiced: IntervalSet;
  destroyed: IntervalSet;
  availableCount: number;
  invoicedCount: number;
  destroyedCount: number;
  /** , only when the roll has some: stamps lost, stolen, voided or returned to the state. */
  withdrawn?: { status: ExtendedStampStatus; from: number; to: number }[];
}

export interface StampLedgerReport {
  rolls: StampRollReport[];
  /**
   * , only when there are some: stamps on bottles credit memos put back in stock, by product (counted in
   * `invoiced`: they stay affixed until an invoice of the product carries them again).
   */
  onReturnedBottles?: { productId: string; ranges: StampRange[] }[];
  totals: { size: number; available: number; invoiced: number; destroyed: number };
}

/** Each roll's AVAILABLE / INVOICED / DESTROYED ranges and the totals: what an auditor reads as of an instant. */
export function stampLedgerReport(state: StampLedger): StampLedgerReport {
  const rolls = state.rolls.map((roll): StampRollReport => {
    const available = availableStamps(roll);
    const invoiced = invoicedStamps(roll);
    const destroyed = destroyedStamps(roll);
    return {
      rollId: roll.rollId,
      prefix: roll.prefix,
      from: roll.from,
      to: roll.to,
      receivedOn: roll.receivedOn,
      active: roll.active,
      finished: isFinished(roll),
      size: rollSize(roll),
      available,
      invoiced,
      destroyed,
      availableCount: count(available),
      invoicedCount: count(invoiced),
      destroyedCount: count(destroyed),
      ...(roll.withdrawn.length > 0
        ? {
            withdrawn: roll.withdrawn.map(({ from, to, label }) => ({
              status: label as ExtendedStampStatus,
              from,
              to,
            })),
          }
        : {}),
    };
  });
  const sum = (pick: (r: StampRollReport) => number) => rolls.reduce((total, r) => total + pick(r), 0);
  const onReturnedBottles = Object.entries(state.onBottles ?? {}).map(([productId, ranges]) => ({
    productId,
    ranges: [...ranges],
  }));
  return {
    rolls,
    ...(onReturnedBottles.length > 0 ? { onReturnedBottles } : {}),
    totals: {
      size: sum((r) => r.size),
      available: sum((r) => r.availableCount),
      invoiced: sum((r) => r.invoicedCount),
      destroyed: sum((r) => r.destroyedCount),
    },
  };
}
