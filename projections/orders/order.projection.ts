import { prepared, type PoolClient } from '#infra/db/database.js';
import type { StoredEvent } from '#engine';
import { ORDER_EVENT_TYPES, type OrderEvent } from '#domain/orders/order.events.js';
import { evolve, initialState, orderTotalCents, type LiveOrder } from '#domain/orders/order.state.js';
import { defineRowProjection, ident, isoOrNull as iso, upsertRows } from '../projection.js';

/**
 * The order grid's indexes: they match its ORDER BY, `created_at DESC NULLS LAST, id` (the grid
 * says NULLS LAST for every sort; a plain DESC index is NULLS FIRST and would not serve it, so every request sorted
 * all of the company's orders). One per filter the screens use: none or a date range, a status (the opening view is
 * placed), a customer (the grid's actions and the ordering app's own orders).
 */
export const ORDER_GRID_INDEXES = `
CREATE INDEX IF NOT EXISTS rm_order_grid_created_idx ON rm_order (company_id, created_at DESC NULLS LAST, id);
CREATE INDEX IF NOT EXISTS rm_order_grid_status_idx ON rm_order (company_id, status, created_at DESC NULLS LAST, id);
CREATE INDEX IF NOT EXISTS rm_order_grid_customer_idx ON rm_order (company_id, customer_id, created_at DESC NULLS LAST, id);
`;

/**
 * One row per order (`rm_order`): the order grid, the order page, the placed-order count and the ordering app's
 * own-order list. The row keeps the order's folded state (the domain's own fold, so the page shows exactly what
 * decisions see) next to the columns the grid sorts and filters on.
 */
export const ORDER_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_order (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  number integer NOT NULL,
  status text NOT NULL,
  customer_id uuid NOT NULL,
  customer_name text NOT NULL,
  customer_user_id uuid NOT NULL,
  units integer NOT NULL,
  total_cents bigint NOT NULL,
  invoice_count integer NOT NULL,
  state jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  revision bigint NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS rm_order_company_number_key ON rm_order (company_id, number);
${ORDER_GRID_INDEXES}`;

export interface OrderRow {
  id: string;
  company_id: string;
  number: number;
  status: string;
  customer_id: string;
  customer_name: string;
  customer_user_id: string;
  units: number;
  total_cents: number;
  invoice_count: number;
  state: LiveOrder;
  created_at: string;
  updated_at: string;
  revision: number;
}

/** Pure: the order row after one event (the same object when the event was applied already). */
export function evolveOrderRow(row: OrderRow | undefined, stored: StoredEvent): OrderRow {
  const revision = Number(stored.revision);
  if (row && revision <= row.revision) return row;
  const event = stored as unknown as OrderEvent;
  const state = evolve(row?.state ?? initialState(), event);
  if (state.status !== 'live') return row as OrderRow;
  return {
    id: state.id,
    company_id: state.companyId,
    number: state.number,
    status: state.orderStatus,
    customer_id: state.customer.id,
    customer_name: state.customer.name,
    customer_user_id: state.customerUser.id,
    units: state.items.reduce((sum, item) => (item.rejected ? sum : sum + item.qty), 0),
    total_cents: orderTotalCents(state.items),
    invoice_count: state.invoices.length,
    state,
    created_at: row?.created_at ?? state.placedAt,
    updated_at: stored.metadata.occurredAt,
    revision,
  };
}

const COLUMNS: readonly (keyof OrderRow)[] = [
  'id',
  'company_id',
  'number',
  'status',
  'customer_id',
  'customer_name',
  'customer_user_id',
  'units',
  'total_cents',
  'invoice_count',
  'state',
  'created_at',
  'updated_at',
  'revision',
];

export const orderProjection = defineRowProjection<OrderRow>({
  name: 'orders',
  version: 1,
  handles: ORDER_EVENT_TYPES,
  rows: {
    table: 'rm_order',
    keyOf: (event) => (event.data as { orderId?: string }).orderId,
    async load(tx: PoolClient, keys: string[], table: string) {
      const { rows } = await tx.query(prepared(`SELECT * FROM ${ident(table)} WHERE id = ANY($1::uuid[])`), [
        keys,
      ]);
      return new Map(
        rows.map((row) => [
          row.id as string,
          {
            ...row,
            total_cents: Number(row.total_cents),
            created_at: iso(row.created_at)!,
            updated_at: iso(row.updated_at)!,
            revision: Number(row.revision),
          } as OrderRow,
        ]),
      );
    },
    evolve: evolveOrderRow,
    async save(tx: PoolClient, rows: OrderRow[], table: string) {
      await upsertRows(tx, table, COLUMNS, rows);
    },
  },
});
