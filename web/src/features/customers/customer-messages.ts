/** The client's specification's Customer messages and banners. */
export const CUSTOMER_MESSAGES = {
  notFound: 'Customer Not Found',
  deleted: 'Deleted customer!',
  saveFailed: 'Error saving customer!',
  removeFailed: 'Error removing customer!',
  created: 'Customer created',
  saved: 'Customer saved',
  empty: 'You have not added any customer yet.',
  loadFailed: 'Error loading customers',
  delinquent: 'This customer is on the TABC delinquent list.',
} as const;

/** 'TABC permit has expired' / 'is about to expire' banners (under 30 days). */
export function expiryMessage(
  expiration: {
    expiration_date: string | null;
    isExpired: boolean;
    isExpiringSoon: boolean;
    expiringInDays: number | null;
  },
  formatDate: (date: string) => string,
): string | null {
  if (!expiration.expiration_date) return null;
  const on = formatDate(expiration.expiration_date);
  if (expiration.isExpired) return `TABC permit has expired (on ${on}).`;
  if (expiration.isExpiringSoon) {
    const days = expiration.expiringInDays ?? 0;
    const when = days === 0 ? 'today' : days === 1 ? 'tomorrow' : `in ${days} days`;
    return `TABC permit is about to expire ${when} (on ${on}).`;
  }
  return null;
}
