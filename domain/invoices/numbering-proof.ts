import { businessDate } from '../shared/business-date.js';
import type { InvoiceStatus } from '../shared/invoice-status.js';
import { displayNumber } from './invoice.rules.js';
import type { InvoiceNumberEvent } from './invoice-numbers.js';

/**
 * The invoice numbering proof of a period: every number issued in it, in each sequence (the company's
 * plain sequence, and each customer's own with customer numbering), with the state of the invoices that carry it,
 * and every gap with its explanation — or flagged as unexplained. Pure: the caller gives the `invoice-numbers-…`
 * events up to the instant the proof is "as of", the starting-number changes of the company's settings and the
 * invoices as they read then.
 *
 * Numbers are taken by one decision appended atomically with the invoice, so a plain sequence can
 * only jump when the company's starting invoice number was raised above the next number; a customer's own sequence
 * never jumps. Anything else is reported unexplained.
 */

export type NumberedInvoiceState = 'issued' | 'cancelled' | 'deleted';

/** An invoice as it read at the proof's instant. */
export interface NumberedInvoice {
  number: string;
  invoicedOn: string;
  customer: string;
  status: InvoiceStatus;
  deleted: boolean;
  /** 'Replace', as of the proof's instant: the number of the cancelled invoice this one replaces … */
  replaces: string | null;
  /** … and the number of the invoice that replaced this one. */
  replacedBy: string | null;
}

export interface NumberingProofInvoice extends NumberedInvoice {
  invoiceId: string;
  state: NumberedInvoiceState;
}

export interface NumberingProofEntry {
  sequence: number;
  /** As invoices show it: `1001`, `12-3` (a beer invoice sharing it adds `B`). */
  number: string;
  issuedOn: string;
  issuedAt: string;
  invoices: NumberingProofInvoice[];
}

export interface NumberingGap {
  /** The first and last number never issued. */
  from: number;
  to: number;
  explained: boolean;
  explanation: string;
}

export interface NumberingSequence {
  /** '' for the company's plain sequence, else the customer's number and a dash. */
  prefix: string;
  customerId: string | null;
  /** The last number of this sequence issued before the period (null: none). */
  previous: number | null;
  numbers: NumberingProofEntry[];
  gaps: NumberingGap[];
}

export interface NumberingProof {
  from: string;
  to: string;
  sequences: NumberingSequence[];
  issued: number;
  gaps: number;
  unexplained: number;
}

/** A change of the company's starting invoice number (from its settings' events). */
export interface StartingNumberChange {
  at: string;
  startingNumber: number;
}

/** The invoices numbered in the period, whose state the caller reads. */
export function invoicesNumberedIn(
  events: readonly { event: InvoiceNumberEvent; occurredAt: string }[],
  from: string,
  to: string,
  timeZone: string,
): string[] {
  const ids: string[] = [];
  for (const { event, occurredAt } of events) {
    if (event.type !== 'InvoiceNumberAssigned') continue;
    const on = businessDate(occurredAt, timeZone);
    if (on >= from && on <= to) ids.push(...event.data.invoiceIds);
  }
  return ids;
}

const stateOf = (invoice: NumberedInvoice): NumberedInvoiceState =>
  invoice.deleted ? 'deleted' : invoice.status === 'cancelled' ? 'cancelled' : 'issued';

export function numberingProof(
  events: readonly { event: InvoiceNumberEvent; occurredAt: string }[],
  startingNumbers: readonly StartingNumberChange[],
  invoices: ReadonlyMap<string, NumberedInvoice>,
  options: { from: string; to: string; timeZone: string },
): NumberingProof {
  const { from, to, timeZone } = options;
  const sequences = new Map<string, NumberingSequence>();
  const last = new Map<string, { sequence: number; at: string }>();
  for (const { event, occurredAt } of events) {
    if (event.type !== 'InvoiceNumberAssigned') continue;
    const { customerId, sequence, prefix, invoiceIds } = event.data;
    const key = customerId ?? '';
    const on = businessDate(occurredAt, timeZone);
    const before = last.get(key);
    last.set(key, { sequence, at: occurredAt });
    if (on > to) continue;
    let entry = sequences.get(key);
    if (!entry) {
      entry = { prefix, customerId, previous: null, numbers: [], gaps: [] };
      sequences.set(key, entry);
    }
    if (on < from) {
      entry.previous = sequence;
      continue;
    }
    if (before && sequence !== before.sequence + 1) {
      entry.gaps.push(gapBetween(before, { sequence, at: occurredAt }, customerId, startingNumbers));
    }
    entry.numbers.push({
      sequence,
      number: displayNumber(prefix, sequence, false),
      issuedOn: on,
      issuedAt: occurredAt,
      invoices: invoiceIds.map((invoiceId) => {
        const invoice = invoices.get(invoiceId) ?? {
          number: displayNumber(prefix, sequence, false),
          invoicedOn: '',
          customer: '',
          status: 'draft' as InvoiceStatus,
          deleted: false,
          replaces: null,
          replacedBy: null,
        };
        return { invoiceId, ...invoice, state: stateOf(invoice) };
      }),
    });
  }
  const list = [...sequences.values()].filter((s) => s.numbers.length > 0);
  const gaps = list.flatMap((s) => s.gaps);
  return {
    from,
    to,
    sequences: list,
    issued: list.reduce((n, s) => n + s.numbers.length, 0),
    gaps: gaps.length,
    unexplained: gaps.filter((g) => !g.explained).length,
  };
}

function gapBetween(
  before: { sequence: number; at: string },
  next: { sequence: number; at: string },
  customerId: string | null,
  startingNumbers: readonly StartingNumberChange[],
): NumberingGap {
  if (next.sequence <= before.sequence) {
    return {
      from: next.sequence,
      to: next.sequence,
      explained: false,
      explanation: `Number ${next.sequence} was issued after ${before.sequence}: the sequence went back.`,
    };
  }
  const gap = { from: before.sequence + 1, to: next.sequence - 1 };
  const raised =
    customerId === null
      ? startingNumbers.findLast(
          (c) => c.at > before.at && c.at <= next.at && c.startingNumber === next.sequence,
        )
      : undefined;
  if (raised) {
    return {
      ...gap,
      explained: true,
      explanation: `Never issued: the starting invoice number was set to ${raised.startingNumber} at ${raised.at}.`,
    };
  }
  return { ...gap, explained: false, explanation: 'Never issued, and no setting explains it.' };
}
