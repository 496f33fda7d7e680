import { defineGrid, dollarsSql as dollars } from '#infra/grid/index.js';

/**
 * The payments report (as the client's specification asks): live payments of current invoices,
 * newest received first; filters by customer, invoice number and received-date range.
 */
export const paymentGrid = defineGrid({
  table: `(SELECT p.*, i.number, i.sequence, i.customer_id, i.customer_name, i.status, i.total_cents
           FROM rm_invoice_payment p JOIN rm_invoice i ON i.id = p.invoice_id
           WHERE p.deleted_at IS NULL AND i.deleted_at IS NULL) g`,
  tenantColumn: 'g.company_id',
  keyColumn: 'g.id',
  columns: {
    id: { sql: 'g.id::text', type: 'text', sortable: false, filterable: false },
    invoice_id: { sql: 'g.invoice_id', type: 'set', setType: 'uuid', sortable: false },
    number: { sql: 'g.number', type: 'text', sortSql: 'g.sequence' },
    sequence: { sql: 'g.sequence', type: 'number' },
    customer_id: { sql: 'g.customer_id', type: 'set', setType: 'uuid', sortable: false },
    customer: { sql: 'g.customer_name', type: 'text' },
    status: { sql: 'g.status', type: 'set' },
    invoice_total: { sql: dollars('g.total_cents'), type: 'number', sortSql: 'g.total_cents' },
    amount: { sql: dollars('g.amount_cents'), type: 'number', sortSql: 'g.amount_cents' },
    received_at: { sql: 'g.received_on', type: 'date' },
    note: { sql: 'g.note', type: 'text' },
    created_at: { sql: 'g.logged_at', type: 'date' },
  },
  defaultSort: [{ colId: 'received_at', sort: 'desc' }],
});
