import { defineGrid } from '#infra/grid/index.js';

/**
 * The stamp log (as the client's specification asks): one row per range of each receipt,
 * allocation, release, destroy and restore. Columns: customer, TABC ID, invoice, date, prefix, start, end, used,
 * balance (the roll's stamps left after the row); `kind` and `destroyed` mark destroyed stamps. Newest first.
 */
export const stampLogGrid = defineGrid({
  table: 'rm_stamp_log l',
  tenantColumn: 'l.company_id',
  keyColumn: 'l.seq',
  columns: {
    id: { sql: 'l.seq::text', type: 'text', sortable: false, filterable: false },
    customer: { sql: 'l.customer_name', type: 'text' },
    customer_id: { sql: 'l.customer_id', type: 'text', sortable: false },
    tabc_id: { sql: 'l.customer_tabc_id', type: 'text' },
    invoice: { sql: 'l.invoice_number', type: 'text' },
    invoice_id: { sql: 'l.invoice_id', type: 'text', sortable: false },
    logged_at: { sql: 'l.logged_at', type: 'date' },
    roll_id: { sql: 'l.roll_id', type: 'number' },
    prefix: { sql: 'l.prefix', type: 'text' },
    start: { sql: 'l.range_from', type: 'number' },
    end: { sql: 'l.range_to', type: 'number' },
    used: { sql: 'l.used', type: 'number' },
    balance: { sql: 'l.balance', type: 'number' },
    on_hand: { sql: 'l.on_hand', type: 'number' },
    kind: { sql: 'l.kind', type: 'set' },
    destroyed: { sql: "(l.kind = 'destroyed')", type: 'set', setType: 'boolean', sortable: false },
    destroy_id: { sql: 'l.destroy_id', type: 'number' },
    note: { sql: 'l.note', type: 'text' },
  },
  defaultSort: [{ colId: 'logged_at', sort: 'desc' }],
});

/** The CSV's columns, in order: header and grid column. */
export const STAMP_LOG_CSV_COLUMNS: [string, string][] = [
  ['Customer', 'customer'],
  ['TABC ID', 'tabc_id'],
  ['Invoice', 'invoice'],
  ['Date', 'logged_at'],
  ['Prefix', 'prefix'],
  ['Start', 'start'],
  ['End', 'end'],
  ['Used', 'used'],
  ['Balance', 'balance'],
  ['On Hand', 'on_hand'],
  ['Status', 'kind'],
  ['Note', 'note'],
];
