import type { InvoiceStatus } from '../shared/invoice-status.js';
import type { InvoiceContent, InvoiceEvent, InvoiceNumber } from './invoice.events.js';

export interface StatusEntry {
  status: InvoiceStatus;
  at: string;
  reason: 'created' | 'user' | 'payments';
}

export type Invoice =
  | { status: 'none' }
  | (InvoiceContent & {
      status: 'live';
      id: string;
      companyId: string;
      number: InvoiceNumber;
      invoiceStatus: InvoiceStatus;
      statusHistory: StatusEntry[];
      createdAt: string;
    })
  | { status: 'deleted'; id: string; companyId: string; number: InvoiceNumber };

export type LiveInvoice = Extract<Invoice, { status: 'live' }>;

export const initialState = (): Invoice => ({ status: 'none' });

export function evolve(state: Invoice, event: InvoiceEvent): Invoice {
  switch (event.type) {
    case 'InvoiceCreated': {
      const { invoiceId, companyId, number, status, orderIds: _o, createdAt, ...content } = event.data;
      return {
        ...content,
        status: 'live',
        id: invoiceId,
        companyId,
        number,
        invoiceStatus: status,
        statusHistory: [{ status, at: createdAt, reason: 'created' }],
        createdAt,
      };
    }
    case 'InvoiceRevised': {
      if (state.status !== 'live') return state;
      const { invoiceId: _i, companyId: _c, revisedAt: _r, ...content } = event.data;
      return { ...state, ...content };
    }
    case 'InvoiceStatusChanged': {
      if (state.status !== 'live') return state;
      const { to, changedAt, reason } = event.data;
      return {
        ...state,
        invoiceStatus: to,
        statusHistory: [...state.statusHistory, { status: to, at: changedAt, reason }],
      };
    }
    case 'InvoiceDeleted':
      if (state.status !== 'live') return state;
      return { status: 'deleted', id: state.id, companyId: state.companyId, number: state.number };
    default:
      return state; // events of later versions (payments, e-mails …) are not this fold's business
  }
}
