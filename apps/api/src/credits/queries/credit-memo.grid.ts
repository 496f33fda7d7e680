import { defineGrid, dollarsSql as dollars } from '#infra/grid/index.js';

/**
 * The credit-memo grid: every memo of the company, newest first; filters by number, customer, invoice number,
 * reason, status and issue date. `total` is the money credited (a void memo keeps its total, status says it no
 * longer counts).
 */
export const creditMemoGrid = defineGrid({
  table: 'rm_credit_memo m',
  tenantColumn: 'm.company_id',
  keyColumn: 'm.id',
  columns: {
    id: { sql: 'm.id::text', type: 'text', sortable: false, filterable: false },
    number: { sql: 'm.number', type: 'text', sortSql: 'm.sequence' },
    sequence: { sql: 'm.sequence', type: 'number' },
    issued_on: { sql: 'm.issued_on', type: 'date' },
    customer_id: { sql: 'm.customer_id', type: 'set', setType: 'uuid', sortable: false },
    customer: { sql: 'm.customer_name', type: 'text' },
    invoice_id: { sql: 'm.invoice_id', type: 'set', setType: 'uuid', sortable: false },
    invoice_number: { sql: 'm.invoice_number', type: 'text' },
    reason: { sql: 'm.reason', type: 'set' },
    total: { sql: dollars('m.total_cents'), type: 'number', sortSql: 'm.total_cents' },
    status: { sql: 'm.status', type: 'set' },
  },
  defaultSort: [{ colId: 'issued_on', sort: 'desc' }],
  tieBreak: [{ colId: 'number', sort: 'desc' }],
});

/** The CSV export's columns: header and grid column. */
export const CREDIT_MEMO_CSV: readonly (readonly [string, string])[] = [
  ['Number', 'number'],
  ['Date', 'issued_on'],
  ['Customer', 'customer'],
  ['Invoice', 'invoice_number'],
  ['Reason', 'reason'],
  ['Total', 'total'],
  ['Status', 'status'],
];
