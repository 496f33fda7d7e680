import { describe, expect, it } from '@jest/globals';
import { labelChanges } from './change-labels.js';
import { fieldChanges } from './field-changes.js';

const ZONE = 'America/Chicago';

describe('Activity changes in words', () => {
  const before = {
    id: 'inv-1',
    companyId: 'co-1',
    invoiceStatus: 'invoiced',
    dueOn: '2026-03-20',
    totals: { subtotalCents: 30000, taxCents: 0, totalCents: 30000 },
    lines: [{ productId: 'p-1', name: "TITO'S VODKA", qty: 12, priceCents: 2500, lineNo: 1 }],
    payments: [] as unknown[],
    fingerprint: 'abc',
  };
  const after = {
    ...before,
    invoiceStatus: 'partially_paid',
    lines: [{ ...before.lines[0], qty: 24 }],
    payments: [
      {
        id: 'pay-1',
        amountCents: 30000,
        receivedOn: '2026-03-05',
        note: '',
        loggedAt: '2026-03-06T02:21:00Z',
      },
    ],
    fingerprint: 'def',
  };
  const labelled = labelChanges(fieldChanges(before, after), { before, after, timeZone: ZONE });

  it('names fields in words, list items by position and product, money in dollars', () => {
    expect(labelled).toContainEqual({
      field: 'payments.0.amountCents',
      label: 'Payment 1 · Amount',
      after: '$300.00',
    });
    expect(labelled).toContainEqual({
      field: 'lines.0.qty',
      label: "Line 1 · TITO'S VODKA · Qty",
      before: '12',
      after: '24',
    });
  });

  it('shows statuses by name, days and times on the company clock', () => {
    expect(labelled).toContainEqual({
      field: 'invoiceStatus',
      label: 'Status',
      before: 'Invoiced',
      after: 'Partially Paid',
    });
    expect(labelled).toContainEqual({
      field: 'payments.0.receivedOn',
      label: 'Payment 1 · Received',
      after: '05 Mar, 2026',
    });
    // 02:21 UTC on 6 March is 08:21 PM on 5 March in Chicago
    expect(labelled).toContainEqual({
      field: 'payments.0.loggedAt',
      label: 'Payment 1 · Logged',
      after: '05 Mar, 2026 08:21 PM',
    });
  });

  it('leaves out what tells nothing: the empty list that got its first payment, an empty note that came', () => {
    const fields = labelled.map((change) => change.field);
    expect(fields).not.toContain('payments');
    expect(fields).not.toContain('payments.0.note');
  });

  it('leaves ids and bookkeeping out', () => {
    const fields = labelled.map((change) => change.field);
    expect(fields).not.toContain('payments.0.id');
    expect(fields).not.toContain('fingerprint');
    expect(fields.some((field) => /Id$|\.id$/.test(field))).toBe(false);
  });

  it('says empty and none rather than null and []', () => {
    const [change] = labelChanges([{ field: 'companyNote', before: 'call first', after: null }], {
      before: {},
      after: {},
      timeZone: ZONE,
    });
    expect(change).toEqual({
      field: 'companyNote',
      label: 'Internal note',
      before: 'call first',
      after: 'empty',
    });
  });
});
