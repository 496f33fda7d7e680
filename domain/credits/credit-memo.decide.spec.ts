import { DomainError } from '../shared/domain-error.js';
import type { InvoiceStreamEvent, LiveInvoice } from '../invoices/invoice.state.js';
import { logPayment, remainingCents } from '../invoices/invoice-payments.js';
import { reviseInvoice } from '../invoices/invoice.decide.js';
import { aStampRollReceived } from '../stamps/stamp.fixtures.js';
import { evolve as evolveStamps, initialState as noStamps } from '../stamps/stamp.state.js';
import { aRevise, liquor } from '../invoices/invoice.fixtures.js';
import {
  aVoid,
  anIssue,
  given,
  invoiceAfter,
  invoiceEvents,
  NOW,
  withIssued,
} from './credit-memo.fixtures.js';

function errorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

const live = (events: InvoiceStreamEvent[]) => invoiceAfter(events) as LiveInvoice;

describe('Credit memos', () => {
  describe('issue', () => {
    it('given a delivered liquor invoice, when two damaged bottles are credited, then the memo CM-1001 credits them at the invoiced price with their tax', () => {
      const { liquor: invoice } = invoiceEvents();
      expect(given(invoice).whenIssued(anIssue())).toEqual({
        numbers: [
          {
            type: 'CreditMemoNumberAssigned',
            data: { creditMemoId: 'cm-1', invoiceId: 'inv-1', sequence: 1001, assignedAt: NOW },
          },
        ],
        invoice: [
          {
            type: 'CreditMemoIssued',
            data: {
              creditMemoId: 'cm-1',
              invoiceId: 'inv-1',
              companyId: 'co-1',
              number: { sequence: 1001, display: 'CM-1001' },
              invoiceNumber: '1',
              customerId: 'cust-1',
              customerName: 'LONE STAR TAVERN',
              reason: 'delivered_damaged',
              note: '',
              lines: [
                {
                  lineNo: 1,
                  productId: 'p-whiskey',
                  name: 'TITOS VODKA',
                  size: '750ML',
                  type: 'LIQUOR',
                  qty: 2,
                  priceCents: 1999,
                  totalCents: 3998,
                  taxCents: 330,
                },
              ],
              totals: { subtotalCents: 3998, taxCents: 330, totalCents: 4328 },
              issuedOn: '2026-11-21',
              issuedBy: 'u-1',
              issuedAt: NOW,
            },
          },
        ],
      });
    });

    it('given memos numbered before, when another is issued, then it takes the next number without a gap', () => {
      const { liquor: invoice } = invoiceEvents();
      const first = withIssued(invoice, [], anIssue());
      const second = given(first.invoice, first.numbers).whenIssued(
        anIssue({ creditMemoId: 'cm-2', lines: [{ lineNo: 2, qty: 1 }], reason: 'short_delivery' }),
      );
      expect(second.numbers).toEqual([
        {
          type: 'CreditMemoNumberAssigned',
          data: { creditMemoId: 'cm-2', invoiceId: 'inv-1', sequence: 1002, assignedAt: NOW },
        },
      ]);
      expect(second.invoice[0]).toMatchObject({ data: { number: { sequence: 1002, display: 'CM-1002' } } });
    });

    it('given the memo issued, when the same memo is retried, then nothing more is decided', () => {
      const { liquor: invoice } = invoiceEvents();
      const after = withIssued(invoice, [], anIssue());
      expect(given(after.invoice, after.numbers).whenIssued(anIssue())).toEqual({ numbers: [], invoice: [] });
    });

    it('given a line of 3 with 2 credited, when 2 more are credited, then it is refused: at most 1 is left', () => {
      const { liquor: invoice } = invoiceEvents();
      const after = withIssued(invoice, [], anIssue());
      const error = errorOf(() =>
        given(after.invoice, after.numbers).whenIssued(anIssue({ creditMemoId: 'cm-2' })),
      );
      expect(error.kind).toBe('invalid');
      expect(error.message).toBe('Line 1 (TITOS VODKA): at most 1 can still be credited.');
    });

    it('given a line credited to its last bottle, then the memos together credit exactly the line and its tax', () => {
      const { liquor: invoice } = invoiceEvents();
      const one = withIssued(invoice, [], anIssue({ lines: [{ lineNo: 1, qty: 1 }] }));
      const two = withIssued(
        one.invoice,
        one.numbers,
        anIssue({ creditMemoId: 'cm-2', lines: [{ lineNo: 1, qty: 1 }] }),
      );
      const three = withIssued(
        two.invoice,
        two.numbers,
        anIssue({ creditMemoId: 'cm-3', lines: [{ lineNo: 1, qty: 1 }] }),
      );
      const credits = live(three.invoice).credits;
      expect(credits.map((c) => c.lines[0]!.taxCents)).toEqual([165, 165, 165]);
      expect(credits.reduce((sum, c) => sum + c.totalCents, 0)).toBe(5997 + 495);
    });

    it('given a void memo, when its quantity is credited again, then it is allowed (a void memo no longer counts)', () => {
      const { liquor: invoice } = invoiceEvents();
      const after = withIssued(invoice, [], anIssue({ lines: [{ lineNo: 1, qty: 3 }] }));
      const voided = [...after.invoice, ...given(after.invoice).whenVoided(aVoid())];
      const again = given(voided, after.numbers).whenIssued(
        anIssue({ creditMemoId: 'cm-2', lines: [{ lineNo: 1, qty: 3 }] }),
      );
      expect(again.invoice[0]).toMatchObject({
        type: 'CreditMemoIssued',
        data: { totals: { totalCents: 6492 } },
      });
    });

    it('given a pricing error, when an amount is credited, then the memo has no lines and credits the amount', () => {
      const { liquor: invoice } = invoiceEvents();
      const decided = given(invoice).whenIssued(
        anIssue({ reason: 'pricing_error', lines: [], amountCents: 500, note: 'Deal price missed' }),
      );
      expect(decided.invoice[0]).toMatchObject({
        type: 'CreditMemoIssued',
        data: {
          reason: 'pricing_error',
          note: 'Deal price missed',
          lines: [],
          totals: { subtotalCents: 500, taxCents: 0, totalCents: 500 },
        },
      });
    });

    it('given $43.28 credited of $84.38, when an amount of more than what is left is credited, then it is refused', () => {
      const { liquor: invoice } = invoiceEvents();
      const after = withIssued(invoice, [], anIssue());
      const error = errorOf(() =>
        given(after.invoice, after.numbers).whenIssued(
          anIssue({ creditMemoId: 'cm-2', reason: 'pricing_error', lines: [], amountCents: 4111 }),
        ),
      );
      expect(error.message).toBe('The credit can be at most $41.10, what is left of the invoice to credit.');
      expect(
        given(after.invoice, after.numbers).whenIssued(
          anIssue({ creditMemoId: 'cm-2', reason: 'pricing_error', lines: [], amountCents: 4110 }),
        ).invoice,
      ).toHaveLength(1);
    });

    it('given a cancelled invoice, when it is credited, then it is refused', () => {
      const { liquor: invoice } = invoiceEvents();
      const cancelled: InvoiceStreamEvent[] = [
        ...invoice,
        {
          type: 'InvoiceStatusChanged',
          data: {
            invoiceId: 'inv-1',
            companyId: 'co-1',
            from: 'invoiced',
            to: 'cancelled',
            reason: 'user',
            changedAt: NOW,
          },
        },
      ];
      const error = errorOf(() => given(cancelled).whenIssued(anIssue()));
      expect(error.kind).toBe('conflict');
      expect(error.message).toBe('Invoice 1 is cancelled: a cancelled invoice cannot be credited.');
    });

    it('given no invoice, when it is credited, then it is not found', () => {
      expect(errorOf(() => given([]).whenIssued(anIssue())).kind).toBe('not_found');
    });

    it('given a liquor invoice, when a freshness swap is asked, then it is refused (beer only); on a beer invoice it is credited', () => {
      const { liquor: invoice, beer } = invoiceEvents();
      expect(errorOf(() => given(invoice).whenIssued(anIssue({ reason: 'freshness_swap' }))).message).toBe(
        'A freshness swap is for beer only; line 1 (TITOS VODKA) is not beer.',
      );
      const swap = given(beer).whenIssued(
        anIssue({ invoiceId: 'inv-2', reason: 'freshness_swap', lines: [{ lineNo: 1, qty: 4 }] }),
      );
      expect(swap.invoice[0]).toMatchObject({
        data: {
          invoiceNumber: '2B',
          reason: 'freshness_swap',
          lines: [{ name: 'SHINER BOCK 12PK', qty: 4 }],
        },
      });
    });

    it('given "other", when no note is written, then it is refused; with a note it is credited', () => {
      const { liquor: invoice } = invoiceEvents();
      const other = anIssue({ reason: 'other', lines: [], amountCents: 1000, note: '  ' });
      expect(errorOf(() => given(invoice).whenIssued(other)).message).toBe(
        'A note is required for an overpayment or other credit.',
      );
      expect(
        given(invoice).whenIssued({ ...other, data: { ...other.data, note: 'Overpaid by check 1042' } })
          .invoice,
      ).toHaveLength(1);
    });

    it('refuses what the law does not list, lines for an amount, an amount for goods, unknown and repeated lines and bad quantities', () => {
      const { liquor: invoice } = invoiceEvents();
      const problem = (data: Parameters<typeof anIssue>[0]) =>
        errorOf(() => given(invoice).whenIssued(anIssue(data))).details;
      expect(problem({ reason: 'damaged_by_retailer' })).toEqual([
        {
          field: 'reason',
          message:
            'Reason must be one of: delivered_damaged, short_delivery, wrong_product, pricing_error, freshness_swap, other.',
        },
      ]);
      expect(problem({ reason: 'pricing_error', amountCents: 100 })).toEqual([
        { field: 'lines', message: 'A pricing error or other credit is an amount, not invoice lines.' },
      ]);
      expect(problem({ amountCents: 100 })).toEqual([
        { field: 'amount', message: 'A credit for goods is counted from its lines, not an amount.' },
      ]);
      expect(problem({ lines: [] })).toEqual([
        { field: 'lines', message: 'Choose at least one invoice line and a quantity to credit.' },
      ]);
      expect(problem({ lines: [{ lineNo: 9, qty: 1 }] })).toEqual([
        { field: 'lines[0]', message: 'Invoice line 9 does not exist.' },
      ]);
      expect(
        problem({
          lines: [
            { lineNo: 1, qty: 1 },
            { lineNo: 1, qty: 1 },
          ],
        }),
      ).toEqual([{ field: 'lines[1]', message: 'Invoice line 1 is listed twice.' }]);
      expect(problem({ lines: [{ lineNo: 1, qty: 0 }] })).toEqual([
        { field: 'lines[0].qty', message: 'Quantity to credit must be a whole number of at least 1.' },
      ]);
      expect(problem({ lines: [{ lineNo: 1, qty: 4 }] })).toEqual([
        { field: 'lines[0].qty', message: 'Line 1 (TITOS VODKA): at most 3 can still be credited.' },
      ]);
    });

    it('given a partly paid invoice, when a credit covers what is left, then the invoice is paid; its void makes it partly paid again', () => {
      const { liquor: invoice } = invoiceEvents();
      const payment = logPayment(invoiceAfter(invoice), {
        type: 'LogPayment',
        data: {
          invoiceId: 'inv-1',
          paymentId: 'pay-1',
          amountCents: 8438 - 4328,
          receivedOn: '2026-11-21',
          note: '',
          confirmFullyPaid: false,
          timeZone: 'America/Chicago',
        },
        metadata: { companyId: 'co-1', userId: 'u-1', now: NOW },
      });
      const paidPart = [...invoice, ...payment];
      expect(live(paidPart).invoiceStatus).toBe('partially_paid');
      const credited = withIssued(paidPart, [], anIssue());
      expect(credited.invoice.at(-1)).toEqual({
        type: 'InvoiceStatusChanged',
        data: {
          invoiceId: 'inv-1',
          companyId: 'co-1',
          from: 'partially_paid',
          to: 'paid',
          reason: 'payments',
          changedAt: NOW,
        },
      });
      expect(remainingCents(live(credited.invoice))).toBe(0);
      expect(given(credited.invoice).whenVoided(aVoid())).toEqual([
        {
          type: 'CreditMemoVoided',
          data: {
            creditMemoId: 'cm-1',
            invoiceId: 'inv-1',
            companyId: 'co-1',
            number: 'CM-1001',
            reason: 'Issued on the wrong invoice',
            voidedBy: 'u-1',
            voidedAt: NOW,
          },
        },
        {
          type: 'InvoiceStatusChanged',
          data: {
            invoiceId: 'inv-1',
            companyId: 'co-1',
            from: 'paid',
            to: 'partially_paid',
            reason: 'payments',
            changedAt: NOW,
          },
        },
      ]);
    });
  });

  describe('void', () => {
    it('given a void memo, when it is voided again, then it is refused', () => {
      const { liquor: invoice } = invoiceEvents();
      const after = withIssued(invoice, [], anIssue());
      const voided = [...after.invoice, ...given(after.invoice).whenVoided(aVoid())];
      expect(errorOf(() => given(voided).whenVoided(aVoid())).message).toBe(
        'Credit memo CM-1001 is void already.',
      );
    });

    it('given a memo, when it is voided without a reason, then it is refused; an unknown memo is not found', () => {
      const { liquor: invoice } = invoiceEvents();
      const after = withIssued(invoice, [], anIssue());
      expect(errorOf(() => given(after.invoice).whenVoided(aVoid({ reason: ' ' }))).message).toBe(
        'Say why the credit memo is void.',
      );
      expect(errorOf(() => given(after.invoice).whenVoided(aVoid({ creditMemoId: 'cm-9' }))).kind).toBe(
        'not_found',
      );
    });

    it('given a memo, then the balance counts it; once void, it no longer does', () => {
      const { liquor: invoice } = invoiceEvents();
      const after = withIssued(invoice, [], anIssue());
      expect(remainingCents(live(after.invoice))).toBe(8438 - 4328);
      const voided = [...after.invoice, ...given(after.invoice).whenVoided(aVoid())];
      expect(remainingCents(live(voided))).toBe(8438);
    });
  });

  describe('the invoice it credits', () => {
    it('given a memo on the invoice, when its lines are edited, then it is refused; its note may change', () => {
      const { liquor: invoice } = invoiceEvents();
      const after = withIssued(invoice, [], anIssue());
      const stamps = [aStampRollReceived()].reduce(evolveStamps, noStamps());
      const states = { invoice: invoiceAfter(after.invoice), stamps, held: [] };
      expect(errorOf(() => reviseInvoice(states, aRevise({ lines: [liquor(1)] }))).message).toBe(
        'Invoice 1 has credit memos: its lines and customer cannot change. Void its credit memos first.',
      );
      expect(reviseInvoice(states, aRevise({ note: 'Thanks' })).invoice).toHaveLength(1);
    });
  });
});
