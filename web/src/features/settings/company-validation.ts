import {
  carrierRequired,
  COMPANY_MESSAGES,
  companyRules,
  DEFAULT_DELIVERY_MEANS,
  DEFAULT_INVOICE_STATUS,
  fintechIdRequired,
  STAMP_THRESHOLD,
  TAX_RATE,
} from '#domain/companies/company.rules';
import { DEFAULT_PAYMENT_TERMS } from '#domain/invoices/payment-terms';
import { DEFAULT_TIME_ZONE } from '#domain/shared/business-date';
import { isBlank } from '#domain/shared/field-rules';
import type { FormErrors } from '../../shared/forms/use-form';
import type { Company } from '../../shared/company/company.api';
import type { UpdateCompanyBody } from './company-settings.api';

/** The settings form's values, keyed by the API's field names; switches hold 'true' / 'false'. */
export type CompanyValues = {
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  tabc_id: string;
  subdomain: string;
  starting_invoice_number: string;
  default_invoice_status: string;
  tax_rate: string;
  stamp_threshold: string;
  time_zone: string;
  default_invoice_note: string;
  show_prices: string;
  sort_inv_products: string;
  cash_on_delivery: string;
  has_fintech: string;
  fintech_id: string;
  payment_terms: string;
  delivery_means: string;
  carrier_name: string;
  carrier_permit: string;
};

export const COMPANY_FORM_MESSAGES = {
  failed: 'Error saving company!',
  saved: 'Company details saved.',
} as const;

const flag = (value: boolean) => (value ? 'true' : 'false');

export function companyValues(company: Company): CompanyValues {
  return {
    name: company.name ?? '',
    address: company.address ?? '',
    city: company.city ?? '',
    state: company.state ?? '',
    zip: company.zip ?? '',
    tabc_id: company.tabc_id ?? '',
    subdomain: company.subdomain ?? '',
    starting_invoice_number: String(company.starting_invoice_number ?? 1),
    default_invoice_status: company.default_invoice_status || DEFAULT_INVOICE_STATUS,
    tax_rate: String(company.tax_rate ?? TAX_RATE.defaultBasisPoints / 100),
    stamp_threshold: String(company.stamp_threshold ?? STAMP_THRESHOLD.default),
    time_zone: company.time_zone || DEFAULT_TIME_ZONE,
    default_invoice_note: company.default_invoice_note ?? '',
    show_prices: flag(company.show_prices),
    sort_inv_products: flag(company.sort_inv_products),
    cash_on_delivery: flag(company.cash_on_delivery),
    has_fintech: flag(company.has_fintech),
    fintech_id: company.fintech_id ?? '',
    payment_terms: company.payment_terms || DEFAULT_PAYMENT_TERMS,
    delivery_means: company.delivery_means || DEFAULT_DELIVERY_MEANS,
    carrier_name: company.carrier_name ?? '',
    carrier_permit: company.carrier_permit ?? '',
  };
}

/**
 * The server's rules (domain/companies/company.rules.ts), run on the form's values so every message is the one the
 * API would answer. The subdomain is required while the order feature is on; the Fintech ID while Fintech is.
 * Keys come in the form's order: the first invalid one gets the focus.
 */
export const validateCompany =
  (orderActive: boolean) =>
  (v: CompanyValues): FormErrors<CompanyValues> => ({
    name: companyRules.name(v.name),
    address: companyRules.address(v.address),
    city: companyRules.city(v.city),
    state: companyRules.state(v.state),
    zip: companyRules.zip(v.zip),
    tabc_id: companyRules.tabc_id(v.tabc_id),
    subdomain:
      orderActive && isBlank(v.subdomain)
        ? COMPANY_MESSAGES.subdomainRequired
        : companyRules.subdomain(v.subdomain),
    starting_invoice_number: companyRules.starting_invoice_number(v.starting_invoice_number),
    default_invoice_status: companyRules.default_invoice_status(v.default_invoice_status),
    tax_rate: companyRules.tax_rate(v.tax_rate),
    stamp_threshold: companyRules.stamp_threshold(v.stamp_threshold),
    time_zone: companyRules.time_zone(v.time_zone),
    payment_terms: companyRules.payment_terms(v.payment_terms),
    default_invoice_note: companyRules.default_invoice_note(v.default_invoice_note),
    delivery_means: companyRules.delivery_means(v.delivery_means),
    carrier_name:
      companyRules.carrier_name(v.carrier_name) ??
      carrierRequired(v.delivery_means, v.carrier_name, v.carrier_permit),
    carrier_permit:
      companyRules.carrier_permit(v.carrier_permit) ??
      carrierRequired(v.delivery_means, v.carrier_name, v.carrier_permit),
    fintech_id:
      companyRules.fintech_id(v.fintech_id) ?? fintechIdRequired(v.fintech_id, v.has_fintech === 'true'),
  });

const blankToNull = (value: string) => value.trim() || null;

export function companyBody(v: CompanyValues): UpdateCompanyBody {
  return {
    name: v.name.trim(),
    address: v.address.trim(),
    city: v.city.trim(),
    state: v.state.trim(),
    zip: v.zip.trim(),
    tabc_id: v.tabc_id.trim(),
    subdomain: blankToNull(v.subdomain),
    default_invoice_note: v.default_invoice_note,
    starting_invoice_number: Number(v.starting_invoice_number),
    default_invoice_status: v.default_invoice_status,
    has_fintech: v.has_fintech === 'true',
    fintech_id: blankToNull(v.fintech_id),
    show_prices: v.show_prices === 'true',
    sort_inv_products: v.sort_inv_products === 'true',
    stamp_threshold: Number(v.stamp_threshold),
    tax_rate: Number(v.tax_rate),
    cash_on_delivery: v.cash_on_delivery === 'true',
    time_zone: v.time_zone,
    payment_terms: v.payment_terms,
    delivery_means: v.delivery_means,
    carrier_name: v.delivery_means === 'carrier' ? v.carrier_name.trim() : '',
    carrier_permit: v.delivery_means === 'carrier' ? v.carrier_permit.trim() : '',
  };
}

/** US time zones for the select (the company's own zone is added when it is another one). */
export const US_TIME_ZONES: { value: string; label: string }[] = [
  { value: 'America/New_York', label: 'Eastern (New York)' },
  { value: 'America/Chicago', label: 'Central (Chicago)' },
  { value: 'America/Denver', label: 'Mountain (Denver)' },
  { value: 'America/Phoenix', label: 'Mountain, no DST (Phoenix)' },
  { value: 'America/Los_Angeles', label: 'Pacific (Los Angeles)' },
  { value: 'America/Anchorage', label: 'Alaska (Anchorage)' },
  { value: 'Pacific/Honolulu', label: 'Hawaii (Honolulu)' },
];
