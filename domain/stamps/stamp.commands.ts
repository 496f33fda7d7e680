import type { CommandMetadata } from '../shared/decider.js';
import type { StampRange, StampRecorder } from './stamp.events.js';

/** A manual range as the builder or the assign form sends it: stamps `from`–`to` of one roll. */
export interface StampRangeInput {
  rollId: number;
  from: number;
  to: number;
}

export interface ReceiveStampRoll {
  type: 'ReceiveStampRoll';
  data: {
    prefix: string | null;
    receivedOn: string; // YYYY-MM-DD
    from: number;
    to: number;
    /** The company's time zone: "not later than 3 days after today" is judged there. */
    timeZone: string;
  };
  metadata: CommandMetadata;
}

export interface ActivateStampRoll {
  type: 'ActivateStampRoll';
  data: { rollId: number };
  metadata: CommandMetadata;
}

export interface DeactivateStampRoll {
  type: 'DeactivateStampRoll';
  data: { rollId: number };
  metadata: CommandMetadata;
}

/** What an invoice needs of the ledger; also the input of the pure `allocateStamps` for multi-stream decisions. */
export interface AllocateStampsData {
  invoiceId: string;
  invoiceNumber?: string | null;
  customerId?: string | null;
  customerName?: string | null;
  customerTabcId?: string | null;
  /**
   * Auto mode (no `ranges`): the invoice ends up holding `count` stamps; the stamps it holds already are kept
   * and only the shortfall is allocated (first active roll first), or the excess (its highest numbers) released.
   */
  count?: number;
  /** The stamps the invoice holds now, from its `stamp-holding-{invoiceId}` stream (none for a new invoice). */
  held?: StampRange[];
  /** Manual mode: the invoice ends up holding exactly these ranges. */
  ranges?: StampRangeInput[];
}

export interface AllocateStamps {
  type: 'AllocateStamps';
  data: AllocateStampsData;
  metadata: CommandMetadata;
}

/** Manual assignment outside an invoice (PUT /stamp/roll/{roll_id}/assign). */
export interface AssignStamps {
  type: 'AssignStamps';
  data: StampRangeInput & { note: string | null };
  metadata: CommandMetadata;
}

export interface ReleaseStamps {
  type: 'ReleaseStamps';
  /** `held`: the stamps the invoice holds now (its holding stream). */
  data: { invoiceId: string; reason?: 'cancelled' | 'released'; held?: StampRange[] };
  metadata: CommandMetadata;
}

export interface DestroyStamps {
  type: 'DestroyStamps';
  /**
   * `holders`: who holds the invoiced stamps of the range (invoice numbers, null for a manual assignment), looked
   * up in the stamp log before deciding; only the messages about what was not destroyed use them.
   */
  data: StampRangeInput & {
    note: string | null;
    holders?: { from: number; to: number; label: string | null }[];
  };
  metadata: CommandMetadata;
}

/** Undo destroy: the destroy records' stamps become available again. */
export interface RestoreStamps {
  type: 'RestoreStamps';
  data: { destroyIds: number[] };
  metadata: CommandMetadata;
}

/** A stamp named by its serial, as a form sends it. */
export interface SerialInput {
  prefix: string | null;
  number: number;
}

/**
 * Stamps `from`–`to` of a roll, all in stock, are lost, stolen, voided or returned to the state.
 * `enabled`: the company's `extendedStampStatuses` setting (off: refused). With `replacement` (one stamp only, not
 * returned): the stamp issued in its place, recorded in the same decision.
 */
export interface RecordStampStatus {
  type: 'RecordStampStatus';
  data: StampRangeInput & {
    status: string;
    note: string | null;
    recordedBy: StampRecorder;
    enabled: boolean;
    replacement?: SerialInput | null;
  };
  metadata: CommandMetadata;
}

/** `replacement` was issued in place of `original` (lost, stolen, voided or destroyed). */
export interface RecordStampReplacement {
  type: 'RecordStampReplacement';
  data: {
    original: SerialInput;
    replacement: SerialInput;
    note: string | null;
    recordedBy: StampRecorder;
    enabled: boolean;
  };
  metadata: CommandMetadata;
}

export type StampCommand =
  | ReceiveStampRoll
  | ActivateStampRoll
  | DeactivateStampRoll
  | AllocateStamps
  | AssignStamps
  | ReleaseStamps
  | DestroyStamps
  | RestoreStamps
  | RecordStampStatus
  | RecordStampReplacement;
