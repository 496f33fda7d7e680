import type { CreditMemoNumber } from './credit-memo.events.js';

/**
 * The `credit-memo-numbers-{companyId}` stream: the company's credit memos numbered in sequence from 1001, unique
 * and without gaps. Appended atomically with the memo it numbers (on its invoice's stream), so concurrent memos
 * never share or skip a number. A void memo keeps its number.
 */
export interface CreditMemoNumberAssigned {
  type: 'CreditMemoNumberAssigned';
  data: { creditMemoId: string; invoiceId: string; sequence: number; assignedAt: string };
}

export type CreditMemoNumberEvent = CreditMemoNumberAssigned;

export const FIRST_CREDIT_MEMO_NUMBER = 1001;
export const CREDIT_MEMO_PREFIX = 'CM-';

export const displayCreditMemoNumber = (sequence: number): string => `${CREDIT_MEMO_PREFIX}${sequence}`;

export interface CreditMemoNumbers {
  /** The last number given (0: none yet). */
  last: number;
}

export const initialState = (): CreditMemoNumbers => ({ last: 0 });

export function evolve(state: CreditMemoNumbers, event: CreditMemoNumberEvent): CreditMemoNumbers {
  switch (event.type) {
    case 'CreditMemoNumberAssigned':
      return { last: Math.max(state.last, event.data.sequence) };
    default:
      return state;
  }
}

/** Snapshot version 1: CreditMemoNumbers as above (bump on any change of its shape). */
export const creditMemoNumbersDecider = { evolve, initialState, snapshot: { version: 1 } };

export const creditMemoNumbersStream = (companyId: string) => `credit-memo-numbers-${companyId}`;

/** The number the next memo gets, without taking it. */
export function nextCreditMemoNumber(state: CreditMemoNumbers): CreditMemoNumber {
  const sequence = Math.max(state.last + 1, FIRST_CREDIT_MEMO_NUMBER);
  return { sequence, display: displayCreditMemoNumber(sequence) };
}

/** Takes the next number for a memo: the event and the number. */
export function assignCreditMemoNumber(
  state: CreditMemoNumbers,
  memo: { creditMemoId: string; invoiceId: string },
  now: string,
): { event: CreditMemoNumberAssigned; number: CreditMemoNumber } {
  const number = nextCreditMemoNumber(state);
  return {
    event: {
      type: 'CreditMemoNumberAssigned',
      data: {
        creditMemoId: memo.creditMemoId,
        invoiceId: memo.invoiceId,
        sequence: number.sequence,
        assignedAt: now,
      },
    },
    number,
  };
}
