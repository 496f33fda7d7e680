import { buildStampRecord, stampTransactions } from './stamp-record.js';
import type { StampEvent } from './stamp.events.js';

const at = (instant: string, event: StampEvent) => ({ event, occurredAt: instant });
const range = (from: number, to: number) => ({ rollId: 1, prefix: 'AB', from, to });

const EVENTS = [
  at('2026-03-02T15:00:00.000Z', {
    type: 'StampRollReceived',
    data: {
      rollId: 1,
      prefix: 'AB',
      from: 1,
      to: 80,
      receivedOn: '2026-03-01',
      active: true,
      recordedAt: '',
    },
  }),
  at('2026-03-02T16:00:00.000Z', {
    type: 'StampsAllocated',
    data: {
      allocationId: 'invoice-i1',
      invoiceId: 'i1',
      invoiceNumber: '1001',
      customerId: 'c1',
      customerName: 'The Rusty Nail',
      customerTabcId: 'MB123456',
      note: null,
      ranges: [range(1, 10)],
      allocatedAt: '',
    },
  }),
  // 05:30 UTC on 1 April is still 31 March in Chicago.
  at('2026-04-01T04:30:00.000Z', {
    type: 'StampsDestroyed',
    data: {
      destroyId: 1,
      rollId: 1,
      prefix: 'AB',
      from: 11,
      to: 12,
      ranges: [range(11, 12)],
      notDestroyed: { invoiced: [], alreadyDestroyed: [] },
      note: 'torn',
      destroyedAt: '',
    },
  }),
  at('2026-04-02T15:00:00.000Z', {
    type: 'StampsReleased',
    data: {
      allocationId: 'invoice-i1',
      invoiceId: 'i1',
      invoiceNumber: '1001',
      ranges: [range(6, 10)],
      reason: 'edited',
      releasedAt: '',
    },
  }),
] satisfies { event: StampEvent; occurredAt: string }[];

describe('Stamp transaction record', () => {
  const transactions = stampTransactions(EVENTS, 'America/Chicago');

  it('dates a receipt by its received date and the rest by the company’s calendar day', () =>
    expect(transactions.map((t) => [t.date, t.kind, t.delta])).toEqual([
      ['2026-03-01', 'received', 80],
      ['2026-03-02', 'affixed', -10],
      ['2026-03-31', 'destroyed', -2],
      ['2026-04-02', 'returned', 5],
    ]));

  it('starts a period from the quantity on hand before it and joins the invoice as it read', () => {
    const record = buildStampRecord(
      transactions,
      new Map([
        ['i1', { invoicedOn: '2026-03-30', number: '1001', customerName: 'Rusty', customerTabcId: 'MB1' }],
      ]),
      '2026-03-02',
      '2026-03-31',
    );
    expect(record.openingOnHand).toBe(80);
    expect(record.closingOnHand).toBe(68);
    expect(record.days.map((d) => d.date)).toEqual(['2026-03-02', '2026-03-31']);
    expect(record.days[0]!.lines[0]).toMatchObject({
      invoiceDate: '2026-03-30',
      retailer: 'Rusty',
      permit: 'MB1',
      onHandAfter: 70,
    });
    expect(record.days[1]!.lines[0]).toMatchObject({ serialList: ['AB11', 'AB12'], onHandAfter: 68 });
  });

  it('says why stamps came back to stock', () => {
    const record = buildStampRecord(transactions, new Map(), '2026-04-01', '2026-04-30');
    expect(record.openingOnHand).toBe(68);
    expect(record.days[0]!.lines[0]).toMatchObject({
      kind: 'returned',
      note: 'Invoice edited',
      onHandAfter: 73,
    });
  });
});
