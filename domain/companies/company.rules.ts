import { DEFAULT_PAYMENT_TERMS, isPaymentTerms, PAYMENT_TERMS_MESSAGE } from '../invoices/payment-terms.js';
import { DEFAULT_TIME_ZONE, isTimeZone } from '../shared/business-date.js';
import {
  isBlank,
  optionalBoolean,
  optionalText,
  requiredText,
  toNumber,
  wholeNumber,
  type FieldRule,
} from '../shared/field-rules.js';
import { INVOICE_STATUSES, isInvoiceStatus } from '../shared/invoice-status.js';
import type { CompanyDetails } from './company.events.js';

/** The client's specification's Company and §9: limits and defaults. */
export const STAMP_THRESHOLD = { min: 1, max: 5000, default: 500 } as const;
export const TAX_RATE = { min: 0, max: 100, defaultBasisPoints: 825 } as const;
export const DEFAULT_STARTING_INVOICE_NUMBER = 1;
export const DEFAULT_INVOICE_STATUS = 'invoiced' as const;
export const DEFAULT_STATE = 'TX';
export const DEFAULT_INVOICE_NOTE_MAX = 2000;
export const MAX_LOGOS = 20;

export const COMPANY_MESSAGES = {
  name: 'Company name is required.',
  address: 'Address is required.',
  city: 'City is required.',
  state: 'State is required.',
  zip: 'Zip is required.',
  tabcId: 'TABC ID is required.',
  startingInvoiceNumber: 'Starting invoice number must be a whole number of at least 1.',
  stampThreshold: 'Stamp threshold must be a whole number from 1 to 5000.',
  taxRate: 'Tax rate must be a number from 0 to 100 with at most 2 decimals.',
  defaultInvoiceStatus: `Default invoice status must be one of: ${INVOICE_STATUSES.join(', ')}.`,
  subdomainRequired: 'Subdomain is required while the Order feature is active.',
  subdomainFormat: 'Subdomain may contain only lowercase letters, digits and hyphens (3 to 63 characters).',
  fintechId: "Fintech ID can't be empty while Fintech is enabled.",
  timeZone: 'Time zone must be a valid time zone, e.g. America/Chicago.',
  hasFintech: 'Has fintech must be true or false.',
  showPrices: 'Show prices must be true or false.',
  sortInvProducts: 'Sort invoice products must be true or false.',
  cashOnDelivery: 'Cash on delivery must be true or false.',
  deliveryMeans: 'Means of delivery must be own_vehicle, carrier or customer_pickup.',
  carrierRequired: "A carrier's delivery needs the carrier's name and permit.",
} as const;

/** The means of delivery a company may choose as its default. */
export const COMPANY_DELIVERY_MEANS = ['own_vehicle', 'carrier', 'customer_pickup'] as const;
export const DEFAULT_DELIVERY_MEANS = 'own_vehicle';

const SUBDOMAIN = /^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$/;

/** Tax rate as hundredths of a percent, read without binary floating point ("8.25" → 825); undefined if invalid. */
export function taxRateBasisPoints(value: unknown): number | undefined {
  const number = toNumber(value);
  if (number === undefined) return undefined;
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(String(number));
  if (!match) return undefined;
  const basisPoints = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return basisPoints <= TAX_RATE.max * 100 ? basisPoints : undefined;
}

/** 825 → 8.25 (for answers and read models; exact for two decimals). */
export const percentFromBasisPoints = (basisPoints: number): number => basisPoints / 100;

/** One rule per field of the settings form, keyed by the API's field names (the spec's). */
export const companyRules = {
  name: requiredText(COMPANY_MESSAGES.name, 120, 'Company name'),
  address: requiredText(COMPANY_MESSAGES.address, 200, 'Address'),
  city: requiredText(COMPANY_MESSAGES.city, 100, 'City'),
  state: requiredText(COMPANY_MESSAGES.state, 40, 'State'),
  zip: requiredText(COMPANY_MESSAGES.zip, 20, 'Zip'),
  tabc_id: requiredText(COMPANY_MESSAGES.tabcId, 40, 'TABC ID'),
  subdomain: ((value) =>
    isBlank(value)
      ? undefined
      : typeof value !== 'string' || !SUBDOMAIN.test(value.trim().toLowerCase())
        ? COMPANY_MESSAGES.subdomainFormat
        : undefined) satisfies FieldRule,
  default_invoice_note: optionalText(DEFAULT_INVOICE_NOTE_MAX, 'Default invoice note'),
  starting_invoice_number: optional(wholeNumber(COMPANY_MESSAGES.startingInvoiceNumber, 1)),
  default_invoice_status: optional((value) =>
    isInvoiceStatus(value) ? undefined : COMPANY_MESSAGES.defaultInvoiceStatus,
  ),
  has_fintech: optionalBoolean(COMPANY_MESSAGES.hasFintech),
  fintech_id: optionalText(100, 'Fintech ID'),
  show_prices: optionalBoolean(COMPANY_MESSAGES.showPrices),
  sort_inv_products: optionalBoolean(COMPANY_MESSAGES.sortInvProducts),
  stamp_threshold: optional(
    wholeNumber(COMPANY_MESSAGES.stampThreshold, STAMP_THRESHOLD.min, STAMP_THRESHOLD.max),
  ),
  tax_rate: optional((value) =>
    taxRateBasisPoints(value) === undefined ? COMPANY_MESSAGES.taxRate : undefined,
  ),
  cash_on_delivery: optionalBoolean(COMPANY_MESSAGES.cashOnDelivery),
  time_zone: optional((value) => (isTimeZone(value) ? undefined : COMPANY_MESSAGES.timeZone)),
  payment_terms: optional((value) => (isPaymentTerms(value) ? undefined : PAYMENT_TERMS_MESSAGE)),
  delivery_means: optional((value) =>
    (COMPANY_DELIVERY_MEANS as readonly unknown[]).includes(value)
      ? undefined
      : COMPANY_MESSAGES.deliveryMeans,
  ),
  carrier_name: optionalText(200, 'Carrier name'),
  carrier_permit: optionalText(200, 'Carrier permit'),
} satisfies Record<string, FieldRule>;

/** A carrier as the default means needs its name and permit. */
export const carrierRequired = (means: unknown, name: unknown, permit: unknown): string | undefined =>
  means === 'carrier' && (isBlank(name) || isBlank(permit)) ? COMPANY_MESSAGES.carrierRequired : undefined;

/** fintech_id depends on has_fintech: required while it is on. */
export const fintechIdRequired = (fintechId: unknown, hasFintech: boolean | undefined): string | undefined =>
  hasFintech === true && isBlank(fintechId) ? COMPANY_MESSAGES.fintechId : undefined;

function optional(rule: FieldRule): FieldRule {
  return (value) => (value === undefined ? undefined : rule(value));
}

/** A new company's settings: only its name is known; the rest are the spec's defaults. */
export function defaultDetails(name: string, timeZone: string = DEFAULT_TIME_ZONE): CompanyDetails {
  return {
    name,
    address: '',
    city: '',
    state: DEFAULT_STATE,
    zip: '',
    tabcId: '',
    subdomain: null,
    defaultInvoiceNote: '',
    startingInvoiceNumber: DEFAULT_STARTING_INVOICE_NUMBER,
    defaultInvoiceStatus: DEFAULT_INVOICE_STATUS,
    hasFintech: false,
    fintechId: null,
    showPrices: true,
    sortInvProducts: false,
    stampThreshold: STAMP_THRESHOLD.default,
    taxRateBasisPoints: TAX_RATE.defaultBasisPoints,
    cashOnDelivery: false,
    timeZone,
    paymentTerms: DEFAULT_PAYMENT_TERMS,
    deliveryMeans: DEFAULT_DELIVERY_MEANS,
    carrierName: '',
    carrierPermit: '',
  };
}

/** The dashboard asks for the details until every required field is filled in. */
export function detailsComplete(
  details: Pick<CompanyDetails, 'name' | 'address' | 'city' | 'state' | 'zip' | 'tabcId'>,
) {
  return [details.name, details.address, details.city, details.state, details.zip, details.tabcId].every(
    (value) => value.trim() !== '',
  );
}
