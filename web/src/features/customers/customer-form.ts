import {
  customerRules,
  DEFAULT_CUSTOMER_STATE,
  fintechIdProblem,
  tabcIdProblem,
} from '#domain/customers/customer.rules';
import { builtTabcId } from '#domain/customers/tabc-permit';
import { toNumber } from '#domain/shared/field-rules';
import type { FormErrors } from '../../shared/forms/use-form';
import type { Customer, CustomerBody, Establishment, PermitCode } from './customers.api';

/** The customer form as typed (flags as '1' / '0'), keyed by the API's field names. */
export interface CustomerValues {
  [field: string]: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  tabc_id: string;
  aims_license_type: string;
  aims_id: string;
  ydk_est_id: string;
  contact_name: string;
  contact_email: string;
  contact_phone: string;
  cash_on_delivery: string;
  fintech_option: string;
  fintech_id: string;
  service_start: string;
  comptroller_taxpayer_number: string;
  /** '' : the company's terms. */
  payment_terms: string;
  /** '' : no tier (the list price, as on the base tier) */
  product_price_tier_id: string;
}

export const CUSTOMER_FIELDS = [
  'name',
  'address',
  'city',
  'state',
  'zip',
  'tabc_id',
  'aims_license_type',
  'aims_id',
  'ydk_est_id',
  'contact_name',
  'contact_email',
  'contact_phone',
  'cash_on_delivery',
  'fintech_option',
  'fintech_id',
  'service_start',
  'comptroller_taxpayer_number',
  'payment_terms',
  'product_price_tier_id',
] as const satisfies readonly (keyof CustomerValues)[];

export const EMPTY_CUSTOMER: CustomerValues = {
  name: '',
  address: '',
  city: '',
  state: DEFAULT_CUSTOMER_STATE,
  zip: '',
  tabc_id: '',
  aims_license_type: '',
  aims_id: '',
  ydk_est_id: '',
  contact_name: '',
  contact_email: '',
  contact_phone: '',
  cash_on_delivery: '0',
  fintech_option: '0',
  fintech_id: '',
  service_start: '',
  comptroller_taxpayer_number: '',
  payment_terms: '',
  product_price_tier_id: '',
};

/** The TABC id the licence type and AIMS id build, or null when they don't (as the client's specification asks). */
export const builtFrom = (values: CustomerValues): string | null =>
  builtTabcId(values.aims_license_type, toNumber(values.aims_id) ?? null);

/** The client's specification's Customer, with the domain's own rules and messages (the API runs the same functions). */
export function validateCustomer(values: CustomerValues): FormErrors<CustomerValues> {
  const errors: FormErrors<CustomerValues> = {
    name: customerRules.name(values.name),
    address: customerRules.address(values.address),
    city: customerRules.city(values.city),
    state: customerRules.state(values.state),
    zip: customerRules.zip(values.zip),
    tabc_id: tabcIdProblem(values.tabc_id, builtFrom(values)),
    aims_license_type: customerRules.aims_license_type(values.aims_license_type),
    aims_id: customerRules.aims_id(values.aims_id),
    ydk_est_id: customerRules.ydk_est_id(values.ydk_est_id),
    contact_name: customerRules.contact_name(values.contact_name),
    contact_email: customerRules.contact_email(values.contact_email),
    contact_phone: customerRules.contact_phone(values.contact_phone),
    cash_on_delivery: customerRules.cash_on_delivery(values.cash_on_delivery),
    fintech_option: customerRules.fintech_option(values.fintech_option),
    fintech_id:
      customerRules.fintech_id(values.fintech_id) ??
      fintechIdProblem(values.fintech_id, values.fintech_option),
    service_start: customerRules.service_start(values.service_start),
    comptroller_taxpayer_number: customerRules.comptroller_taxpayer_number(
      values.comptroller_taxpayer_number,
    ),
    product_price_tier_id: customerRules.product_price_tier_id(values.product_price_tier_id),
    payment_terms: customerRules.payment_terms(values.payment_terms),
  };
  for (const field of CUSTOMER_FIELDS) if (errors[field] === undefined) delete errors[field];
  return errors;
}

const textOrNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

export function toCustomerBody(values: CustomerValues): CustomerBody {
  return {
    name: values.name.trim(),
    address: values.address.trim(),
    city: values.city.trim(),
    state: values.state.trim(),
    zip: values.zip.trim(),
    tabc_id: builtFrom(values) ?? values.tabc_id.trim(),
    aims_id: toNumber(values.aims_id) ?? null,
    aims_license_type: textOrNull(values.aims_license_type)?.toUpperCase() ?? null,
    ydk_est_id: textOrNull(values.ydk_est_id),
    contact_name: textOrNull(values.contact_name),
    contact_email: textOrNull(values.contact_email),
    contact_phone: textOrNull(values.contact_phone),
    cash_on_delivery: values.cash_on_delivery === '1',
    fintech_option: values.fintech_option === '1',
    fintech_id: textOrNull(values.fintech_id),
    service_start: textOrNull(values.service_start),
    comptroller_taxpayer_number: textOrNull(values.comptroller_taxpayer_number),
    payment_terms: textOrNull(values.payment_terms),
    product_price_tier_id: textOrNull(values.product_price_tier_id),
  };
}

export function customerValues(customer: Customer): CustomerValues {
  return {
    name: customer.name,
    address: customer.address,
    city: customer.city,
    state: customer.state,
    zip: customer.zip,
    tabc_id: customer.tabc_id,
    aims_license_type: customer.aims_license_type ?? '',
    aims_id: customer.aims_id === null ? '' : String(customer.aims_id),
    ydk_est_id: customer.ydk_est_id ?? '',
    contact_name: customer.contact_name ?? '',
    contact_email: customer.contact_email ?? '',
    contact_phone: customer.contact_phone ?? '',
    cash_on_delivery: customer.cash_on_delivery ? '1' : '0',
    fintech_option: customer.fintech_option ? '1' : '0',
    fintech_id: customer.fintech_id ?? '',
    service_start: customer.service_start ?? '',
    comptroller_taxpayer_number: customer.comptroller_taxpayer_number ?? '',
    payment_terms: customer.payment_terms ?? '',
    product_price_tier_id: customer.product_price_tier_id ?? '',
  };
}

/** The establishment's address and one of its permits, as form values (contact and flags stay as they were). */
export function establishmentValues(
  establishment: Establishment,
  permit: PermitCode | undefined,
): Pick<
  CustomerValues,
  | 'name'
  | 'address'
  | 'city'
  | 'state'
  | 'zip'
  | 'contact_phone'
  | 'tabc_id'
  | 'aims_license_type'
  | 'aims_id'
> {
  const address = [establishment.address, establishment.address_2].filter(Boolean).join(' ');
  return {
    name: establishment.name ?? '',
    address,
    city: establishment.city ?? '',
    state: establishment.state || DEFAULT_CUSTOMER_STATE,
    zip: establishment.zip ?? '',
    contact_phone: establishment.phone ?? '',
    tabc_id: permit?.tabc_id ?? '',
    aims_license_type: permit?.aims_id ? permit.license_type : '',
    aims_id: permit?.aims_id ? String(permit.aims_id) : '',
  };
}

/** The licence to fill in: the first active one (the API lists active licences first). */
export const preferredPermit = (establishment: Establishment): PermitCode | undefined =>
  establishment.permitCodes.find((p) => p.primary_status === 'Active') ?? establishment.permitCodes[0];
