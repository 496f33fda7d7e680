import { INVOICE_EXAMPLE } from '../invoice.examples.js';

/**
 * Examples of answers for the OpenAPI document: real answers of the demo company, lists cut to one row. The public
 * view of an invoice is the invoice answer without what only staff see (the company note, costs and last prices,
 * the company id and the Clover requests), with the distributor's letterhead.
 */
const {
  company_note: _companyNote,
  licence_warning: _guard,
  cloverApiRequestLog: _clover,
  company_id: _company,
  items,
  ...shown
} = INVOICE_EXAMPLE;
const [{ cost: _cost, below_cost: _belowCost, last_invoiced_price: _last, ...item }] = items;

export const PUBLIC_INVOICE_ANSWER = {
  ...shown,
  updated_at: '2026-11-25T17:49:12.458Z',
  items: [item],
  company: {
    name: 'Rosa Diaz',
    address: '',
    city: '',
    state: 'TX',
    zip: '',
    tabc_id: '',
    logo: null,
  },
};
