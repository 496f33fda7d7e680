import { DomainError, type DomainErrorKind } from '../shared/domain-error.js';
import type { FieldProblem } from '../shared/field-rules.js';

type Values = Record<string, string | number>;

/** Order errors. The spec quotes no text for these rules (as the client's specification asks); these are ours. */
const catalogue = {
  ORDER_NOT_FOUND: { kind: 'not_found', message: () => 'Order not found' },
  ORDER_EXISTS: { kind: 'conflict', message: () => 'An order with this id exists already.' },
  ORDER_INVALID: { kind: 'invalid', message: () => 'Something Went Wrong' },
  ORDER_NOT_PLACED: {
    kind: 'conflict',
    message: ({ status }) => `This order is ${status}: only a placed order can be changed.`,
  },
  ORDER_NOT_DRAFT: {
    kind: 'conflict',
    message: ({ status }) => `This order is ${status}: only a draft can be changed or placed.`,
  },
  ORDER_DRAFT_CHANGED: {
    kind: 'conflict',
    message: () => 'This draft was changed meanwhile: open it again and place it.',
  },
  ORDER_REJECTED: {
    kind: 'conflict',
    message: () => 'This order was rejected and can no longer be invoiced.',
  },
  ORDER_OVER_INVOICED: { kind: 'conflict', message: ({ message }) => String(message) },
  ORDER_NOT_INVOICED: { kind: 'conflict', message: () => 'Only an invoiced order can be delivered.' },
  NOTHING_DIFFERS: {
    kind: 'invalid',
    message: () => 'Nothing differs: the new value is the same as the old one.',
  },
  ITEM_NOT_FOUND: { kind: 'not_found', message: () => 'Order item not found' },
  ITEM_REJECTED: { kind: 'conflict', message: () => 'A rejected item cannot be changed.' },
} satisfies Record<string, { kind: DomainErrorKind; message: (values: Values) => string }>;

export type OrderErrorCode = keyof typeof catalogue;

export function orderError(code: OrderErrorCode, values: Values = {}, details?: FieldProblem[]): DomainError {
  const entry: { kind: DomainErrorKind; message: (values: Values) => string } = catalogue[code];
  return new DomainError(code, entry.kind, entry.message(values), details);
}

/** Every broken field at once; the message is the first problem's. */
export const orderInvalid = (details: FieldProblem[]) =>
  new DomainError('ORDER_INVALID', 'invalid', details[0]!.message, details);

export const ORDER_MESSAGES = {
  itemsRequired: 'Add at least one item.',
  tooManyItems: (max: number) => `An order can have at most ${max} items.`,
  qty: (max: number) => `Quantity must be a whole number between 1 and ${max}.`,
  price: 'Price must be a number of at least 0.00 with at most 2 decimals.',
  noteTooLong: (max: number) => `Note must be at most ${max} characters.`,
  noteRequired: 'Note is required.',
  productNotFound: 'Product not found',
} as const;
