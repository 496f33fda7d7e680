import { DomainError, errorCatalogue } from '../shared/domain-error.js';
import type { FieldProblem } from '../shared/field-rules.js';

export const customerError = errorCatalogue({
  CUSTOMER_NOT_FOUND: { kind: 'not_found', message: 'Customer Not Found' },
  CUSTOMER_EXISTS: { kind: 'conflict', message: 'This customer exists already.' },
  CUSTOMER_INVALID: { kind: 'invalid', message: 'Error saving customer!' },
});

/** Every broken field at once; the message is the first field's (as for the API's validation errors). */
export const customerInvalid = (details: FieldProblem[]) =>
  new DomainError('CUSTOMER_INVALID', 'invalid', details[0]!.message, details);

/** An override asked for a customer the list does not name: 409 with the reason. */
export const customerOverrideRefused = (message: string) =>
  new DomainError('DELINQUENT_OVERRIDE_NOT_LISTED', 'conflict', message);
