import { DomainError, errorCatalogue } from '../shared/domain-error.js';
import type { FieldProblem } from '../shared/field-rules.js';
import { PRODUCT_MESSAGES } from './product.rules.js';

export const productError = errorCatalogue({
  PRODUCT_NOT_FOUND: { kind: 'not_found', message: 'Product not found' },
  PRODUCT_INVALID: { kind: 'invalid', message: PRODUCT_MESSAGES.saveFailed },
  PRODUCT_EXISTS: { kind: 'conflict', message: PRODUCT_MESSAGES.exists },
  PRODUCT_EXISTS_ALREADY: { kind: 'conflict', message: 'A product with this id exists already.' },
  PRODUCT_CLOVER_LOCKED: { kind: 'forbidden', message: PRODUCT_MESSAGES.cloverLocked },
  PRODUCT_BOTTLE_POS_LOCKED: { kind: 'forbidden', message: PRODUCT_MESSAGES.bottlePosLocked },
  PRODUCT_NOT_ARCHIVED: { kind: 'forbidden', message: 'Did not archive product' },
  PRODUCT_NOT_REMOVED: { kind: 'conflict', message: 'Did not remove product' },
});

/** Every broken field at once; the message is the first field's (as for the API's validation errors). */
export const productInvalid = (details: FieldProblem[]) =>
  new DomainError('PRODUCT_INVALID', 'invalid', details[0]!.message, details);

/** 'This product exists already.', with the existing product, so the editor can link to it. */
export const productExists = (existingProductId: string) =>
  new DomainError(
    'PRODUCT_EXISTS',
    'conflict',
    PRODUCT_MESSAGES.exists,
    [{ field: 'product', message: PRODUCT_MESSAGES.exists }],
    { existing_product_id: existingProductId, existing_product_path: `/product/${existingProductId}` },
  );

/** 'Did not archive product' / 'Did not remove product' with the reason as the detail. */
export const productNotArchived = (reason: string) =>
  new DomainError('PRODUCT_NOT_ARCHIVED', 'forbidden', 'Did not archive product', [
    { field: 'archived', message: reason },
  ]);

export const productNotRemoved = (reason: string, kind: 'conflict' | 'forbidden' = 'conflict') =>
  new DomainError('PRODUCT_NOT_REMOVED', kind, 'Did not remove product', [
    { field: 'product', message: reason },
  ]);
