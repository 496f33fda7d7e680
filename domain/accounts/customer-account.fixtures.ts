import type { InvoiceStreamEvent } from '../invoices/invoice.state.js';
import { evolve as evolveInvoice, initialState as noInvoice } from '../invoices/invoice.state.js';
import {
  aCreate,
  aCustomer,
  aDraft,
  aWorld,
  create,
  ledgerOf,
  metadata,
  soda,
  type World,
} from '../invoices/invoice.fixtures.js';
import type { Invoice, LiveInvoice } from '../invoices/invoice.state.js';
import { reviseInvoice } from '../invoices/invoice.decide.js';
import type { CustomerAccountEvent } from './customer-account.events.js';
import { evolveAccount, initialAccount, type CustomerAccount } from './customer-account.state.js';
import {
  creditCancelledPayments,
  type AccountDecision,
  type AccountStates,
  type Allocation,
} from './customer-account.decide.js';
import type { CommandMetadata } from '../shared/decider.js';

/** A customer's world: its invoices' streams and its account stream, as the store would hold them. */
export interface AccountWorld {
  invoices: World;
  account: CustomerAccountEvent[];
}

export const CUSTOMER = 'cust-1';
export const TZ = 'America/Chicago';
export const at = (now: string): CommandMetadata => ({ ...metadata, now });

/** Invoices of whole dollars, untaxed, for cust-1 (or another customer), dated in order: inv-1 is the oldest. */
export function aCustomerWorld(dollars: number[], customerId = CUSTOMER): AccountWorld {
  const world = aWorld();
  dollars.forEach((amount, index) =>
    create(
      world,
      aCreate([
        aDraft({
          invoiceId: `inv-${index + 1}`,
          customer: aCustomer({ id: customerId }),
          invoicedOn: `2026-11-${String(index + 1).padStart(2, '0')}`,
          lines: [soda(1, { priceCents: amount * 100, taxable: false })],
        }),
      ]),
    ),
  );
  return { invoices: world, account: [] };
}

export const invoiceIn = (world: AccountWorld, id: string): Invoice =>
  ((world.invoices.invoices[id] ?? []) as InvoiceStreamEvent[]).reduce(evolveInvoice, noInvoice());
export const liveIn = (world: AccountWorld, id: string) => invoiceIn(world, id) as LiveInvoice;
export const accountOf = (world: AccountWorld): CustomerAccount =>
  world.account.reduce(evolveAccount, initialAccount());
export const invoiceIds = (world: AccountWorld) => Object.keys(world.invoices.invoices);

export function statesOf(world: AccountWorld): AccountStates {
  return {
    account: accountOf(world),
    invoices: Object.fromEntries(invoiceIds(world).map((id) => [id, invoiceIn(world, id)])),
  };
}

/** The open invoices oldest first, each with the payment id an application there takes. */
export function candidatesOf(world: AccountWorld, tag: string): Allocation['candidates'] {
  return invoiceIds(world).map((invoiceId) => ({ invoiceId, invoicePaymentId: `${tag}-${invoiceId}` }));
}

/** Records a decision's events as the store would. */
export function record(world: AccountWorld, decided: AccountDecision) {
  world.account.push(...decided.account);
  for (const [id, events] of Object.entries(decided.invoices))
    world.invoices.invoices[id] = [...(world.invoices.invoices[id] ?? []), ...(events as never[])];
  return decided;
}

/** Cancels an invoice as PUT /invoice/{id} with status cancelled does: its payments become the customer's credit. */
export function cancel(world: AccountWorld, invoiceId: string, now = metadata.now) {
  const before = invoiceIn(world, invoiceId);
  const { invoice } = reviseInvoice(
    { invoice: before, stamps: ledgerOf(world.invoices), held: [] },
    {
      type: 'ReviseInvoice',
      data: { invoiceId, changes: { status: 'cancelled' }, settings: { sortLines: false, timeZone: TZ } },
      metadata: at(now),
    },
  );
  const moved = creditCancelledPayments(before, invoice, CUSTOMER, TZ, now);
  return record(world, { account: moved.account, invoices: { [invoiceId]: [...invoice, ...moved.invoice] } });
}
