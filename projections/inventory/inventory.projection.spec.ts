import { randomUUID } from 'node:crypto';
import { createPool, type Pool } from '#infra/db/database.js';
import type { StoredEvent } from '#engine';
import { createTestDatabase } from '../../test/support/database.js';
import { beginProjectionTransaction } from '#engine/projections/projection-transaction.js';
import { inventoryProjection } from './inventory.projection.js';
import {
  INVENTORY_CREDITS_SCHEMA,
  INVENTORY_CURRENT_SCHEMA,
  INVENTORY_ON_DEAL_SCHEMA,
  INVENTORY_SCHEMA,
} from './inventory.schema.js';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CO = id(1);
const VODKA = id(21);
const GIN = id(22);
const INV = id(31);
const INV_2 = id(32);
const T0 = Date.parse('2026-11-25T15:00:00.000Z');

/** Events as the store delivers them, in global order, one minute apart. */
function history(list: { type: string; data: Record<string, unknown> }[]): StoredEvent[] {
  return list.map((event, i) => {
    const at = new Date(T0 + i * 60_000).toISOString();
    return {
      ...event,
      data: { companyId: CO, ...event.data },
      id: randomUUID(),
      streamId: 'x',
      revision: 0n,
      position: BigInt(i + 1),
      checkpoint: String(i + 1),
      metadata: { companyId: CO, occurredAt: at, schemaVersion: 1 },
      recordedAt: at,
    };
  });
}

const product = (productId: string, reorderLevel: number | null = null) => ({
  type: 'ProductCreated',
  data: { productId, distributor: 'Republic', reorderLevel, reorderQty: 12, reorderTimeInDays: 3 },
});
const lines = (vodka: number, gin = 0) =>
  [
    { productId: VODKA, qty: vodka, priceCents: 1999 },
    { productId: GIN, qty: gin, priceCents: 2500 },
  ].filter((line) => line.qty > 0);
const created = (invoiceId: string, vodka: number, gin = 0) => ({
  type: 'InvoiceCreated',
  data: {
    invoiceId,
    number: { display: invoiceId === INV ? '101' : '102' },
    status: 'unpaid',
    lines: lines(vodka, gin),
  },
});
const revised = (invoiceId: string, vodka: number, gin = 0) => ({
  type: 'InvoiceRevised',
  data: { invoiceId, lines: lines(vodka, gin) },
});
const status = (invoiceId: string, from: string, to: string) => ({
  type: 'InvoiceStatusChanged',
  data: { invoiceId, from, to },
});
const restocked = (items: [string, number][]) => ({
  type: 'InventoryRestocked',
  data: {
    restockId: randomUUID(),
    distributor: 'Southern',
    reference: 'PO-7',
    items: items.map(([productId, qty]) => ({ productId, qty, itemCostCents: 1000 })),
  },
});
const adjusted = (productId: string, field: string, oldValue: unknown, newValue: unknown) => ({
  type: 'InventoryAdjusted',
  data: { productId, field, oldValue, newValue },
});

const LIVE = {
  rm_inventory: 'rm_inventory',
  rm_inventory_invoice: 'rm_inventory_invoice',
  rm_inventory_history: 'rm_inventory_history',
};

let db: { url: string; drop: () => Promise<void> };
let pool: Pool;

beforeAll(async () => {
  db = await createTestDatabase('inventory');
  pool = createPool(db.url, 4);
  await pool.query(INVENTORY_SCHEMA);
  await pool.query(INVENTORY_CURRENT_SCHEMA);
  await pool.query(INVENTORY_ON_DEAL_SCHEMA);
  await pool.query(INVENTORY_CREDITS_SCHEMA);
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

beforeEach(() => pool.query('TRUNCATE rm_inventory, rm_inventory_invoice, rm_inventory_history'));

async function project(events: StoredEvent[], batchSize = events.length): Promise<void> {
  for (let i = 0; i < events.length; i += Math.max(batchSize, 1)) {
    const client = await pool.connect();
    try {
      await beginProjectionTransaction(client);
      await inventoryProjection.apply(client, events.slice(i, i + batchSize), LIVE);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }
}

async function stock() {
  const { rows } = await pool.query(
    `SELECT id, qty::int, distributor, reorder_level, reorder_qty, reorder_time_in_days, updated_at,
            last_restock_at, last_restock_qty::int FROM rm_inventory ORDER BY id`,
  );
  return rows;
}

async function movements() {
  const { rows } = await pool.query(
    `SELECT product_id, qty::int, source, ref, invoice_number, unit_price_cents::int, distributor
       FROM rm_inventory_history ORDER BY position, product_id`,
  );
  return rows;
}

const qtyOf = async () => Object.fromEntries((await stock()).map((row) => [row.id, row.qty]));

describe('Inventory projection', () => {
  it("keeps on each invoice movement whether the invoice's line of the product is on deal", async () => {
    const onDeal = (invoiceId: string, vodka: number, deal: boolean) => ({
      type: 'InvoiceRevised',
      data: { invoiceId, lines: [{ productId: VODKA, qty: vodka, priceCents: 1800, onDeal: deal }] },
    });
    await project(
      history([
        product(VODKA),
        {
          ...created(INV, 3),
          data: {
            ...created(INV, 3).data,
            lines: [{ productId: VODKA, qty: 3, priceCents: 1800, onDeal: true }],
          },
        },
        onDeal(INV, 2, false),
        onDeal(INV, 4, true),
        status(INV, 'unpaid', 'cancelled'),
      ]),
    );
    const { rows } = await pool.query(
      'SELECT qty::int, unit_price_cents::int, on_deal FROM rm_inventory_history ORDER BY position',
    );
    expect(rows).toEqual([
      { qty: -3, unit_price_cents: 1800, on_deal: true },
      { qty: 1, unit_price_cents: 1800, on_deal: false },
      { qty: -2, unit_price_cents: 1800, on_deal: true },
      { qty: 4, unit_price_cents: 1800, on_deal: true },
    ]);
    const { rows: invoices } = await pool.query('SELECT deals FROM rm_inventory_invoice');
    expect(invoices).toEqual([{ deals: { [VODKA]: true } }]);
  });

  const story = () =>
    history([
      product(VODKA, 6),
      product(GIN),
      restocked([
        [VODKA, 24],
        [GIN, 12],
      ]),
      created(INV, 5, 2),
      revised(INV, 3, 4),
      status(INV, 'unpaid', 'cancelled'),
      status(INV, 'cancelled', 'unpaid'),
      created(INV_2, 10),
      adjusted(VODKA, 'qty', 11, 15),
      adjusted(GIN, 'reorder_level', null, 4),
      adjusted(GIN, 'distributor', 'Republic', 'Southern Glazer'),
    ]);

  it('moves stock with restocks, invoices (the difference only), cancels and qty edits (new − old)', async () => {
    await project(story());
    // vodka: 24 − 3 (invoice 101) − 10 (invoice 102) + 4 (edit 11 → 15) = 15; gin: 12 − 4 = 8
    expect(await qtyOf()).toEqual({ [VODKA]: 15, [GIN]: 8 });
    expect(await movements()).toEqual([
      {
        product_id: VODKA,
        qty: 24,
        source: 'RESTOCK',
        ref: 'PO-7',
        invoice_number: null,
        unit_price_cents: 1000,
        distributor: 'Southern',
      },
      {
        product_id: GIN,
        qty: 12,
        source: 'RESTOCK',
        ref: 'PO-7',
        invoice_number: null,
        unit_price_cents: 1000,
        distributor: 'Southern',
      },
      {
        product_id: VODKA,
        qty: -5,
        source: 'INVOICE',
        ref: '101',
        invoice_number: '101',
        unit_price_cents: 1999,
        distributor: null,
      },
      {
        product_id: GIN,
        qty: -2,
        source: 'INVOICE',
        ref: '101',
        invoice_number: '101',
        unit_price_cents: 2500,
        distributor: null,
      },
      {
        product_id: VODKA,
        qty: 2,
        source: 'INVOICE',
        ref: '101',
        invoice_number: '101',
        unit_price_cents: 1999,
        distributor: null,
      },
      {
        product_id: GIN,
        qty: -2,
        source: 'INVOICE',
        ref: '101',
        invoice_number: '101',
        unit_price_cents: 2500,
        distributor: null,
      },
      {
        product_id: VODKA,
        qty: 3,
        source: 'INVOICE',
        ref: '101',
        invoice_number: '101',
        unit_price_cents: 1999,
        distributor: null,
      },
      {
        product_id: GIN,
        qty: 4,
        source: 'INVOICE',
        ref: '101',
        invoice_number: '101',
        unit_price_cents: 2500,
        distributor: null,
      },
      {
        product_id: VODKA,
        qty: -3,
        source: 'INVOICE',
        ref: '101',
        invoice_number: '101',
        unit_price_cents: 1999,
        distributor: null,
      },
      {
        product_id: GIN,
        qty: -4,
        source: 'INVOICE',
        ref: '101',
        invoice_number: '101',
        unit_price_cents: 2500,
        distributor: null,
      },
      {
        product_id: VODKA,
        qty: -10,
        source: 'INVOICE',
        ref: '102',
        invoice_number: '102',
        unit_price_cents: 1999,
        distributor: null,
      },
      {
        product_id: VODKA,
        qty: 4,
        source: 'MANUAL',
        ref: null,
        invoice_number: null,
        unit_price_cents: null,
        distributor: null,
      },
    ]);
    const [vodka, gin] = await stock();
    expect(vodka).toMatchObject({
      distributor: 'Republic',
      reorder_level: 6,
      reorder_qty: 12,
      last_restock_qty: 24,
    });
    expect(gin).toMatchObject({ distributor: 'Southern Glazer', reorder_level: 4, reorder_time_in_days: 3 });
    expect((vodka.updated_at as Date).toISOString()).toBe(new Date(T0 + 8 * 60_000).toISOString());
  });

  it('gives everything back when an invoice is cancelled and deleted', async () => {
    await project(
      history([
        product(VODKA),
        restocked([[VODKA, 5]]),
        created(INV, 8),
        status(INV, 'unpaid', 'cancelled'),
        { type: 'InvoiceDeleted', data: { invoiceId: INV } },
      ]),
    );
    expect(await qtyOf()).toEqual({ [VODKA]: 5 });
  });

  it('lists a product while it is neither archived nor deleted (current), in any batch size', async () => {
    const events = history([
      product(VODKA),
      product(GIN),
      { type: 'ProductArchived', data: { productId: VODKA, archivedAt: '2026-11-25T15:02:00.000Z' } },
      { type: 'ProductDeleted', data: { productId: GIN, deletedAt: '2026-11-25T15:03:00.000Z' } },
      restocked([[VODKA, 4]]),
    ]);
    const currentOf = async () =>
      Object.fromEntries(
        (await pool.query('SELECT id, current FROM rm_inventory')).rows.map((row) => [row.id, row.current]),
      );
    for (const size of [1, 2, events.length]) {
      await pool.query('TRUNCATE rm_inventory, rm_inventory_invoice, rm_inventory_history');
      await project(events, size);
      expect(await currentOf()).toEqual({ [VODKA]: false, [GIN]: false });
      expect(await qtyOf()).toEqual({ [VODKA]: 4, [GIN]: 0 }); // stock still moves while archived
    }
    await project(
      history([
        { type: 'ProductRestored', data: { productId: VODKA, restoredAt: '2026-11-25T16:00:00.000Z' } },
      ]),
    );
    expect(await currentOf()).toEqual({ [VODKA]: true, [GIN]: false });
  });

  it('keeps negative stock (an invoice larger than the stock)', async () => {
    await project(history([product(VODKA), created(INV, 3)]));
    expect(await qtyOf()).toEqual({ [VODKA]: -3 });
  });

  it('gives the same rows batch by batch, in one batch, and when every batch is delivered twice', async () => {
    const events = story();
    await project(events);
    const whole = { stock: await stock(), movements: await movements() };
    for (const size of [1, 3]) {
      await pool.query('TRUNCATE rm_inventory, rm_inventory_invoice, rm_inventory_history');
      await project(events, size);
      expect({ stock: await stock(), movements: await movements() }).toEqual(whole);
    }
    await project(events, 2); // re-delivered: nothing moves again
    expect({ stock: await stock(), movements: await movements() }).toEqual(whole);
  });
});
