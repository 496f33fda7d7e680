/*
 * What /stamp answers, as the API writes it and the web reads it (as the client's specification asks). Types only:
 * the web build imports this file too.
 */

/** A range of stamps of one roll, as every answer writes it (the domain's StampRange, snake_case). */
export interface StampRangeResponse {
  roll_id: number;
  prefix: string;
  from: number;
  to: number;
}

/** GET /stamp/allocation: what auto-allocation would give an invoice now (nothing is kept). */
export interface StampAllocationPreviewResponse {
  count: number;
  /** The stamps the invoice would hold: those it has, plus the shortfall, first active roll first. */
  ranges: StampRangeResponse[];
  /** Of those, the ones it does not hold yet. */
  added: StampRangeResponse[];
  /** Stamps it holds that it would give back (it needs fewer). */
  released: StampRangeResponse[];
  /** For a new invoice given its bottles: the stamps of returned bottles in stock it would carry again, before `ranges`. */
  reissued: StampRangeResponse[];
}

/** POST /stamp/range/check: a manual range is usable (else the spec's message as a 4xx). */
export interface StampRangeCheckResponse extends StampRangeResponse {
  valid: true;
  count: number;
  /** As messages write it: AB1000-AB1011. */
  range: string;
  /** How many of the range's stamps are on returned bottles in stock (they go out again on their bottles). */
  returned: number;
}

export type StampRollState = 'finished' | 'active' | 'inactive';

/** The client's specification's Stamp roll, as GET /stamp/roll lists it and the roll commands answer it. */
export interface StampRollResponse {
  id: number;
  prefix: string;
  received_at: string;
  finished_at: string | null;
  from: number;
  to: number;
  active: boolean;
  finished: boolean;
  /** The label the roll table shows: Finished (grey), Active (green) or Inactive (red). */
  state: StampRollState;
  /** The active toggle is disabled when the roll is finished or has no stamps left. */
  toggle_disabled: boolean;
  /** Stamps left (AVAILABLE). */
  stamps: number;
  /** Stamps in the roll. */
  stampsCount: number;
  available_count: number;
  invoiced_count: number;
  destroyed_count: number;
  first_available: number | null;
  created_at: string;
}

/** The client's specification's Stamp remaining summary, with what the dashboard's low-stamp warning needs. */
/** GET /stamp/remaining. */
export interface StampRemainingResponse {
  /** Stamps left in active, unfinished rolls: what auto-allocation can use. */
  availableStampCount: number;
  /** The next stamp auto-allocation takes (of currentRoll); null without an active roll. */
  firstAvailableStamp: number | null;
  /** Stamps in the active, unfinished rolls. */
  totalStampCount: number;
  /** The roll auto-allocation takes from next (the active-roll banner); null without one. */
  currentRoll: StampRollResponse | null;
  /** The company's stamp threshold (default 500). */
  threshold: number;
  /** True when availableStampCount is under the threshold: the dismissible low-stamp warning. */
  low: boolean;
  /** Rolls received (0: the 'Register new roll' prompt). */
  rollCount: number;
}

/** POST /stamp/roll. */
export interface ReceiveStampRollResult extends StampRollResponse {
  /** Size warnings that did not block (as the client's specification asks). */
  warnings: string[];
}

/** A destroy record: the range asked for and the stamps it destroyed. */
export interface StampDestroyRecord {
  /** The destroy record: `DELETE /stamp/undo-destroy?ids=` takes it. */
  id: number;
  roll_id: number;
  prefix: string;
  /** The range asked for. */
  from: number;
  to: number;
  /** The stamps destroyed by the record (undo gives them back). */
  count: number;
  ranges: { from: number; to: number }[];
}

/** POST /stamp/roll/{roll_id}/destroy. */
export interface DestroyStampsResult extends StampDestroyRecord {
  /** What happened, one line each: destroyed, invoiced stamps not destroyed (with their invoices), already destroyed. */
  messages: string[];
}

/** GET /stamp/destroyed: destroy records not undone yet, newest first. */
export interface DestroyedStampsRecord extends StampDestroyRecord {
  note: string | null;
  destroyed_at: string;
  destroyed_by: string | null;
}

/** DELETE /stamp/undo-destroy?ids=…. */
export interface UndoDestroyStampsResult {
  /** Records whose stamps are AVAILABLE again. */
  restored: Omit<StampDestroyRecord, 'from' | 'to'>[];
  /** Records named that had been undone before (nothing to do). */
  already_restored: number[];
}

/** The last six only with the company setting extendedStampStatuses. */
export type StampLogKind =
  | 'received'
  | 'allocated'
  | 'released'
  | 'destroyed'
  | 'restored'
  | 'lost'
  | 'stolen'
  | 'voided'
  | 'returned_to_state'
  | 'replacement'
  | 'replaced'
  // stamps that followed credited goods (credit memos); they stay affixed
  | 'goods_restocked'
  | 'goods_written_off'
  | 'goods_return_voided'
  | 'reissued';

/** A row of GET /invoice/stamp/grid (the range numbers arrive as text: Postgres bigint). */
export interface StampLogRow {
  id: string;
  customer: string | null;
  customer_id: string | null;
  tabc_id: string | null;
  invoice: string | null;
  invoice_id: string | null;
  logged_at: string;
  roll_id: number;
  prefix: string;
  start: string | number;
  end: string | number;
  used: string | number;
  balance: string | number;
  on_hand: string | number;
  kind: StampLogKind;
  destroyed: boolean;
  destroy_id: number | null;
  note: string | null;
}

/** LOST, STOLEN, VOIDED and RETURNED (to the state) only with the extended stamp statuses. */
export type StampStatus =
  | 'AVAILABLE'
  | 'INVOICED'
  | 'DESTROYED'
  | 'LOST'
  | 'STOLEN'
  | 'VOIDED'
  | 'RETURNED'
  // affixed to a bottle a credit memo put back in stock, or written off with its bottle
  | 'RETURNED_IN_STOCK'
  | 'WRITTEN_OFF';

export interface StampTransition {
  at: string;
  kind: StampLogKind;
  /** The stamp's status after the transition. */
  status: StampStatus;
  /** The range the transition covered (the stamp is in it). */
  from: number;
  to: number;
  user_id: string | null;
  user_name: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  customer_id: string | null;
  customer_name: string | null;
  customer_tabc_id: string | null;
  note: string | null;
  destroy_id: number | null;
}

/** GET /stamp/history?prefix=&number=: one stamp's transitions, oldest first. */
export interface StampHistoryResponse {
  prefix: string;
  number: number;
  /** As printed: prefix and number. */
  stamp: string;
  status: StampStatus;
  roll: StampRollResponse;
  transitions: StampTransition[];
  /** , present only when recorded: the stamp issued in this one's place, `AB1006`. */
  replaced_by?: string;
  /** , present only when recorded: the stamp this one was issued in place of. */
  replaces?: string;
}

/** POST /stamp/roll/{roll_id}/status and POST /stamp/replacement: what was recorded. */
export interface StampStatusRecordResult {
  record: {
    id: number;
    status: 'lost' | 'stolen' | 'voided' | 'returned_to_state';
    roll_id: number;
    prefix: string;
    from: number;
    to: number;
    count: number;
    note: string;
    recorded_by: string | null;
    recorded_at: string;
  } | null;
  replacement: {
    original: string;
    original_status: 'lost' | 'stolen' | 'voided' | 'destroyed';
    replacement: string;
    note: string | null;
    recorded_by: string | null;
    recorded_at: string;
  } | null;
  /** One line each: what was recorded. */
  messages: string[];
}

/** GET /stamp/status-settings: whether this company records lost, stolen, voided and returned stamps. */
export interface StampStatusSettingsResponse {
  extended_stamp_statuses: boolean;
}
