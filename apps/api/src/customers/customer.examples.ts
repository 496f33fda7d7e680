/** Examples of the customer answers for the OpenAPI document (real answers of the demo company). */
export const CUSTOMER_EXAMPLE = {
  id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
  name: 'Gulf Coast Oyster Bar',
  address: '1 Seawall Blvd',
  city: 'Galveston',
  state: 'TX',
  zip: '77550',
  tabc_id: 'MB567890',
  display_tabc_id: 'MB567890',
  aims_id: null,
  aims_license_type: null,
  ydk_est_id: null,
  contact_name: null,
  contact_email: null,
  contact_phone: null,
  cash_on_delivery: true,
  fintech_option: false,
  fintech_id: null,
  product_price_tier_id: null,
  service_start: null,
  comptroller_taxpayer_number: null,
  payment_terms: null,
  color_index: 9,
  created_at: '2026-11-25T17:01:24.650Z',
  updated_at: '2026-11-25T17:01:24.650Z',
};

/** GET /customer/{id} and the saving calls: the customer with its price tier and its users. */
export const CUSTOMER_DETAIL_EXAMPLE = {
  ...CUSTOMER_EXAMPLE,
  product_price_tier_id: '0f5c2b7e-8d1a-4c3b-9e6f-7a8b9c0d1e2f',
  productPriceTier: {
    id: '0f5c2b7e-8d1a-4c3b-9e6f-7a8b9c0d1e2f',
    name: 'Restaurants',
    percentage: 4,
    color: 'blue',
    is_base_tier: false,
  },
  customerUser: [
    {
      id: 'd3813365-1e3f-414c-a10c-9ed27c258825',
      name: 'Ana Flores',
      email: 'ana@gulfcoastoysterbar.example',
      phone_number: null,
      is_enable: true,
      revoked: false,
      invited_at: '2026-11-25T20:09:20.429Z',
      created_at: '2026-11-25T20:09:20.429Z',
    },
  ],
};

export const CUSTOMER_GRID_EXAMPLE = {
  rows: [
    {
      id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
      name: 'Gulf Coast Oyster Bar',
      address: '1 Seawall Blvd',
      city: 'Galveston',
      state: 'TX',
      zip: '77550',
      tabc_id: 'MB567890',
      aims_license_type: null,
      contact_name: null,
      contact_email: null,
      contact_phone: null,
      cash_on_delivery: true,
      fintech_option: false,
      service_start: null,
      created_at: '2026-11-25T17:01:24.650Z',
      color_index: 9,
    },
  ],
  count: 2,
};
