import type { PoolClient } from '#infra/db/database.js';
import type { StoredEvent } from '#engine';
import {
  INVOICE_EVENT_TYPES,
  type InvoiceContent,
  type InvoiceEvent,
} from '#domain/invoices/invoice.events.js';
import { defineProjection, ident, type TableNames } from '../projection.js';

/**
 * What invoices sold (tables created by PRODUCT_SALES_SCHEMA and INVOICE_SALES_SCHEMA):
 *
 * - `rm_product_sale_line`: one row per invoice line, replaced when the invoice is revised. `counted` is false
 *   while the invoice is cancelled and once it is deleted; the line stays as history.
 * - `rm_product_sales`: per product, units and amount sold over counted lines, the number of invoices naming it
 *   (cancelled and deleted ones included: its invoice history) and when it was last invoiced (the latest
 *   creation of those invoices).
 *
 * Set-based and incremental: a batch loads the lines of the invoices it touches (one query), folds its events in
 * memory, rewrites the lines of the invoices that changed and adds the difference to the product totals. Every
 * event sets a state (the whole content, or counted), so a re-delivered event or batch changes nothing: the
 * difference is taken between the lines as stored and as folded, never counted from the events.
 */
export interface SaleLine {
  invoice_id: string;
  line_no: number;
  company_id: string;
  product_id: string;
  customer_id: string | null;
  sold_on: string; // the invoice date
  units: number;
  amount_cents: number;
  price_cents: number;
  counted: boolean;
  created_at: string; // the invoice's creation (ISO instant)
}

/** An invoice as the sale lines know it: its lines and whether they count (not cancelled, not deleted). */
export interface InvoiceSales {
  lines: SaleLine[];
  counted: boolean;
}

const LINE_TABLE = 'rm_product_sale_line';
const SALES_TABLE = 'rm_product_sales';

const instant = (value: unknown) => new Date(value as string).toISOString();

function linesOf(
  content: InvoiceContent,
  head: { invoiceId: string; companyId: string; createdAt: string; counted: boolean },
): SaleLine[] {
  return content.lines.map((line) => ({
    invoice_id: head.invoiceId,
    line_no: line.lineNo,
    company_id: head.companyId,
    product_id: line.productId,
    customer_id: content.customer.id,
    sold_on: content.invoicedOn,
    units: line.qty,
    amount_cents: line.totalCents,
    price_cents: line.priceCents,
    counted: head.counted,
    created_at: instant(head.createdAt),
  }));
}

const withCounted = (state: InvoiceSales, counted: boolean): InvoiceSales =>
  state.counted === counted ? state : { counted, lines: state.lines.map((line) => ({ ...line, counted })) };

/**
 * Pure: an invoice's sale lines after one event. Each event states a whole (the content, or whether it counts),
 * so applying one again gives the same lines. A revision keeps `counted` and the creation time (a revision that
 * un-cancels is followed by its status change).
 */
export function evolveInvoiceSales(
  state: InvoiceSales | undefined,
  stored: StoredEvent,
): InvoiceSales | undefined {
  const event = stored as unknown as InvoiceEvent;
  switch (event.type) {
    case 'InvoiceCreated': {
      const { invoiceId, companyId, createdAt, status } = event.data;
      const counted = status !== 'cancelled';
      return { counted, lines: linesOf(event.data, { invoiceId, companyId, createdAt, counted }) };
    }
    case 'InvoiceRevised': {
      const { invoiceId, companyId, revisedAt } = event.data;
      const counted = state?.counted ?? true;
      // Every invoice has a line (the builder requires one), so its creation time is on the lines stored.
      const createdAt = state?.lines[0]?.created_at ?? revisedAt;
      return { counted, lines: linesOf(event.data, { invoiceId, companyId, createdAt, counted }) };
    }
    case 'InvoiceStatusChanged':
      return state && withCounted(state, event.data.to !== 'cancelled');
    case 'InvoiceDeleted':
      return state && withCounted(state, false);
    default:
      return state; // not ours
  }
}

/** What one invoice adds to each product it names. */
interface ProductShare {
  company_id: string;
  units: number;
  amount_cents: number;
  created_at: string;
}

function sharesOf(state: InvoiceSales | undefined): Map<string, ProductShare> {
  const shares = new Map<string, ProductShare>();
  for (const line of state?.lines ?? []) {
    const share = shares.get(line.product_id) ?? {
      company_id: line.company_id,
      units: 0,
      amount_cents: 0,
      created_at: line.created_at,
    };
    if (line.counted) {
      share.units += line.units;
      share.amount_cents += line.amount_cents;
    }
    shares.set(line.product_id, share);
  }
  return shares;
}

/** The change to one product's totals. */
export interface ProductDelta {
  product_id: string;
  company_id: string;
  units_sold: number;
  amount_sold_cents: number;
  invoice_count: number;
  /** The creation of an invoice that now names the product (last_invoiced_at can only move up). */
  invoiced_at: string | null;
  /** An invoice stopped naming the product: its last_invoiced_at may have to move down. */
  recompute: boolean;
}

/** Pure: how product totals change when invoices go from `before` to `after`. */
export function productDeltas(
  changes: Iterable<{ before: InvoiceSales | undefined; after: InvoiceSales | undefined }>,
): ProductDelta[] {
  const deltas = new Map<string, ProductDelta>();
  const deltaOf = (productId: string, companyId: string) => {
    let delta = deltas.get(productId);
    if (!delta) {
      delta = {
        product_id: productId,
        company_id: companyId,
        units_sold: 0,
        amount_sold_cents: 0,
        invoice_count: 0,
        invoiced_at: null,
        recompute: false,
      };
      deltas.set(productId, delta);
    }
    return delta;
  };
  for (const { before, after } of changes) {
    const was = sharesOf(before);
    const is = sharesOf(after);
    for (const [productId, share] of was) {
      const delta = deltaOf(productId, share.company_id);
      delta.units_sold -= share.units;
      delta.amount_sold_cents -= share.amount_cents;
      if (!is.has(productId)) {
        delta.invoice_count -= 1;
        delta.recompute = true;
      }
    }
    for (const [productId, share] of is) {
      const delta = deltaOf(productId, share.company_id);
      delta.units_sold += share.units;
      delta.amount_sold_cents += share.amount_cents;
      if (!was.has(productId)) {
        delta.invoice_count += 1;
        if (delta.invoiced_at === null || share.created_at > delta.invoiced_at)
          delta.invoiced_at = share.created_at;
      }
    }
  }
  return [...deltas.values()].filter(
    (d) =>
      d.units_sold !== 0 ||
      d.amount_sold_cents !== 0 ||
      d.invoice_count !== 0 ||
      d.invoiced_at !== null ||
      d.recompute,
  );
}

const LINE_COLUMNS: readonly (keyof SaleLine)[] = [
  'invoice_id',
  'line_no',
  'company_id',
  'product_id',
  'customer_id',
  'sold_on',
  'units',
  'amount_cents',
  'price_cents',
  'counted',
  'created_at',
];

/** Compares two states by their stored form. */
const signature = (state: InvoiceSales | undefined) =>
  JSON.stringify(state?.lines.map((line) => LINE_COLUMNS.map((column) => line[column])) ?? []);

async function loadInvoices(
  tx: PoolClient,
  table: string,
  invoiceIds: string[],
): Promise<Map<string, InvoiceSales>> {
  const { rows } = await tx.query(
    // sold_on as text: a business date, whatever the driver's date parser does with a date column.
    `SELECT ${LINE_COLUMNS.map((c) => (c === 'sold_on' ? 'sold_on::text' : c)).join(', ')} FROM ${ident(table)}
      WHERE invoice_id = ANY($1::uuid[]) ORDER BY invoice_id, line_no`,
    [invoiceIds],
  );
  const invoices = new Map<string, InvoiceSales>();
  for (const row of rows) {
    const line: SaleLine = {
      invoice_id: row.invoice_id,
      line_no: Number(row.line_no),
      company_id: row.company_id,
      product_id: row.product_id,
      customer_id: row.customer_id,
      sold_on: row.sold_on,
      units: Number(row.units),
      amount_cents: Number(row.amount_cents),
      price_cents: Number(row.price_cents),
      counted: row.counted,
      created_at: instant(row.created_at),
    };
    const invoice = invoices.get(line.invoice_id);
    if (invoice) invoice.lines.push(line);
    else invoices.set(line.invoice_id, { counted: line.counted, lines: [line] });
  }
  return invoices;
}

function tableOf(t: TableNames, table: string): string {
  const physical = t[table];
  if (!physical) throw new Error(`invoice-sales: no physical table for ${table}`);
  return ident(physical);
}

export const invoiceSalesProjection = defineProjection({
  name: 'invoice-sales',
  version: 1,
  handles: INVOICE_EVENT_TYPES,
  tables: [SALES_TABLE, LINE_TABLE],
  async apply(tx, events, t) {
    const lineTable = tableOf(t, LINE_TABLE);
    const salesTable = tableOf(t, SALES_TABLE);
    const keyed: [string, StoredEvent][] = [];
    for (const event of events) {
      const invoiceId = (event.data as { invoiceId?: unknown }).invoiceId;
      if (typeof invoiceId === 'string') keyed.push([invoiceId, event]);
    }
    if (keyed.length === 0) return;

    const stored = await loadInvoices(tx, t[LINE_TABLE]!, [...new Set(keyed.map(([id]) => id))]);
    const current = new Map<string, InvoiceSales | undefined>(stored);
    for (const [invoiceId, event] of keyed)
      current.set(invoiceId, evolveInvoiceSales(current.get(invoiceId), event));

    const changed: {
      invoiceId: string;
      before: InvoiceSales | undefined;
      after: InvoiceSales | undefined;
    }[] = [];
    for (const [invoiceId, after] of current) {
      const before = stored.get(invoiceId);
      if (signature(before) !== signature(after)) changed.push({ invoiceId, before, after });
    }
    if (changed.length === 0) return;

    // One statement (it runs for every invoice written): the changed invoices' lines are upserted by their key and
    // the lines they no longer have deleted (a DELETE and an INSERT of the same key cannot share a statement), and
    // the products' totals move by the deltas.
    const lines = changed.flatMap((change) => change.after?.lines ?? []);
    const deltas = productDeltas(changed);
    await tx.query(
      `WITH gone AS (
         DELETE FROM ${lineTable} l
          WHERE l.invoice_id = ANY($1::uuid[])
            AND NOT EXISTS (SELECT 1 FROM jsonb_to_recordset($2::jsonb) AS n(invoice_id uuid, line_no int)
                             WHERE n.invoice_id = l.invoice_id AND n.line_no = l.line_no)
       ),
       written AS (
         INSERT INTO ${lineTable} (${LINE_COLUMNS.join(', ')})
         SELECT ${LINE_COLUMNS.join(', ')} FROM jsonb_populate_recordset(NULL::${lineTable}, $2::jsonb)
         ON CONFLICT (invoice_id, line_no) DO UPDATE SET ${LINE_COLUMNS.filter(
           (c) => c !== 'invoice_id' && c !== 'line_no',
         )
           .map((c) => `${c} = EXCLUDED.${c}`)
           .join(', ')}
       )
       INSERT INTO ${salesTable} AS s
         (product_id, company_id, units_sold, amount_sold_cents, invoice_count, last_invoiced_at)
       SELECT * FROM unnest($3::uuid[], $4::uuid[], $5::bigint[], $6::bigint[], $7::int[], $8::timestamptz[])
       ON CONFLICT (product_id) DO UPDATE SET
         units_sold = s.units_sold + EXCLUDED.units_sold,
         amount_sold_cents = s.amount_sold_cents + EXCLUDED.amount_sold_cents,
         invoice_count = s.invoice_count + EXCLUDED.invoice_count,
         last_invoiced_at = GREATEST(s.last_invoiced_at, EXCLUDED.last_invoiced_at)`,
      [
        changed.map((change) => change.invoiceId),
        JSON.stringify(lines),
        deltas.map((d) => d.product_id),
        deltas.map((d) => d.company_id),
        deltas.map((d) => d.units_sold),
        deltas.map((d) => d.amount_sold_cents),
        deltas.map((d) => d.invoice_count),
        deltas.map((d) => d.invoiced_at),
      ],
    );

    // A product an invoice stopped naming (a revision took it off): no row once no invoice names it (as if it had
    // never been invoiced, which a rebuild would also find), else its last invoice among the remaining lines.
    const dropped = deltas.filter((d) => d.recompute).map((d) => d.product_id);
    if (dropped.length > 0) {
      await tx.query(`DELETE FROM ${salesTable} WHERE product_id = ANY($1::uuid[]) AND invoice_count <= 0`, [
        dropped,
      ]);
      await tx.query(
        `UPDATE ${salesTable} s
            SET last_invoiced_at = (SELECT max(l.created_at) FROM ${lineTable} l
                                     WHERE l.company_id = s.company_id AND l.product_id = s.product_id)
          WHERE s.product_id = ANY($1::uuid[])`,
        [dropped],
      );
    }
  },
});
