import { businessDate } from '../shared/business-date.js';
import type { NumberingGap } from '../invoices/numbering-proof.js';
import {
  displayCreditMemoNumber,
  FIRST_CREDIT_MEMO_NUMBER,
  type CreditMemoNumberEvent,
} from './credit-memo-numbers.js';

/**
 * The credit memos' numbers in the numbering proof, beside the invoices': every CM- number issued in the period with
 * its memo as it read at the proof's instant (issued or void: a void memo keeps its number), and every gap. A memo's
 * number is taken in the same append as the memo, from CM-1001 on, so the series never jumps: any gap is
 * unexplained. Pure: the caller gives the `credit-memo-numbers-…` events up to the instant and the memos then.
 */

export type NumberedMemoState = 'issued' | 'void';

/** A memo as it read at the proof's instant. */
export interface NumberedMemo {
  invoiceNumber: string;
  customer: string;
  voided: boolean;
}

export interface CreditMemoProofEntry {
  sequence: number;
  /** CM-1001 */
  number: string;
  issuedOn: string;
  issuedAt: string;
  creditMemoId: string;
  invoiceId: string;
  invoiceNumber: string;
  customer: string;
  state: NumberedMemoState;
}

export interface CreditMemoNumbering {
  /** The last number issued before the period (null: none). */
  previous: number | null;
  numbers: CreditMemoProofEntry[];
  gaps: NumberingGap[];
}

/** The memos numbered in the period, whose state the caller reads (on their invoices' streams). */
export function memosNumberedIn(
  events: readonly { event: CreditMemoNumberEvent; occurredAt: string }[],
  from: string,
  to: string,
  timeZone: string,
): { creditMemoId: string; invoiceId: string }[] {
  return events
    .filter(({ occurredAt }) => {
      const on = businessDate(occurredAt, timeZone);
      return on >= from && on <= to;
    })
    .map(({ event }) => ({ creditMemoId: event.data.creditMemoId, invoiceId: event.data.invoiceId }));
}

const gap = (from: number, to: number, explanation: string): NumberingGap => ({
  from,
  to,
  explained: false,
  explanation,
});

export function creditMemoNumbering(
  events: readonly { event: CreditMemoNumberEvent; occurredAt: string }[],
  memos: ReadonlyMap<string, NumberedMemo>,
  options: { from: string; to: string; timeZone: string },
): CreditMemoNumbering {
  const result: CreditMemoNumbering = { previous: null, numbers: [], gaps: [] };
  let last: number | null = null;
  for (const { event, occurredAt } of events) {
    const { sequence, creditMemoId, invoiceId } = event.data;
    const on = businessDate(occurredAt, options.timeZone);
    if (on > options.to) break;
    const expected = last === null ? FIRST_CREDIT_MEMO_NUMBER : last + 1;
    last = sequence;
    if (on < options.from) {
      result.previous = sequence;
      continue;
    }
    if (sequence < expected)
      result.gaps.push(
        gap(
          sequence,
          sequence,
          `Number ${displayCreditMemoNumber(sequence)} was issued again: the series went back.`,
        ),
      );
    else if (sequence > expected)
      result.gaps.push(
        gap(expected, sequence - 1, 'Never issued: credit memo numbers are taken without gaps.'),
      );
    const memo = memos.get(creditMemoId);
    result.numbers.push({
      sequence,
      number: displayCreditMemoNumber(sequence),
      issuedOn: on,
      issuedAt: occurredAt,
      creditMemoId,
      invoiceId,
      invoiceNumber: memo?.invoiceNumber ?? '',
      customer: memo?.customer ?? '',
      state: memo?.voided ? 'void' : 'issued',
    });
  }
  return result;
}
