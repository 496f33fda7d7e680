import { STAMP_RECORD_KIND_LABEL } from '#domain/contracts/stamp-record.contract';
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

/** The client's specification: Finished (grey), Active (green), Inactive (red). */
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
  // , with the extended stamp statuses
  lost: { label: 'Lost', color: 'error' },
  stolen: { label: 'Stolen', color: 'error' },
  voided: { label: 'Voided', color: 'error' },
  returned_to_state: { label: 'Returned to the state', color: 'warning' },
  replacement: { label: 'Replacement issued', color: 'info' },
  replaced: { label: 'Replaced', color: 'warning' },
  // stamps that followed credited goods
  goods_restocked: { label: 'Returned on goods to stock', color: 'warning' },
  goods_written_off: { label: 'Returned on goods, written off', color: 'error' },
  goods_return_voided: { label: 'Goods return voided', color: 'info' },
  reissued: { label: 'Returned goods sold again', color: 'info' },
};

export const STAMP_STATUS: Record<
  StampStatus,
  { label: string; color: 'success' | 'info' | 'error' | 'warning' }
> = {
  AVAILABLE: { label: 'Available', color: 'success' },
  INVOICED: { label: 'Invoiced', color: 'info' },
  DESTROYED: { label: 'Destroyed', color: 'error' },
  LOST: { label: 'Lost', color: 'error' },
  STOLEN: { label: 'Stolen', color: 'error' },
  VOIDED: { label: 'Voided', color: 'error' },
  RETURNED: { label: 'Returned to the state', color: 'warning' },
  RETURNED_IN_STOCK: { label: 'On a returned bottle in stock', color: 'warning' },
  WRITTEN_OFF: { label: 'Written off with its bottle', color: 'error' },
};

/** The stamp record's transactions (as the client's specification asks), as the screen, CSV and PDF name them. */
export const RECORD_KIND_LABEL = STAMP_RECORD_KIND_LABEL;

/** Stamps that followed credited goods, as the record's totals say them (still affixed: on hand does not move). */
const GOODS_TOTAL = {
  goods_restocked: 'back in stock on returned bottles',
  goods_written_off: 'written off with their bottles',
  reissued: 'sold again on returned bottles',
} as const;

/** ', 2 lost, 1 replacement issued': the extended statuses' totals of a record, only those that happened. */
export function extendedTotalsText(totals: Partial<Record<keyof typeof RECORD_KIND_LABEL, number>>): string {
  return (
    [
      'lost',
      'stolen',
      'voided',
      'returned_to_state',
      'replacement',
      'goods_restocked',
      'goods_written_off',
      'reissued',
    ] as const
  )
    .filter((kind) => (totals[kind] ?? 0) > 0)
    .map((kind) =>
      kind === 'replacement'
        ? `, ${totals[kind]!.toLocaleString()} ${totals[kind] === 1 ? 'replacement' : 'replacements'} issued`
        : `, ${totals[kind]!.toLocaleString()} ${GOODS_TOTAL[kind as keyof typeof GOODS_TOTAL] ?? RECORD_KIND_LABEL[kind].toLowerCase()}`,
    )
    .join('');
}
