import type { CreditMemoNumberEvent } from './credit-memo-numbers.js';
import { creditMemoNumbering, memosNumberedIn } from './credit-memo-numbering-proof.js';

const assigned = (sequence: number, at: string) => ({
  event: {
    type: 'CreditMemoNumberAssigned',
    data: { creditMemoId: `cm-${sequence}`, invoiceId: `inv-${sequence}`, sequence, assignedAt: at },
  } satisfies CreditMemoNumberEvent,
  occurredAt: at,
});
const options = { from: '2026-11-21', to: '2026-11-30', timeZone: 'America/Chicago' };
const memos = new Map([
  ['cm-1001', { invoiceNumber: '1', customer: 'LONE STAR TAVERN', voided: false }],
  ['cm-1002', { invoiceNumber: '2', customer: 'LONE STAR TAVERN', voided: true }],
]);

describe('Credit memo numbers in the numbering proof', () => {
  it('given CM-1001 and CM-1002 issued in the period, when proved, then both are listed with their memo (a void one keeps its number) and there is no gap', () => {
    const events = [assigned(1001, '2026-11-21T15:00:00.000Z'), assigned(1002, '2026-11-22T15:00:00.000Z')];
    expect(memosNumberedIn(events, options.from, options.to, options.timeZone)).toEqual([
      { creditMemoId: 'cm-1001', invoiceId: 'inv-1001' },
      { creditMemoId: 'cm-1002', invoiceId: 'inv-1002' },
    ]);
    expect(creditMemoNumbering(events, memos, options)).toEqual({
      previous: null,
      numbers: [
        {
          sequence: 1001,
          number: 'CM-1001',
          issuedOn: '2026-11-21',
          issuedAt: '2026-11-21T15:00:00.000Z',
          creditMemoId: 'cm-1001',
          invoiceId: 'inv-1001',
          invoiceNumber: '1',
          customer: 'LONE STAR TAVERN',
          state: 'issued',
        },
        {
          sequence: 1002,
          number: 'CM-1002',
          issuedOn: '2026-11-22',
          issuedAt: '2026-11-22T15:00:00.000Z',
          creditMemoId: 'cm-1002',
          invoiceId: 'inv-1002',
          invoiceNumber: '2',
          customer: 'LONE STAR TAVERN',
          state: 'void',
        },
      ],
      gaps: [],
    });
  });

  it('given a number skipped, when proved, then the gap is unexplained; numbers before the period only set the previous one', () => {
    const events = [
      assigned(1001, '2026-11-10T15:00:00.000Z'),
      assigned(1002, '2026-11-21T15:00:00.000Z'),
      assigned(1005, '2026-11-22T15:00:00.000Z'),
    ];
    const proof = creditMemoNumbering(events, memos, options);
    expect(proof.previous).toBe(1001);
    expect(proof.numbers.map((n) => n.number)).toEqual(['CM-1002', 'CM-1005']);
    expect(proof.gaps).toEqual([
      {
        from: 1003,
        to: 1004,
        explained: false,
        explanation: 'Never issued: credit memo numbers are taken without gaps.',
      },
    ]);
  });

  it('given a series that does not start at CM-1001, when proved, then the missing start is a gap', () => {
    const proof = creditMemoNumbering([assigned(1003, '2026-11-21T15:00:00.000Z')], memos, options);
    expect(proof.gaps).toMatchObject([{ from: 1001, to: 1002, explained: false }]);
  });
});
