import type { Invoice } from '../invoices.api';

/**
 * What the builder's address asks for, read once: `/invoice/{number}/edit`, or `/invoice/create` with at most one
 * of `?replace=`, `?clone=`, `?order=` (in that order of precedence) or `?customerId=`.
 */
export type BuilderRoute =
  | { kind: 'new'; customerId?: string }
  | { kind: 'edit'; number: string }
  | { kind: 'replace'; number: string }
  | { kind: 'copy'; number: string }
  | { kind: 'fromOrder'; orderNumber: string };

const param = (params: URLSearchParams, name: string): string | undefined =>
  params.get(name)?.trim() || undefined;

export function builderRoute(number: string | undefined, params: URLSearchParams): BuilderRoute {
  if (number) return { kind: 'edit', number };
  const replace = param(params, 'replace');
  if (replace) return { kind: 'replace', number: replace };
  const clone = param(params, 'clone');
  if (clone) return { kind: 'copy', number: clone };
  // an order names its customer: `?customerId=` beside it is not read
  const order = param(params, 'order');
  if (order) return { kind: 'fromOrder', orderNumber: order };
  const customerId = param(params, 'customerId');
  return customerId ? { kind: 'new', customerId } : { kind: 'new' };
}

/** One builder per address: another address starts a fresh one (what the user typed is not carried over). */
export function builderRouteKey(route: BuilderRoute): string {
  switch (route.kind) {
    case 'new':
      return `new-${route.customerId ?? ''}`;
    case 'edit':
      return `edit-${route.number}`;
    case 'replace':
      return `replace-${route.number}`;
    case 'copy':
      return `copy-${route.number}`;
    case 'fromOrder':
      return `order-${route.orderNumber}`;
  }
}

/** What the open builder is doing, once what it starts from has loaded. */
export type BuilderMode =
  /** a blank invoice (or one for the customer the address names) */
  | { kind: 'new' }
  /** Clone: a new invoice with a copy of this invoice's customer, note and items */
  | { kind: 'copy'; cloneOf: string }
  /** Create Invoice on an order: the invoice names the order (and the order the invoice) */
  | { kind: 'fromOrder'; orderId: string; orderNumber: number }
  /** 'Replace' on a cancelled invoice: saved as its replacement, the two naming each other */
  | { kind: 'replace'; invoiceId: string; invoiceNumber: string }
  /** the invoice being edited (saved with PUT; keeps its number, stamps and tax rate) */
  | { kind: 'edit'; invoice: Invoice };

/** Whether the invoice holds beer as far as the mix rule goes: an edited invoice keeps its kind, else undefined. */
export const modeBeer = (mode: BuilderMode): boolean | undefined =>
  mode.kind === 'edit' ? mode.invoice.beer : undefined;

/** The line under the title: what this builder is for. */
export function modeSubtitle(mode: BuilderMode): string {
  switch (mode.kind) {
    case 'edit':
      return `${mode.invoice.customer.name} · stamps already on the invoice are kept`;
    case 'fromOrder':
      return `From order #${mode.orderNumber}`;
    case 'replace':
      return `Replaces cancelled invoice #${mode.invoiceNumber}: correct what was wrong, then save`;
    case 'copy':
      return `A copy of invoice #${mode.cloneOf}`;
    case 'new':
      return 'Pick the customer, add the items, and save.';
  }
}
