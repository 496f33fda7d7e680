import { showsOnDelivery } from '#domain/invoices/payment-terms';
import { isBusinessDate } from '#domain/shared/business-date';
import { companyToday, formatDate } from '../../../shared/format';
import { stampRange } from '../../stamps/stamp-format';
import { INVOICE_STATUS_LABELS, type InvoiceStatus, type InvoiceStampRange } from '../invoices.api';

/** Where an invoice lives: its displayed number (345, 345B, 12-345). */
export const invoicePath = (number: string) => `/invoice/${encodeURIComponent(number)}`;
export const editInvoicePath = (number: string) => `${invoicePath(number)}/edit`;
export const cloneInvoicePath = (number: string) => `/invoice/create?clone=${encodeURIComponent(number)}`;
/** 'Replace' on a cancelled invoice: the builder, prefilled, saving the replacement. */
export const replaceInvoicePath = (number: string) => `/invoice/create?replace=${encodeURIComponent(number)}`;
export const newInvoiceForCustomerPath = (customerId: string) =>
  `/invoice/create?customerId=${encodeURIComponent(customerId)}`;
export const invoiceHistoryPath = (customerId: string) =>
  `/invoice?customerId=${encodeURIComponent(customerId)}`;

/** The messages of the client's specification the invoice screens show. */
export const INVOICE_MESSAGES = {
  deleted: 'Invoice deleted',
  saveFailed: 'Something Went Wrong',
  loadFailed: 'Sorry, something went wrong!',
  stampsReleased: 'Below stamps are available for use',
  dueOnDelivery: 'Due on delivery',
  onDelivery: 'On Delivery',
  belowCost: 'This item was invoiced below cost.',
  empty: 'You have not created any invoice yet.',
  noMatch: 'No invoices match these filters.',
  loadGridFailed: 'Error loading invoices',
  csvFailed: 'Error occurred while generating CSV',
  nothingToUpdate: 'Nothing needs updating: the value is the same.',
} as const;

/** The client's specification: the fields the view page changes, with the names its question uses. */
export type ChangeField = 'status' | 'invoice date' | 'due date';

/** 'Sure you want to change status from Invoiced to Paid?' */
export const changeQuestion = (field: ChangeField, from: string, to: string) =>
  `Sure you want to change ${field} from ${from} to ${to}?`;

/**
 * No due date, or one today or tomorrow, is due on delivery; a date already past shows as the date (the same rule as
 * the server's `due_on_delivery`, payment-terms.ts). Days are the company's: `today` is its day (a Date is read on
 * its clock).
 */
export function isDueOnDelivery(
  dueAt: string | null | undefined,
  today: Date | string = companyToday(),
): boolean {
  const due = dueAt?.slice(0, 10);
  if (!due || !isBusinessDate(due)) return true;
  return showsOnDelivery(due, typeof today === 'string' ? today : companyToday(today));
}

/** A due date's label: '20 Mar, 2026', or `onDelivery` when due on delivery. */
export const dueLabel = (
  dueAt: string | null | undefined,
  onDelivery: string = INVOICE_MESSAGES.dueOnDelivery,
) => (isDueOnDelivery(dueAt) ? onDelivery : formatDate(dueAt));

export const statusLabel = (status: InvoiceStatus | string) =>
  INVOICE_STATUS_LABELS[status as InvoiceStatus] ?? status;

/** One tone per status: text colour and a soft background (chips, history dots). */
export const STATUS_TONE: Readonly<Record<InvoiceStatus, { color: string; bg: string }>> = {
  cancelled: { color: '#b42318', bg: '#fef3f2' },
  draft: { color: '#475467', bg: '#f2f4f7' },
  invoiced: { color: '#1d4e89', bg: '#e8f0fa' },
  delivered: { color: '#0e7490', bg: '#e6f6f9' },
  payment_due_soon: { color: '#b54708', bg: '#fff6e5' },
  payment_due: { color: '#c01048', bg: '#fdf0f6' },
  paid: { color: '#027a48', bg: '#ebf8f1' },
  partially_paid: { color: '#6941c6', bg: '#f4f1fd' },
};

export const toneOf = (status: InvoiceStatus | string) =>
  STATUS_TONE[status as InvoiceStatus] ?? STATUS_TONE.draft;

/** 'AB1000–AB1002' */
export const stampRangeLabel = (range: Pick<InvoiceStampRange, 'prefix' | 'from' | 'to'>) =>
  stampRange(range.prefix, range.from, range.to);

/** '3 stamps' / '1 stamp' */
export const stampCount = (count: number) =>
  `${count.toLocaleString('en-US')} stamp${count === 1 ? '' : 's'}`;
