/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const PRODUCT_PRICE_TIER_ANSWER = [
  {
    id: '339a7d7a-3889-4fce-a199-d9dcff9b6f3d',
    name: 'Base',
    percentage: 0,
    color: 'grey',
    is_base_tier: true,
    created_at: '2026-11-25T17:31:09.518Z',
    updated_at: '2026-11-25T17:31:09.518Z',
  },
];

export const PRODUCT_PRICE_TIER_COUNT_CUSTOMER_ANSWER = [
  {
    product_price_tier_id: '339a7d7a-3889-4fce-a199-d9dcff9b6f3d',
    name: 'Base',
    is_base_tier: true,
    count: 2,
  },
];

export const PRODUCT_PRICE_TIER_COLORS_ANSWER = [
  {
    name: 'red',
    hex: '#f44336',
  },
];

export const PRODUCT_PRICE_TIER_SETTINGS_ANSWER = {
  tier_base: 'list_price',
};

export const PRICE_TIER_ANSWER = {
  id: '81598854-824c-444e-85d3-217922cf655d',
  name: 'Wholesale',
  percentage: 5,
  color: 'red',
  is_base_tier: false,
  created_at: '2026-11-25T17:31:09.518Z',
  updated_at: '2026-11-25T17:31:09.518Z',
};

export const PRICE_TIER_SAVED_ANSWER = {
  id: '81598854-824c-444e-85d3-217922cf655d',
  name: 'Wholesale',
  percentage: 6,
  color: 'red',
  is_base_tier: false,
  created_at: '2026-11-25T17:31:09.518Z',
  updated_at: '2026-11-25T17:57:32.118Z',
};

export const PRICE_TIER_REMOVED_ANSWER = {
  message: 'Price tier removed.',
  id: '81598854-824c-444e-85d3-217922cf655d',
  migrated_to_tier_id: '339a7d7a-3889-4fce-a199-d9dcff9b6f3d',
  migrated_customers: 2,
};
