import { isPaymentTerms, PAYMENT_TERMS_MESSAGE } from '../invoices/payment-terms.js';
import { isBusinessDate } from '../shared/business-date.js';
import {
  isBlank,
  isEmail,
  optionalText,
  requiredBoolean,
  requiredText,
  toBoolean,
  toNumber,
  type FieldRule,
  isUuid,
} from '../shared/field-rules.js';
import { TABC_PERMIT_PATTERN } from './tabc-permit.js';

export const DEFAULT_CUSTOMER_STATE = 'TX';
const MAX_AIMS_ID = 2_147_483_647;

export const CUSTOMER_MESSAGES = {
  name: 'Customer name is required.',
  address: 'Address is required.',
  city: 'City is required.',
  state: 'State is required.',
  zip: 'Zip is required.',
  tabcId: 'TABC ID is required.',
  tabcIdPattern: 'TABC ID must be two letters and six digits, e.g. MB123456 or MB-123456.',
  aimsId: 'AIMS ID must be a whole number.',
  aimsLicenseType: 'Licence type must be letters, e.g. MB.',
  contactEmail: 'Please insert a valid email address',
  cashOnDelivery: 'Cash on delivery is required (yes or no).',
  fintechOption: 'Fintech option is required (yes or no).',
  fintechId: "Fintech ID can't be empty while Fintech Option is enabled",
  productPriceTierId: 'Price tier must be the id of a price tier.',
  serviceStart: 'Service start must be a date (YYYY-MM-DD).',
  comptrollerTaxpayerNumber: 'Comptroller taxpayer number must be 11 digits.',
} as const;

/** A Texas Comptroller taxpayer number as stored: its digits (spaces and hyphens dropped); null when none. */
export function taxpayerNumberOf(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const digits = String(value).replace(/[\s-]/g, '');
  return digits === '' ? null : digits;
}

const optional =
  (rule: FieldRule): FieldRule =>
  (value) =>
    isBlank(value) ? undefined : rule(value);

/** One rule per field of the customer form, keyed by the API's field names (the spec's). */
export const customerRules = {
  name: requiredText(CUSTOMER_MESSAGES.name, 150, 'Customer name'),
  address: requiredText(CUSTOMER_MESSAGES.address, 200, 'Address'),
  city: requiredText(CUSTOMER_MESSAGES.city, 100, 'City'),
  /** Left out means TX; sent empty is an error. */
  state: ((value) =>
    value === undefined
      ? undefined
      : requiredText(CUSTOMER_MESSAGES.state, 40, 'State')(value)) satisfies FieldRule,
  zip: requiredText(CUSTOMER_MESSAGES.zip, 20, 'Zip'),
  aims_id: optional((value) => {
    const number = toNumber(value);
    return number === undefined || !Number.isInteger(number) || number < 0 || number > MAX_AIMS_ID
      ? CUSTOMER_MESSAGES.aimsId
      : undefined;
  }),
  aims_license_type: optional((value) =>
    typeof value === 'string' && /^[A-Za-z0-9]{1,6}$/.test(value.trim())
      ? undefined
      : CUSTOMER_MESSAGES.aimsLicenseType,
  ),
  ydk_est_id: optionalText(100, 'Establishment id'),
  contact_name: optionalText(150, 'Contact name'),
  contact_email: optional((value) => (isEmail(value) ? undefined : CUSTOMER_MESSAGES.contactEmail)),
  contact_phone: optionalText(40, 'Contact phone'),
  cash_on_delivery: requiredBoolean(CUSTOMER_MESSAGES.cashOnDelivery),
  fintech_option: requiredBoolean(CUSTOMER_MESSAGES.fintechOption),
  fintech_id: optionalText(100, 'Fintech ID'),
  product_price_tier_id: optional((value) =>
    typeof value === 'string' && isUuid(value.trim()) ? undefined : CUSTOMER_MESSAGES.productPriceTierId,
  ),
  service_start: optional((value) => (isBusinessDate(value) ? undefined : CUSTOMER_MESSAGES.serviceStart)),
  comptroller_taxpayer_number: optional((value) =>
    (typeof value === 'string' || typeof value === 'number') && /^\d{11}$/.test(taxpayerNumberOf(value) ?? '')
      ? undefined
      : CUSTOMER_MESSAGES.comptrollerTaxpayerNumber,
  ),
  payment_terms: optional((value) => (isPaymentTerms(value) ? undefined : PAYMENT_TERMS_MESSAGE)),
} satisfies Record<string, FieldRule>;

/** A newer permit number as TABC prints it: the licence type's letters, then the AIMS id of seven digits or more. */
const AIMS_NUMBER = /^([A-Za-z]{1,6})-?(\d{7,10})$/;

/**
 * tabc_id: not needed when licence type and AIMS id build it; otherwise required, as a permit code of two letters,
 * an optional hyphen and six digits. A newer AIMS number typed there is shown where it goes instead.
 */
export function tabcIdProblem(tabcId: unknown, built: string | null): string | undefined {
  if (built) return undefined;
  if (isBlank(tabcId)) return CUSTOMER_MESSAGES.tabcId;
  const code = typeof tabcId === 'string' ? tabcId.trim() : '';
  if (TABC_PERMIT_PATTERN.test(code)) return undefined;
  const aims = AIMS_NUMBER.exec(code);
  return aims
    ? `${CUSTOMER_MESSAGES.tabcIdPattern} A newer number such as ${code.toUpperCase()} goes in Licence Type ` +
        `(${aims[1]!.toUpperCase()}) and AIMS ID (${aims[2]}).`
    : CUSTOMER_MESSAGES.tabcIdPattern;
}

/** fintech_id depends on fintech_option: required while it is on. */
export const fintechIdProblem = (fintechId: unknown, fintechOption: unknown): string | undefined =>
  toBoolean(fintechOption) === true && isBlank(fintechId) ? CUSTOMER_MESSAGES.fintechId : undefined;
