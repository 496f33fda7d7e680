import type { Decider } from '../shared/decider.js';
import type { DeleteInvoice } from './invoice.commands.js';
import { deleteInvoice } from './invoice.decide.js';
import type { InvoiceEvent } from './invoice.events.js';
import { evolve, initialState, type Invoice } from './invoice.state.js';

/** The one-stream commands of `invoice-{id}`; creation and revision span streams (see invoice.decide.ts). */
export const invoiceDecider: Decider<Invoice, DeleteInvoice, InvoiceEvent> = {
  decide: (command, state) => deleteInvoice(state, command),
  evolve,
  initialState,
};
