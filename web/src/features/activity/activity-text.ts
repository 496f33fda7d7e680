import { formatCents } from '../../shared/format';
import type { ActivityInfo, ActivityRow } from './activity.api';

/** Spec 001 §2 Activities and the page's own messages. */
export const ACTIVITY_MESSAGES = {
  empty: 'No Activity history found.',
  loadFailed: 'Error loading activity',
} as const;

/** Spec 001 §9: the activity grid's rows are 50 px high. */
export const ACTIVITY_ROW_HEIGHT = 50;

const MODULE_NAMES: Readonly<Record<string, string>> = {
  AUTH: 'Sign-in',
  BOTTLE_POS: 'Bottle POS',
  MPOWER: 'mPower',
  CLOVER: 'Clover',
  INVOICE: 'Invoice',
  PAYMENT: 'Payment',
  FEATURE: 'Feature',
  USER: 'Profile',
};

const words = (code: string) => code.toLowerCase().replace(/_/g, ' ');
const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** 'invoice #345B' (the number as shown, with its B for beer), or 'an invoice' when the log has no number. */
function invoiceOf(info: ActivityInfo): string {
  return info.invoiceNumber ? `invoice #${info.invoiceNumber}` : 'an invoice';
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
  }
  return undefined;
}

/** What happened, as a sentence: 'Signed in', 'Created invoice #345B', 'Turned on Payments'. */
export function activitySentence({
  module,
  type,
  info,
}: Pick<ActivityRow, 'module' | 'type' | 'info'>): string {
  const feature = info.title ?? (info.feature ? words(String(info.feature)) : 'a feature');
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
  if (module === 'INVOICE' && type === 'REPLACE')
    return `Replaced cancelled ${invoiceOf(info)}${typeof info.replacementNumber === 'string' ? ` with invoice #${info.replacementNumber}` : ''}`;
  if (module === 'INVOICE' && ['CREATE', 'UPDATE', 'DELETE'].includes(type))
    return `${type === 'CREATE' ? 'Created' : type === 'UPDATE' ? 'Updated' : 'Deleted'} ${invoiceOf(info)}`;
  // Types the screen does not know yet (ENABLE, DISABLE …): 'Clover: enable'.
  return `${MODULE_NAMES[module] ?? capitalised(words(module))}: ${words(type)}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** An instant as the company's wall-clock time, in the app's format: '05 Mar, 2026 02:07 PM'. */
export function formatInZone(instant: string, timeZone: string): string {
  const time = Date.parse(instant);
  if (Number.isNaN(time)) return '';
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
      .formatToParts(time)
      .map((part) => [part.type, part.value]),
  );
  const month = MONTHS[Number(parts.month) - 1];
  return `${parts.day} ${month}, ${parts.year} ${parts.hour}:${parts.minute} ${String(parts.dayPeriod).toUpperCase()}`;
}
