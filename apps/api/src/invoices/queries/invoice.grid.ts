import { defineGrid, dollarsSql as dollars } from '#infra/grid/index.js';

/**
 * The invoice grid (spec 000 §2 /invoice, §7 GET /invoice/grid): current invoices of the company, newest invoice
 * date first. `number` filters and sorts as text; `sequence` is the number range filter.
 */
export const invoiceGrid = defineGrid({
  table: '(SELECT * FROM rm_invoice WHERE deleted_at IS NULL) i',
  tenantColumn: 'i.company_id',
  keyColumn: 'i.id',
  columns: {
    id: { sql: 'i.id::text', type: 'text', sortable: false, filterable: false },
    number: { sql: 'i.number', type: 'text', sortSql: 'i.sequence' },
    sequence: { sql: 'i.sequence', type: 'number' },
    beer: { sql: 'i.beer', type: 'set', setType: 'boolean', sortable: false },
    status: { sql: 'i.status', type: 'set' },
    status_info: { sql: 'i.status_info', type: 'text', sortable: false, filterable: false },
    total: { sql: dollars('i.total_cents'), type: 'number', sortSql: 'i.total_cents' },
    sub_total: { sql: dollars('i.subtotal_cents'), type: 'number', sortSql: 'i.subtotal_cents' },
    tax_total: { sql: dollars('i.tax_cents'), type: 'number', sortSql: 'i.tax_cents' },
    invoiced_at: { sql: 'i.invoiced_on', type: 'date' },
    due_at: { sql: 'i.due_on', type: 'date' },
    customer_id: { sql: 'i.customer_id', type: 'set', setType: 'uuid', sortable: false },
    customer: { sql: 'i.customer_name', type: 'text' },
    customer_tabc_id: { sql: 'i.customer_tabc_id', type: 'text' },
    items: { sql: 'i.items_summary', type: 'text', sortable: false },
    item_count: { sql: 'i.item_count', type: 'number' },
    created_at: { sql: 'i.created_at', type: 'date' },
    // issue 18 §4: 'Replace' cross-references, by number
    replaces: { sql: "i.replaces->>'number'", type: 'text', sortable: false },
    replaced_by: { sql: "i.replaced_by->>'number'", type: 'text', sortable: false },
  },
  // The newest number first within a day.
  defaultSort: [
    { colId: 'invoiced_at', sort: 'desc' },
    { colId: 'number', sort: 'desc' },
  ],
});

/** Summary CSV: one line per invoice. */
export const INVOICE_SUMMARY_CSV: [header: string, colId: string][] = [
  ['Invoice Number', 'number'],
  ['Status', 'status'],
  ['Invoice Date', 'invoiced_at'],
  ['Due Date', 'due_at'],
  ['Customer', 'customer'],
  ['TABC ID', 'customer_tabc_id'],
  ['Items', 'item_count'],
  ['Subtotal', 'sub_total'],
  ['Tax', 'tax_total'],
  ['Total', 'total'],
];

/** Detailed CSV: the invoice's columns, then one line per item. */
export const INVOICE_DETAILED_CSV_ITEM_HEADERS = [
  'Line',
  'Product',
  'Size',
  'Type',
  'UPC',
  'Qty',
  'Price',
  'Taxable',
  'On Deal',
  'Line Total',
  'Line Tax',
];
