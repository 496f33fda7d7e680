import { businessDate } from '../shared/business-date.js';
import { formatRange } from './intervals.js';
import type { StampEvent, StampRange } from './stamp.events.js';

/**
 * The TABC stamp transaction record: one entry for each date with a transaction — stamps received
 * (roll, serials), stamps affixed (invoice date and number, retailer trade name and permit, serial ranges), stamps
 * that came back (an invoice edited or cancelled), destroyed serials listed one by one, destroys undone — and the
 * quantity on hand after each. Pure: it folds the `stamps-{companyId}` events it is given (the caller gives the
 * events up to the instant the record is "as of") and the invoice details the caller read as of that instant.
 *
 * "On hand" is the stamps the permittee holds that are neither affixed nor destroyed: received − affixed + returned
 * − destroyed + restored.
 */

export type StampTransactionKind =
  | 'received'
  | 'affixed'
  | 'returned'
  | 'destroyed'
  | 'restored'
  // , with the company setting extendedStampStatuses:
  | 'lost'
  | 'stolen'
  | 'voided'
  | 'returned_to_state'
  | 'replacement'
  // stamps that follow the goods (credit memos), all still affixed: on hand does not change
  | 'goods_restocked'
  | 'goods_written_off'
  | 'goods_return_voided'
  | 'reissued';

/** The credit-memo kinds, with what became of the stamps as an auditor reads it. */
const GOODS_TEXT = {
  goods_restocked: 'back in stock on its bottle',
  goods_written_off: 'destroyed with its bottle (written off)',
  goods_return_voided: 'memo voided: back on the invoice',
} as const;

/** Returned bottles an invoice no longer carries, as an auditor reads it: they stay in stock with their stamps. */
export const BACK_IN_STOCK_TEXT = {
  cancelled: 'invoice cancelled, back in stock on its bottle',
  edited: 'invoice edited, back in stock on its bottle',
} as const;

/** The kinds whose serials the record lists one by one (TABC: every stamp destroyed, lost, stolen, voided…). */
export const LISTED_KINDS: ReadonlySet<StampTransactionKind> = new Set([
  'destroyed',
  'lost',
  'stolen',
  'voided',
  'returned_to_state',
  'replacement',
  'goods_restocked',
  'goods_written_off',
]);

/** One stamp event as a transaction of the record, before invoice details are joined. */
export interface StampTransaction {
  /** Business date of the transaction: the roll's received date, else the event's instant in the company zone. */
  date: string;
  /** The event's instant (its command time). */
  at: string;
  /** The event's order in the stream: ties on a date keep the stream's order. */
  seq: number;
  kind: StampTransactionKind;
  /** + received / returned / restored, − affixed / destroyed. */
  delta: number;
  ranges: StampRange[];
  rollId: number | null;
  invoiceId: string | null;
  invoiceNumber: string | null;
  customerName: string | null;
  customerTabcId: string | null;
  note: string | null;
  /** Released stamps: why they came back. */
  reason: string | null;
  /** Stamps that followed credited goods: the credit memo's number (CM-1001). */
  creditMemoNumber?: string | null;
  /** A replacement: the stamp it replaces (whose own story shows it too), and what that story says. */
  related?: StampRange[];
  relatedNote?: string | null;
}

/** An invoice as it read at the record's instant. */
export interface StampRecordInvoice {
  invoicedOn: string;
  number: string;
  customerName: string;
  customerTabcId: string;
}

export interface StampRecordLine {
  kind: StampTransactionKind;
  at: string;
  quantity: number;
  /** Serial ranges, `AB1000–AB1011, AB1020`. */
  serials: string;
  /** Destroyed, lost, stolen, voided, returned-to-state and replacement lines: every serial, one by one. */
  serialList: string[];
  rollId: number | null;
  invoiceId: string | null;
  invoiceNumber: string | null;
  invoiceDate: string | null;
  retailer: string | null;
  permit: string | null;
  note: string | null;
  /** Only on stamps that followed credited goods: the credit memo's number (the record reads as before otherwise). */
  creditMemoNumber?: string;
  onHandAfter: number;
}

export interface StampRecordDay {
  date: string;
  lines: StampRecordLine[];
}

export type BaseStampTransactionKind = 'received' | 'affixed' | 'returned' | 'destroyed' | 'restored';

export type StampRecordTotals = Record<BaseStampTransactionKind, number> &
  Partial<Record<Exclude<StampTransactionKind, BaseStampTransactionKind>, number>>;

export interface StampRecord {
  from: string;
  to: string;
  /** On hand at the start of `from`. */
  openingOnHand: number;
  closingOnHand: number;
  days: StampRecordDay[];
  /** The extended statuses' kinds only when the period has some: otherwise the record reads as before. */
  totals: StampRecordTotals;
}

const count = (ranges: readonly StampRange[]) => ranges.reduce((n, r) => n + r.to - r.from + 1, 0);

/** The stamp events as transactions (activation changes are no transactions). */
export function stampTransactions(
  events: readonly { event: StampEvent; occurredAt: string }[],
  timeZone: string,
): StampTransaction[] {
  const out: StampTransaction[] = [];
  events.forEach(({ event, occurredAt }, seq) => {
    const base = {
      at: occurredAt,
      seq,
      date: businessDate(occurredAt, timeZone),
      invoiceId: null,
      invoiceNumber: null,
      customerName: null,
      customerTabcId: null,
      note: null,
      reason: null,
      rollId: null,
    };
    switch (event.type) {
      case 'StampRollReceived': {
        const { rollId, prefix, from, to, receivedOn } = event.data;
        const ranges = [{ rollId, prefix, from, to }];
        out.push({ ...base, date: receivedOn, kind: 'received', delta: count(ranges), ranges, rollId });
        return;
      }
      case 'StampsAllocated': {
        const d = event.data;
        out.push({
          ...base,
          kind: 'affixed',
          delta: -count(d.ranges),
          ranges: d.ranges,
          rollId: d.ranges[0]?.rollId ?? null,
          invoiceId: d.invoiceId,
          invoiceNumber: d.invoiceNumber,
          customerName: d.customerName,
          customerTabcId: d.customerTabcId,
          note: d.note,
        });
        return;
      }
      case 'StampsReleased': {
        const d = event.data;
        out.push({
          ...base,
          kind: 'returned',
          delta: count(d.ranges),
          ranges: d.ranges,
          rollId: d.ranges[0]?.rollId ?? null,
          invoiceId: d.invoiceId,
          invoiceNumber: d.invoiceNumber,
          reason: d.reason,
        });
        return;
      }
      case 'StampsDestroyed': {
        const d = event.data;
        if (d.ranges.length === 0) return; // nothing was available to destroy
        out.push({
          ...base,
          kind: 'destroyed',
          delta: -count(d.ranges),
          ranges: d.ranges,
          rollId: d.rollId,
          note: d.note,
        });
        return;
      }
      case 'StampsStatusRecorded': {
        const d = event.data;
        out.push({
          ...base,
          kind: d.status,
          delta: -count(d.ranges),
          ranges: d.ranges,
          rollId: d.rollId,
          note: withRecorder(d.note, d.recordedBy.name),
        });
        return;
      }
      case 'StampReplacementRecorded': {
        const d = event.data;
        const original = {
          rollId: d.original.rollId,
          prefix: d.original.prefix,
          from: d.original.number,
          to: d.original.number,
        };
        const serial = `${d.replacement.prefix}${d.replacement.number}`;
        const originalSerial = `${d.original.prefix}${d.original.number}`;
        out.push({
          ...base,
          kind: 'replacement',
          delta: 0,
          ranges: [
            {
              rollId: d.replacement.rollId,
              prefix: d.replacement.prefix,
              from: d.replacement.number,
              to: d.replacement.number,
            },
          ],
          rollId: d.replacement.rollId,
          note: withRecorder(
            [`Replaces ${originalSerial} (${STATUS_TEXT[d.originalStatus]})`, d.note]
              .filter(Boolean)
              .join(': '),
            d.recordedBy.name,
          ),
          related: [original],
          relatedNote: withRecorder(
            [`Replaced by ${serial}`, d.note].filter(Boolean).join(': '),
            d.recordedBy.name,
          ),
        });
        return;
      }
      case 'StampsReturnedWithGoods':
      case 'StampsGoodsReturnReversed': {
        const d = event.data;
        for (const r of d.returns) {
          const kind =
            event.type === 'StampsGoodsReturnReversed'
              ? 'goods_return_voided'
              : r.disposition === 'restocked'
                ? 'goods_restocked'
                : 'goods_written_off';
          out.push({
            ...base,
            kind,
            delta: 0,
            ranges: r.ranges,
            rollId: r.ranges[0]?.rollId ?? null,
            invoiceId: d.invoiceId,
            invoiceNumber: d.invoiceNumber,
            creditMemoNumber: d.creditMemoNumber,
            note: `Credit memo ${d.creditMemoNumber}, ${r.name}: ${GOODS_TEXT[kind]}`,
          });
        }
        return;
      }
      case 'ReissuedStampsBackInStock': {
        const d = event.data;
        for (const r of d.returns)
          out.push({
            ...base,
            kind: 'goods_restocked',
            delta: 0,
            ranges: r.ranges,
            rollId: r.ranges[0]?.rollId ?? null,
            invoiceId: d.invoiceId,
            invoiceNumber: d.invoiceNumber,
            note: `${r.name}: ${BACK_IN_STOCK_TEXT[d.reason]}`,
          });
        return;
      }
      case 'ReturnedStampsReissued': {
        const d = event.data;
        for (const r of d.reissues)
          out.push({
            ...base,
            kind: 'reissued',
            delta: 0,
            ranges: r.ranges,
            rollId: r.ranges[0]?.rollId ?? null,
            invoiceId: d.invoiceId,
            invoiceNumber: d.invoiceNumber,
            customerName: d.customerName,
            customerTabcId: d.customerTabcId,
            note: `${r.name}: returned bottles sold again with their stamps`,
          });
        return;
      }
      case 'StampsRestored': {
        const d = event.data;
        out.push({
          ...base,
          kind: 'restored',
          delta: count(d.ranges),
          ranges: d.ranges,
          rollId: d.rollId,
          note: `Destroy #${d.destroyId} undone`,
        });
        return;
      }
      default:
        return;
    }
  });
  return out.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.seq - b.seq));
}

const STATUS_TEXT: Record<string, string> = {
  lost: 'lost',
  stolen: 'stolen',
  voided: 'voided',
  destroyed: 'destroyed',
};

const withRecorder = (note: string | null, name: string | null) =>
  name ? `${note ?? ''}${note ? ' ' : ''}(recorded by ${name})` : note;

const INVOICE_KINDS: ReadonlySet<StampTransactionKind> = new Set([
  'affixed',
  'returned',
  'goods_restocked',
  'goods_written_off',
  'goods_return_voided',
  'reissued',
]);

/** The affixing transactions of the period whose invoice details the caller must read. */
export function invoicesOfPeriod(
  transactions: readonly StampTransaction[],
  from: string,
  to: string,
): string[] {
  const ids = new Set<string>();
  for (const t of transactions)
    if (t.invoiceId && t.date >= from && t.date <= to && INVOICE_KINDS.has(t.kind)) ids.add(t.invoiceId);
  return [...ids];
}

const rangesText = (ranges: readonly StampRange[]) =>
  ranges.map((r) => formatRange(r.prefix, r.from, r.to)).join(', ');

/** At most this many serials are listed one by one per listed line (a whole roll destroyed stays readable). */
export const MAX_LISTED_SERIALS = 10_000;

function serialList(ranges: readonly StampRange[]): string[] {
  const list: string[] = [];
  for (const r of ranges)
    for (let n = r.from; n <= r.to && list.length < MAX_LISTED_SERIALS; n++) list.push(`${r.prefix}${n}`);
  return list;
}

/** The record of `from`–`to` (business dates, inclusive) from the transactions sorted by stampTransactions. */
export function buildStampRecord(
  transactions: readonly StampTransaction[],
  invoices: ReadonlyMap<string, StampRecordInvoice>,
  from: string,
  to: string,
): StampRecord {
  let onHand = 0;
  let openingOnHand = 0;
  const days: StampRecordDay[] = [];
  const totals: StampRecordTotals = { received: 0, affixed: 0, returned: 0, destroyed: 0, restored: 0 };
  for (const t of transactions) {
    if (t.date > to) break;
    onHand += t.delta;
    if (t.date < from) {
      openingOnHand = onHand;
      continue;
    }
    const invoice = t.invoiceId ? invoices.get(t.invoiceId) : undefined;
    const line: StampRecordLine = {
      kind: t.kind,
      at: t.at,
      quantity: t.kind === 'replacement' ? 1 : t.delta !== 0 ? Math.abs(t.delta) : count(t.ranges),
      serials: rangesText(t.ranges),
      serialList: LISTED_KINDS.has(t.kind) ? serialList(t.ranges) : [],
      rollId: t.rollId,
      invoiceId: t.invoiceId,
      invoiceNumber: invoice?.number ?? t.invoiceNumber,
      invoiceDate: invoice?.invoicedOn ?? null,
      retailer: invoice?.customerName ?? t.customerName,
      permit: invoice?.customerTabcId ?? t.customerTabcId,
      note: t.kind === 'returned' ? `Invoice ${t.reason ?? 'edited'}` : t.note,
      ...(t.creditMemoNumber ? { creditMemoNumber: t.creditMemoNumber } : {}),
      onHandAfter: onHand,
    };
    totals[t.kind] = (totals[t.kind] ?? 0) + line.quantity;
    const day = days.at(-1);
    if (day?.date === t.date) day.lines.push(line);
    else days.push({ date: t.date, lines: [line] });
  }
  return { from, to, openingOnHand, closingOnHand: onHand, days, totals };
}

export type SerialStatus =
  | 'not_received'
  | 'available'
  | 'invoiced'
  | 'destroyed'
  | 'lost'
  | 'stolen'
  | 'voided'
  | 'returned_to_state'
  | 'returned_in_stock'
  | 'written_off';

/** The status after a transaction; a replacement changes neither stamp's status. */
const STATUS_AFTER: Record<Exclude<StampTransactionKind, 'replacement'>, SerialStatus> = {
  received: 'available',
  affixed: 'invoiced',
  returned: 'available',
  destroyed: 'destroyed',
  restored: 'available',
  lost: 'lost',
  stolen: 'stolen',
  voided: 'voided',
  returned_to_state: 'returned_to_state',
  goods_restocked: 'returned_in_stock',
  goods_written_off: 'written_off',
  goods_return_voided: 'invoiced',
  reissued: 'invoiced',
};

/** The transactions that touched one serial (in the record's order), and its status after the last of them. */
export function serialHistory(
  transactions: readonly StampTransaction[],
  prefix: string,
  number: number,
): { status: SerialStatus; transactions: StampTransaction[] } {
  const holds = (r: StampRange) => r.prefix === prefix && r.from <= number && number <= r.to;
  const touched = transactions
    .filter((t) => t.ranges.some(holds) || t.related?.some(holds))
    // The serial's own story goes by the events' order (a roll's received date may be earlier than its entry).
    .sort((a, b) => a.seq - b.seq)
    .map((t) =>
      t.ranges.some(holds)
        ? { ...t, ranges: t.ranges.filter(holds) }
        : // The stamp a replacement stands in for: its own story says by which stamp.
          { ...t, ranges: t.related!.filter(holds), note: t.relatedNote ?? null },
    );
  let status: SerialStatus = 'not_received';
  for (const t of touched) if (t.kind !== 'replacement') status = STATUS_AFTER[t.kind];
  return { status, transactions: touched };
}
