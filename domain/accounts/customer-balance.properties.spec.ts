import fc from 'fast-check';
import { DomainError } from '../shared/domain-error.js';
import { remainingCents } from '../invoices/invoice-payments.js';
import { paidCents } from '../invoices/invoice-payment.events.js';
import { netTotalCents } from '../invoices/invoice-payments.js';
import {
  applyAccountCredit,
  receivePaymentOnAccount,
  refundAccountCredit,
  unapplyAccountCredit,
} from './customer-account.decide.js';
import {
  accountOf,
  aCustomerWorld,
  at,
  cancel,
  candidatesOf,
  CUSTOMER,
  invoiceIds,
  liveIn,
  record,
  statesOf,
  TZ,
} from './customer-account.fixtures.js';
import { customerBalance } from './customer-balance.js';

const NOW = '2026-11-21T15:00:00.000Z';

type Step =
  | { kind: 'receive'; cents: number; chosen: { index: number; cents: number }[] | null }
  | { kind: 'apply'; chosen: { index: number; cents: number }[] | null }
  | { kind: 'refund'; cents: number }
  | { kind: 'cancel'; index: number }
  | { kind: 'unapply'; index: number; share: number; byOwner: boolean; again: boolean };

const chosen = fc.option(
  fc.array(fc.record({ index: fc.nat(5), cents: fc.integer({ min: 1, max: 30_000 }) }), { maxLength: 3 }),
  { nil: null },
);
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('receive' as const), cents: fc.integer({ min: 1, max: 60_000 }), chosen }),
  fc.record({ kind: fc.constant('apply' as const), chosen }),
  fc.record({ kind: fc.constant('refund' as const), cents: fc.integer({ min: 1, max: 30_000 }) }),
  fc.record({ kind: fc.constant('cancel' as const), index: fc.nat(5) }),
  fc.record({
    kind: fc.constant('unapply' as const),
    index: fc.nat(5),
    share: fc.nat(3),
    byOwner: fc.boolean(),
    again: fc.boolean(),
  }),
);

/**
 * Random histories of invoices, payments on account (oldest first or chosen), applications of credit, shares taken
 * back to credit (by the owner or not, some twice), refunds and cancellations: a refused step changes nothing; after every step the balance from what happened equals what is open
 * less the unapplied credit, no invoice is paid beyond what it owes, and the credit is never negative.
 */
describe('The customer balance identity', () => {
  it('holds over random histories, and no invoice is over-applied', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 6 }),
        fc.array(step, { maxLength: 25 }),
        (dollars, steps) => {
          const world = aCustomerWorld(dollars);
          const ids = invoiceIds(world);
          steps.forEach((s, n) => {
            const tag = `s${n}`;
            const chosenOf = (c: { index: number; cents: number }[] | null) =>
              c === null
                ? null
                : [...new Map(c.map((x) => [ids[x.index % ids.length]!, x.cents])).entries()].map(
                    ([invoiceId, amountCents]) => ({ invoiceId, amountCents }),
                  );
            try {
              if (s.kind === 'receive')
                record(
                  world,
                  receivePaymentOnAccount(statesOf(world), {
                    type: 'ReceivePaymentOnAccount',
                    data: {
                      customerId: CUSTOMER,
                      paymentId: `pay-${tag}`,
                      applicationId: `app-${tag}`,
                      amountCents: s.cents,
                      method: 'ach',
                      reference: tag,
                      receivedOn: '2026-11-21',
                      note: '',
                      timeZone: TZ,
                      candidates: candidatesOf(world, tag),
                      chosen: chosenOf(s.chosen),
                    },
                    metadata: at(NOW),
                  }),
                );
              else if (s.kind === 'apply')
                record(
                  world,
                  applyAccountCredit(statesOf(world), {
                    type: 'ApplyAccountCredit',
                    data: {
                      customerId: CUSTOMER,
                      applicationId: `app-${tag}`,
                      timeZone: TZ,
                      candidates: candidatesOf(world, tag),
                      chosen: chosenOf(s.chosen),
                    },
                    metadata: at(NOW),
                  }),
                );
              else if (s.kind === 'refund')
                world.account.push(
                  ...refundAccountCredit(accountOf(world), {
                    type: 'RefundAccountCredit',
                    data: {
                      customerId: CUSTOMER,
                      refundId: `ref-${tag}`,
                      amountCents: s.cents,
                      method: 'check',
                      reference: tag,
                      refundedOn: '2026-11-21',
                      timeZone: TZ,
                    },
                    metadata: at(NOW),
                  }),
                );
              else if (s.kind === 'unapply') {
                // One of the invoice's payments from the account (or any id when it has none: refused).
                const invoiceId = ids[s.index % ids.length]!;
                const shares = liveIn(world, invoiceId).payments.filter((p) => p.fromAccount);
                const share = shares[s.share % Math.max(1, shares.length)];
                const command = {
                  type: 'UnapplyAccountCredit' as const,
                  data: {
                    customerId: CUSTOMER,
                    invoiceId,
                    invoicePaymentId: share?.id ?? `none-${tag}`,
                    byOwner: s.byOwner,
                    timeZone: TZ,
                  },
                  metadata: at(NOW),
                };
                record(world, unapplyAccountCredit(statesOf(world), command));
                if (s.again) expect(unapplyAccountCredit(statesOf(world), command).account).toEqual([]);
              } else if (liveIn(world, ids[s.index % ids.length]!).invoiceStatus !== 'cancelled')
                cancel(world, ids[s.index % ids.length]!);
            } catch (error) {
              if (!(error instanceof DomainError)) throw error;
            }
            const invoices = ids.map((id) => liveIn(world, id));
            const balance = customerBalance(invoices, accountOf(world));
            expect(balance.balanceCents).toBe(balance.openCents - balance.unappliedCents);
            expect(balance.unappliedCents).toBeGreaterThanOrEqual(0);
            for (const invoice of invoices) {
              expect(paidCents(invoice.payments)).toBeLessThanOrEqual(netTotalCents(invoice));
              expect(remainingCents(invoice)).toBeGreaterThanOrEqual(0);
              if (invoice.invoiceStatus === 'cancelled') expect(invoice.payments).toEqual([]);
            }
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});
