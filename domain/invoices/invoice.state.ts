import type { InvoiceStatus } from '../shared/invoice-status.js';
import {
  evolvePayments,
  PAYMENT_EVENT_TYPES,
  type Payment,
  type PaymentEvent,
} from './invoice-payment.events.js';
import type { InvoiceContent, InvoiceEvent, InvoiceLink, InvoiceNumber } from './invoice.events.js';
import { CREDIT_MEMO_EVENT_TYPES, type CreditMemoEvent } from '../credits/credit-memo.events.js';
import { evolveCredits, type InvoiceCredit } from '../credits/credit-memo.state.js';
import type { InvoiceDelivered } from './invoice-delivered.events.js';

/** The proof of delivery as the invoice keeps it (its InvoiceDelivered's data). */
export type InvoiceDelivery = InvoiceDelivered['data'];

export interface StatusEntry {
  status: InvoiceStatus;
  at: string;
  reason: 'created' | 'user' | 'payments' | 'delivery';
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
      /** Live payments, oldest first. */
      payments: Payment[];
      /** Credit memos issued on it, oldest first, void ones marked. */
      credits: InvoiceCredit[];
      /** The status before payments last moved it (restored when the payments are gone). */
      statusBeforePayments: InvoiceStatus | null;
      createdAt: string;
      /** The cancelled invoice this one replaces, and the invoice that replaced this one. */
      replaces: InvoiceLink | null;
      replacedBy: InvoiceLink | null;
      /** The proof of delivery once the goods were delivered (absent before, and on states folded before it existed). */
      delivery?: InvoiceDelivery | null;
    })
  | { status: 'deleted'; id: string; companyId: string; number: InvoiceNumber };

export type LiveInvoice = Extract<Invoice, { status: 'live' }>;

export const initialState = (): Invoice => ({ status: 'none' });

/** Events of the invoice stream this fold reads: the invoice's own, its payments and its credit memos. */
export type InvoiceStreamEvent = InvoiceEvent | PaymentEvent | CreditMemoEvent | InvoiceDelivered;

const isPaymentEvent = (event: InvoiceStreamEvent): event is PaymentEvent =>
  (PAYMENT_EVENT_TYPES as readonly string[]).includes(event.type);

const isCreditMemoEvent = (event: InvoiceStreamEvent): event is CreditMemoEvent =>
  (CREDIT_MEMO_EVENT_TYPES as readonly string[]).includes(event.type);

export function evolve(state: Invoice, event: InvoiceStreamEvent): Invoice {
  if (isPaymentEvent(event)) {
    return state.status === 'live' ? { ...state, payments: evolvePayments(state.payments, event) } : state;
  }
  if (isCreditMemoEvent(event)) {
    return state.status === 'live' ? { ...state, credits: evolveCredits(state.credits, event) } : state;
  }
  switch (event.type) {
    case 'InvoiceCreated': {
      const {
        invoiceId,
        companyId,
        number,
        status,
        orderIds: _o,
        createdAt,
        replaces,
        ...content
      } = event.data;
      return {
        ...content,
        status: 'live',
        id: invoiceId,
        companyId,
        number,
        invoiceStatus: status,
        statusHistory: [{ status, at: createdAt, reason: 'created' }],
        payments: [],
        credits: [],
        statusBeforePayments: null,
        createdAt,
        replaces: replaces ?? null,
        replacedBy: null,
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
        statusBeforePayments:
          reason === 'payments' && event.data.from !== 'paid' && event.data.from !== 'partially_paid'
            ? event.data.from
            : state.statusBeforePayments,
      };
    }
    case 'InvoiceDelivered':
      if (state.status !== 'live') return state;
      return { ...state, delivery: event.data };
    case 'InvoiceReplaced':
      if (state.status !== 'live') return state;
      return { ...state, replacedBy: event.data.replacement };
    case 'InvoiceDeleted':
      if (state.status !== 'live') return state;
      return { status: 'deleted', id: state.id, companyId: state.companyId, number: state.number };
    default:
      return state; // events of later versions (payments, e-mails …) are not this fold's business
  }
}
