import { DomainError, type DomainErrorKind } from '../shared/domain-error.js';
import type { FieldProblem } from '../shared/field-rules.js';

const catalogue = {
  ROUTE_NOT_FOUND: { kind: 'not_found', message: 'Route not found' },
  STOP_NOT_FOUND: { kind: 'not_found', message: 'Stop not found' },
  ROUTE_EXISTS: { kind: 'conflict', message: 'This route exists already.' },
  ROUTE_CLOSED: { kind: 'conflict', message: 'This route is closed: it cannot change.' },
  INVOICE_ON_ANOTHER_ROUTE: {
    kind: 'conflict',
    message: 'This invoice is on another open route of this day already.',
  },
  ORDER_ON_ANOTHER_ROUTE: {
    kind: 'conflict',
    message: 'This order is on another open route of this day already.',
  },
  ALREADY_ON_ROUTE: { kind: 'conflict', message: 'This invoice or order is on this route already.' },
  INVOICE_CANCELLED: { kind: 'conflict', message: 'A cancelled invoice cannot be added to a route.' },
  STOP_NOT_PLANNED: { kind: 'conflict', message: 'Only a planned stop can be skipped.' },
  STOP_DELIVERED: {
    kind: 'conflict',
    message: 'A delivered stop stays on its route, with what was collected there.',
  },
  ORDER_NOT_LIST: {
    kind: 'invalid',
    message: 'Send every stop of the route once, in the new order.',
  },
  NOT_YOUR_ROUTE: { kind: 'not_found', message: 'Route not found' },
} satisfies Record<string, { kind: DomainErrorKind; message: string }>;

export type RouteErrorCode = keyof typeof catalogue;

export function routeError(code: RouteErrorCode): DomainError {
  const entry: { kind: DomainErrorKind; message: string } = catalogue[code];
  return new DomainError(code, entry.kind, entry.message);
}

/** Every broken field at once; the message is the first problem's. */
export const routeInvalid = (details: FieldProblem[]) =>
  new DomainError('ROUTE_INVALID', 'invalid', details[0]!.message, details);
