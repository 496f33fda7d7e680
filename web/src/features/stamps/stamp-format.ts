import type { StampLogKind, StampRoll, StampStatus } from './stamps.api';

/** A stamp as printed: prefix and number, 'AB1050'. */
export const stampLabel = (prefix: string, n: number | string) => `${prefix}${n}`;

/** A range of stamps: 'AB1000–AB1479' (one stamp: 'AB1000'). */
export const stampRange = (prefix: string, from: number | string, to: number | string) =>
  String(from) === String(to)
    ? stampLabel(prefix, from)
    : `${stampLabel(prefix, from)}–${stampLabel(prefix, to)}`;

export const rollLabel = (roll: Pick<StampRoll, 'prefix' | 'from' | 'to'>) =>
  stampRange(roll.prefix, roll.from, roll.to);

/** '1,234' */
export const formatCount = (n: number | string | null | undefined) =>
  n === null || n === undefined || n === '' ? '' : Number(n).toLocaleString('en-US');

/** Spec 000 §2: Finished (grey), Active (green), Inactive (red). */
export const ROLL_STATE: Record<
  StampRoll['state'],
  { label: string; color: 'default' | 'success' | 'error' }
> = {
  finished: { label: 'Finished', color: 'default' },
  active: { label: 'Active', color: 'success' },
  inactive: { label: 'Inactive', color: 'error' },
};

/** What a stamp log row (or a history transition) records. */
export const LOG_KIND: Record<
  StampLogKind,
  { label: string; color: 'default' | 'success' | 'error' | 'info' | 'warning' }
> = {
  received: { label: 'Received', color: 'default' },
  allocated: { label: 'Invoiced', color: 'info' },
  released: { label: 'Released', color: 'warning' },
  destroyed: { label: 'Destroyed', color: 'error' },
  restored: { label: 'Restored', color: 'success' },
};

export const STAMP_STATUS: Record<StampStatus, { label: string; color: 'success' | 'info' | 'error' }> = {
  AVAILABLE: { label: 'Available', color: 'success' },
  INVOICED: { label: 'Invoiced', color: 'info' },
  DESTROYED: { label: 'Destroyed', color: 'error' },
};
