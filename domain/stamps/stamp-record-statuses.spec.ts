import { buildStampRecord, serialHistory, stampTransactions } from './stamp-record.js';
import {
  aStampReplacementRecorded,
  aStampRollReceived,
  aStampsAllocated,
  aStampsStatusRecorded,
} from './stamp.fixtures.js';
import type { StampEvent } from './stamp.events.js';

const at = (instant: string, event: StampEvent) => ({ event, occurredAt: instant });
const ZONE = 'America/Chicago';

/** AB1000–AB1479 received 1 March; 2 March AB1000–AB1004 affixed; 3 March AB1005 voided and replaced by AB1006, AB1010–AB1011 lost. */
const EVENTS = [
  at('2026-03-01T15:00:00.000Z', aStampRollReceived({ receivedOn: '2026-03-01' })),
  at('2026-03-02T15:00:00.000Z', aStampsAllocated({ from: 1000, to: 1004 })),
  at(
    '2026-03-03T15:00:00.000Z',
    aStampsStatusRecorded({ from: 1005, to: 1005 }, { status: 'voided', note: 'Torn while affixing' }),
  ),
  at(
    '2026-03-03T15:00:00.000Z',
    aStampReplacementRecorded(1005, 1006, { originalStatus: 'voided', note: 'Torn while affixing' }),
  ),
  at('2026-03-03T16:00:00.000Z', aStampsStatusRecorded({ from: 1010, to: 1011 }, { recordId: 2 })),
  at(
    '2026-03-04T16:00:00.000Z',
    aStampsStatusRecorded(
      { from: 1400, to: 1479 },
      { recordId: 3, status: 'returned_to_state', note: 'Permit ended' },
    ),
  ),
];

describe('The stamp record with the extended statuses', () => {
  const transactions = stampTransactions(EVENTS, ZONE);
  const record = buildStampRecord(transactions, new Map(), '2026-03-01', '2026-03-31');

  it('lists lost, voided, returned-to-state and replacement serials individually, with note and recorder', () => {
    const march3 = record.days.find((d) => d.date === '2026-03-03')!;
    expect(
      march3.lines.map((l) => [l.kind, l.quantity, l.serials, l.serialList, l.note, l.onHandAfter]),
    ).toEqual([
      ['voided', 1, 'AB1005', ['AB1005'], 'Torn while affixing (recorded by Rosa Diaz)', 474],
      [
        'replacement',
        1,
        'AB1006',
        ['AB1006'],
        'Replaces AB1005 (voided): Torn while affixing (recorded by Rosa Diaz)',
        474,
      ],
      [
        'lost',
        2,
        'AB1010-AB1011',
        ['AB1010', 'AB1011'],
        'Fell behind the shelf (recorded by Rosa Diaz)',
        472,
      ],
    ]);
    const march4 = record.days.find((d) => d.date === '2026-03-04')!;
    expect(march4.lines[0]).toMatchObject({ kind: 'returned_to_state', quantity: 80, onHandAfter: 392 });
    expect(march4.lines[0]!.serialList).toHaveLength(80);
  });

  it('counts them in the totals and takes them off the stamps on hand (a replacement changes nothing on hand)', () => {
    expect(record.totals).toEqual({
      received: 480,
      affixed: 5,
      returned: 0,
      destroyed: 0,
      restored: 0,
      lost: 2,
      voided: 1,
      returned_to_state: 80,
      replacement: 1,
    });
    expect(record.closingOnHand).toBe(480 - 5 - 1 - 2 - 80);
  });

  it("tells each stamp's story: the replaced one names its replacement, and the other way round", () => {
    const original = serialHistory(transactions, 'AB', 1005);
    expect(original.status).toBe('voided');
    expect(original.transactions.map((t) => [t.kind, t.note])).toEqual([
      ['received', null],
      ['voided', 'Torn while affixing (recorded by Rosa Diaz)'],
      ['replacement', 'Replaced by AB1006: Torn while affixing (recorded by Rosa Diaz)'],
    ]);
    expect(original.transactions[2]!.ranges).toEqual([{ rollId: 1, prefix: 'AB', from: 1005, to: 1005 }]);

    const replacement = serialHistory(transactions, 'AB', 1006);
    expect(replacement.status).toBe('available');
    expect(replacement.transactions.map((t) => t.kind)).toEqual(['received', 'replacement']);
    expect(replacement.transactions[1]!.note).toContain('Replaces AB1005 (voided)');

    expect(serialHistory(transactions, 'AB', 1450).status).toBe('returned_to_state');
    expect(serialHistory(transactions, 'AB', 1011).status).toBe('lost');
  });

  it('is what it was at an earlier instant: before the statuses, none of them', () => {
    const before = stampTransactions(EVENTS.slice(0, 2), ZONE);
    const earlier = buildStampRecord(before, new Map(), '2026-03-01', '2026-03-31');
    expect(earlier.closingOnHand).toBe(475);
    expect(serialHistory(before, 'AB', 1005).status).toBe('available');
  });
});
