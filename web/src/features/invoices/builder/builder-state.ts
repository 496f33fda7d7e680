import type { Invoice, InvoiceBody, InvoiceItem } from '../invoices.api';
import type { ManualStampRange, ProductSuggestion } from './builder.api';
import type { OrderResponse } from '#domain/contracts/order.contract';
import { dollarsToCents, priceCents, priceText, quantity } from './invoice-math';
import { linesLeft, orderNoteForInvoice } from '../../orders/order-to-invoices';

/** The product a line sells, as the builder shows it. */
export interface LineProduct {
  id: string;
  product: string;
  product_size: string;
  product_type: string;
  upc: string | null;
  /** bottles per case (small formats may be stamped per case); null when unknown */
  case_size?: number | null;
}

/** One row of the items table: what the user typed, kept as typed. */
export interface BuilderLine {
  /** the row's own key (a product can be on two lines) */
  key: string;
  product: LineProduct;
  qty: string;
  price: string;
  taxable: boolean;
  onDeal: boolean;
  /** last purchase price in cents; null when unknown */
  costCents: number | null;
  /** what this customer paid last time, in dollars */
  lastInvoicedPrice: number | null;
}

/** What a line's fields may be changed to. */
export interface LineChange {
  qty?: string;
  price?: string;
  taxable?: boolean;
  onDeal?: boolean;
}

/** A line priced below its cost, as the save's question names it. */
export interface BelowCostLine {
  key: string;
  name: string;
  costCents: number;
  priceCents: number;
}

export interface PickedCustomer {
  id: string;
  name: string;
  city?: string;
  tabc_id?: string;
}

/** A manual stamp range added in the stamps panel. */
export interface BuilderStampRange extends ManualStampRange {
  prefix: string;
  /** AB1000-AB1011 */
  label: string;
  count: number;
}

export interface BuilderValues {
  customer: PickedCustomer | null;
  invoicedAt: string;
  /** '' = due on delivery */
  dueAt: string;
  note: string;
  companyNote: string;
  /** '' = no logo */
  logoId: string;
  lines: BuilderLine[];
  /** empty: allocated automatically */
  stamps: BuilderStampRange[];
}

let keys = 0;
export const lineKey = (): string => `line-${++keys}`;

export const lineName = (product: Pick<LineProduct, 'product' | 'product_size'>): string =>
  [product.product, product.product_size].filter(Boolean).join(' ');

export function lineFromSuggestion(suggestion: ProductSuggestion): BuilderLine {
  return {
    key: lineKey(),
    product: {
      id: suggestion.id,
      product: suggestion.product,
      product_size: suggestion.product_size,
      product_type: suggestion.product_type,
      upc: suggestion.upc,
      case_size: suggestion.case_size,
    },
    qty: '1',
    price: priceText(dollarsToCents(suggestion.price)),
    taxable: true,
    onDeal: false,
    costCents: dollarsToCents(suggestion.last_purchase_price),
    lastInvoicedPrice: null,
  };
}

export function lineFromItem(item: InvoiceItem): BuilderLine {
  return {
    key: lineKey(),
    product: {
      id: item.product_id,
      product: item.product.product,
      product_size: item.product.product_size,
      product_type: item.product.product_type,
      upc: item.product.upc,
      // an edited line keeps the case size it was stamped by (the server looks the product up again on save)
      case_size: item.stamp_case_size,
    },
    qty: String(item.qty),
    price: priceText(dollarsToCents(item.price)),
    taxable: item.taxable,
    onDeal: item.on_deal,
    costCents: dollarsToCents(item.cost),
    lastInvoicedPrice: item.last_invoiced_price,
  };
}

/** Create Invoice on an order: its accepted items at their reviewed quantities and prices, and its customer. */
export function valuesFromOrder(order: OrderResponse, base: BuilderValues): BuilderValues {
  const customer = order.customerUser.customer;
  const companyNote = orderNoteForInvoice(order);
  return {
    ...base,
    ...(companyNote ? { companyNote } : {}),
    customer: { id: customer.id, name: customer.name, city: customer.city, tabc_id: '' },
    // what is left to invoice of each accepted line: a partly invoiced order is not billed twice
    lines: linesLeft(order).map(({ item, left }) => ({
      key: lineKey(),
      product: item.product,
      qty: String(left),
      price: priceText(dollarsToCents(item.price)),
      taxable: true,
      onDeal: false,
      costCents: null,
      lastInvoicedPrice: null,
    })),
  };
}

/** Adds a product: another unit on its line when it is there already (a second scan), else a new line. */
export function addProduct(lines: readonly BuilderLine[], line: BuilderLine): BuilderLine[] {
  const index = lines.findIndex((l) => l.product.id === line.product.id);
  if (index < 0) return [...lines, line];
  const current = lines[index]!;
  const qty = (quantity(current.qty) ?? 0) + 1;
  return lines.map((l, i) => (i === index ? { ...current, qty: String(qty) } : l));
}

/** Moves line `index` by `by` places (−1 up, +1 down); out of range: unchanged. */
export function moveLine<T>(lines: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (index < 0 || index >= lines.length || target < 0 || target >= lines.length) return [...lines];
  const next = [...lines];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}

/** The company's sort-products order: name, then size (as the server sorts the lines). */
export const sortedLines = (lines: readonly BuilderLine[]): BuilderLine[] =>
  [...lines].sort(
    (a, b) =>
      a.product.product.localeCompare(b.product.product) ||
      a.product.product_size.localeCompare(b.product.product_size),
  );

/** What a clone, an edit or 'Replicate Last Invoice' takes from an invoice. */
export function valuesFromInvoice(
  invoice: Invoice,
  /** edit: the invoice as it is; copy (Clone): its customer, note and items, today; replace: as edit, new stamps */
  mode: 'edit' | 'copy' | 'replace',
  base: BuilderValues,
): BuilderValues {
  const copied: BuilderValues = {
    ...base,
    customer: {
      id: invoice.customer_id,
      name: invoice.customer.name,
      city: invoice.customer.city,
      tabc_id: invoice.customer.display_tabc_id,
    },
    note: invoice.note,
    lines: [...invoice.items].sort((a, b) => a.position - b.position).map(lineFromItem),
  };
  if (mode === 'copy') return copied;
  return {
    ...copied,
    invoicedAt: invoice.invoiced_at,
    dueAt: invoice.due_at ?? '',
    companyNote: invoice.company_note,
    logoId: invoice.logo_id ?? '',
    stamps: [],
  };
}

/** The POST / PUT body (prices as text: no binary floating point on the way). */
export function invoiceBody(values: BuilderValues): InvoiceBody {
  return {
    customer_id: values.customer?.id ?? '',
    items: values.lines.map((line) => ({
      product_id: line.product.id,
      qty: quantity(line.qty) ?? Number(line.qty),
      price: priceText(priceCents(line.price) ?? 0),
      taxable: line.taxable,
      on_deal: line.onDeal,
    })),
    invoiced_at: values.invoicedAt,
    due_at: values.dueAt === '' ? null : values.dueAt,
    note: values.note,
    company_note: values.companyNote,
    logo_id: values.logoId === '' ? null : values.logoId,
    ...(values.stamps.length > 0
      ? { stamps: values.stamps.map(({ roll_id, from, to }) => ({ roll_id, from, to })) }
      : {}),
  };
}
