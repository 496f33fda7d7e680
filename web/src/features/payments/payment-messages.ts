import { addDays, companyToday, formatDate, formatMoney } from '../../shared/format';

/** The client's specification's Payment and §8 Payments / Customer banners / Balance, and the API's field messages. */
export const PAYMENT_MESSAGES = {
  created: 'Created Invoice Payment',
  updated: 'Payment updated',
  deleted: 'Payment deleted',
  saveFailed: 'Error saving payment!',
  deleteFailed: 'Error deleting payment',
  fullyPaid: 'Invoice has been fully paid, sure you want to log another payment?',
  amount: 'Amount must be at least 0.01.',
  amountDecimals: 'Amount can have at most 2 decimals.',
  receivedRequired: 'Received date is required.',
  receivedTooLate: (latest: string) => `Received date can be at most 3 days ahead (${latest}).`,
  noPayments: 'No payments',
  noPaymentsHint: 'Payments logged against this invoice show here.',
  noPaymentHistory: 'You have no payment history yet.',
  noMatch: 'No payments match these filters.',
  loadGridFailed: 'Error loading payments',
  balanceFailed: 'Failed to load balance information.',
  noBalance: 'No Balance Information',
  onDelivery: 'On Delivery',
  cancelled: 'A cancelled invoice cannot be given payments.',
} as const;

/** The client's specification: a payment's received date is at most 3 days ahead. */
export const RECEIVED_DAYS_AHEAD = 3;

/** Today and the latest received date, yyyy-MM-dd: the company's days. */
export const today = (now: Date = new Date()) => companyToday(now);
export const latestReceivedDate = (now: Date = new Date()) => addDays(companyToday(now), RECEIVED_DAYS_AHEAD);

/** The client's specification: 'customer has $1,234.56 in unpaid invoices'. */
export const unpaidMessage = (owing: number) => `This customer has ${formatMoney(owing)} in unpaid invoices.`;

/** The delete question, naming the payment. */
export const deleteQuestion = (payment: { amount: number; received_at: string }) =>
  `Sure you want to delete the payment of ${formatMoney(payment.amount)} received ${formatDate(payment.received_at)}?`;

export const balancePath = (customerId: string) => `/customer/${encodeURIComponent(customerId)}/balance`;
export const paymentsForCustomerPath = (customerId: string) =>
  `/payment?customerId=${encodeURIComponent(customerId)}`;
