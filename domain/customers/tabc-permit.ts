import { daysBetween } from '../shared/business-date.js';

/** A TABC permit code as customers carry it: two letters, an optional hyphen, six digits (as the client's specification asks). */
export const TABC_PERMIT_PATTERN = /^[A-Za-z]{2}-?\d{6}$/;

/** The client's specification: a licence expiring in under 30 days is flagged. */
export const EXPIRY_WARNING_DAYS = 30;

/** The comparable form of a permit or licence code: upper case, letters and digits only (MB-123456 → MB123456). */
export const permitKey = (code: string): string => code.toUpperCase().replace(/[^A-Z0-9]/g, '');

/** The client's specification: the TABC id built from licence type and AIMS id when both are given (MB + 1234567 → MB1234567). */
export function builtTabcId(
  aimsLicenseType: string | null | undefined,
  aimsId: number | null | undefined,
): string | null {
  const type = (aimsLicenseType ?? '').trim().toUpperCase();
  return type && aimsId !== null && aimsId !== undefined && aimsId >= 1 ? `${type}${aimsId}` : null;
}

/** The client's specification: licence type + AIMS id when the AIMS id is at least 1, otherwise the stored tabc_id. */
export function displayTabcId(customer: {
  tabcId: string;
  aimsId: number | null;
  aimsLicenseType: string | null;
}): string {
  return customer.aimsId !== null && customer.aimsId >= 1
    ? `${(customer.aimsLicenseType ?? '').toUpperCase()}${customer.aimsId}`
    : customer.tabcId;
}

export interface LicenceExpiry {
  expiration_date: string | null;
  isExpired: boolean;
  /** Days from today to the expiration date (negative once expired); null when unknown. */
  expiringInDays: number | null;
  /** Not expired yet and expiring in under 30 days. */
  isExpiringSoon: boolean;
}

/** The client's specification's TABC expiration, judged on the company's business date `today`. */
export function licenceExpiry(expirationOn: string | null, today: string): LicenceExpiry {
  if (!expirationOn)
    return { expiration_date: null, isExpired: false, expiringInDays: null, isExpiringSoon: false };
  const days = daysBetween(today, expirationOn);
  return {
    expiration_date: expirationOn,
    isExpired: days < 0,
    expiringInDays: days,
    isExpiringSoon: days >= 0 && days < EXPIRY_WARNING_DAYS,
  };
}
