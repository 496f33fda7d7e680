import { DomainError, errorCatalogue } from '../shared/domain-error.js';
import type { FieldProblem } from '../shared/field-rules.js';

export const INVENTORY_MESSAGES = {
  invalidValue: 'Invalid value',
  updateFailed: 'Error updating inventory',
  noItems: 'Add at least one item to restock.',
  productNotFound: 'Product not found',
  noInventory: 'No inventory found',
  noOutOfStock: 'No out of stock items found',
} as const;

export const inventoryError = errorCatalogue({
  INVENTORY_PRODUCT_NOT_FOUND: { kind: 'not_found', message: INVENTORY_MESSAGES.productNotFound },
  INVENTORY_NOT_FOUND: { kind: 'not_found', message: INVENTORY_MESSAGES.noInventory },
});

/** A cell edit's value broken: 'Invalid value' with '{field} must be a number' (as the client's specification asks). */
export const inventoryInvalidValue = (details: FieldProblem[]) =>
  new DomainError('INVENTORY_INVALID_VALUE', 'invalid', INVENTORY_MESSAGES.invalidValue, details);

/** A restock's problems, every one at once; the message is the first one's. */
export const restockInvalid = (details: FieldProblem[]) =>
  new DomainError('INVENTORY_RESTOCK_INVALID', 'invalid', details[0]!.message, details);
