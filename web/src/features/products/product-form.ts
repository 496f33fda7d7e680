import {
  PRODUCT_MESSAGES,
  PRODUCT_TYPES,
  productRules,
  type ProductType,
} from '#domain/products/product.rules';
import { businessDate } from '#domain/shared/business-date';
import type { FormErrors } from '../../shared/forms/use-form';
import { fieldErrors, problemMessages, toProblem } from '../../shared/problem';
import { PRODUCT_SCREEN_MESSAGES } from './product-messages';
import type { Product, ProductBody, ProductUpdateBody } from './products.api';

export { PRODUCT_TYPES, type ProductType };

/** The product editor as typed, keyed by the API's field names; `customerId` is the price change's customer. */
export interface ProductValues {
  [field: string]: string;
  product: string;
  product_type: string;
  product_size: string;
  upc: string;
  internal_sku: string;
  distributor: string;
  product_price: string;
  last_purchase_price: string;
  reorder_level: string;
  reorder_qty: string;
  reorder_time_in_days: string;
  case_size: string;
  effective_date: string;
  customerId: string;
}

export const PRODUCT_FIELDS = [
  'product',
  'product_type',
  'product_size',
  'upc',
  'internal_sku',
  'distributor',
  'product_price',
  'last_purchase_price',
  'reorder_level',
  'reorder_qty',
  'reorder_time_in_days',
  'case_size',
  'effective_date',
  'customerId',
] as const satisfies readonly (keyof ProductValues)[];

export const EMPTY_PRODUCT: ProductValues = {
  product: '',
  product_type: '',
  product_size: '',
  upc: '',
  internal_sku: '',
  distributor: '',
  product_price: '',
  last_purchase_price: '',
  reorder_level: '',
  reorder_qty: '',
  reorder_time_in_days: '',
  case_size: '',
  effective_date: '',
  customerId: '',
};

/** Type labels: N/A is the non-alcoholic range. */
export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = {
  LIQUOR: 'Liquor',
  WINE: 'Wine',
  BEER: 'Beer',
  'N/A': 'N/A (non-alcoholic)',
};

/** Today in the company's time zone: the earliest price-effective date (as the client's specification asks). */
export const todayIn = (timeZone: string | undefined) =>
  businessDate(new Date().toISOString(), timeZone || undefined);

const amount = (value: number | null | undefined) =>
  value === null || value === undefined ? '' : value.toFixed(2);
const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

export function productValues(product: Product): ProductValues {
  return {
    product: product.product,
    product_type: product.product_type,
    product_size: product.product_size,
    upc: text(product.upc),
    internal_sku: text(product.internal_sku),
    distributor: text(product.distributor),
    product_price: amount(product.product_price),
    last_purchase_price: amount(product.last_purchase_price),
    reorder_level: text(product.reorder_level),
    reorder_qty: text(product.reorder_qty),
    reorder_time_in_days: text(product.reorder_time_in_days),
    case_size: text(product.case_size),
    effective_date: '',
    customerId: '',
  };
}

/** The price-effective date: a date, not before today (as the client's specification asks). Empty means today. */
export function effectiveDateProblem(value: string, today: string): string | undefined {
  if (value.trim() === '') return undefined;
  return (
    productRules.effective_date(value) ?? (value < today ? PRODUCT_MESSAGES.effectiveDatePast : undefined)
  );
}

/** The client's specification's Product, with the domain's own rules and messages (the API runs the same functions). */
export function validateProduct(values: ProductValues, today: string): FormErrors<ProductValues> {
  const errors: FormErrors<ProductValues> = {
    product: productRules.product(values.product),
    product_type: productRules.product_type(values.product_type),
    product_size: productRules.product_size(values.product_size),
    upc: productRules.upc(values.upc),
    internal_sku: productRules.internal_sku(values.internal_sku),
    distributor: productRules.distributor(values.distributor),
    product_price: productRules.product_price(values.product_price),
    last_purchase_price: productRules.last_purchase_price(values.last_purchase_price),
    reorder_level: productRules.reorder_level(values.reorder_level),
    reorder_qty: productRules.reorder_qty(values.reorder_qty),
    reorder_time_in_days: productRules.reorder_time_in_days(values.reorder_time_in_days),
    case_size: productRules.case_size(values.case_size),
    effective_date: effectiveDateProblem(values.effective_date, today),
  };
  for (const field of PRODUCT_FIELDS) if (errors[field] === undefined) delete errors[field];
  return errors;
}

const textOrNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

/** The editor's values as POST /product takes them; the internal SKU only while that feature is on. */
export function toProductBody(values: ProductValues, withInternalSku: boolean): ProductBody {
  return {
    product: values.product.trim(),
    product_type: values.product_type.trim(),
    product_size: values.product_size.trim(),
    product_price: values.product_price.trim(),
    last_purchase_price: textOrNull(values.last_purchase_price),
    upc: textOrNull(values.upc),
    ...(withInternalSku ? { internal_sku: textOrNull(values.internal_sku) } : {}),
    distributor: textOrNull(values.distributor),
    reorder_level: textOrNull(values.reorder_level),
    reorder_qty: textOrNull(values.reorder_qty),
    reorder_time_in_days: textOrNull(values.reorder_time_in_days),
    case_size: textOrNull(values.case_size),
  };
}

/** Same price? ('21.9' and '21.90' are.) */
export const samePrice = (typed: string, price: number) =>
  Math.round(Number(typed) * 100) === Math.round(price * 100);

/**
 * PUT /product/{id}: every editor field; the price, its effective date and customer only when the price changed
 * (a customer's own price leaves the list price as it is).
 */
export function toProductUpdate(
  values: ProductValues,
  product: Product,
  withInternalSku: boolean,
): ProductUpdateBody {
  const { product_price, ...fields } = toProductBody(values, withInternalSku);
  if (samePrice(product_price, product.product_price)) return fields;
  return {
    ...fields,
    product_price,
    effective_date: textOrNull(values.effective_date),
    customerId: textOrNull(values.customerId),
  };
}

/** A failed save as the editor shows it: messages on the matching fields, the list, and the existing product. */
export function productSaveProblem(error: unknown): {
  fields: FormErrors<ProductValues>;
  messages: string[];
  existingProductId: string | null;
} {
  const problem = toProblem(error);
  const all = fieldErrors(problem);
  const fields: FormErrors<ProductValues> = {};
  for (const field of PRODUCT_FIELDS) if (all[field]) fields[field] = all[field];
  const data = (error as { data?: { existing_product_id?: unknown } } | undefined)?.data;
  const existing = typeof data?.existing_product_id === 'string' ? data.existing_product_id : null;
  return {
    fields,
    messages: problemMessages(problem, PRODUCT_SCREEN_MESSAGES.saveFailed),
    existingProductId: existing,
  };
}

/**
 * 'Did not archive product' / 'Did not remove product' as a toast: the spec's message as the title, the server's
 * reason (its details, else its message) as the text.
 */
export function showActionProblem(
  error: unknown,
  title: string,
  show: (message: string, options: { title: string }) => unknown,
): void {
  const problem = toProblem(error);
  const reason = problem?.details.map((d) => d.message).join(' ') || problem?.message;
  show(reason && reason !== title ? reason : 'Please try again.', { title });
}
