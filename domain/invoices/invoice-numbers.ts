import type { InvoiceNumber } from './invoice.events.js';
import { displayNumber } from './invoice.rules.js';

/**
 * The `invoice-numbers-{companyId}` stream: numbers unique and in sequence. Appended atomically
 * with the invoices it numbers, so concurrent creations never share or skip a number.
 *
 * Plain numbering counts from the company's starting number. With customer_invoice_numbering each customer gets a
 * short number of its own (1, 2, 3 … in the order customers are first invoiced so) and its own sequence from 1;
 * the invoice number is `{customer number}-{sequence}`.
 */
export interface InvoiceNumberAssigned {
  type: 'InvoiceNumberAssigned';
  data: {
    invoiceIds: string[]; // two when a liquor-and-wine and a beer invoice share the number
    /** The customer's sequence with customer numbering, else null (the company's plain sequence). */
    customerId: string | null;
    sequence: number;
    prefix: string;
    assignedAt: string;
  };
}

export interface CustomerNumberAssigned {
  type: 'CustomerNumberAssigned';
  data: { customerId: string; customerNumber: number; assignedAt: string };
}

export type InvoiceNumberEvent = InvoiceNumberAssigned | CustomerNumberAssigned;

export interface InvoiceNumbers {
  /** The last plain number given (0: none yet). */
  last: number;
  customerNumbers: Record<string, number>;
  lastCustomerNumber: number;
  /** The last number of each customer's own sequence. */
  lastByCustomer: Record<string, number>;
}

export const initialState = (): InvoiceNumbers => ({
  last: 0,
  customerNumbers: {},
  lastCustomerNumber: 0,
  lastByCustomer: {},
});

export function evolve(state: InvoiceNumbers, event: InvoiceNumberEvent): InvoiceNumbers {
  switch (event.type) {
    case 'InvoiceNumberAssigned': {
      const { customerId, sequence } = event.data;
      if (customerId === null) return { ...state, last: Math.max(state.last, sequence) };
      return { ...state, lastByCustomer: { ...state.lastByCustomer, [customerId]: sequence } };
    }
    case 'CustomerNumberAssigned':
      return {
        ...state,
        customerNumbers: { ...state.customerNumbers, [event.data.customerId]: event.data.customerNumber },
        lastCustomerNumber: Math.max(state.lastCustomerNumber, event.data.customerNumber),
      };
    default:
      return state;
  }
}

/** Snapshot version 1: InvoiceNumbers as above (bump on any change of its shape). */
export const invoiceNumbersDecider = { evolve, initialState, snapshot: { version: 1 } };

export const invoiceNumbersStream = (companyId: string) => `invoice-numbers-${companyId}`;

export interface NumberingOptions {
  /** The company's starting_invoice_number: the plain sequence never goes below it. */
  startingNumber: number;
  /** customer_invoice_numbering is on: number within the customer's own sequence. */
  perCustomer: boolean;
  customerId: string;
}

/** The number the next invoice gets, without taking it (GET /invoice/new-number, the builder's title). */
export function nextNumber(
  state: InvoiceNumbers,
  options: NumberingOptions,
): { sequence: number; prefix: string } {
  if (!options.perCustomer) {
    return { sequence: Math.max(state.last + 1, options.startingNumber), prefix: '' };
  }
  const customerNumber = state.customerNumbers[options.customerId] ?? state.lastCustomerNumber + 1;
  return { sequence: (state.lastByCustomer[options.customerId] ?? 0) + 1, prefix: `${customerNumber}-` };
}

/**
 * Takes the next number for the given invoices (one, or a liquor-and-wine and a beer invoice sharing it) and
 * answers the events and each invoice's number.
 */
export function assignNumber(
  state: InvoiceNumbers,
  invoices: readonly { invoiceId: string; beer: boolean }[],
  options: NumberingOptions,
  now: string,
): { events: InvoiceNumberEvent[]; numbers: InvoiceNumber[] } {
  const { sequence, prefix } = nextNumber(state, options);
  const events: InvoiceNumberEvent[] = [];
  if (options.perCustomer && state.customerNumbers[options.customerId] === undefined) {
    events.push({
      type: 'CustomerNumberAssigned',
      data: { customerId: options.customerId, customerNumber: state.lastCustomerNumber + 1, assignedAt: now },
    });
  }
  events.push({
    type: 'InvoiceNumberAssigned',
    data: {
      invoiceIds: invoices.map((invoice) => invoice.invoiceId),
      customerId: options.perCustomer ? options.customerId : null,
      sequence,
      prefix,
      assignedAt: now,
    },
  });
  const numbers = invoices.map(({ beer }) => ({
    sequence,
    prefix,
    beer,
    display: displayNumber(prefix, sequence, beer),
  }));
  return { events, numbers };
}
