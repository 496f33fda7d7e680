import { describe, expect, it } from '@jest/globals';
import type { Company } from '../../shared/company/company.api';
import { companyBody, companyValues, validateCompany } from './company-validation';

const company: Company = {
  id: 'c-1',
  name: 'Lone Star Spirits',
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  tabc_id: 'LB123456',
  subdomain: null,
  default_invoice_note: '',
  starting_invoice_number: 1,
  default_invoice_status: 'invoiced',
  has_fintech: false,
  fintech_id: null,
  show_prices: true,
  sort_inv_products: false,
  default_logo_id: null,
  stamp_threshold: 500,
  tax_rate: 8.25,
  cash_on_delivery: false,
  payment_terms: 'on_delivery',
  delivery_means: 'own_vehicle',
  carrier_name: '',
  carrier_permit: '',
  time_zone: 'America/Chicago',
  details_complete: true,
  owner_user_id: 'u-1',
  registered_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  companyFeatures: [],
  logos: [],
  productPriceTiers: [],
  price_tier_base: 'list_price',
};

const errorsOf = (errors: Record<string, string | undefined>) =>
  Object.fromEntries(Object.entries(errors).filter(([, message]) => message !== undefined));

describe('Company settings form', () => {
  it('accepts a complete company', () => {
    expect(errorsOf(validateCompany(false)(companyValues(company)))).toEqual({});
  });

  it("gives the server's messages for every broken rule", () => {
    const values = {
      ...companyValues(company),
      name: ' ',
      starting_invoice_number: '0',
      stamp_threshold: '5001',
      tax_rate: '8.255',
      has_fintech: 'true',
    };
    expect(errorsOf(validateCompany(false)(values))).toEqual({
      name: 'Company name is required.',
      starting_invoice_number: 'Starting invoice number must be a whole number of at least 1.',
      stamp_threshold: 'Stamp threshold must be a whole number from 1 to 5000.',
      tax_rate: 'Tax rate must be a number from 0 to 100 with at most 2 decimals.',
      fintech_id: "Fintech ID can't be empty while Fintech is enabled.",
    });
  });

  it('needs a subdomain only while the order feature is active', () => {
    const values = companyValues(company);
    expect(validateCompany(false)(values).subdomain).toBeUndefined();
    expect(validateCompany(true)(values).subdomain).toBe(
      'Subdomain is required while the Order feature is active.',
    );
  });

  it('sends numbers, flags and empty optional text as null', () => {
    const body = companyBody({
      ...companyValues(company),
      tax_rate: '7.5',
      show_prices: 'false',
      subdomain: ' ',
    });
    expect(body).toMatchObject({ tax_rate: 7.5, stamp_threshold: 500, show_prices: false, subdomain: null });
  });
});
