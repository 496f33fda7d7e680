import { DomainError, type DomainErrorKind } from '../shared/domain-error.js';
import type { FieldProblem } from '../shared/field-rules.js';

type Values = Record<string, string | number>;

/** Invoice errors. Texts quoted of the client's specification (§4, §5, §8) are copied exactly; the others are ours. */
const catalogue = {
  INVOICE_NOT_FOUND: { kind: 'not_found', message: () => 'Invoice not found' },
  INVOICE_EXISTS: { kind: 'conflict', message: () => 'An invoice with this id exists already.' },
  INVOICE_INVALID: { kind: 'invalid', message: () => 'Something Went Wrong' },
  CANCELLED_NOT_EDITABLE: {
    kind: 'conflict',
    message: () => 'A cancelled invoice cannot be edited. Change its status first.',
  },
  DELETE_NOT_OWNER: { kind: 'forbidden', message: () => 'Only the owner can delete invoices.' },
  DELETE_NOT_CANCELLED: { kind: 'conflict', message: () => 'Only cancelled invoices can be deleted.' },
  DELETE_STRICT_RECORDS: {
    kind: 'forbidden',
    message: () =>
      'Strict records is on: invoices are never deleted. A cancelled invoice stays in the grid as Cancelled; use Replace to correct it.',
  },
  REPLACE_NOT_CANCELLED: {
    kind: 'conflict',
    message: () => 'Only a cancelled invoice can be replaced. Cancel it first.',
  },
  REPLACED_ALREADY: {
    kind: 'conflict',
    message: ({ number, replacement }) =>
      `Invoice ${number} was replaced already, by invoice ${replacement}.`,
  },
  REPLACED_STAYS_CANCELLED: {
    kind: 'conflict',
    message: ({ number, replacement }) =>
      `Invoice ${number} was replaced by invoice ${replacement}, so it stays cancelled.`,
  },
  DUPLICATE: {
    kind: 'conflict',
    message: () => 'An identical invoice for this customer was created within the last 24 hours.',
  },
} satisfies Record<string, { kind: DomainErrorKind; message: (values: Values) => string }>;

export type InvoiceErrorCode = keyof typeof catalogue;

export function invoiceError(
  code: InvoiceErrorCode,
  values: Values = {},
  details?: FieldProblem[],
  extra?: Record<string, unknown>,
): DomainError {
  const entry: { kind: DomainErrorKind; message: (values: Values) => string } = catalogue[code];
  return new DomainError(code, entry.kind, entry.message(values), details, extra);
}

/** Every broken field at once under 'Something Went Wrong'; the message is the first problem's. */
export const invoiceInvalid = (details: FieldProblem[]) =>
  new DomainError('INVOICE_INVALID', 'invalid', details[0]!.message, details);

/** Field messages ("Dates"). */
export const INVOICE_MESSAGES = {
  customerRequired: 'Customer is required.',
  customerNotFound: 'Customer Not Found',
  itemsRequired: 'Add at least one item.',
  tooManyItems: (max: number) => `An invoice can have at most ${max} items.`,
  productNotFound: 'Product not found',
  qty: (max: number) => `Quantity must be a whole number between -${max} and ${max}.`,
  price: 'Price must be a number of at least 0.00 with at most 2 decimals.',
  /** The client's specification: "You can't add {type} as it must be on a separate invoice from beer|liquor & wine." */
  beerMix: (type: string, other: 'beer' | 'liquor & wine') =>
    `You can't add ${type} as it must be on a separate invoice from ${other}.`,
  invoiceDate: 'Invoice date must be a date (YYYY-MM-DD).',
  invoiceDateTooLate: (latest: string) => `Invoice date can be at most 10 days ahead (${latest}).`,
  dueDate: 'Due date must be a date (YYYY-MM-DD).',
  dueDateTooLate: (latest: string) => `Due date can be at most 30 days ahead (${latest}).`,
  dueBeforeInvoice: "Due date can't be before the invoice date.",
  status: 'Status must be one of the invoice statuses.',
  noteTooLong: (label: string, max: number) => `${label} must be at most ${max} characters.`,
  moreStampsNeeded: (needed: number, added: number) =>
    `More Stamp(s) Needed: ${needed} needed, ${added} added.`,
  stampRollMissing: 'Stamp roll missing - Please add your current stamp roll before creating an invoice',
  logoNotFound: 'Logo not found',
} as const;
