import { businessDate, isBusinessDate } from '../shared/business-date.js';
import { assertNever, type Decider } from '../shared/decider.js';
import { isBlank, problemsOf, type FieldProblem, type FieldRule } from '../shared/field-rules.js';
import type {
  CreateProduct,
  DeleteProduct,
  ProductCommand,
  ProductContext,
  ProductInput,
  UpdateProduct,
} from './product.commands.js';
import {
  productError,
  productExists,
  productInvalid,
  productNotArchived,
  productNotRemoved,
} from './product.errors.js';
import type {
  ProductCreated,
  ProductDeleted,
  ProductEvent,
  ProductFields,
  ProductPriceChanged,
} from './product.events.js';
import { listPriceOn, priceInEffect } from './product.pricing.js';
import {
  caseSizeOf,
  cleanText,
  internalSkuOf,
  PRODUCT_MESSAGES,
  productRules,
  productTypeOf,
  priceCentsOf,
  purchaseCentsOf,
  reorderValueOf,
  sameProductKey,
  upcOf,
} from './product.rules.js';
import { evolve, initialState, type CurrentProduct, type Product } from './product.state.js';

const nullableText = (value: unknown): string | null =>
  value === undefined || value === null ? null : cleanText(String(value)) || null;

/** A rule for a field the form may leave out: checked only when sent. */
const ifSent =
  (rule: FieldRule): FieldRule =>
  (value) =>
    value === undefined ? undefined : rule(value);

/**
 * The product's catalogue fields after the form (every broken field at once). On create every required field is
 * checked; on update a field left out keeps its value.
 */
function fieldsFrom(input: Partial<ProductInput>, current: ProductFields | undefined, extra: FieldProblem[]) {
  const keep = <T>(value: T | undefined, fallback: T) => (value === undefined ? fallback : value);
  const name = keep<unknown>(input.name, current?.name);
  const type = keep<unknown>(input.type, current?.type);
  const size = keep<unknown>(input.size, current?.size);
  const problems = [
    ...problemsOf([
      ['product', productRules.product, name],
      ['product_type', productRules.product_type, type],
      ['product_size', productRules.product_size, size],
      ['upc', ifSent(productRules.upc), input.upc],
      ['internal_sku', ifSent(productRules.internal_sku), input.internalSku],
      ['last_purchase_price', ifSent(productRules.last_purchase_price), input.lastPurchasePrice],
      ['distributor', ifSent(productRules.distributor), input.distributor],
      ['ydk_product_id', ifSent(productRules.ydk_product_id), input.ydkProductId],
      ['reorder_level', ifSent(productRules.reorder_level), input.reorderLevel],
      ['reorder_qty', ifSent(productRules.reorder_qty), input.reorderQty],
      ['reorder_time_in_days', ifSent(productRules.reorder_time_in_days), input.reorderTimeInDays],
      ['case_size', ifSent(productRules.case_size), input.caseSize],
    ]),
    ...extra,
  ];
  if (problems.length > 0) throw productInvalid(problems);
  const reorder = (value: unknown, fallback: number | null | undefined) =>
    value === undefined ? (fallback ?? null) : reorderValueOf(value)!;
  const fields: ProductFields = {
    name: cleanText(name as string).toUpperCase(),
    size: cleanText(size as string),
    type: productTypeOf(type)!,
    upc: input.upc === undefined ? (current?.upc ?? null) : upcOf(input.upc),
    internalSku:
      input.internalSku === undefined ? (current?.internalSku ?? null) : internalSkuOf(input.internalSku),
    distributor:
      input.distributor === undefined ? (current?.distributor ?? null) : nullableText(input.distributor),
    ydkProductId:
      input.ydkProductId === undefined ? (current?.ydkProductId ?? null) : nullableText(input.ydkProductId),
    lastPurchasePriceCents:
      input.lastPurchasePrice === undefined
        ? (current?.lastPurchasePriceCents ?? 0)
        : isBlank(input.lastPurchasePrice)
          ? 0
          : purchaseCentsOf(input.lastPurchasePrice)!,
    reorderLevel: reorder(input.reorderLevel, current?.reorderLevel),
    reorderQty: reorder(input.reorderQty, current?.reorderQty),
    reorderTimeInDays: reorder(input.reorderTimeInDays, current?.reorderTimeInDays),
    caseSize: input.caseSize === undefined ? (current?.caseSize ?? null) : caseSizeOf(input.caseSize)!,
  };
  return fields;
}

const sameFields = (a: ProductFields, b: ProductFields) =>
  (Object.keys(a) as (keyof ProductFields)[]).every((key) => a[key] === b[key]);

const keyOf = (fields: ProductFields) => sameProductKey(fields.name, fields.size, fields.type);

/** The product named by the command, as seen by the caller's company: another company's is "not found". */
function current(state: Product, companyId: string): CurrentProduct {
  if (state.status !== 'active' || state.companyId !== companyId) throw productError('PRODUCT_NOT_FOUND');
  return state;
}

function refuseSameProduct(context: ProductContext, productId: string) {
  if (context.sameProductId !== null && context.sameProductId !== productId) {
    throw productExists(context.sameProductId);
  }
}

const create = ({ data, metadata }: CreateProduct, state: Product): ProductCreated[] => {
  if (state.status !== 'none') {
    if (state.companyId !== metadata.companyId) throw productError('PRODUCT_NOT_FOUND');
    throw productError('PRODUCT_EXISTS_ALREADY');
  }
  const { productId, context, price, ...input } = data;
  if (context.integrations.clover) throw productError('PRODUCT_CLOVER_LOCKED');
  if (context.integrations.bottlePos) throw productError('PRODUCT_BOTTLE_POS_LOCKED');
  const fields = fieldsFrom(
    input,
    undefined,
    problemsOf([['product_price', productRules.product_price, price]]),
  );
  refuseSameProduct(context, productId);
  return [
    {
      type: 'ProductCreated',
      data: {
        productId,
        companyId: metadata.companyId,
        ...fields,
        priceCents: priceCentsOf(price)!,
        createdOn: businessDate(metadata.now, context.timeZone),
        createdAt: metadata.now,
      },
    },
  ];
};

/** The price change the form asks for, or none when the price sent is the one in effect on that day already. */
function priceChange(
  data: UpdateProduct['data'],
  product: CurrentProduct,
  today: string,
  now: string,
): { change?: ProductPriceChanged; problems: FieldProblem[] } {
  const problems = problemsOf([
    ['product_price', ifSent(productRules.product_price), data.price],
    ['effective_date', productRules.effective_date, data.effectiveOn],
    ['customerId', productRules.customerId, data.customerId],
  ]);
  if (problems.length > 0 || data.price === undefined) return { problems };
  const newPriceCents = priceCentsOf(data.price)!;
  const effectiveOn = isBusinessDate(data.effectiveOn) ? data.effectiveOn : today;
  const customerId = isBlank(data.customerId) ? null : data.customerId!.trim().toLowerCase();
  const listPrice = listPriceOn(product.initialPriceCents, product.priceChanges, effectiveOn);
  const own = customerId === null ? undefined : priceInEffect(product.priceChanges, customerId, effectiveOn);
  const oldPriceCents = customerId === null ? listPrice : (own ?? listPrice);
  // A customer's first own price is recorded even when it equals the list price: it then stays when the list
  // price changes.
  if (newPriceCents === (customerId === null ? listPrice : own)) return { problems };
  if (effectiveOn < today) {
    return { problems: [{ field: 'effective_date', message: PRODUCT_MESSAGES.effectiveDatePast }] };
  }
  return {
    problems,
    change: {
      type: 'ProductPriceChanged',
      data: {
        productId: product.id,
        companyId: product.companyId,
        customerId,
        oldPriceCents,
        newPriceCents,
        effectiveOn,
        changedOn: today,
        changedAt: now,
      },
    },
  };
}

const update = ({ data, metadata }: UpdateProduct, state: Product): ProductEvent[] => {
  const product = current(state, metadata.companyId);
  const { context } = data;
  const today = businessDate(metadata.now, context.timeZone);
  const { change, problems } = priceChange(data, product, today, metadata.now);
  const {
    productId: _,
    context: __,
    price: _price,
    effectiveOn: _effectiveOn,
    customerId: _customerId,
    archived,
    ...input
  } = data;
  const fields = fieldsFrom(input, product.fields, problems);
  const fieldsChanged = !sameFields(fields, product.fields);
  const archive = archived === true && !product.archived;
  const restore = archived === false && product.archived;
  const currentAfter = archived === undefined ? !product.archived : !archived;

  if (context.integrations.clover && (fieldsChanged || change || archive || restore)) {
    throw fieldsChanged || change
      ? productError('PRODUCT_CLOVER_LOCKED')
      : productNotArchived(PRODUCT_MESSAGES.cloverLocked);
  }
  if (context.integrations.bottlePos && (fieldsChanged || archive || restore)) {
    throw fieldsChanged
      ? productError('PRODUCT_BOTTLE_POS_LOCKED')
      : productNotArchived(PRODUCT_MESSAGES.bottlePosLocked);
  }
  if (currentAfter && (restore || keyOf(fields) !== keyOf(product.fields)))
    refuseSameProduct(context, product.id);

  const ids = { productId: product.id, companyId: product.companyId };
  const events: ProductEvent[] = [];
  if (fieldsChanged)
    events.push({ type: 'ProductUpdated', data: { ...ids, ...fields, updatedAt: metadata.now } });
  if (change) events.push(change);
  if (archive) events.push({ type: 'ProductArchived', data: { ...ids, archivedAt: metadata.now } });
  if (restore) events.push({ type: 'ProductRestored', data: { ...ids, restoredAt: metadata.now } });
  return events;
};

const remove = ({ data, metadata }: DeleteProduct, state: Product): ProductDeleted[] => {
  if (state.status === 'deleted' && state.companyId === metadata.companyId) return []; // a retried delete
  const product = current(state, metadata.companyId);
  if (data.context.integrations.clover) throw productNotRemoved(PRODUCT_MESSAGES.cloverLocked, 'forbidden');
  if (data.context.integrations.bottlePos)
    throw productNotRemoved(PRODUCT_MESSAGES.bottlePosLocked, 'forbidden');
  if (data.hasInvoiceHistory) throw productNotRemoved(PRODUCT_MESSAGES.invoiceHistory);
  return [
    {
      type: 'ProductDeleted',
      data: { productId: product.id, companyId: product.companyId, deletedAt: metadata.now },
    },
  ];
};

export function decide(command: ProductCommand, state: Product): ProductEvent[] {
  switch (command.type) {
    case 'CreateProduct':
      return create(command, state);
    case 'UpdateProduct':
      return update(command, state);
    case 'DeleteProduct':
      return remove(command, state);
    default:
      return assertNever(command);
  }
}

export const productDecider: Decider<Product, ProductCommand, ProductEvent> = {
  decide,
  evolve,
  initialState,
};
