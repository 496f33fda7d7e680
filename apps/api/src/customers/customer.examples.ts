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
  cod: true,
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
      balance: 450,
      licence_status: 'active',
    },
  ],
  count: 2,
};

/** GET /customer/{id}/overview. */
export const CUSTOMER_OVERVIEW_EXAMPLE = {
  customer: CUSTOMER_DETAIL_EXAMPLE,
  today: '2026-11-28',
  standing: {
    list_imported: true,
    licence: {
      license_id: '567890',
      license_type: 'MB',
      primary_status: 'Suspended',
      expiration_date: '2027-03-31',
    },
    expired: false,
    expiring_soon: false,
    suspended: true,
    problem: "The customer's TABC licence MB 567890 is Suspended, not active.",
    delinquent: { effective_date: '2026-11-20', list_number: '2026-47', permit: 'MB567890' },
  },
  balance: {
    owing: 450,
    open_invoices: 2,
    unapplied_credit: 50,
    balance: 400,
    aging: { current: 150, days_1_30: 300, days_31_60: 0, days_61_90: 0, days_over_90: 0 },
  },
  open_invoices: [
    {
      id: '4b1c2d3e-5f60-4718-8293-a4b5c6d7e8f9',
      number: '1041',
      invoiced_at: '2026-10-20',
      due_at: '2026-11-19',
      status: 'partial',
      total: 500,
      paid: 200,
      balance: 300,
      days_late: 9,
    },
  ],
  recent_orders: [
    {
      id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      number: 12,
      status: 'placed',
      total: 240,
      created_at: '2026-11-27T15:04:05.000Z',
    },
  ],
  recent_payments: [
    {
      id: '1f2e3d4c-5b6a-4798-8a7b-6c5d4e3f2a1b',
      invoice_id: '4b1c2d3e-5f60-4718-8293-a4b5c6d7e8f9',
      invoice_number: '1041',
      amount: 200,
      received_at: '2026-11-25',
      note: 'Check 2211',
      logged_at: '2026-11-25T16:30:00.000Z',
    },
  ],
};
