import type { CommandMetadata } from '../shared/decider.js';
import type { StampEvent } from '../stamps/stamp.events.js';
import { aStampRollReceived } from '../stamps/stamp.fixtures.js';
import { heldAfter } from '../stamps/stamp-holding.js';
import { evolve as evolveStamps, initialState as noStamps, type StampLedger } from '../stamps/stamp.state.js';
import {
  evolve as evolveNumbers,
  initialState as noNumbers,
  type InvoiceNumberEvent,
} from './invoice-numbers.js';
import type {
  CreateInvoices,
  InvoiceDraft,
  InvoiceSettings,
  LineInput,
  ReviseInvoice,
} from './invoice.commands.js';
import { createInvoices } from './invoice.decide.js';
import type { InvoiceCustomer, InvoiceEvent } from './invoice.events.js';
import { evolve as evolveInvoice, initialState as noInvoice, type Invoice } from './invoice.state.js';

/** Builders for invoice tests: one company, 'now' is 21 Nov 2026 09:00 in Chicago (the 21st there). */
export const NOW = '2026-11-21T15:00:00.000Z';
export const TODAY = '2026-11-21';
export const metadata: CommandMetadata = { companyId: 'co-1', userId: 'u-1', now: NOW };

export const settings = (overrides: Partial<InvoiceSettings> = {}): InvoiceSettings => ({
  taxRateBasisPoints: 825,
  defaultStatus: 'invoiced',
  startingNumber: 1,
  perCustomerNumbering: false,
  sortLines: false,
  timeZone: 'America/Chicago',
  ...overrides,
});

export const aCustomer = (overrides: Partial<InvoiceCustomer> = {}): InvoiceCustomer => ({
  id: 'cust-1',
  name: 'LONE STAR TAVERN',
  tabcId: 'MB123456',
  address: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  cashOnDelivery: false,
  ...overrides,
});

export const liquor = (qty: number, overrides: Partial<LineInput> = {}): LineInput => ({
  productId: 'p-whiskey',
  name: 'TITOS VODKA',
  size: '750ML',
  type: 'LIQUOR',
  upc: '619947000013',
  costCents: 1500,
  lastInvoicedPriceCents: null,
  qty,
  priceCents: 1999,
  taxable: true,
  onDeal: false,
  ...overrides,
});

export const wine = (qty: number, overrides: Partial<LineInput> = {}): LineInput =>
  liquor(qty, { productId: 'p-wine', name: 'BAREFOOT MERLOT', type: 'WINE', priceCents: 899, ...overrides });

export const beer = (qty: number, overrides: Partial<LineInput> = {}): LineInput =>
  liquor(qty, {
    productId: 'p-beer',
    name: 'SHINER BOCK 12PK',
    size: '12OZ',
    type: 'BEER',
    priceCents: 1450,
    ...overrides,
  });

export const soda = (qty: number, overrides: Partial<LineInput> = {}): LineInput =>
  liquor(qty, {
    productId: 'p-soda',
    name: 'TOPO CHICO',
    size: '355ML',
    type: 'N/A',
    priceCents: 150,
    ...overrides,
  });

export const aDraft = (overrides: Partial<InvoiceDraft> = {}): InvoiceDraft => ({
  invoiceId: 'inv-1',
  customer: aCustomer(),
  lines: [liquor(2)],
  invoicedOn: TODAY,
  dueOn: null,
  note: 'Thank you for your business',
  companyNote: '',
  logoId: null,
  fingerprint: 'fp-1',
  ...overrides,
});

export const aCreate = (
  drafts: InvoiceDraft[] = [aDraft()],
  overrides: Partial<InvoiceSettings> = {},
  now = NOW,
): CreateInvoices => ({
  type: 'CreateInvoices',
  data: { drafts, settings: settings(overrides), orderIds: [] },
  metadata: { ...metadata, now },
});

export const aRevise = (
  changes: ReviseInvoice['data']['changes'],
  invoiceId = 'inv-1',
  now = NOW,
): ReviseInvoice => ({
  type: 'ReviseInvoice',
  data: { invoiceId, changes, settings: { sortLines: false, timeZone: 'America/Chicago' } },
  metadata: { ...metadata, now },
});

/** The three streams an invoice decision reads, folded from their events. */
export interface World {
  numbers: InvoiceNumberEvent[];
  stamps: StampEvent[];
  invoices: Record<string, InvoiceEvent[]>;
}

export const aWorld = (stamps: StampEvent[] = [aStampRollReceived()]): World => ({
  numbers: [],
  stamps,
  invoices: {},
});

export const ledgerOf = (world: World): StampLedger => world.stamps.reduce(evolveStamps, noStamps());
/** What an invoice holds: its `stamp-holding-{id}` stream would say the same (the world's stamp events for it). */
export const heldOf = (world: World, id: string) => heldAfter([], id, world.stamps);
/** The states a revision of invoice `id` decides on. */
export const revisionStates = (world: World, id: string) => ({
  invoice: invoiceOf(world, id),
  stamps: ledgerOf(world),
  held: heldOf(world, id),
});
export const numbersOf = (world: World) => world.numbers.reduce(evolveNumbers, noNumbers());
export const invoiceOf = (world: World, id: string): Invoice =>
  (world.invoices[id] ?? []).reduce(evolveInvoice, noInvoice());

/** Runs a creation against the world and records its events (as the store would). */
export function create(world: World, command: CreateInvoices) {
  const decided = createInvoices(
    {
      numbers: numbersOf(world),
      stamps: ledgerOf(world),
      invoices: command.data.drafts.map((draft) => invoiceOf(world, draft.invoiceId)),
    },
    command,
  );
  world.numbers.push(...decided.numbers);
  world.stamps.push(...decided.stamps);
  command.data.drafts.forEach((draft, index) => {
    world.invoices[draft.invoiceId] = [
      ...(world.invoices[draft.invoiceId] ?? []),
      ...decided.invoices[index]!,
    ];
  });
  return decided;
}
