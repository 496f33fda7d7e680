import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '../shared/invoice-status.js';
import type { FieldChange } from './field-changes.js';

/**
 * What an activity's event changed, as people read it: field names in words ("Payment 1 · Amount", "Line 2 ·
 * Tito's Vodka · Qty"), money in dollars, dates and times on the company's clock, statuses by their names; ids and
 * the system's bookkeeping left out. Pure: the caller gives the states before and after and the company's zone.
 */
export interface LabelledChange {
  field: string;
  label: string;
  /** Absent: the field did not exist before (or after). */
  before?: string;
  after?: string;
}

/** Fields never shown: ids, the duplicate check's fingerprint, who did it (the row says so), positions. */
const HIDDEN =
  /(^|\.)(id|[a-z]+Id|fingerprint|userId|by|lineNo|sequence|prefix|display|beer)$|^statusHistory\.|^statusBeforePayments$/;

/** Names of fields, where "in words" is not enough. */
const NAMES: Readonly<Record<string, string>> = {
  invoicedOn: 'Invoice date',
  dueOn: 'Due date',
  note: 'Note',
  companyNote: 'Internal note',
  invoiceStatus: 'Status',
  statusBeforePayments: 'Status before payments',
  taxRateBasisPoints: 'Tax rate',
  totalCents: 'Total',
  subtotalCents: 'Subtotal',
  taxCents: 'Tax',
  amountCents: 'Amount',
  priceCents: 'Price',
  costCents: 'Cost',
  lastInvoicedPriceCents: 'Last invoiced price',
  receivedOn: 'Received',
  loggedAt: 'Logged',
  qty: 'Qty',
  tabcId: 'TABC ID',
  upc: 'UPC',
  onDeal: 'On deal',
  cashOnDelivery: 'Cash on delivery',
  stampCaseSize: 'Stamps per case',
  ip: 'IP address',
  email: 'E-mail',
  method: 'Signed in with',
  number: 'Number',
  replaces: 'Replaces',
  replacedBy: 'Replaced by',
  customerUserName: 'Customer user',
  customerName: 'Customer',
  access: 'Access',
  title: 'Feature',
};

/** Lists whose items are named after their position: "Line 2", "Payment 1", "Status change 3". */
const ITEMS: Readonly<Record<string, string>> = {
  lines: 'Line',
  payments: 'Payment',
  statusHistory: 'Status change',
  orderIds: 'Order',
  notes: 'Note',
};

const words = (name: string) => {
  const text = name
    .replace(/Cents$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
};

function at(state: unknown, path: string[]): unknown {
  let value = state;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** "Line 2 · TITO'S VODKA · Qty": each list item by its position, and by its product's name when it has one. */
function labelOf(field: string, before: unknown, after: unknown): string {
  const parts = field.split('.');
  const out: string[] = [];
  parts.forEach((part, i) => {
    const list = ITEMS[parts[i - 1] ?? ''];
    if (list && /^\d+$/.test(part)) {
      const path = parts.slice(0, i + 1);
      const name = at(after, [...path, 'name']) ?? at(before, [...path, 'name']);
      out.push(
        `${list} ${Number(part) + 1}${typeof name === 'string' && i < parts.length - 1 ? ` · ${name}` : ''}`,
      );
    } else if (!ITEMS[part] || i === parts.length - 1) {
      out.push(NAMES[part] ?? words(part));
    }
  });
  return out.join(' · ');
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const BUSINESS_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** '05 Mar, 2026 02:07 PM' on the company's clock (the app's date-time format). */
export function instantText(instant: string, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: 'numeric',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hour12: true,
    })
      .formatToParts(Date.parse(instant))
      .map((part) => [part.type, part.value]),
  );
  return `${parts.day} ${MONTHS[Number(parts.month) - 1]}, ${parts.year} ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`;
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

function valueText(field: string, value: FieldChange['before'], timeZone: string): string {
  if (value === undefined || value === null || value === '') return 'empty';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const name = field.split('.').pop() ?? '';
  if (typeof value === 'number') {
    if (name.endsWith('Cents')) return dollars.format(value / 100);
    if (name.endsWith('BasisPoints')) return `${value / 100} %`;
    return value.toLocaleString('en-US');
  }
  if (/status/i.test(name) && value in INVOICE_STATUS_LABELS)
    return INVOICE_STATUS_LABELS[value as InvoiceStatus];
  const day = BUSINESS_DATE.exec(value);
  if (day) return `${day[3]} ${MONTHS[Number(day[2]) - 1]}, ${day[1]}`;
  if (INSTANT.test(value) && !Number.isNaN(Date.parse(value))) return instantText(value, timeZone);
  if (value === '[]' || value === '{}') return 'none';
  return value;
}

/**
 * A change that tells nothing: an empty list or record that got its first item (the items are shown), or a field
 * that came or went empty.
 */
function nothingNew(change: FieldChange): boolean {
  const empty = (value: FieldChange['before']) =>
    value === null || value === '' || value === '[]' || value === '{}';
  if (!('before' in change)) return empty(change.after);
  if (!('after' in change)) return empty(change.before);
  return false;
}

export function labelChanges(
  changes: readonly FieldChange[],
  context: { before: unknown; after: unknown; timeZone: string },
): LabelledChange[] {
  return changes
    .filter((change) => !HIDDEN.test(change.field) && !nothingNew(change))
    .map((change) => ({
      field: change.field,
      label: labelOf(change.field, context.before, context.after),
      ...('before' in change ? { before: valueText(change.field, change.before, context.timeZone) } : {}),
      ...('after' in change ? { after: valueText(change.field, change.after, context.timeZone) } : {}),
    }));
}
