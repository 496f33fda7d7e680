/**
 * Events of the `stamps-{companyId}` stream: the whole company's stamps are one consistency
 * boundary, so a stamp number is never allocated twice. Stamp numbers are integers and travel as ranges.
 */

/** Stamps `from`–`to` (inclusive) of one roll. */
export interface StampRange {
  rollId: number;
  prefix: string;
  from: number;
  to: number;
}

export interface StampRollReceived {
  type: 'StampRollReceived';
  data: {
    rollId: number; // 1, 2, 3 … per company, in the order rolls were received
    prefix: string; // trimmed, upper-cased, may be ''
    from: number;
    to: number;
    receivedOn: string; // business date YYYY-MM-DD
    active: boolean;
    recordedAt: string;
  };
}

export interface StampRollActivated {
  type: 'StampRollActivated';
  data: { rollId: number; activatedAt: string };
}

export interface StampRollDeactivated {
  type: 'StampRollDeactivated';
  data: { rollId: number; deactivatedAt: string };
}

/** Who received the stamps: present for invoices once invoices exist, null for manual assignments. */
export interface StampRecipient {
  invoiceId: string | null;
  invoiceNumber: string | null;
  customerId: string | null;
  customerName: string | null;
  customerTabcId: string | null;
}

export interface StampsAllocated {
  type: 'StampsAllocated';
  data: StampRecipient & {
    /** `invoice-{invoiceId}` or `assignment-{n}`: who holds the stamps. */
    allocationId: string;
    note: string | null;
    ranges: StampRange[];
    allocatedAt: string;
  };
}

export interface StampsReleased {
  type: 'StampsReleased';
  data: {
    allocationId: string;
    invoiceId: string | null;
    invoiceNumber: string | null;
    ranges: StampRange[];
    reason: 'edited' | 'cancelled' | 'released';
    releasedAt: string;
  };
}

/** What a destroy request left alone, kept with the fact so the answer and the audit trail say why. */
export interface NotDestroyed {
  invoiced: { from: number; to: number; label: string | null }[];
  alreadyDestroyed: { from: number; to: number }[];
}

export interface StampsDestroyed {
  type: 'StampsDestroyed';
  data: {
    destroyId: number; // 1, 2, 3 … per company: the record `undo-destroy` names
    rollId: number;
    prefix: string;
    /** The range asked for. */
    from: number;
    to: number;
    /** The stamps that were available and are now destroyed. */
    ranges: StampRange[];
    notDestroyed: NotDestroyed;
    note: string | null;
    destroyedAt: string;
  };
}

export interface StampsRestored {
  type: 'StampsRestored';
  data: { destroyId: number; rollId: number; prefix: string; ranges: StampRange[]; restoredAt: string };
}

/**
 * (company setting `extendedStampStatuses`): what can happen to stamps in stock besides being destroyed.
 * `returned_to_state`: unused stamps sent back to TABC.
 */
export const EXTENDED_STAMP_STATUSES = ['lost', 'stolen', 'voided', 'returned_to_state'] as const;
export type ExtendedStampStatus = (typeof EXTENDED_STAMP_STATUSES)[number];

/** Who recorded a fact: the user and their name at the time (the record prints it as it was). */
export interface StampRecorder {
  userId: string | null;
  name: string | null;
}

/** One stamp. */
export interface StampRef {
  rollId: number;
  prefix: string;
  number: number;
}

/** Stamps of one roll that were in stock are now lost, stolen, voided or returned to the state. */
export interface StampsStatusRecorded {
  type: 'StampsStatusRecorded';
  data: {
    recordId: number; // 1, 2, 3 … per company
    status: ExtendedStampStatus;
    rollId: number;
    prefix: string;
    from: number;
    to: number;
    ranges: StampRange[];
    note: string;
    recordedBy: StampRecorder;
    recordedAt: string;
  };
}

/**
 * `replacement` was issued in place of `original` (lost, stolen, voided or destroyed): a cross-reference both ways;
 * the replacement stamp itself stays as it is (in stock, or affixed as usual).
 */
export interface StampReplacementRecorded {
  type: 'StampReplacementRecorded';
  data: {
    original: StampRef;
    originalStatus: Exclude<ExtendedStampStatus, 'returned_to_state'> | 'destroyed';
    replacement: StampRef;
    note: string | null;
    recordedBy: StampRecorder;
    recordedAt: string;
  };
}

/**
 * What became of the stamps on bottles a credit memo took back: `restocked`, back in stock still affixed to their
 * bottles (the next invoice of that product carries them again); `written_off`, destroyed with their bottles.
 */
export type GoodsStampDisposition = 'restocked' | 'written_off';

/** The stamps of one credited invoice line. */
export interface GoodsStampReturn {
  lineNo: number;
  productId: string;
  name: string;
  disposition: GoodsStampDisposition;
  ranges: StampRange[];
}

/**
 * A credit memo took bottles back: their stamps leave the invoice. They stay affixed (never available to another
 * bottle): on bottles back in stock, or destroyed with them. Appended with the memo, on the same ledger.
 */
export interface StampsReturnedWithGoods {
  type: 'StampsReturnedWithGoods';
  data: {
    creditMemoId: string;
    creditMemoNumber: string;
    invoiceId: string;
    invoiceNumber: string;
    returns: GoodsStampReturn[];
    returnedAt: string;
  };
}

/** The memo that took them back was voided: the stamps are the invoice's again. */
export interface StampsGoodsReturnReversed {
  type: 'StampsGoodsReturnReversed';
  data: {
    creditMemoId: string;
    creditMemoNumber: string;
    invoiceId: string;
    invoiceNumber: string;
    returns: GoodsStampReturn[];
    reversedAt: string;
  };
}

/** Bottles back in stock sold again: a new invoice carries their stamps (same serials), taken before fresh ones. */
export interface ReturnedStampsReissued {
  type: 'ReturnedStampsReissued';
  data: StampRecipient & {
    invoiceId: string;
    allocationId: string;
    reissues: { productId: string; name: string; ranges: StampRange[] }[];
    reissuedAt: string;
  };
}

/**
 * An invoice that carried returned bottles again was cancelled, or edited to fewer of them: those bottles stay in
 * stock with their stamps (never available to another bottle), to go out on the next invoice of the product.
 */
export interface ReissuedStampsBackInStock {
  type: 'ReissuedStampsBackInStock';
  data: {
    invoiceId: string;
    invoiceNumber: string;
    allocationId: string;
    returns: { productId: string; name: string; ranges: StampRange[] }[];
    reason: 'cancelled' | 'edited';
    returnedAt: string;
  };
}

export type StampEvent =
  | StampRollReceived
  | StampRollActivated
  | StampRollDeactivated
  | StampsAllocated
  | StampsReleased
  | StampsDestroyed
  | StampsRestored
  | StampsStatusRecorded
  | StampReplacementRecorded
  | StampsReturnedWithGoods
  | StampsGoodsReturnReversed
  | ReturnedStampsReissued
  | ReissuedStampsBackInStock;

export const STAMP_EVENT_TYPES: readonly StampEvent['type'][] = [
  'StampRollReceived',
  'StampRollActivated',
  'StampRollDeactivated',
  'StampsAllocated',
  'StampsReleased',
  'StampsDestroyed',
  'StampsRestored',
  'StampsStatusRecorded',
  'StampReplacementRecorded',
  'StampsReturnedWithGoods',
  'StampsGoodsReturnReversed',
  'ReturnedStampsReissued',
  'ReissuedStampsBackInStock',
];

export const STAMPS_STREAM_PREFIX = 'stamps-';
export const stampsStream = (companyId: string) => `${STAMPS_STREAM_PREFIX}${companyId}`;

export const invoiceAllocationId = (invoiceId: string) => `invoice-${invoiceId}`;
export const assignmentAllocationId = (n: number) => `assignment-${n}`;
