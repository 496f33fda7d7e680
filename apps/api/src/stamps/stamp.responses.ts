import type { StampRangeResponse, StampRollResponse } from '#domain/contracts/stamp.contract.js';
import type { StampRange } from '#domain/stamps/stamp.events.js';

/** How stamp read-model rows are answered (Stamp remaining summary). */

export interface StampRollRow {
  roll_id: number;
  prefix: string;
  range_from: string;
  range_to: string;
  received_on: string;
  recorded_at: Date;
  active: boolean;
  size: string;
  available_count: string;
  invoiced_count: string;
  destroyed_count: string;
  first_available: string | null;
  available: [number, number][];
  invoiced: [number, number][];
  destroyed: [number, number][];
  /** Lost, stolen, voided or returned to the state. */
  withdrawn?: [number, number][];
  finished_at: Date | null;
}

export const STAMP_ROLL_COLUMNS = `roll_id, prefix, range_from, range_to, received_on, recorded_at, active, size,
  available_count, invoiced_count, destroyed_count, first_available, available, invoiced, destroyed, finished_at,
  withdrawn`;

export function toStampRoll(row: StampRollRow): StampRollResponse {
  const available = Number(row.available_count);
  const finished = available === 0;
  return {
    id: row.roll_id,
    prefix: row.prefix,
    received_at: row.received_on,
    finished_at: row.finished_at ? row.finished_at.toISOString() : null,
    from: Number(row.range_from),
    to: Number(row.range_to),
    active: row.active,
    finished,
    state: finished ? 'finished' : row.active ? 'active' : 'inactive',
    toggle_disabled: finished || Number(row.size) === 0,
    stamps: available,
    stampsCount: Number(row.size),
    available_count: available,
    invoiced_count: Number(row.invoiced_count),
    destroyed_count: Number(row.destroyed_count),
    first_available: row.first_available === null ? null : Number(row.first_available),
    created_at: row.recorded_at.toISOString(),
  };
}

/** `AB1000`: a stamp as printed and as auditors name it. */
export const stampLabel = (prefix: string, n: number) => `${prefix}${n}`;

export const pairsToRanges = (pairs: [number, number][]) => pairs.map(([from, to]) => ({ from, to }));

/** A domain StampRange as every answer writes it: snake_case (README "API conventions"). */
export const toStampRangeResponse = ({ rollId, prefix, from, to }: StampRange): StampRangeResponse => ({
  roll_id: rollId,
  prefix,
  from,
  to,
});
