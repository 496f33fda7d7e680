import { DomainError } from '../shared/domain-error.js';
import { heldAfter } from '../stamps/stamp-holding.js';
import { initialState as noNumbers } from '../credits/credit-memo-numbers.js';
import {
  deliverInvoice,
  versionedInvoiceDecider,
  type DeliverInvoice,
  type DeliveryEvents,
} from './invoice-delivered.decide.js';
import {
  aCreate,
  aCustomer,
  aDraft,
  aWorld,
  beer,
  create,
  ledgerOf,
  liquor,
  metadata,
  NOW,
  wine,
} from './invoice.fixtures.js';
import type { InvoiceStreamEvent } from './invoice.state.js';

/**
 * Delivering an invoice. inv-1: line 1 TITOS VODKA 3 × 19.99 (liquor, stamps AB1000–AB1002), line 2 BAREFOOT MERLOT
 * 2 × 8.99 (wine); 8.25 % tax. inv-2 (2B): SHINER BOCK 12PK 4 × 14.50, beer. Delivered at 23:30 Chicago on the
 * 20th: the 21st in UTC, the 20th in the company's time zone.
 */
const DELIVERED_AT = '2026-11-21T05:30:00.000Z';

function world() {
  const w = aWorld();
  create(w, aCreate([aDraft({ invoiceId: 'inv-1', lines: [liquor(3), wine(2)] })]));
  create(w, aCreate([aDraft({ invoiceId: 'inv-2', lines: [beer(4)], fingerprint: 'fp-2' })]));
  create(
    w,
    aCreate([
      aDraft({
        invoiceId: 'inv-3',
        customer: aCustomer({ cashOnDelivery: true }),
        lines: [wine(1)],
        fingerprint: 'fp-3',
      }),
    ]),
  );
  return w;
}

const aDelivery = (overrides: Partial<DeliverInvoice['data']> = {}): DeliverInvoice => ({
  type: 'DeliverInvoice',
  data: {
    invoiceId: 'inv-1',
    deliveredAt: DELIVERED_AT,
    deliveredBy: { userId: 'u-1', name: 'Dana Driver' },
    signerName: 'Pat Retailer',
    signatureId: 'sig-1',
    photoId: null,
    means: 'own_vehicle',
    carrier: null,
    routeId: null,
    stopId: null,
    invoiceVersion: null,
    adjustments: [],
    payments: [],
    note: '',
    creditMemoIds: { short: 'cm-short', damaged: 'cm-damaged', refused: 'cm-refused' },
    cashOnDelivery: false,
    timeZone: 'America/Chicago',
    ...overrides,
  },
  metadata,
});

/** given(the invoice's events).when(a delivery): what the decision appends on each stream. */
function given(events: InvoiceStreamEvent[], w = world(), id = 'inv-1') {
  const run = (command: DeliverInvoice): DeliveryEvents =>
    deliverInvoice(
      {
        invoice: events.reduce(versionedInvoiceDecider.evolve, versionedInvoiceDecider.initialState()),
        numbers: noNumbers(),
        stamps: ledgerOf(w),
        holding: { recorded: true, ranges: heldAfter([], id, w.stamps) },
      },
      command,
    );
  return {
    when: (command: DeliverInvoice) => ({
      then: (check: (events: DeliveryEvents) => void) => check(run(command)),
      thenThrows: (message: string, extra?: Record<string, unknown>) => {
        let thrown: unknown;
        try {
          run(command);
        } catch (error) {
          thrown = error;
        }
        expect(thrown).toBeInstanceOf(DomainError);
        expect((thrown as DomainError).message).toBe(message);
        if (extra) expect((thrown as DomainError).extra).toEqual(extra);
      },
    }),
  };
}

const invoiceEvents = (id: string, w = world()) => w.invoices[id]! as InvoiceStreamEvent[];

describe('Delivering an invoice', () => {
  it('given a liquor invoice, when the retailer signs for everything, then InvoiceDelivered (dated the company’s day) and the status Delivered are appended', () => {
    given(invoiceEvents('inv-1'))
      .when(aDelivery())
      .then((events) =>
        expect(events).toEqual({
          numbers: [],
          stamps: [],
          holding: [],
          invoice: [
            {
              type: 'InvoiceDelivered',
              data: {
                invoiceId: 'inv-1',
                companyId: 'co-1',
                customerId: 'cust-1',
                deliveredAt: DELIVERED_AT,
                deliveredOn: '2026-11-20',
                deliveredBy: { userId: 'u-1', name: 'Dana Driver' },
                signerName: 'Pat Retailer',
                signatureId: 'sig-1',
                photoId: null,
                means: 'own_vehicle',
                carrier: null,
                routeId: null,
                stopId: null,
                outcome: 'delivered',
                creditMemoIds: [],
                paymentIds: [],
                collectedCents: 0,
                recordedAt: NOW,
              },
            },
            {
              type: 'InvoiceStatusChanged',
              data: {
                invoiceId: 'inv-1',
                companyId: 'co-1',
                from: 'invoiced',
                to: 'delivered',
                reason: 'delivery',
                changedAt: NOW,
              },
            },
          ],
        }),
      );
  });

  it('given a liquor invoice, when a bottle came back short and one damaged, then two credit memos (numbered in turn) return their stamps and the outcome is partially delivered', () => {
    const w = world();
    given(invoiceEvents('inv-1', w), w)
      .when(
        aDelivery({
          adjustments: [
            { lineId: '1', qty: 1, reason: 'short' },
            { lineId: '1', qty: 1, reason: 'damaged' },
          ],
        }),
      )
      .then((events) => {
        const memos = events.invoice.filter((e) => e.type === 'CreditMemoIssued');
        expect(memos.map((m) => [m.data.creditMemoId, m.data.reason, m.data.number.display])).toEqual([
          ['cm-short', 'short_delivery', 'CM-1001'],
          ['cm-damaged', 'delivered_damaged', 'CM-1002'],
        ]);
        expect(events.numbers).toHaveLength(2);
        expect(
          events.stamps.map((s) => s.data.returns.map((r) => [r.disposition, r.ranges[0]!.from])),
        ).toEqual([[['restocked', 1002]], [['written_off', 1001]]]);
        const delivered = events.invoice.find((e) => e.type === 'InvoiceDelivered')!;
        expect(delivered.data).toMatchObject({
          outcome: 'partially_delivered',
          creditMemoIds: ['cm-short', 'cm-damaged'],
        });
      });
  });

  it('given a liquor invoice, when every line is refused, then the outcome is refused and the lines are credited', () => {
    given(invoiceEvents('inv-1'))
      .when(
        aDelivery({
          adjustments: [
            { lineId: '1', qty: 3, reason: 'refused' },
            { lineId: '2', qty: 2, reason: 'refused' },
          ],
        }),
      )
      .then((events) => {
        const memo = events.invoice.find((e) => e.type === 'CreditMemoIssued')!;
        expect(memo.data).toMatchObject({ reason: 'short_delivery', note: 'Refused at delivery.' });
        expect(events.invoice.find((e) => e.type === 'InvoiceDelivered')!.data.outcome).toBe('refused');
      });
  });

  it('given a beer invoice ($62.79), when a check for it all is taken, then the payment is logged with its method and number and the invoice is Paid', () => {
    given(invoiceEvents('inv-2'), world(), 'inv-2')
      .when(
        aDelivery({
          invoiceId: 'inv-2',
          payments: [{ paymentId: 'pay-1', method: 'check', amountCents: 6279, reference: '1042' }],
        }),
      )
      .then((events) => {
        expect(events.invoice[0]).toEqual({
          type: 'PaymentLogged',
          data: {
            invoiceId: 'inv-2',
            companyId: 'co-1',
            paymentId: 'pay-1',
            amountCents: 6279,
            receivedOn: '2026-11-20',
            note: 'Collected on delivery.',
            loggedAt: NOW,
            method: 'check',
            reference: '1042',
          },
        });
        expect(events.invoice.filter((e) => e.type === 'InvoiceStatusChanged').map((e) => e.data.to)).toEqual(
          ['delivered', 'paid'],
        );
      });
  });

  it('given a beer invoice, when less than it owes is collected, then it is refused: beer is cash on delivery', () => {
    given(invoiceEvents('inv-2'), world(), 'inv-2')
      .when(
        aDelivery({
          invoiceId: 'inv-2',
          payments: [{ paymentId: 'p', method: 'cash', amountCents: 1000, reference: '' }],
        }),
      )
      .thenThrows('Beer is sold for cash on delivery: collect $62.79 before closing this stop.');
  });

  it('given a beer invoice, when one pack came back short, then only what it owes after the credit must be collected', () => {
    given(invoiceEvents('inv-2'), world(), 'inv-2')
      .when(aDelivery({ invoiceId: 'inv-2', adjustments: [{ lineId: '1', qty: 1, reason: 'short' }] }))
      .thenThrows('Beer is sold for cash on delivery: collect $47.09 before closing this stop.');
  });

  it('given a customer on cash on delivery, when nothing is collected, then it is refused with the customer’s message', () => {
    given(invoiceEvents('inv-3'), world(), 'inv-3')
      .when(aDelivery({ invoiceId: 'inv-3' }))
      .thenThrows('This customer pays on delivery: collect $9.73 before closing this stop.');
  });

  it('given a cancelled invoice, when delivered, then a conflict names the reason and the version', () => {
    const events = [
      ...invoiceEvents('inv-1'),
      {
        type: 'InvoiceStatusChanged' as const,
        data: {
          invoiceId: 'inv-1',
          companyId: 'co-1',
          from: 'invoiced' as const,
          to: 'cancelled' as const,
          reason: 'user' as const,
          changedAt: NOW,
        },
      },
    ];
    given(events)
      .when(aDelivery())
      .thenThrows('This invoice was cancelled in the office: do not leave the goods.', {
        reason: 'cancelled',
        invoice_version: 1,
      });
  });

  it('given a delivered invoice, when the same delivery comes again, then nothing is decided; another delivery is a conflict', () => {
    const w = world();
    const first = given(invoiceEvents('inv-1', w), w);
    let appended: InvoiceStreamEvent[] = [];
    first.when(aDelivery()).then((events) => (appended = events.invoice));
    const after = [...invoiceEvents('inv-1', w), ...appended];
    given(after, w)
      .when(aDelivery())
      .then((events) => expect(events.invoice).toEqual([]));
    given(after, w)
      .when(aDelivery({ signatureId: 'sig-2' }))
      .thenThrows('This invoice was delivered already.', { reason: 'delivered', invoice_version: 2 });
  });

  it('given an invoice at version 0, when the driver saw another version, then a conflict answers the version now', () => {
    given(invoiceEvents('inv-1'))
      .when(aDelivery({ invoiceVersion: 3 }))
      .thenThrows(
        'This invoice was changed in the office since your download: check it before closing this stop.',
        { reason: 'revised', invoice_version: 0 },
      );
  });

  it('given an invoice e-mailed after the download, when the driver sends the version seen, then it is delivered: an e-mail does not change the version', () => {
    const emailed = {
      type: 'InvoiceEmailed',
      data: {
        emailId: 'e-1',
        invoiceId: 'inv-1',
        companyId: 'co-1',
        number: '1',
        to: 'bar@example.com',
        notes: '',
        status: 'sent',
        error: null,
        emailedAt: NOW,
      },
    } as unknown as InvoiceStreamEvent;
    given([...invoiceEvents('inv-1'), emailed])
      .when(aDelivery({ invoiceVersion: 0 }))
      .then((events) =>
        expect(events.invoice.map((e) => e.type)).toEqual(['InvoiceDelivered', 'InvoiceStatusChanged']),
      );
  });

  it('given an invoice, when the signer is missing, a line is not the invoice’s, too many come back or a check has no number, then each is named', () => {
    let thrown: DomainError | undefined;
    try {
      given(invoiceEvents('inv-1'))
        .when(
          aDelivery({
            signerName: ' ',
            means: 'carrier',
            adjustments: [
              { lineId: '9', qty: 1, reason: 'short' },
              { lineId: '1', qty: 4, reason: 'damaged' },
            ],
            payments: [{ paymentId: 'p', method: 'check', amountCents: 100, reference: '' }],
          }),
        )
        .then(() => undefined);
    } catch (error) {
      thrown = error as DomainError;
    }
    expect(thrown?.details).toEqual([
      { field: 'signer_name', message: 'Signer name is required.' },
      { field: 'carrier', message: "A carrier's delivery needs the carrier's name and permit." },
      { field: 'adjustments[0].line_id', message: 'Line 9 is not a line of this invoice.' },
      { field: 'adjustments[1].quantity', message: 'Line 1 (TITOS VODKA): at most 3 can come back.' },
      { field: 'payments[0].reference', message: 'A check needs its number.' },
    ]);
  });
});
