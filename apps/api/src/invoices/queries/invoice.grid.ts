import { defineGrid, dollarsSql as dollars } from '#infra/grid/index.js';
import { shownDueSql, shownStatusCondition } from '../invoice-due.js';

/**
 * What a row still owes: the total less its live payments, nothing for a cancelled invoice (it is owed no more; what
 * was paid on it shows as paid). The same rule as the customer's balance, which leaves cancelled invoices out.
 */
const OWED_CENTS = "CASE WHEN i.status = 'cancelled' THEN 0 ELSE i.balance_cents END";

/**
 * The invoice grid (as the client's specification asks): current invoices of the company, newest invoice
 * date first and, within a day, the newest number first (whatever column the grid sorts by, the number breaks its
 * ties: rm_invoice_grid_invoiced_idx ends in exactly that order). `number` sorts by its sequence; `sequence` is the
 * number range filter. `paid` and `balance` are what was paid and what is still owed.
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
    // A filter picks the status the rows show (an open invoice past its due date shows as payment due).
    status: { sql: 'i.status', type: 'set', setCondition: shownStatusCondition('i') },
    status_info: { sql: 'i.status_info', type: 'text', sortable: false, filterable: false },
    total: { sql: dollars('i.total_cents'), type: 'number', sortSql: 'i.total_cents' },
    sub_total: { sql: dollars('i.subtotal_cents'), type: 'number', sortSql: 'i.subtotal_cents' },
    tax_total: { sql: dollars('i.tax_cents'), type: 'number', sortSql: 'i.tax_cents' },
    paid: { sql: dollars('i.paid_cents'), type: 'number', sortSql: 'i.paid_cents' },
    balance: { sql: dollars(OWED_CENTS), type: 'number', sortSql: `(${OWED_CENTS})` },
    invoiced_at: { sql: 'i.invoiced_on', type: 'date' },
    // A date filter picks the due date the rows show.
    due_at: { sql: 'i.due_on', type: 'date', shownSql: shownDueSql('i') },
    // The business date of delivery: the due date counts from it once delivered.
    delivered_at: { sql: 'i.delivered_on', type: 'date' },
    customer_id: { sql: 'i.customer_id', type: 'set', setType: 'uuid', sortable: false },
    customer: { sql: 'i.customer_name', type: 'text' },
    customer_tabc_id: { sql: 'i.customer_tabc_id', type: 'text' },
    items: { sql: 'i.items_summary', type: 'text', sortable: false },
    item_count: { sql: 'i.item_count', type: 'number' },
    created_at: { sql: 'i.created_at', type: 'date' },
    // 'Replace' cross-references, by number
    replaces: { sql: "i.replaces->>'number'", type: 'text', sortable: false },
    replaced_by: { sql: "i.replaced_by->>'number'", type: 'text', sortable: false },
    // The credit law can date the invoice: the handler turns it into the shown due date and status, then drops it.
    credit_subject: { sql: 'i.credit_subject', type: 'text', sortable: false, filterable: false },
  },
  defaultSort: [{ colId: 'invoiced_at', sort: 'desc' }],
  // The newest number first within a day (or within any other sort's ties).
  tieBreak: [{ colId: 'number', sort: 'desc' }],
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
