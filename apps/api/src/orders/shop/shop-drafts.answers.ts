import type {
  OrderResponse,
  ShopDraftDetailResponse,
  ShopDraftResponse,
} from '#domain/contracts/order.contract.js';

/** Examples of the ordering app's draft answers (OpenAPI), as the demo company's bar manager would see them. */
export const DRAFT_ANSWER: ShopDraftResponse = {
  id: '6c0f4a52-8d0e-4b7a-9a55-2f1e3c4d5b6a',
  status: 'draft',
  status_label: 'Draft',
  created_at: '2026-11-24T21:14:05.000Z',
  updated_at: '2026-11-25T16:02:41.000Z',
  units: 14,
  note: 'For the Saturday game',
  items: [
    {
      line: 1,
      product_id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
      product: {
        id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
        product: "TITO'S HANDMADE VODKA",
        product_size: '750ML',
        product_type: 'LIQUOR',
        upc: '619947000013',
      },
      qty: 12,
    },
    {
      line: 2,
      product_id: '2f9a4c1e-5b3d-4e6f-8a7b-9c0d1e2f3a4b',
      product: {
        id: '2f9a4c1e-5b3d-4e6f-8a7b-9c0d1e2f3a4b',
        product: 'SHINER BOCK 12PK',
        product_size: '12OZ',
        product_type: 'BEER',
        upc: null,
      },
      qty: 2,
    },
  ],
  customerUser: { id: '3e7a1c52-9b4d-4f0e-8a6c-1d2b3c4e5f60', name: 'Rosa Diaz' },
};

export const DRAFT_DETAIL_ANSWER: ShopDraftDetailResponse = {
  ...DRAFT_ANSWER,
  items: [
    { ...DRAFT_ANSWER.items[0]!, price: 21.49 },
    { ...DRAFT_ANSWER.items[1]!, price: 14.5 },
  ],
  total: 286.88,
};

export const PLACED_DRAFT_ANSWER: OrderResponse = {
  id: DRAFT_ANSWER.id,
  order_number: 412,
  status: 'placed',
  status_label: 'Placed',
  created_at: '2026-11-25T16:05:10.000Z',
  ordered_at: '2026-11-25T16:05:10.000Z',
  updated_at: '2026-11-25T16:05:10.000Z',
  total: 286.88,
  units: 14,
  note: [{ note: 'For the Saturday game', created_at: '2026-11-25T16:05:10.000Z', company_user_id: null }],
  orderItems: DRAFT_DETAIL_ANSWER.items.map((item) => ({
    line: item.line,
    product_id: item.product_id,
    product: item.product,
    qty: item.qty,
    price: item.price!,
    total: Math.round(item.price! * item.qty * 100) / 100,
    is_rejected: false,
    rejection_note: '',
    is_added: false,
    new_qty: null,
    previous_qty: null,
    qty_change_note: '',
    new_price: null,
    previous_price: null,
    price_change_note: '',
    invoiced_qty: 0,
  })),
  invoices: [],
  customerUser: {
    id: '3e7a1c52-9b4d-4f0e-8a6c-1d2b3c4e5f60',
    name: 'Rosa Diaz',
    customer: {
      id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
      name: 'GULF COAST OYSTER BAR',
      address: '2101 Seawall Blvd',
      city: 'Galveston',
      state: 'TX',
      zip: '77550',
    },
  },
  company: { id: '5b1d2c3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e', name: 'Hill Country Beverage Co.' },
};
