/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const COMPANY_ANSWER = {
  id: '91be9e32-ffeb-43e6-be9b-5ed06aca32b0',
  name: 'Demo Owner',
  address: '',
  city: '',
  state: 'TX',
  zip: '',
  tabc_id: '',
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
  payment_terms: 'net_30',
  delivery_means: 'own_vehicle',
  carrier_name: '',
  carrier_permit: '',
  time_zone: 'America/Chicago',
  details_complete: false,
  owner_user_id: '40a07ce7-3516-43fd-9f8f-7678e888a9d6',
  registered_at: '2026-11-25T17:01:24.650Z',
  updated_at: '2026-11-25T17:31:05.824Z',
  companyFeatures: [
    {
      name: 'ai',
      active: false,
      ignore_pricing: false,
    },
  ],
  logos: [],
  productPriceTiers: [
    {
      id: '339a7d7a-3889-4fce-a199-d9dcff9b6f3d',
      name: 'Base',
      percentage: 0,
      color: 'grey',
      is_base_tier: true,
      created_at: '2026-11-25T17:31:09.518Z',
      updated_at: '2026-11-25T17:31:09.518Z',
    },
  ],
  price_tier_base: 'list_price',
};

export const COMPLIANCE_POLICY_ANSWER = {
  extended_stamp_statuses: false,
  small_format_stamps: false,
  strict_records: false,
  credit_law: 'advisory',
  licence_guard: 'advisory',
};

export const COMPLIANCE_POLICY_SAVED_ANSWER = {
  extended_stamp_statuses: true,
  small_format_stamps: false,
  strict_records: true,
  credit_law: 'advisory',
  licence_guard: 'blocking',
};
