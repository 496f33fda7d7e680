import type { CommandMetadata } from '../shared/decider.js';

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
  data: { invoiceId: string; reason?: 'cancelled' | 'released' };
  metadata: CommandMetadata;
}

export interface DestroyStamps {
  type: 'DestroyStamps';
  data: StampRangeInput & { note: string | null };
  metadata: CommandMetadata;
}

/** Undo destroy: the destroy records' stamps become available again. */
export interface RestoreStamps {
  type: 'RestoreStamps';
  data: { destroyIds: number[] };
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
  | RestoreStamps;
