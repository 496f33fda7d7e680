import { isBusinessDate } from '../shared/business-date.js';
import {
  isBlank,
  optionalBoolean,
  optionalText,
  requiredText,
  toNumber,
  type FieldRule,
  isUuid,
} from '../shared/field-rules.js';
import { centsOf } from '../shared/money.js';

/** The client's specification: product_type. */
export const PRODUCT_TYPES = ['LIQUOR', 'WINE', 'BEER', 'N/A'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const PRODUCT_NAME_MAX = 200;
export const PRODUCT_SIZE_MAX = 50;
export const MAX_PRICE_CENTS = 100_000_000; // $1,000,000
const MAX_REORDER = 1_000_000_000;
export const MAX_CASE_SIZE = 1_000;

export const PRODUCT_MESSAGES = {
  /** The header the product editor shows over the server's details (as the client's specification asks). */
  saveFailed: 'Error saving product!',
  name: 'Product name is required.',
  type: 'Product type is required.',
  typeOneOf: `Product type must be one of: ${PRODUCT_TYPES.join(', ')}.`,
  size: 'Product size is required.',
  upc: 'UPC must be 6 to 14 digits.',
  price: 'Price must be a number of at least 0.01 with at most 2 decimals.',
  lastPurchasePrice: 'Purchase price must be a number of at least 0 with at most 2 decimals.',
  reorderLevel: 'Reorder level must be a number (a whole number of 0 or more).',
  reorderQty: 'Reorder qty must be a number (a whole number of 0 or more).',
  reorderTimeInDays: 'Reorder time in days must be a number (a whole number of 0 or more).',
  caseSize: `Case size must be a whole number from 1 to ${MAX_CASE_SIZE.toLocaleString('en-US')}.`,
  effectiveDate: 'Effective date must be a date (YYYY-MM-DD).',
  effectiveDatePast: 'The price-effective date may not be before today.',
  customerId: 'Customer must be the id of a customer.',
  customerNotFound: 'Customer Not Found',
  archived: 'Archived must be true or false.',
  exists: 'This product exists already.',
  invoiceHistory: 'This product has invoice history, so it cannot be deleted. Archive it instead.',
  cloverLocked:
    'Products are kept in Clover while the Clover feature is active: they cannot be created or changed here.',
  bottlePosLocked:
    'Products are kept in Bottle POS while the Bottle POS feature is active: only their price can be changed here.',
} as const;

const optional =
  (rule: FieldRule): FieldRule =>
  (value) =>
    isBlank(value) ? undefined : rule(value);

/** Text typed in a form: trimmed, inner runs of spaces made one. */
export const cleanText = (value: string) => value.trim().replace(/\s+/g, ' ');

/** 'n/a ' → 'N/A'; undefined when not a product type. */
export function productTypeOf(value: unknown): ProductType | undefined {
  if (typeof value !== 'string') return undefined;
  const type = value.trim().toUpperCase();
  return (PRODUCT_TYPES as readonly string[]).includes(type) ? (type as ProductType) : undefined;
}

/** UPC as stored: digits only (spaces and hyphens typed between them dropped); null when none. */
export function upcOf(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const digits = String(value).replace(/[\s-]/g, '');
  return digits === '' ? null : digits;
}

/** Internal SKU as stored: '0' (and empty) means none. */
export function internalSkuOf(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const sku = cleanText(String(value));
  return sku === '' || sku === '0' ? null : sku;
}

/** List price in cents: at least 1 cent; undefined when invalid. */
export function priceCentsOf(value: unknown): number | undefined {
  const cents = centsOf(value);
  return cents !== undefined && cents >= 1 && cents <= MAX_PRICE_CENTS ? cents : undefined;
}

/** Purchase price in cents: 0 or more; undefined when invalid. */
export function purchaseCentsOf(value: unknown): number | undefined {
  const cents = centsOf(value);
  return cents !== undefined && cents >= 0 && cents <= MAX_PRICE_CENTS ? cents : undefined;
}

/** A reorder value: a whole number of 0 or more, or null when left empty; undefined when invalid. */
export function reorderValueOf(value: unknown): number | null | undefined {
  if (isBlank(value)) return null;
  const number = toNumber(value);
  return number !== undefined && Number.isInteger(number) && number >= 0 && number <= MAX_REORDER
    ? number
    : undefined;
}

/** Bottles per case: a whole number from 1 to MAX_CASE_SIZE, or null when left empty; undefined when invalid. */
export function caseSizeOf(value: unknown): number | null | undefined {
  if (isBlank(value)) return null;
  const number = toNumber(value);
  return number !== undefined && Number.isInteger(number) && number >= 1 && number <= MAX_CASE_SIZE
    ? number
    : undefined;
}

const reorderRule =
  (message: string): FieldRule =>
  (value) =>
    reorderValueOf(value) === undefined ? message : undefined;

/**
 * One rule per field of the product editor (as the client's specification asks), keyed by the API's field names. The DTO runs them
 * for every field sent; the decider runs them again on the merged values.
 */
export const productRules = {
  product: requiredText(PRODUCT_MESSAGES.name, PRODUCT_NAME_MAX, 'Product name'),
  product_type: ((value) =>
    isBlank(value)
      ? PRODUCT_MESSAGES.type
      : productTypeOf(value) === undefined
        ? PRODUCT_MESSAGES.typeOneOf
        : undefined) satisfies FieldRule,
  product_size: requiredText(PRODUCT_MESSAGES.size, PRODUCT_SIZE_MAX, 'Product size'),
  upc: optional((value) => {
    const upc = upcOf(value);
    return upc !== null && /^\d{6,14}$/.test(upc) ? undefined : PRODUCT_MESSAGES.upc;
  }),
  internal_sku: ((value) =>
    typeof value === 'number' ? undefined : optionalText(50, 'Internal SKU')(value)) satisfies FieldRule,
  product_price: ((value) =>
    priceCentsOf(value) === undefined ? PRODUCT_MESSAGES.price : undefined) satisfies FieldRule,
  last_purchase_price: optional((value) =>
    purchaseCentsOf(value) === undefined ? PRODUCT_MESSAGES.lastPurchasePrice : undefined,
  ),
  distributor: optionalText(100, 'Distributor'),
  ydk_product_id: ((value) =>
    typeof value === 'number'
      ? undefined
      : optionalText(100, 'Establishment app product id')(value)) satisfies FieldRule,
  reorder_level: reorderRule(PRODUCT_MESSAGES.reorderLevel),
  reorder_qty: reorderRule(PRODUCT_MESSAGES.reorderQty),
  reorder_time_in_days: reorderRule(PRODUCT_MESSAGES.reorderTimeInDays),
  case_size: ((value) =>
    caseSizeOf(value) === undefined ? PRODUCT_MESSAGES.caseSize : undefined) satisfies FieldRule,
  effective_date: optional((value) => (isBusinessDate(value) ? undefined : PRODUCT_MESSAGES.effectiveDate)),
  customerId: optional((value) =>
    typeof value === 'string' && isUuid(value.trim()) ? undefined : PRODUCT_MESSAGES.customerId,
  ),
  archived: optionalBoolean(PRODUCT_MESSAGES.archived),
} satisfies Record<string, FieldRule>;

/**
 * "The same product" (as the client's specification asks): the same name, size and type, ignoring case and
 * spaces ('750 ml' is '750ML'), among the company's products that are neither archived nor deleted. UPC,
 * distributor and prices do not count: one product may come from several distributors.
 */
export function sameProductKey(name: unknown, size: unknown, type: unknown): string {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return [
    cleanText(text(name)).toUpperCase(),
    text(size).replace(/\s+/g, '').toUpperCase(),
    productTypeOf(type) ?? text(type).trim().toUpperCase(),
  ].join('|');
}
