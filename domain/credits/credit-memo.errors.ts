import { DomainError, type DomainErrorKind } from '../shared/domain-error.js';
import type { FieldProblem } from '../shared/field-rules.js';

type Values = Record<string, string>;

const catalogue = {
  CREDIT_MEMO_NOT_FOUND: { kind: 'not_found', message: () => 'Credit memo not found' },
  INVOICE_CANCELLED: {
    kind: 'conflict',
    message: ({ number }) => `Invoice ${number} is cancelled: a cancelled invoice cannot be credited.`,
  },
  CREDIT_MEMO_VOID: {
    kind: 'conflict',
    message: ({ number }) => `Credit memo ${number} is void already.`,
  },
  CREDIT_MEMO_STAMPS_RESOLD: {
    kind: 'conflict',
    message: ({ number, serials }) =>
      `Credit memo ${number} cannot be voided: the bottles it put back in stock were invoiced again (stamps ${serials}). Credit that invoice instead.`,
  },
  INVOICE_HAS_CREDITS: {
    kind: 'conflict',
    message: ({ number }) =>
      `Invoice ${number} has credit memos: its lines and customer cannot change. Void its credit memos first.`,
  },
  INVOICE_HAS_CREDITS_CANCEL: {
    kind: 'conflict',
    message: ({ number }) => `Invoice ${number} has credit memos: void them before cancelling it.`,
  },
} satisfies Record<string, { kind: DomainErrorKind; message: (values: Values) => string }>;

export type CreditMemoErrorCode = keyof typeof catalogue;

export function creditMemoError(code: CreditMemoErrorCode, values: Values = {}): DomainError {
  const entry: { kind: DomainErrorKind; message: (values: Values) => string } = catalogue[code];
  return new DomainError(code, entry.kind, entry.message(values));
}

/** Every broken field at once; the message is the first problem's. */
export const creditMemoInvalid = (details: FieldProblem[]) =>
  new DomainError('CREDIT_MEMO_INVALID', 'invalid', details[0]!.message, details);
