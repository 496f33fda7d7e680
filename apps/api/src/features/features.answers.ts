/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const COMPANY_FEATURES_ANSWER = [
  {
    name: 'ai',
    title: 'AI Recommendations',
    description: 'Product recommendations for each customer, based on what they buy.',
    pricing: 'Coming soon',
    comingSoon: true,
    access: 'coming_soon',
    active: false,
    ignore_pricing: false,
    requested_at: null,
    action: 'coming_soon',
  },
];

export const FEATURE_SWITCHED_ANSWER = {
  id: '91be9e32-ffeb-43e6-be9b-5ed06aca32b0',
  name: 'Rosa Diaz',
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

export const FEATURE_ACCESS_REQUESTED_ANSWER = {
  message: "Your request has been sent. We'll be in touch soon.",
  feature: {
    name: 'fintech',
    title: 'Fintech',
    description: 'Send invoices to Fintech for EFT collection and export them in the Fintech format.',
    pricing: 'Paid add-on, priced on request',
    comingSoon: false,
    access: 'paid',
    active: false,
    ignore_pricing: false,
    requested_at: '2026-11-25T17:57:32.606Z',
    action: 'requested',
  },
};
