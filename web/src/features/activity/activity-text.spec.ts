import { describe, expect, it } from '@jest/globals';
import type { ActivityInfo } from './activity.api';
import { activitySentence } from './activity-text';

describe('Activity sentences', () => {
  it.each([
    ['AUTH', 'SIGN_IN', {}, 'Signed in'],
    ['INVOICE', 'CREATE', { invoiceNumber: '345B', beer: true }, 'Created invoice #345B'],
    ['INVOICE', 'UPDATE', { invoiceNumber: '12-345' }, 'Updated invoice #12-345'],
    ['INVOICE', 'DELETE', {}, 'Deleted an invoice'],
    [
      'EMAIL',
      'SEND',
      {
        documentKind: 'credit_memo',
        reference: 'CM-1001',
        customerName: 'The Rusty Nail',
        emailedTo: 'ap@rustynail.test',
        status: 'sent',
      },
      'E-mailed credit memo CM-1001 (The Rusty Nail) to ap@rustynail.test',
    ],
    [
      'EMAIL',
      'SEND',
      {
        documentKind: 'statement',
        period: { from: '2026-10-01', to: '2026-10-31' },
        customerName: 'The Rusty Nail',
        emailedTo: 'ap@rustynail.test',
        status: 'queued',
      },
      'E-mailed the statement of Oct 2026 (The Rusty Nail) to ap@rustynail.test: the mail server deferred it, retrying',
    ],
    [
      'EMAIL',
      'SEND',
      {
        documentKind: 'invoice',
        invoiceNumber: '345B',
        customerName: 'The Rusty Nail',
        emailedTo: 'ap@rustynail.test',
        status: 'sent',
      },
      'E-mailed invoice #345B (The Rusty Nail) to ap@rustynail.test',
    ],
    [
      'EMAIL',
      'DEFER',
      { documentKind: 'invoice', invoiceNumber: '345B', attempts: 2 },
      'E-mail of invoice #345B deferred again, retrying',
    ],
    [
      'EMAIL',
      'DELIVER',
      { documentKind: 'credit_memo', reference: 'CM-1001', emailedTo: 'ap@rustynail.test', attempts: 3 },
      'Delivered the e-mail of credit memo CM-1001 to ap@rustynail.test after 3 attempts',
    ],
    [
      'EMAIL',
      'FAIL',
      { documentKind: 'credit_memo', reference: 'CM-1001', emailedTo: 'ap@rustynail.test', attempts: 4 },
      'E-mail of credit memo CM-1001 to ap@rustynail.test not delivered after 4 attempts',
    ],
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
    [
      'PAYMENT',
      'RECEIVE_ON_ACCOUNT',
      { amountCents: 40_000, reference: '1042' },
      'Received a payment on account of $400.00 (1042)',
    ],
    [
      'PAYMENT',
      'REFUND_CREDIT',
      { amountCents: 4_000, reference: '2001' },
      "Refunded $40.00 of the customer's credit (2001)",
    ],
    [
      'PAYMENT',
      'TAKE_BACK_TO_CREDIT',
      { amountCents: 20_000, invoiceNumber: '1042' },
      "Took back a payment of $200.00 from invoice #1042 to the customer's credit",
    ],
    ['PAYMENT', 'FEATURE_ON', { feature: 'payment', title: 'Payments' }, 'Turned on Payments'],
    ['FEATURE', 'FEATURE_OFF', { feature: 'tiered_pricing' }, 'Turned off tiered pricing'],
    ['CLOVER', 'INVOICE_SYNC', {}, 'Clover invoice sync'],
    ['CLOVER', 'PAIRED', {}, 'Clover: paired'],
    [
      'PAYMENT',
      'CREATE',
      { invoiceNumber: '9B', amountCents: 30000, customerName: 'The Rusty Nail' },
      'Logged a payment of $300.00 on invoice #9B (The Rusty Nail)',
    ],
    [
      'INVOICE',
      'UPDATE',
      {
        invoiceNumber: '345',
        customerName: 'Gulf Oyster Bar',
        from: 'invoiced',
        to: 'cancelled',
        reason: 'user',
      },
      'Cancelled invoice #345 (Gulf Oyster Bar)',
    ],
    [
      'INVOICE',
      'UPDATE',
      { invoiceNumber: '345', from: 'invoiced', to: 'delivered', reason: 'user' },
      'Changed invoice #345 from Invoiced to Delivered',
    ],
    [
      'INVOICE',
      'UPDATE',
      { invoiceNumber: '345', from: 'invoiced', to: 'paid', reason: 'payments' },
      'Invoice #345 became Paid with its payments',
    ],
    [
      'AUTH',
      'DISABLE',
      { customerUserName: 'Nina Night', customerName: 'The Rusty Nail', access: 'disabled' },
      'Disabled the ordering app for Nina Night (The Rusty Nail)',
    ],
    ['AUTH', 'ENABLE', { customerUserName: 'Nina Night' }, 'Enabled the ordering app for Nina Night'],
  ])('%s %s reads as a sentence', (module, type, info, sentence) =>
    expect(activitySentence({ module, type, info: info as ActivityInfo })).toBe(sentence),
  );
});
