import { prepared, type PoolClient } from '#infra/db/database.js';
import type { StoredEvent } from '#engine';
import { INVENTORY_EVENT_TYPES, type InventoryEvent } from '#domain/inventory/inventory.events.js';
import { CREDIT_MEMO_EVENT_TYPES, type CreditMemoEvent } from '#domain/credits/credit-memo.events.js';
import {
  creditStock,
  evolveInvoiceStock,
  inventoryMovement,
  invoiceMovement,
  onDealIn,
  type InvoiceStock,
} from '#domain/inventory/inventory.stock.js';
import { INVOICE_EVENT_TYPES, type InvoiceEvent } from '#domain/invoices/invoice.events.js';
import type { ProductEvent } from '#domain/products/product.events.js';
import { defineProjection, ident, type TableNames } from '../projection.js';

const INVENTORY = 'rm_inventory';
const INVOICES = 'rm_inventory_invoice';
const HISTORY = 'rm_inventory_history';

/** One movement of stock: a history row, and the change to its product's qty. */
export interface HistoryRow {
  id: string;
  company_id: string;
  product_id: string;
  qty: number;
  source: 'INVOICE' | 'RESTOCK' | 'MANUAL' | 'RETURN' | 'WRITE_OFF';
  ref: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  unit_price_cents: number | null;
  /** An invoice movement whose invoice line of the product is on deal. */
  on_deal: boolean;
  distributor: string | null;
  created_at: string;
  position: string;
}

type Settings = Partial<
  Record<'distributor' | 'reorder_level' | 'reorder_qty' | 'reorder_time_in_days', unknown>
>;

/**
 * The product events the inventory follows: a product has an inventory row from its creation, and the row is
 * `current` (listed) while the product is neither archived nor deleted.
 */
const PRODUCT_EVENT_TYPES = [
  'ProductCreated',
  'ProductUpdated',
  'ProductArchived',
  'ProductRestored',
  'ProductDeleted',
] as const;

/**
 * Order invoicing moves stock through the invoices it creates (InvoiceCreated with `orderIds`); an order
 * event that moves stock by itself would be added here: its type to `handles`, and a movement in `apply`.
 */
export const INVENTORY_HANDLES: readonly string[] = [
  ...INVOICE_EVENT_TYPES,
  ...CREDIT_MEMO_EVENT_TYPES,
  ...INVENTORY_EVENT_TYPES,
  ...PRODUCT_EVENT_TYPES,
];

const companyOf = (event: StoredEvent) =>
  (event.data as { companyId?: string }).companyId ?? event.metadata.companyId;

async function loadInvoices(tx: PoolClient, table: string, ids: string[]) {
  const { rows } = await tx.query(
    `SELECT invoice_id, company_id, number, counted, units, prices, deals, credits FROM ${ident(table)}
      WHERE invoice_id = ANY($1::uuid[])`,
    [ids],
  );
  return new Map<string, InvoiceStock>(
    rows.map((row) => [
      row.invoice_id,
      {
        invoiceId: row.invoice_id,
        companyId: row.company_id,
        number: row.number,
        counted: row.counted,
        units: row.units,
        prices: row.prices,
        deals: row.deals,
        credits: row.credits,
      },
    ]),
  );
}

function physical(t: TableNames, table: string): string {
  const name = t[table];
  if (!name) throw new Error(`inventory: no physical table for ${table}`);
  return ident(name);
}

/**
 * The invoices' stored stock state, the movements and their products' stock in one statement (it runs for every
 * invoice a company writes, so round trips count): the invoices' state is upserted, the movement rows inserted
 * (a row already there — a re-delivered event — is skipped), and only the inserted rows move `qty`, through an
 * upsert that also makes the row of a product moved for the first time. `updated_at` is the newest movement (or
 * the product's creation in this batch, when later); the last restock is the newest RESTOCK movement's time, with
 * every unit restocked at that time.
 */
async function applyMovements(
  tx: PoolClient,
  t: TableNames,
  invoices: InvoiceStock[],
  history: HistoryRow[],
  created: ReadonlyMap<string, { at: string }>,
): Promise<void> {
  const inventory = physical(t, INVENTORY);
  await tx.query(
    prepared(`WITH stock AS (
       INSERT INTO ${physical(t, INVOICES)} (invoice_id, company_id, number, counted, units, prices, deals, credits)
       SELECT r."invoiceId", r."companyId", r.number, r.counted, r.units, r.prices, COALESCE(r.deals, '{}'),
              COALESCE(r.credits, '{}')
         FROM jsonb_to_recordset($1::jsonb)
           AS r("invoiceId" uuid, "companyId" uuid, number text, counted boolean, units jsonb, prices jsonb,
                deals jsonb, credits jsonb)
       ON CONFLICT (invoice_id) DO UPDATE SET
         number = EXCLUDED.number, counted = EXCLUDED.counted, units = EXCLUDED.units, prices = EXCLUDED.prices,
         deals = EXCLUDED.deals, credits = EXCLUDED.credits
     ),
     moved AS (
       INSERT INTO ${physical(t, HISTORY)}
         (id, company_id, product_id, qty, source, ref, invoice_id, invoice_number, unit_price_cents, on_deal,
          distributor, created_at, position)
       SELECT id, company_id, product_id, qty, source, ref, invoice_id, invoice_number, unit_price_cents, on_deal,
              distributor, created_at, position
         FROM jsonb_populate_recordset(NULL::${physical(t, HISTORY)}, $2::jsonb)
       ON CONFLICT (id) DO NOTHING
       RETURNING product_id, company_id, qty, created_at, source
     ),
     restocks AS (
       SELECT product_id, max(created_at) AS at FROM moved WHERE source = 'RESTOCK' GROUP BY product_id
     ),
     moves AS (
       SELECT m.product_id, (array_agg(m.company_id))[1] AS company_id, sum(m.qty) AS qty,
              max(m.created_at) AS at, r.at AS restock_at,
              sum(m.qty) FILTER (WHERE m.source = 'RESTOCK' AND m.created_at = r.at) AS restock_qty
         FROM moved m LEFT JOIN restocks r USING (product_id)
        GROUP BY m.product_id, r.at
     )
     INSERT INTO ${inventory} AS i (id, company_id, qty, updated_at, last_restock_at, last_restock_qty)
     SELECT m.product_id, m.company_id, m.qty, GREATEST(m.at, c.at), m.restock_at, m.restock_qty
       FROM moves m LEFT JOIN unnest($3::uuid[], $4::timestamptz[]) AS c(id, at) ON c.id = m.product_id
     ON CONFLICT (id) DO UPDATE SET
       qty = i.qty + EXCLUDED.qty,
       updated_at = GREATEST(i.updated_at, EXCLUDED.updated_at),
       last_restock_at = COALESCE(EXCLUDED.last_restock_at, i.last_restock_at),
       last_restock_qty = CASE WHEN EXCLUDED.last_restock_at IS NOT NULL THEN EXCLUDED.last_restock_qty
                               ELSE i.last_restock_qty END`),
    [
      JSON.stringify(invoices),
      JSON.stringify(history),
      [...created.keys()],
      [...created.values()].map((c) => c.at),
    ],
  );
}

/**
 * Stock as a projection (never a guarded counter). A batch folds the invoices it touches from their
 * stored stock state (one query), turns every movement into a history row keyed by event and product, inserts them
 * (a row already there — a re-delivered event — is skipped) and adds to `qty` only what the inserted rows moved.
 * Product events and cell edits set the distributor and reorder settings in event order (the last one wins).
 */
export const inventoryProjection = defineProjection({
  name: 'inventory',
  // 2: history rows and invoices keep the deal (on_deal, deals)
  version: 2,
  handles: INVENTORY_HANDLES,
  tables: [INVENTORY, INVOICES, HISTORY],
  async apply(tx, events, t) {
    const inventory = physical(t, INVENTORY);
    const invoiceIds = [
      ...new Set(
        events
          .filter(
            (e) =>
              (INVOICE_EVENT_TYPES as readonly string[]).includes(e.type) ||
              (CREDIT_MEMO_EVENT_TYPES as readonly string[]).includes(e.type),
          )
          .map((e) => (e.data as { invoiceId: string }).invoiceId),
      ),
    ];
    const stored = invoiceIds.length > 0 ? await loadInvoices(tx, t[INVOICES]!, invoiceIds) : new Map();
    const invoices = new Map<string, InvoiceStock | undefined>(stored);
    const changedInvoices = new Set<string>();

    const history: HistoryRow[] = [];
    const created = new Map<string, { company_id: string; at: string }>();
    const settings = new Map<string, { company_id: string; values: Settings }>();
    /** Archived, restored or deleted in this batch: the row's `current` after the batch (the last event wins). */
    const current = new Map<string, { company_id: string; current: boolean }>();
    const setting = (productId: string, companyId: string, values: Settings) => {
      const current = settings.get(productId) ?? { company_id: companyId, values: {} };
      current.values = { ...current.values, ...values };
      settings.set(productId, current);
    };

    for (const event of events) {
      const companyId = companyOf(event);
      const at = new Date(event.metadata.occurredAt).toISOString();
      const base = { company_id: companyId, created_at: at, position: String(event.position) };
      switch (event.type) {
        case 'ProductCreated':
        case 'ProductUpdated': {
          const { data } = event as unknown as ProductEvent & { type: 'ProductCreated' | 'ProductUpdated' };
          if (event.type === 'ProductCreated') created.set(data.productId, { company_id: companyId, at });
          setting(data.productId, companyId, {
            distributor: data.distributor,
            reorder_level: data.reorderLevel,
            reorder_qty: data.reorderQty,
            reorder_time_in_days: data.reorderTimeInDays,
          });
          break;
        }
        case 'ProductArchived':
        case 'ProductRestored':
        case 'ProductDeleted':
          current.set((event.data as { productId: string }).productId, {
            company_id: companyId,
            current: event.type === 'ProductRestored',
          });
          break;
        case 'InventoryRestocked':
        case 'InventoryAdjusted': {
          const inventoryEvent = event as unknown as InventoryEvent;
          const moves = inventoryMovement(inventoryEvent);
          if (inventoryEvent.type === 'InventoryAdjusted') {
            const { field, newValue, productId } = inventoryEvent.data;
            if (field !== 'qty') setting(productId, companyId, { [field]: newValue });
            else if (!moves.has(productId)) moves.set(productId, 0); // an edit back and forth: still history
          }
          for (const [productId, qty] of moves) {
            const line =
              inventoryEvent.type === 'InventoryRestocked'
                ? inventoryEvent.data.items.find((item) => item.productId === productId)
                : undefined;
            history.push({
              ...base,
              id: `${event.id}:${productId}`,
              product_id: productId,
              qty,
              source: inventoryEvent.type === 'InventoryRestocked' ? 'RESTOCK' : 'MANUAL',
              ref: inventoryEvent.type === 'InventoryRestocked' ? inventoryEvent.data.reference : null,
              invoice_id: null,
              invoice_number: null,
              unit_price_cents: line?.itemCostCents ?? null,
              on_deal: false,
              distributor:
                inventoryEvent.type === 'InventoryRestocked' ? inventoryEvent.data.distributor : null,
            });
          }
          break;
        }
        case 'CreditMemoIssued':
        case 'CreditMemoVoided': {
          const creditEvent = event as unknown as CreditMemoEvent;
          const invoiceId = creditEvent.data.invoiceId;
          const before = invoices.get(invoiceId);
          const { after, moves, ref } = creditStock(before, creditEvent);
          if (after === before) break;
          invoices.set(invoiceId, after);
          changedInvoices.add(invoiceId);
          for (const move of moves)
            history.push({
              ...base,
              id: `${event.id}:${move.productId}:${move.source}`,
              product_id: move.productId,
              qty: move.qty,
              source: move.source,
              ref,
              invoice_id: invoiceId,
              invoice_number: after?.number ?? null,
              unit_price_cents: after?.prices[move.productId] ?? null,
              on_deal: false,
              distributor: null,
            });
          break;
        }
        default: {
          if (!(INVOICE_EVENT_TYPES as readonly string[]).includes(event.type)) break;
          const invoiceEvent = event as unknown as InvoiceEvent;
          const invoiceId = invoiceEvent.data.invoiceId;
          const before = invoices.get(invoiceId);
          const after = evolveInvoiceStock(before, invoiceEvent);
          if (after === before) break;
          invoices.set(invoiceId, after);
          changedInvoices.add(invoiceId);
          for (const [productId, qty] of invoiceMovement(before, after)) {
            history.push({
              ...base,
              id: `${event.id}:${productId}`,
              product_id: productId,
              qty,
              source: 'INVOICE',
              ref: after?.number ?? null,
              invoice_id: invoiceId,
              invoice_number: after?.number ?? null,
              unit_price_cents: after?.prices[productId] ?? before?.prices[productId] ?? null,
              // the line the movement is about: the invoice's line now, or (a line taken off) the one before
              on_deal:
                productId in (after?.prices ?? {}) ? onDealIn(after, productId) : onDealIn(before, productId),
              distributor: null,
            });
          }
        }
      }
    }

    const changed = [...changedInvoices].map((id) => invoices.get(id)).filter((i) => i !== undefined);

    // Rows for products that did not move in this batch (created, set, archived…). A product that moves gets its
    // row from the movement's upsert below; a re-delivered movement's product has its row already (it was made in
    // the transaction that first inserted the movement).
    const moving = new Set(history.map((row) => row.product_id));
    const rowsFor = new Map<string, { company_id: string; at: string }>();
    for (const [productId, row] of created) if (!moving.has(productId)) rowsFor.set(productId, row);
    for (const [productId, { company_id }] of [...settings, ...current])
      if (!moving.has(productId) && !rowsFor.has(productId))
        rowsFor.set(productId, { company_id, at: created.get(productId)?.at ?? '1970-01-01T00:00:00.000Z' });
    if (rowsFor.size > 0)
      await tx.query(
        `INSERT INTO ${inventory} (id, company_id, updated_at)
         SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::timestamptz[])
         ON CONFLICT (id) DO NOTHING`,
        [
          [...rowsFor.keys()],
          [...rowsFor.values()].map((r) => r.company_id),
          [...rowsFor.values()].map((r) => r.at),
        ],
      );

    if (history.length > 0 || changed.length > 0) await applyMovements(tx, t, changed, history, created);
    if (settings.size > 0) {
      const list = [...settings.entries()].map(([id, { values }]) => ({ id, vals: values }));
      await tx.query(
        `UPDATE ${inventory} i SET
           distributor = CASE WHEN s.vals ? 'distributor' THEN s.vals ->> 'distributor' ELSE i.distributor END,
           reorder_level = CASE WHEN s.vals ? 'reorder_level' THEN (s.vals ->> 'reorder_level')::int ELSE i.reorder_level END,
           reorder_qty = CASE WHEN s.vals ? 'reorder_qty' THEN (s.vals ->> 'reorder_qty')::int ELSE i.reorder_qty END,
           reorder_time_in_days = CASE WHEN s.vals ? 'reorder_time_in_days'
             THEN (s.vals ->> 'reorder_time_in_days')::int ELSE i.reorder_time_in_days END
         FROM jsonb_to_recordset($1::jsonb) AS s(id uuid, vals jsonb)
         WHERE i.id = s.id`,
        [JSON.stringify(list)],
      );
    }

    if (current.size > 0)
      await tx.query(
        `UPDATE ${inventory} i SET current = c.current
           FROM unnest($1::uuid[], $2::boolean[]) AS c(id, current) WHERE i.id = c.id`,
        [[...current.keys()], [...current.values()].map((c) => c.current)],
      );
  },
});
