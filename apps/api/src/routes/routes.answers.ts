import type {
  DriverDayResponse,
  LoadSheetResponse,
  RouteResponse,
  RouteSummary,
  UnroutedResponse,
} from '#domain/contracts/route.contract.js';

/* The OpenAPI examples of the route calls (test/api/routes.e2e-spec.ts checks real answers against them). */

export const ROUTE_SUMMARY_EXAMPLE: RouteSummary = {
  id: '5b0f7d3e-2c41-4b7a-9f0e-1a2b3c4d5e6f',
  date: '2026-12-02',
  name: 'North',
  driver: { id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'Dee Driver' },
  truck: 'Truck 2',
  status: 'planned',
  stops: 1,
  done: 0,
  collected: 0,
};

export const ROUTE_EXAMPLE: RouteResponse = {
  ...ROUTE_SUMMARY_EXAMPLE,
  stop_list: [
    {
      id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      position: 1,
      invoice_id: '3c1b7e0a-52f4-4d8e-9b1a-6e2f0c9d7a55',
      invoice_number: '345',
      order_id: null,
      customer_id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
      customer: 'The Rusty Nail',
      address: '500 E 6th St, Austin, TX 78701',
      status: 'planned',
      cod: true,
      amount_due: 108.25,
      collected: 0,
      delivered_at: null,
      note: null,
      invoice_cancelled: false,
    },
  ],
};

export const ROUTES_EXAMPLE: RouteSummary[] = [ROUTE_SUMMARY_EXAMPLE];

export const UNROUTED_EXAMPLE: UnroutedResponse = {
  date: '2026-12-02',
  invoices: [
    {
      id: '3c1b7e0a-52f4-4d8e-9b1a-6e2f0c9d7a55',
      number: '345',
      customer_id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
      customer: 'The Rusty Nail',
      invoiced_on: '2026-12-01',
      total: 108.25,
      amount_due: 108.25,
    },
  ],
  orders: [
    {
      id: '1d2e3f4a-5b6c-4d7e-8f9a-0b1c2d3e4f5a',
      number: '12',
      customer_id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
      customer: 'The Rusty Nail',
      placed_at: '2026-12-01T15:00:00.000Z',
      total: 145,
    },
  ],
};

export const LOAD_SHEET_EXAMPLE: LoadSheetResponse = {
  route: ROUTE_SUMMARY_EXAMPLE,
  lines: [
    {
      product_id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
      product: 'TITOS VODKA 750ml',
      sku: 'TV-750',
      quantity: 12,
      stamps: ['A000123–A000134'],
    },
  ],
};

export const DRIVER_DAY_EXAMPLE: DriverDayResponse = {
  date: '2026-12-02',
  driver: { id: '9c8b7a6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', name: 'Dee Driver' },
  routes: [
    {
      ...ROUTE_SUMMARY_EXAMPLE,
      status: 'out',
      stop_list: [
        {
          ...ROUTE_EXAMPLE.stop_list[0]!,
          invoice_version: 3,
          customer_notes: '',
          phone: '512-555-0100',
          lines: [
            {
              line_id: '1',
              product_id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
              product: 'SHINER BOCK 12PK',
              quantity: 4,
              unit_price: 14.5,
              is_beer: true,
            },
          ],
        },
      ],
    },
  ],
  downloaded_at: '2026-12-02T12:00:00.000Z',
};
