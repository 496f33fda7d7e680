import type { InvoiceNumberEvent } from './invoice-numbers.js';
import { numberingProof, type NumberedInvoice } from './numbering-proof.js';

const assigned = (
  occurredAt: string,
  sequence: number,
  invoiceIds: string[],
  customerId: string | null = null,
  prefix = '',
): { event: InvoiceNumberEvent; occurredAt: string } => ({
  occurredAt,
  event: {
    type: 'InvoiceNumberAssigned',
    data: { invoiceIds, customerId, sequence, prefix, assignedAt: occurredAt },
  },
});

const invoice = (number: string, status: NumberedInvoice['status'] = 'invoiced'): NumberedInvoice => ({
  number,
  invoicedOn: '2026-03-02',
  customer: 'The Rusty Nail',
  status,
  deleted: false,
  replaces: null,
  replacedBy: null,
});

const OPTIONS = { from: '2026-03-01', to: '2026-03-31', timeZone: 'America/Chicago' };

describe('Invoice numbering proof', () => {
  it('starts from the last number before the period and flags a jump no setting explains', () => {
    const proof = numberingProof(
      [
        assigned('2026-02-27T18:00:00.000Z', 1001, ['a']),
        assigned('2026-03-02T18:00:00.000Z', 1002, ['b']),
        assigned('2026-03-03T18:00:00.000Z', 1005, ['c']),
        assigned('2026-04-01T18:00:00.000Z', 1006, ['d']),
      ],
      [],
      new Map([
        ['b', invoice('1002')],
        ['c', invoice('1005', 'cancelled')],
      ]),
      OPTIONS,
    );
    expect(proof).toMatchObject({ issued: 2, gaps: 1, unexplained: 1 });
    expect(proof.sequences[0]).toMatchObject({
      previous: 1001,
      gaps: [
        { from: 1003, to: 1004, explained: false, explanation: 'Never issued, and no setting explains it.' },
      ],
    });
    expect(proof.sequences[0]!.numbers.map((n) => [n.number, n.invoices[0]!.state])).toEqual([
      ['1002', 'issued'],
      ['1005', 'cancelled'],
    ]);
  });

  it('explains a jump by the starting number set between the two numbers, and only by it', () => {
    const events = [
      assigned('2026-03-02T18:00:00.000Z', 1002, ['b']),
      assigned('2026-03-05T18:00:00.000Z', 2000, ['c']),
    ];
    const explained = numberingProof(
      events,
      [{ at: '2026-03-04T10:00:00.000Z', startingNumber: 2000 }],
      new Map(),
      OPTIONS,
    );
    expect(explained.sequences[0]!.gaps[0]).toMatchObject({ from: 1003, to: 1999, explained: true });
    const tooEarly = numberingProof(
      events,
      [{ at: '2026-03-01T10:00:00.000Z', startingNumber: 2000 }],
      new Map(),
      OPTIONS,
    );
    expect(tooEarly.unexplained).toBe(1);
  });

  it("keeps each customer's own sequence apart, with its prefix", () => {
    const proof = numberingProof(
      [
        assigned('2026-03-02T18:00:00.000Z', 1, ['a'], 'c1', '1-'),
        assigned('2026-03-02T19:00:00.000Z', 1, ['b'], 'c2', '2-'),
        assigned('2026-03-03T18:00:00.000Z', 2, ['c'], 'c1', '1-'),
      ],
      [],
      new Map(),
      OPTIONS,
    );
    expect(proof).toMatchObject({ issued: 3, gaps: 0 });
    expect(proof.sequences.map((s) => [s.prefix, s.numbers.map((n) => n.number)])).toEqual([
      ['1-', ['1-1', '1-2']],
      ['2-', ['2-1']],
    ]);
  });
});
