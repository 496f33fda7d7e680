import type { Decider } from '../shared/decider.js';
import type { DeleteInvoice } from './invoice.commands.js';
import {
  deletePayment,
  logPayment,
  updatePayment,
  type DeletePayment,
  type LogPayment,
  type UpdatePayment,
} from './invoice-payments.js';
import { deleteInvoice } from './invoice.decide.js';
import {
  markCheckDeposited,
  markCheckDishonoured,
  type MarkCheckDeposited,
  type MarkCheckDishonoured,
} from './check-deposits.js';
import { evolve, initialState, type Invoice, type InvoiceStreamEvent } from './invoice.state.js';

export type InvoiceStreamCommand =
  DeleteInvoice | LogPayment | UpdatePayment | DeletePayment | MarkCheckDeposited | MarkCheckDishonoured;

function decide(command: InvoiceStreamCommand, state: Invoice): InvoiceStreamEvent[] {
  switch (command.type) {
    case 'DeleteInvoice':
      return deleteInvoice(state, command);
    case 'LogPayment':
      return logPayment(state, command);
    case 'UpdatePayment':
      return updatePayment(state, command);
    case 'DeletePayment':
      return deletePayment(state, command);
    case 'MarkCheckDeposited':
      return markCheckDeposited(state, command);
    case 'MarkCheckDishonoured':
      return markCheckDishonoured(state, command);
  }
}

/** The one-stream commands of `invoice-{id}`; creation and revision span streams (see invoice.decide.ts). */
export const invoiceDecider: Decider<Invoice, InvoiceStreamCommand, InvoiceStreamEvent> = {
  decide,
  evolve,
  initialState,
};
