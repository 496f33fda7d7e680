/** Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. */
export const INVENTORY_GRID_ANSWER = {
  rows: [
    {
      id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
      product_id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
      distributor: "Southern Glazer's",
      reorder_needed: 0,
      upc: '089744000125',
      product: 'BECKER VINEYARDS CABERNET SAUVIGNON',
      product_size: '750ml',
      product_type: 'WINE',
      internal_sku: null,
      product_price: 24.99,
      last_purchase_price: 16.8,
      qty: 22,
      reorder_level: null,
      days_to_reorder: 329,
      reorder_time_in_days: null,
      reorder_qty: null,
      suggested_qty: 0,
      inventory_value: 369.6,
      status: 'OK',
      sold_recently: 2,
      last_restock_at: '2026-11-25T17:31:10.366Z',
      last_restock_qty: 24,
      updated_at: '2026-11-25T17:31:10.366Z',
    },
  ],
  count: 8,
};

export const INVENTORY_HISTORY_GRID_ANSWER = {
  rows: [
    {
      id: '2975402d-d74f-4a83-abd0-ead26b374177:8674697a-0a9b-475e-8a6d-ed49f8ef598d',
      product_id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
      distributor: "Southern Glazer's",
      upc: '089744000125',
      product: 'BECKER VINEYARDS CABERNET SAUVIGNON',
      product_size: '750ml',
      price: 16.8,
      unit_price: 16.8,
      qty: 24,
      source: 'RESTOCK',
      ref: 'PO-1042',
      ref_number: 'PO-1042',
      on_deal: false,
      invoice_id: null,
      invoice: null,
      created_at: '2026-11-25T17:31:10.366Z',
    },
  ],
  count: 2,
};

export const INVENTORY_DISTRIBUTORS_ANSWER = ['Ben E. Keith'];

export const INVENTORY_STOCK_ANSWER = [
  {
    product_id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
    product: 'BECKER VINEYARDS CABERNET SAUVIGNON',
    distributor: "Southern Glazer's",
    qty: 22,
    status: 'OK',
    reorder_needed: false,
    days_to_reorder: 329,
    reorder_level: null,
    suggested_qty: 0,
    last_restock_at: '2026-11-25T17:31:10.366Z',
    last_restock_qty: 24,
  },
];

export const INVENTORY_STATS_ANSWER = {
  from: '2026-11-01',
  to: '2026-11-25',
  totals: {
    products: 8,
    units_in_stock: 22,
    inventory_value: 369.6,
    restocked: 24,
    invoiced: 2,
    adjusted: 0,
    low: 0,
    zero: 7,
    negative: 0,
  },
  products: [
    {
      product_id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
      product: 'BECKER VINEYARDS CABERNET SAUVIGNON',
      product_size: '750ml',
      distributor: "Southern Glazer's",
      qty: 22,
      status: 'OK',
      inventory_value: 369.6,
      restocked: 24,
      invoiced: 2,
      adjusted: 0,
    },
  ],
};

export const RESTOCK_ANSWER = [
  {
    id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
    product_id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
    product: 'BECKER VINEYARDS CABERNET SAUVIGNON',
    qty: 34,
    restocked: 12,
  },
];

export const INVENTORY_ADJUSTED_ANSWER = {
  product_id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
  product: 'BECKER VINEYARDS CABERNET SAUVIGNON',
  distributor: "Southern Glazer's",
  qty: 30,
  status: 'OK',
  reorder_needed: false,
  days_to_reorder: 449,
  reorder_level: null,
  suggested_qty: 0,
  last_restock_at: '2026-11-25T17:57:33.223Z',
  last_restock_qty: 12,
};
