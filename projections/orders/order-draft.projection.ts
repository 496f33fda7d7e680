import { prepared, type PoolClient } from '#infra/db/database.js';
import type { StoredEvent } from '#engine';
import { ORDER_DRAFT_EVENT_TYPES, type OrderEvent } from '#domain/orders/order.events.js';
import { evolve, initialState, type DraftOrderState } from '#domain/orders/order.state.js';
import { defineRowProjection, ident, isoOrNull as iso, upsertRows } from '../projection.js';

/**
 * The ordering app's drafts (`rm_order_draft`): one row per order stream that began as a draft, with the draft's
 * folded state (the domain's own fold). Placing the draft marks its row `placed` (the order itself is then a row of
 * `rm_order`, made by the `orders` projection from `OrderPlaced`); a cancelled draft stays `cancelled`. Drafts are the
 * customer's own: no back-office read touches this table, so the order grid, its count (the last order number), the
 * Order badge and the reports read `rm_order` exactly as before. The index serves the customer's open drafts, newest
 * first, however many drafts were placed or cancelled before.
 */
export const ORDER_DRAFT_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_order_draft (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  customer_id uuid NOT NULL,
  customer_user_id uuid NOT NULL,
  status text NOT NULL,
  units integer NOT NULL,
  state jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  revision bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS rm_order_draft_open_idx ON rm_order_draft (company_id, customer_id, updated_at DESC, id)
  WHERE status = 'draft';
`;

export interface OrderDraftRow {
  id: string;
  company_id: string;
  customer_id: string;
  customer_user_id: string;
  /** draft, cancelled, or placed (then the order is in rm_order). */
  status: 'draft' | 'cancelled' | 'placed';
  units: number;
  state: DraftOrderState;
  created_at: string;
  updated_at: string;
  revision: number;
}

/** Pure: the draft row after one event (the same object when the event was applied already or is not a draft's). */
export function evolveOrderDraftRow(row: OrderDraftRow | undefined, stored: StoredEvent): OrderDraftRow {
  const revision = Number(stored.revision);
  if (row && revision <= row.revision) return row;
  const event = stored as unknown as OrderEvent;
  if (event.type === 'OrderPlaced') {
    // An order placed from the cart has no draft row; a placed draft keeps its row, marked placed.
    if (!row) return row as unknown as OrderDraftRow;
    return { ...row, status: 'placed', updated_at: stored.metadata.occurredAt, revision };
  }
  const state = evolve(row?.state ?? initialState(), event);
  if (state.status !== 'draft') return row as OrderDraftRow;
  return {
    id: state.id,
    company_id: state.companyId,
    customer_id: state.customer.id,
    customer_user_id: state.customerUser.id,
    status: state.orderStatus,
    units: state.items.reduce((sum, item) => sum + item.qty, 0),
    state,
    created_at: row?.created_at ?? state.draftedAt,
    updated_at: stored.metadata.occurredAt,
    revision,
  };
}

const COLUMNS: readonly (keyof OrderDraftRow)[] = [
  'id',
  'company_id',
  'customer_id',
  'customer_user_id',
  'status',
  'units',
  'state',
  'created_at',
  'updated_at',
  'revision',
];

export const orderDraftProjection = defineRowProjection<OrderDraftRow>({
  name: 'order_drafts',
  version: 1,
  handles: ORDER_DRAFT_EVENT_TYPES,
  rows: {
    table: 'rm_order_draft',
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
            created_at: iso(row.created_at)!,
            updated_at: iso(row.updated_at)!,
            revision: Number(row.revision),
          } as OrderDraftRow,
        ]),
      );
    },
    evolve: evolveOrderDraftRow,
    async save(tx: PoolClient, rows: OrderDraftRow[], table: string) {
      await upsertRows(tx, table, COLUMNS, rows);
    },
  },
});
