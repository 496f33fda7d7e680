import { INVOICE_STATUS_LABELS, type InvoiceStatus } from '#domain/shared/invoice-status';
import type { ActivityKind } from '#domain/contracts/activity.contract';
import { formatCents } from '../../shared/format';
import { periodLabel } from '../invoices/delivery/delivery-messages';
import type { ActivityInfo, ActivityRow } from './activity.api';

/** The activity screen's messages (the client's specification gives the first two). */
export const ACTIVITY_MESSAGES = {
  empty: 'No Activity history found.',
  loadFailed: 'Error loading activity',
} as const;

/** The client's specification: the activity grid's rows are 50 px high. */
export const ACTIVITY_ROW_HEIGHT = 50;

/** What the Kind filter offers among business events, in words. */
export const BUSINESS_KINDS: readonly { value: ActivityKind; label: string }[] = [
  { value: 'invoice', label: 'Invoices' },
  { value: 'status', label: 'Status changes' },
  { value: 'payment', label: 'Payments' },
  { value: 'credit', label: 'Credit memos' },
  { value: 'note', label: 'Private notes' },
  { value: 'feature', label: 'Features' },
  { value: 'sync', label: 'Syncs' },
  { value: 'access', label: 'Ordering app access' },
  { value: 'email', label: 'E-mails' },
];

const MODULE_NAMES: Readonly<Record<string, string>> = {
  AUTH: 'Sign-in',
  BOTTLE_POS: 'Bottle POS',
  MPOWER: 'mPower',
  CLOVER: 'Clover',
  INVOICE: 'Invoice',
  PAYMENT: 'Payment',
  CREDIT_MEMO: 'Credit memo',
  EMAIL: 'E-mail',
  FEATURE: 'Feature',
  USER: 'Profile',
};

const words = (code: string) => code.toLowerCase().replace(/_/g, ' ');
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const statusName = (status: unknown) =>
  INVOICE_STATUS_LABELS[status as InvoiceStatus] ?? capitalised(words(String(status)));

/** 'invoice #345B (The Rusty Nail)' (the number as shown, with its B for beer), or 'an invoice' without a number. */
function invoiceOf(info: ActivityInfo): string {
  const customer = info.customerName ? ` (${info.customerName})` : '';
  return info.invoiceNumber ? `invoice #${info.invoiceNumber}${customer}` : `an invoice${customer}`;
}

function paymentSentence(type: string, info: ActivityInfo): string | undefined {
  const amount = typeof info.amountCents === 'number' ? ` of ${formatCents(info.amountCents)}` : '';
  const on = `on ${invoiceOf(info)}`;
  switch (type) {
    case 'CREATE':
      return `Logged a payment${amount} ${on}`;
    case 'UPDATE':
      return `Updated a payment${amount} ${on}`;
    case 'DELETE':
      return `Deleted a payment ${on}`;
    case 'RECEIVE_ON_ACCOUNT':
      return `Received a payment on account${amount}${typeof info.reference === 'string' && info.reference ? ` (${info.reference})` : ''}`;
    case 'TAKE_BACK_TO_CREDIT':
      return `Took back a payment${amount} from ${invoiceOf(info)} to the customer's credit`;
    case 'REFUND_CREDIT':
      return `Refunded ${typeof info.amountCents === 'number' ? formatCents(info.amountCents) : 'part'} of the customer's credit${typeof info.reference === 'string' && info.reference ? ` (${info.reference})` : ''}`;
  }
  return undefined;
}

/** A status change: a cancellation by name; one that followed the payments says so. */
function statusSentence(info: ActivityInfo): string {
  const invoice = invoiceOf(info);
  if (info.to === 'cancelled' && info.reason !== 'payments') return `Cancelled ${invoice}`;
  if (info.reason === 'payments')
    return `${capitalised(invoice)} became ${statusName(info.to)} with its payments`;
  return `Changed ${invoice} from ${statusName(info.from)} to ${statusName(info.to)}`;
}

/** A customer user's access to the ordering app. */
function accessSentence(info: ActivityInfo): string {
  const who = `${info.customerUserName ?? 'a customer user'}${info.customerName ? ` (${info.customerName})` : ''}`;
  switch (info.access) {
    case 'disabled':
      return `Disabled the ordering app for ${who}`;
    case 'revoked':
      return `Revoked the invitation of ${who}`;
    case 'reactivated':
      return `Reactivated the invitation of ${who}`;
    default:
      return `Enabled the ordering app for ${who}`;
  }
}

/** 'invoice #1042 (The Rusty Nail)', 'credit memo CM-1001 (The Rusty Nail)', 'the statement of Oct 2026 (…)'. */
function emailedDocumentOf(info: ActivityInfo): string {
  const customer = info.customerName ? ` (${info.customerName})` : '';
  if (info.documentKind === 'invoice') return invoiceOf(info);
  if (info.documentKind === 'statement' && info.period)
    return `the statement of ${periodLabel(info.period.from, info.period.to)}${customer}`;
  if (info.documentKind === 'statement') return `a statement${customer}`;
  return `${info.reference ? `credit memo ${info.reference}` : 'a credit memo'}${customer}`;
}

/** An invoice's, a credit memo's or a statement's e-mail: requested (and the mail server's first answer), retried, its outcome. */
function emailSentence(type: string, info: ActivityInfo): string {
  const what = emailedDocumentOf(info);
  const to = info.emailedTo ? ` to ${info.emailedTo}` : '';
  const attempts = typeof info.attempts === 'number' ? ` after ${info.attempts} attempts` : '';
  switch (type) {
    case 'SEND':
      return info.status === 'failed'
        ? `E-mailed ${what}${to}: not delivered`
        : info.status === 'queued'
          ? `E-mailed ${what}${to}: the mail server deferred it, retrying`
          : `E-mailed ${what}${to}`;
    case 'DEFER':
      return `E-mail of ${what}${to} deferred again, retrying`;
    case 'DELIVER':
      return `Delivered the e-mail of ${what}${to}${attempts}`;
    default:
      return `E-mail of ${what}${to} not delivered${attempts}`;
  }
}

/** What happened, as a sentence: 'Signed in', 'Created invoice #345B (The Rusty Nail)', 'Turned on Payments'. */
export function activitySentence({
  module,
  type,
  info,
  kind,
}: Pick<ActivityRow, 'module' | 'type' | 'info'> & { kind?: string }): string {
  const feature = info.title ?? (info.feature ? words(String(info.feature)) : 'a feature');
  if (kind === 'status' || (module === 'INVOICE' && type === 'UPDATE' && info.to !== undefined))
    return statusSentence(info);
  if (kind === 'access' || (module === 'AUTH' && (type === 'ENABLE' || type === 'DISABLE')))
    return accessSentence({ ...info, access: info.access ?? (type === 'DISABLE' ? 'disabled' : 'enabled') });
  switch (type) {
    case 'SIGN_IN':
      return 'Signed in';
    case 'SIGN_UP':
      return 'Signed up';
    case 'SIGN_OUT':
      return 'Signed out';
    case 'PASSWORD_RESET':
      return 'Reset the password';
    case 'PROFILE_UPDATE':
      return 'Updated the profile';
    case 'FEATURE_ON':
      return `Turned on ${feature}`;
    case 'FEATURE_OFF':
      return `Turned off ${feature}`;
    case 'ADD_PRIVATE_NOTE':
      return `Added a private note to ${invoiceOf(info)}`;
    case 'DELETE_PRIVATE_NOTE':
      return `Deleted a private note from ${invoiceOf(info)}`;
    case 'INVOICE_SYNC':
      return `${MODULE_NAMES[module] ?? capitalised(words(module))} invoice sync`;
    case 'PRODUCT_SYNC':
      return `${MODULE_NAMES[module] ?? capitalised(words(module))} product sync`;
  }
  if (module === 'PAYMENT') {
    const sentence = paymentSentence(type, info);
    if (sentence) return sentence;
  }
  if (module === 'EMAIL') return emailSentence(type, info);
  if (module === 'CREDIT_MEMO' && (type === 'CREATE' || type === 'VOID')) {
    const memo = info.creditMemoNumber ? `credit memo ${info.creditMemoNumber}` : 'a credit memo';
    const amount = typeof info.amountCents === 'number' ? ` of ${formatCents(info.amountCents)}` : '';
    return type === 'CREATE'
      ? `Issued ${memo}${amount} on ${invoiceOf(info)}`
      : `Voided ${memo} on ${invoiceOf(info)}`;
  }
  if (module === 'INVOICE' && type === 'REPLACE')
    return `Replaced cancelled ${invoiceOf(info)}${typeof info.replacementNumber === 'string' ? ` with invoice #${info.replacementNumber}` : ''}`;
  if (module === 'INVOICE' && ['CREATE', 'UPDATE', 'DELETE'].includes(type))
    return `${type === 'CREATE' ? 'Created' : type === 'UPDATE' ? 'Updated' : 'Deleted'} ${invoiceOf(info)}`;
  // Types the screen does not know yet: 'Clover: enable'.
  return `${MODULE_NAMES[module] ?? capitalised(words(module))}: ${words(type)}`;
}
