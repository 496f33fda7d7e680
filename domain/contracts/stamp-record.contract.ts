/*
 * What GET /stamp/record answers, as the API writes it and the web reads it. Types only: the web build
 * imports this file too.
 */
import type { CreditMemoNumbering } from '../credits/credit-memo-numbering-proof.js';
import type { NumberingProof } from '../invoices/numbering-proof.js';
import type { SerialStatus, StampRecord, StampTransactionKind } from '../stamps/stamp-record.js';

export type {
  StampRecord,
  StampRecordDay,
  StampRecordLine,
  StampRecordTotals,
  StampTransactionKind,
} from '../stamps/stamp-record.js';

/** One link of a company's event hash chain. */
export interface ChainHeadResponse {
  seq: string;
  hash: string;
}

/** The stamp transaction record of a period, replayed as of an instant. */
export interface StampRecordResponse extends StampRecord {
  companyId: string;
  /** The instant the record is as of: events that happened later are not in it. */
  asOf: string;
  timeZone: string;
  /** Events read: of `stamps-{companyId}`, and of the invoices affixed in the period. */
  eventsRead: { stamps: number; invoices: number };
  /** The company's hash-chain head at the instant (null: no chain, e.g. the KurrentDB store). */
  chainHead: ChainHeadResponse | null;
}

export type {
  NumberingGap,
  NumberingProof,
  NumberingProofEntry,
  NumberingProofInvoice,
  NumberingSequence,
} from '../invoices/numbering-proof.js';

/** GET /invoice/numbering-proof: every invoice number issued in a period, as of an instant, and each gap. */
export interface NumberingProofResponse extends NumberingProof {
  /** The credit memos' CM- series in the period (its gaps count in `gaps` and `unexplained`). */
  creditMemos: CreditMemoNumbering;
  companyId: string;
  asOf: string;
  timeZone: string;
  /** The company's hash-chain head among the events the proof was made from (null: no chain). */
  chainHead: ChainHeadResponse | null;
}

/** GET /stamp/record/serial: one serial's transactions and status, replayed as of an instant. */
export interface SerialHistoryResponse {
  companyId: string;
  asOf: string;
  prefix: string;
  number: number;
  /** lost, stolen, voided, returned_to_state: only with the extended stamp statuses. */
  status: SerialStatus;
  transactions: {
    date: string;
    at: string;
    kind: StampTransactionKind;
    /** The range of the transaction that holds the serial. */
    range: string;
    invoiceId: string | null;
    invoiceNumber: string | null;
    invoiceDate: string | null;
    retailer: string | null;
    permit: string | null;
    note: string | null;
  }[];
  chainHead: ChainHeadResponse | null;
}

/** The stamp record's transactions (as the client's specification asks) as the screen, CSV, PDF and CLI name them. */
export const STAMP_RECORD_KIND_LABEL = {
  received: 'Received',
  affixed: 'Affixed',
  returned: 'Returned to stock',
  destroyed: 'Destroyed',
  restored: 'Destroy undone',
  lost: 'Lost',
  stolen: 'Stolen',
  voided: 'Voided',
  returned_to_state: 'Returned to the state',
  replacement: 'Replacement issued',
  goods_restocked: 'Returned on goods to stock',
  goods_written_off: 'Returned on goods, written off',
  goods_return_voided: 'Goods return voided',
  reissued: 'Returned goods sold again',
} as const satisfies Record<StampTransactionKind, string>;
