import { DomainError } from '../shared/domain-error.js';
import fc from 'fast-check';
import {
  deletePayment,
  logPayment,
  remainingCents,
  updatePayment,
  type LogPayment,
} from './invoice-payments.js';
import { paidCents } from './invoice-payment.events.js';
import { reviseInvoice } from './invoice.decide.js';
import {
  aCreate,
  aDraft,
  aRevise,
  aWorld,
  create,
  invoiceOf,
  revisionStates,
  liquor,
  metadata,
  type World,
} from './invoice.fixtures.js';
import type { Invoice, InvoiceStreamEvent, LiveInvoice } from './invoice.state.js';
import { evolve } from './invoice.state.js';

/** One invoice of $21.64 (1 × 19.99 + 8.25 % tax = 1.65). */
function anInvoice(): World {
  const world = aWorld();
  create(world, aCreate([aDraft({ lines: [liquor(1)] })]));
  return world;
}

const live = (world: World) => invoiceOf(world, 'inv-1') as LiveInvoice;

function run(world: World, decide: (state: Invoice) => InvoiceStreamEvent[]) {
  const events = decide(invoiceOf(world, 'inv-1'));
  world.invoices['inv-1'] = [...world.invoices['inv-1']!, ...(events as never[])];
  return events;
}

const log = (amountCents: number | undefined, extra: Partial<LogPayment['data']> = {}): LogPayment => ({
  type: 'LogPayment',
  data: {
    invoiceId: 'inv-1',
    paymentId: `pay-${amountCents}-${extra.receivedOn ?? ''}-${Math.random()}`,
    amountCents,
    receivedOn: '2026-11-21',
    note: '',
    confirmFullyPaid: false,
    timeZone: 'America/Chicago',
    ...extra,
  },
  metadata,
});

function errorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

describe('Payments', () => {
  it('logs a payment; a partial payment makes the invoice partially paid, the rest makes it paid', () => {
    const world = anInvoice();
    expect(live(world).totals.totalCents).toBe(2164);
    run(world, (s) => logPayment(s, log(1000)));
    expect(live(world).invoiceStatus).toBe('partially_paid');
    expect(remainingCents(live(world))).toBe(1164);
    run(world, (s) => logPayment(s, log(1164)));
    expect(live(world).invoiceStatus).toBe('paid');
    expect(live(world).statusHistory.map((e) => [e.status, e.reason])).toEqual([
      ['invoiced', 'created'],
      ['partially_paid', 'payments'],
      ['paid', 'payments'],
    ]);
  });

  it('refuses an amount under 0.01, a missing or far received date, listing each problem', () => {
    const world = anInvoice();
    expect(errorOf(() => logPayment(invoiceOf(world, 'inv-1'), log(0, { receivedOn: '' }))).details).toEqual([
      { field: 'amount', message: 'Amount must be at least 0.01.' },
      { field: 'received_at', message: 'Received date is required.' },
    ]);
    expect(
      errorOf(() => logPayment(invoiceOf(world, 'inv-1'), log(100, { receivedOn: '2026-11-25' }))).message,
    ).toBe('Received date can be at most 3 days ahead (2026-11-24).');
    expect(logPayment(invoiceOf(world, 'inv-1'), log(100, { receivedOn: '2026-11-24' }))[0]!.type).toBe(
      'PaymentLogged',
    );
  });

  it('asks before logging on a fully paid invoice, and logs once confirmed', () => {
    const world = anInvoice();
    run(world, (s) => logPayment(s, log(2164)));
    const refused = errorOf(() => logPayment(invoiceOf(world, 'inv-1'), log(100)));
    expect([refused.kind, refused.message]).toEqual([
      'conflict',
      'Invoice has been fully paid, sure you want to log another payment?',
    ]);
    run(world, (s) => logPayment(s, log(100, { confirmFullyPaid: true })));
    expect(paidCents(live(world).payments)).toBe(2264);
    expect(remainingCents(live(world))).toBe(0);
  });

  it('refuses payments on a cancelled invoice', () => {
    const world = anInvoice();
    const cancel = reviseInvoice(revisionStates(world, 'inv-1'), aRevise({ status: 'cancelled' }));
    world.invoices['inv-1']!.push(...cancel.invoice);
    expect(errorOf(() => logPayment(invoiceOf(world, 'inv-1'), log(100))).message).toBe(
      'A cancelled invoice cannot be given payments.',
    );
  });

  it('keeps two payments logged at the same instant', () => {
    const world = anInvoice();
    run(world, (s) => logPayment(s, log(500, { paymentId: 'a' })));
    run(world, (s) => logPayment(s, log(500, { paymentId: 'b' })));
    expect(live(world).payments.map((p) => p.id)).toEqual(['a', 'b']);
    expect(run(world, (s) => logPayment(s, log(500, { paymentId: 'b' })))).toEqual([]); // a retry
  });

  it('only the owner edits or deletes; the status follows, and returns to what it was when none are left', () => {
    const world = anInvoice();
    run(world, (s) => logPayment(s, log(2164, { paymentId: 'a' })));
    const edit = {
      type: 'UpdatePayment' as const,
      metadata,
      data: {
        invoiceId: 'inv-1',
        paymentId: 'a',
        amountCents: 1000,
        receivedOn: '2026-11-20',
        note: 'check 1021',
        byOwner: false,
        timeZone: 'America/Chicago',
      },
    };
    expect(errorOf(() => updatePayment(invoiceOf(world, 'inv-1'), edit)).kind).toBe('forbidden');
    run(world, (s) => updatePayment(s, { ...edit, data: { ...edit.data, byOwner: true } }));
    expect(live(world).invoiceStatus).toBe('partially_paid');
    expect(live(world).payments[0]).toMatchObject({ amountCents: 1000, note: 'check 1021' });
    const remove = {
      type: 'DeletePayment' as const,
      metadata,
      data: { invoiceId: 'inv-1', paymentId: 'a', byOwner: true },
    };
    run(world, (s) => deletePayment(s, remove));
    expect(live(world).invoiceStatus).toBe('invoiced');
    expect(errorOf(() => deletePayment(invoiceOf(world, 'inv-1'), remove)).message).toBe('Payment not found');
  });

  it("a user's manual status choice wins until payments change again", () => {
    const world = anInvoice();
    run(world, (s) => logPayment(s, log(1000)));
    const manual = reviseInvoice(revisionStates(world, 'inv-1'), aRevise({ status: 'delivered' }));
    world.invoices['inv-1']!.push(...manual.invoice);
    expect(live(world).invoiceStatus).toBe('delivered');
    run(world, (s) => logPayment(s, log(1164)));
    expect(live(world).invoiceStatus).toBe('paid');
  });

  it('property: for any payments, edits and deletes the balance is total − live payments, to the cent', () => {
    const action = fc.oneof(
      fc.record({ kind: fc.constant('log' as const), cents: fc.integer({ min: 1, max: 5000 }) }),
      fc.record({
        kind: fc.constant('edit' as const),
        index: fc.nat(),
        cents: fc.integer({ min: 1, max: 5000 }),
      }),
      fc.record({ kind: fc.constant('delete' as const), index: fc.nat() }),
    );
    fc.assert(
      fc.property(fc.array(action, { maxLength: 25 }), (actions) => {
        let state: Invoice = (anInvoice().invoices['inv-1'] ?? []).reduce(
          evolve,
          invoiceOf(aWorld(), 'none'),
        );
        const model = new Map<string, number>();
        actions.forEach((a, n) => {
          const current = state as LiveInvoice;
          let events: InvoiceStreamEvent[] = [];
          if (a.kind === 'log') {
            events = logPayment(state, log(a.cents, { paymentId: `p${n}`, confirmFullyPaid: true }));
            model.set(`p${n}`, a.cents);
          } else if (current.payments.length > 0) {
            const target = current.payments[a.index % current.payments.length]!;
            if (a.kind === 'edit') {
              events = updatePayment(state, {
                type: 'UpdatePayment',
                metadata,
                data: {
                  invoiceId: 'inv-1',
                  paymentId: target.id,
                  amountCents: a.cents,
                  receivedOn: '2026-11-21',
                  note: '',
                  byOwner: true,
                  timeZone: 'UTC',
                },
              });
              model.set(target.id, a.cents);
            } else {
              events = deletePayment(state, {
                type: 'DeletePayment',
                metadata,
                data: { invoiceId: 'inv-1', paymentId: target.id, byOwner: true },
              });
              model.delete(target.id);
            }
          }
          state = events.reduce(evolve, state);
        });
        const invoice = state as LiveInvoice;
        const paid = [...model.values()].reduce((sum, cents) => sum + cents, 0);
        expect(paidCents(invoice.payments)).toBe(paid);
        expect(remainingCents(invoice)).toBe(Math.max(0, 2164 - paid));
        const expected = paid >= 2164 ? 'paid' : paid > 0 ? 'partially_paid' : 'invoiced';
        expect(invoice.invoiceStatus).toBe(expected);
      }),
    );
  });
});
