import { describe, expect, it } from '@jest/globals';
import { activitySentence, formatInZone } from './activity-text';

describe('Activity sentences', () => {
  it.each([
    ['AUTH', 'SIGN_IN', {}, 'Signed in'],
    ['INVOICE', 'CREATE', { invoiceNumber: '345B', beer: true }, 'Created invoice #345B'],
    ['INVOICE', 'UPDATE', { invoiceNumber: '12-345' }, 'Updated invoice #12-345'],
    ['INVOICE', 'DELETE', {}, 'Deleted an invoice'],
    [
      'INVOICE',
      'REPLACE',
      { invoiceNumber: '345', replacementNumber: '352' },
      'Replaced cancelled invoice #345 with invoice #352',
    ],
    ['INVOICE', 'ADD_PRIVATE_NOTE', { invoiceNumber: '7' }, 'Added a private note to invoice #7'],
    ['INVOICE', 'DELETE_PRIVATE_NOTE', { invoiceNumber: '7' }, 'Deleted a private note from invoice #7'],
    [
      'PAYMENT',
      'CREATE',
      { invoiceNumber: '9B', amountCents: 1250 },
      'Logged a payment of $12.50 on invoice #9B',
    ],
    ['PAYMENT', 'DELETE', { invoiceNumber: '9B' }, 'Deleted a payment on invoice #9B'],
    ['PAYMENT', 'FEATURE_ON', { feature: 'payment', title: 'Payments' }, 'Turned on Payments'],
    ['FEATURE', 'FEATURE_OFF', { feature: 'tiered_pricing' }, 'Turned off tiered pricing'],
    ['CLOVER', 'INVOICE_SYNC', {}, 'Clover invoice sync'],
    ['CLOVER', 'ENABLE', {}, 'Clover: enable'],
  ])('%s %s reads as a sentence', (module, type, info, sentence) =>
    expect(activitySentence({ module, type, info })).toBe(sentence),
  );
});

describe('Activity dates', () => {
  it("shows the instant in the company's time zone", () => {
    expect(formatInZone('2026-03-05T20:07:00Z', 'America/Chicago')).toBe('05 Mar, 2026 02:07 PM');
    expect(formatInZone('2026-03-06T05:30:00Z', 'America/Chicago')).toBe('05 Mar, 2026 11:30 PM');
    expect(formatInZone('not a date', 'America/Chicago')).toBe('');
  });
});
