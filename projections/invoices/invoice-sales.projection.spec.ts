import { randomUUID } from 'node:crypto';
import { createPool, type Pool } from '#infra/db/database.js';
import type { StoredEvent } from '#engine';
import { PostgresEventStore } from '#engine';
import type { InvoiceDraft, InvoiceSettings, ReviseInvoice } from '#domain/invoices/invoice.commands.js';
import { deleteInvoice, reviseInvoice } from '#domain/invoices/invoice.decide.js';
import { invoiceStream, type InvoiceEvent } from '#domain/invoices/invoice.events.js';
import {
  aCreate,
  aCustomer,
  aDraft,
  aRevise,
  aWorld,
  create,
  invoiceOf,
  ledgerOf,
  liquor,
  metadata,
  NOW,
  wine,
  type World,
} from '#domain/invoices/invoice.fixtures.js';
import { createTestDatabase } from '../../test/support/database.js';
import { PRODUCT_SALES_SCHEMA } from '../products/product-sales.schema.js';
import { ensureProjectionSchema, rebuildProjection } from '#engine';
import { beginProjectionTransaction } from '#engine/projections/projection-transaction.js';
import { INVOICE_SALES_SCHEMA } from './invoice-sales.schema.js';
import { invoiceSalesProjection } from './invoice-sales.projection.js';
import { lastInvoicedPrices } from './last-invoiced-prices.js';

// The tables hold uuids: the fixtures' ids ('co-1', 'p-whiskey' …) are replaced by these.
const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const CO = id(1);
const OTHER_CO = id(2);
const CUST_A = id(11);
const CUST_B = id(12);
const VODKA = id(21);
const MERLOT = id(22);
const GIN = id(23);
const INV_1 = id(31);
const INV_2 = id(32);
const INV_3 = id(33);

const LATER = '2026-11-22T15:00:00.000Z';
const LATEST = '2026-11-23T15:00:00.000Z';

const vodka = (qty: number, priceCents = 1999) => liquor(qty, { productId: VODKA, priceCents });
const merlot = (qty: number, priceCents = 899) => wine(qty, { productId: MERLOT, priceCents });
const gin = (qty: number, priceCents = 2500) =>
  liquor(qty, { productId: GIN, name: 'BEEFEATER GIN', priceCents });

/** Invoice events decided by the domain, numbered per stream and in global order as the store would. */
class History {
  readonly world: World = aWorld();
  readonly events: StoredEvent[] = [];

  constructor(private readonly companyId = CO) {}

  create(draft: Partial<InvoiceDraft>, now = NOW, settings: Partial<InvoiceSettings> = {}): StoredEvent[] {
    const command = aCreate([aDraft({ customer: aCustomer({ id: CUST_A }), ...draft })], settings, now);
    const decided = create(this.world, { ...command, metadata: this.metadata(now) });
    return this.record(decided.invoices.flat());
  }

  revise(invoiceId: string, changes: ReviseInvoice['data']['changes'], now = LATER): StoredEvent[] {
    const command = { ...aRevise(changes, invoiceId, now), metadata: this.metadata(now) };
    const decided = reviseInvoice(
      { invoice: invoiceOf(this.world, invoiceId), stamps: ledgerOf(this.world) },
      command,
    );
    this.world.stamps.push(...decided.stamps);
    this.world.invoices[invoiceId]!.push(...decided.invoice);
    return this.record(decided.invoice);
  }

  delete(invoiceId: string, now = LATEST): StoredEvent[] {
    const decided = deleteInvoice(invoiceOf(this.world, invoiceId), {
      type: 'DeleteInvoice',
      data: { invoiceId, byOwner: true },
      metadata: this.metadata(now),
    });
    this.world.invoices[invoiceId]!.push(...decided);
    return this.record(decided);
  }

  private metadata(now: string) {
    return { ...metadata, companyId: this.companyId, now };
  }

  private record(events: InvoiceEvent[]): StoredEvent[] {
    const stored = events.map((event): StoredEvent => {
      const stream = invoiceStream(event.data.invoiceId);
      const revision = this.events.filter((e) => e.streamId === stream).length;
      const position = BigInt(this.events.length + 1);
      const occurredAt = NOW;
      const storedEvent: StoredEvent = {
        ...(event as unknown as { type: string; data: Record<string, unknown> }),
        id: randomUUID(),
        streamId: stream,
        revision: BigInt(revision),
        position,
        checkpoint: String(position),
        metadata: { companyId: this.companyId, occurredAt, schemaVersion: 1 },
        recordedAt: occurredAt,
      };
      this.events.push(storedEvent);
      return storedEvent;
    });
    return stored;
  }
}

const LIVE = { rm_product_sales: 'rm_product_sales', rm_product_sale_line: 'rm_product_sale_line' };

let db: { url: string; drop: () => Promise<void> };
let pool: Pool;

beforeAll(async () => {
  db = await createTestDatabase('invoice_sales');
  pool = createPool(db.url, 4);
  await pool.query(PRODUCT_SALES_SCHEMA + INVOICE_SALES_SCHEMA);
});

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

beforeEach(() => pool.query('TRUNCATE rm_product_sales, rm_product_sale_line'));

/** Applies events as the runner does: batch by batch, each in its own projection transaction. */
async function project(events: StoredEvent[], batchSize = events.length): Promise<void> {
  for (let i = 0; i < events.length; i += Math.max(batchSize, 1)) {
    const client = await pool.connect();
    try {
      await beginProjectionTransaction(client);
      await invoiceSalesProjection.apply(client, events.slice(i, i + batchSize), LIVE);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }
}

async function lines() {
  const { rows } = await pool.query(
    `SELECT invoice_id, line_no, company_id, product_id, customer_id, sold_on, units::int, amount_cents::int,
            price_cents::int, counted, created_at
       FROM rm_product_sale_line ORDER BY invoice_id, line_no`,
  );
  return rows.map((row) => ({ ...row, created_at: (row.created_at as Date).toISOString() }));
}

async function sales() {
  const { rows } = await pool.query(
    `SELECT product_id, company_id, units_sold::int, amount_sold_cents::int, invoice_count, last_invoiced_at
       FROM rm_product_sales ORDER BY product_id`,
  );
  return rows.map((row) => ({
    ...row,
    last_invoiced_at: row.last_invoiced_at ? (row.last_invoiced_at as Date).toISOString() : null,
  }));
}

/** The product totals summed over all lines (what the incremental totals must always equal). */
async function summedFromLines() {
  const { rows } = await pool.query(
    `SELECT product_id, company_id,
            (sum(units) FILTER (WHERE counted))::int AS units_sold,
            (sum(amount_cents) FILTER (WHERE counted))::int AS amount_sold_cents,
            count(DISTINCT invoice_id)::int AS invoice_count, max(created_at) AS last_invoiced_at
       FROM rm_product_sale_line GROUP BY product_id, company_id ORDER BY product_id`,
  );
  return rows.map((row) => ({
    ...row,
    units_sold: row.units_sold ?? 0,
    amount_sold_cents: row.amount_sold_cents ?? 0,
    last_invoiced_at: (row.last_invoiced_at as Date).toISOString(),
  }));
}

const sale = (
  productId: string,
  unitsSold: number,
  amountSoldCents: number,
  invoiceCount: number,
  lastInvoicedAt: string,
) => ({
  product_id: productId,
  company_id: CO,
  units_sold: unitsSold,
  amount_sold_cents: amountSoldCents,
  invoice_count: invoiceCount,
  last_invoiced_at: lastInvoicedAt,
});

async function expectSales(expected: ReturnType<typeof sale>[]) {
  expect(await sales()).toEqual(expected);
  expect(await summedFromLines()).toEqual(expected);
}

describe('Invoice sales read model', () => {
  describe('when an invoice is created', () => {
    it('writes one line per invoice line and adds them to the products', async () => {
      const history = new History();
      await project(history.create({ invoiceId: INV_1, lines: [vodka(2), merlot(3, 900)] }));

      expect(await lines()).toEqual([
        {
          invoice_id: INV_1,
          line_no: 1,
          company_id: CO,
          product_id: VODKA,
          customer_id: CUST_A,
          sold_on: '2026-11-21',
          units: 2,
          amount_cents: 3998,
          price_cents: 1999,
          counted: true,
          created_at: NOW,
        },
        {
          invoice_id: INV_1,
          line_no: 2,
          company_id: CO,
          product_id: MERLOT,
          customer_id: CUST_A,
          sold_on: '2026-11-21',
          units: 3,
          amount_cents: 2700,
          price_cents: 900,
          counted: true,
          created_at: NOW,
        },
      ]);
      await expectSales([sale(VODKA, 2, 3998, 1, NOW), sale(MERLOT, 3, 2700, 1, NOW)]);
    });

    it('counts nothing of an invoice created cancelled, but keeps it as history', async () => {
      const history = new History();
      await project(
        history.create({ invoiceId: INV_1, lines: [vodka(2)] }, NOW, { defaultStatus: 'cancelled' }),
      );

      expect((await lines()).map((line) => line.counted)).toEqual([false]);
      await expectSales([sale(VODKA, 0, 0, 1, NOW)]);
    });
  });

  describe('when an invoice is revised', () => {
    it('replaces its lines and moves the totals by the difference', async () => {
      const history = new History();
      await project(history.create({ invoiceId: INV_1, lines: [vodka(2), merlot(3)] }));
      await project(
        history.revise(INV_1, {
          lines: [merlot(5), gin(1)],
          invoicedOn: '2026-11-20',
          customer: aCustomer({ id: CUST_B }),
        }),
      );

      expect(
        (await lines()).map(({ line_no, product_id, customer_id, sold_on, units, created_at }) => ({
          line_no,
          product_id,
          customer_id,
          sold_on,
          units,
          created_at,
        })),
      ).toEqual([
        {
          line_no: 1,
          product_id: MERLOT,
          customer_id: CUST_B,
          sold_on: '2026-11-20',
          units: 5,
          created_at: NOW,
        },
        {
          line_no: 2,
          product_id: GIN,
          customer_id: CUST_B,
          sold_on: '2026-11-20',
          units: 1,
          created_at: NOW,
        },
      ]);
      // Vodka is no longer on any invoice: no history left, so no totals row either.
      await expectSales([sale(MERLOT, 5, 4495, 1, NOW), sale(GIN, 1, 2500, 1, NOW)]);
    });

    it('changes nothing when only the note changes', async () => {
      const history = new History();
      await project(history.create({ invoiceId: INV_1, lines: [vodka(2)] }));
      const before = { lines: await lines(), sales: await sales() };
      await project(history.revise(INV_1, { note: 'Deliver to the back door' }));
      expect({ lines: await lines(), sales: await sales() }).toEqual(before);
    });
  });

  describe('when an invoice is cancelled', () => {
    it('takes its lines out of the totals and keeps it in the invoice count', async () => {
      const history = new History();
      await project(history.create({ invoiceId: INV_1, lines: [vodka(2), merlot(1)] }));
      await project(history.revise(INV_1, { status: 'cancelled' }));

      expect((await lines()).map((line) => line.counted)).toEqual([false, false]);
      await expectSales([sale(VODKA, 0, 0, 1, NOW), sale(MERLOT, 0, 0, 1, NOW)]);
    });

    it('counts them again when un-cancelled, with the content revised in the same change', async () => {
      const history = new History();
      await project(history.create({ invoiceId: INV_1, lines: [vodka(2), merlot(1)] }));
      await project(history.revise(INV_1, { status: 'cancelled' }));
      const uncancel = history.revise(INV_1, { status: 'paid', lines: [vodka(4)] }, LATEST);
      expect(uncancel.map((event) => event.type)).toEqual(['InvoiceRevised', 'InvoiceStatusChanged']);
      await project(uncancel);

      expect(
        (await lines()).map(({ product_id, units, counted }) => ({ product_id, units, counted })),
      ).toEqual([{ product_id: VODKA, units: 4, counted: true }]);
      await expectSales([sale(VODKA, 4, 7996, 1, NOW)]);
    });
  });

  it('keeps a cancelled invoice uncounted when a revision of its content arrives', async () => {
    const history = new History();
    const created = history.create({ invoiceId: INV_1, lines: [vodka(2)] });
    const [revised] = history.revise(INV_1, { lines: [vodka(3)] });
    const cancelled = history.revise(INV_1, { status: 'cancelled' });
    await project([...created, ...cancelled, revised!]); // as a re-delivered revision would find it

    expect((await lines()).map(({ units, counted }) => ({ units, counted }))).toEqual([
      { units: 3, counted: false },
    ]);
    await expectSales([sale(VODKA, 0, 0, 1, NOW)]);
  });

  describe('when an invoice is deleted', () => {
    it('keeps its lines as history, uncounted', async () => {
      const history = new History();
      await project([
        ...history.create({ invoiceId: INV_1, lines: [vodka(2)] }),
        ...history.revise(INV_1, { status: 'cancelled' }),
      ]);
      await project(history.delete(INV_1));

      expect((await lines()).map(({ invoice_id, counted }) => ({ invoice_id, counted }))).toEqual([
        { invoice_id: INV_1, counted: false },
      ]);
      await expectSales([sale(VODKA, 0, 0, 1, NOW)]);
    });
  });

  describe('with two invoices of the same product', () => {
    it('sums both, counts two invoices and knows the later one', async () => {
      const history = new History();
      await project(history.create({ invoiceId: INV_1, lines: [vodka(2)] }));
      await project(history.create({ invoiceId: INV_2, lines: [vodka(3, 1899), merlot(1)] }, LATER));

      await expectSales([sale(VODKA, 5, 3998 + 5697, 2, LATER), sale(MERLOT, 1, 899, 1, LATER)]);
    });

    it('goes back to the earlier invoice when the later one stops naming the product', async () => {
      const history = new History();
      await project([
        ...history.create({ invoiceId: INV_1, lines: [vodka(2)] }),
        ...history.create({ invoiceId: INV_2, lines: [vodka(3), merlot(1)] }, LATER),
      ]);
      await project(history.revise(INV_2, { lines: [merlot(1)] }, LATEST));

      await expectSales([sale(VODKA, 2, 3998, 1, NOW), sale(MERLOT, 1, 899, 1, LATER)]);
    });

    it('keeps both in the count when one is cancelled', async () => {
      const history = new History();
      await project([
        ...history.create({ invoiceId: INV_1, lines: [vodka(2)] }),
        ...history.create({ invoiceId: INV_2, lines: [vodka(3)] }, LATER),
        ...history.revise(INV_1, { status: 'cancelled' }, LATEST),
      ]);

      await expectSales([sale(VODKA, 3, 5997, 2, LATER)]);
    });
  });

  describe('when events arrive again', () => {
    const scenario = () => {
      const history = new History();
      history.create({ invoiceId: INV_1, lines: [vodka(2), merlot(1)] });
      history.create({ invoiceId: INV_2, lines: [vodka(1), gin(2)] }, LATER);
      history.revise(INV_1, { lines: [vodka(6), gin(1)] });
      history.revise(INV_2, { status: 'cancelled' });
      history.revise(INV_1, { status: 'paid' }, LATEST);
      history.delete(INV_2);
      return history.events;
    };

    it('changes nothing when a batch is applied twice', async () => {
      const events = scenario();
      await project(events.slice(0, 3));
      const before = { lines: await lines(), sales: await sales() };
      await project(events.slice(0, 3));
      expect({ lines: await lines(), sales: await sales() }).toEqual(before);

      await project(events.slice(3));
      const after = { lines: await lines(), sales: await sales() };
      await project(events.slice(2));
      await project(events.slice(5));
      expect({ lines: await lines(), sales: await sales() }).toEqual(after);
    });

    it('ends where the history ends when all of it is applied again, in any batches', async () => {
      const events = scenario();
      await project(events, 1);
      const once = { lines: await lines(), sales: await sales() };
      expect(once.sales).toEqual(await summedFromLines());
      await project(events);
      await project(events, 2);
      expect({ lines: await lines(), sales: await sales() }).toEqual(once);
    });

    it('treats a creation of an invoice that has lines already as a replacement', async () => {
      const history = new History();
      const created = history.create({ invoiceId: INV_1, lines: [vodka(2)] });
      await project(created);
      await project(created);
      await expectSales([sale(VODKA, 2, 3998, 1, NOW)]);
      expect(await lines()).toHaveLength(1);
    });
  });

  describe('rebuilt from the event store', () => {
    it('gives the same tables as applying the events live', async () => {
      const history = new History();
      history.create({ invoiceId: INV_1, lines: [vodka(2), merlot(1)] });
      history.create({ invoiceId: INV_2, lines: [vodka(1), gin(2)] }, LATER);
      history.create({ invoiceId: INV_3, lines: [merlot(4)], customer: aCustomer({ id: CUST_B }) }, LATER);
      history.revise(INV_1, { lines: [gin(3), vodka(6)] });
      history.revise(INV_2, { status: 'cancelled' });
      history.revise(INV_3, { lines: [vodka(1)] }, LATEST);
      history.revise(INV_1, { status: 'paid' }, LATEST);
      history.delete(INV_2);
      history.revise(INV_3, { status: 'cancelled' }, LATEST);
      history.revise(INV_3, { status: 'invoiced', lines: [vodka(2), merlot(1)] }, LATEST);

      await project(history.events, 1);
      const live = { lines: await lines(), sales: await sales() };
      expect(live.sales).toEqual(await summedFromLines());

      const store = new PostgresEventStore(db.url, { pollIntervalMs: 50 });
      try {
        await store.ensureSchema();
        await ensureProjectionSchema(pool);
        for (const event of history.events)
          await store.appendToStreams([
            {
              stream: event.streamId,
              expected: 'any',
              events: [{ id: event.id, type: event.type, data: event.data, metadata: event.metadata }],
            },
          ]);
        await rebuildProjection(pool, store, invoiceSalesProjection, { batchSize: 4 });
      } finally {
        await store.close();
      }

      expect({ lines: await lines(), sales: await sales() }).toEqual(live);
    });
  });
});

describe('Last invoiced prices', () => {
  it("gives the customer's price on its latest counted invoice of each product", async () => {
    const history = new History();
    await project([
      // The latest invoice date wins over the latest creation …
      ...history.create({
        invoiceId: INV_1,
        lines: [vodka(1, 1800), merlot(1, 850)],
        invoicedOn: '2026-11-21',
      }),
      ...history.create({ invoiceId: INV_2, lines: [vodka(1, 1700)], invoicedOn: '2026-11-19' }, LATER),
      // … on the same day the later creation wins, unless it is cancelled.
      ...history.create({ invoiceId: INV_3, lines: [merlot(1, 800)], invoicedOn: '2026-11-21' }, LATEST),
    ]);
    const prices = () => lastInvoicedPrices(pool, CO, CUST_A, [VODKA, MERLOT, GIN]);

    expect(await prices()).toEqual(
      new Map([
        [VODKA, 1800],
        [MERLOT, 800],
      ]),
    );

    await project(history.revise(INV_3, { status: 'cancelled' }, LATEST));
    expect(await prices()).toEqual(
      new Map([
        [VODKA, 1800],
        [MERLOT, 850],
      ]),
    );
  });

  it("never gives another customer's or another company's price", async () => {
    const history = new History();
    const other = new History(OTHER_CO); // the same ids in another company: only company_id tells them apart
    await project([
      ...history.create({ invoiceId: INV_1, lines: [vodka(1, 1800)], customer: aCustomer({ id: CUST_B }) }),
      ...other.create({ invoiceId: INV_2, lines: [vodka(1, 1500)] }),
    ]);

    expect(await lastInvoicedPrices(pool, CO, CUST_A, [VODKA])).toEqual(new Map());
    expect(await lastInvoicedPrices(pool, CO, CUST_B, [VODKA])).toEqual(new Map([[VODKA, 1800]]));
    expect(await lastInvoicedPrices(pool, OTHER_CO, CUST_A, [VODKA])).toEqual(new Map([[VODKA, 1500]]));
    expect(await lastInvoicedPrices(pool, CO, CUST_B, [])).toEqual(new Map());
  });
});
