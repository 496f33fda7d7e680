import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { EmailGridRow } from '#domain/contracts/delivery.contract';
import { setCompanyTimeZone } from '../../../shared/format';
import { emailPhoneFacts } from './email-log-phone';

const EMAIL: EmailGridRow = {
  id: 'e1',
  kind: 'invoice',
  invoice_id: 'i1',
  number: '12-345',
  document_id: null,
  customer_id: null,
  customer_name: null,
  period_from: null,
  period_to: null,
  emailed_to: 'accounts.payable.department@the-longest-named-neighborhood-icehouse.test',
  notes: 'See you Friday',
  status: 'sent',
  attempts: 1,
  created_at: '2026-03-06T02:07:00Z',
  delivered_at: '2026-03-06T02:07:01Z',
};

describe('an e-mail of the log on a phone', () => {
  beforeAll(() => setCompanyTimeZone('America/Chicago'));
  afterAll(() => setCompanyTimeZone(undefined));

  it('says which invoice went to whom, when and with what note, its status, and opens the invoice', () =>
    expect(emailPhoneFacts(EMAIL)).toEqual({
      primary: 'Invoice #12-345 to accounts.payable.department@the-longest-named-neighborhood-icehouse.test',
      secondary: '05 Mar, 2026 08:07 PM · See you Friday',
      badge: { label: 'Sent', color: 'success' },
      link: '/invoice/12-345',
    }));

  it('names a deferred and a refused e-mail as the grid does, and leaves out an empty note', () => {
    expect(emailPhoneFacts({ ...EMAIL, status: 'queued', notes: '' })).toMatchObject({
      secondary: '05 Mar, 2026 08:07 PM',
      badge: { label: 'Retrying', color: 'warning' },
    });
    expect(emailPhoneFacts({ ...EMAIL, status: 'failed' }).badge).toEqual({
      label: 'Not delivered',
      color: 'error',
    });
  });

  it('names a credit memo and a statement with its customer, and opens the memo or the customer', () => {
    const memo = {
      ...EMAIL,
      kind: 'credit_memo' as const,
      number: 'CM-1001',
      document_id: 'm1',
      invoice_id: null,
    };
    expect(emailPhoneFacts(memo)).toMatchObject({
      primary: `Credit memo CM-1001 to ${EMAIL.emailed_to}`,
      link: '/credit-memo/m1',
    });
    const statement = {
      ...EMAIL,
      kind: 'statement' as const,
      invoice_id: null,
      number: '2026-10-01..2026-10-31',
      document_id: 'c1',
      customer_name: 'The Rusty Nail',
      period_from: '2026-10-01',
      period_to: '2026-10-31',
    };
    expect(emailPhoneFacts(statement)).toMatchObject({
      primary: `Statement Oct 2026 · The Rusty Nail to ${EMAIL.emailed_to}`,
      link: '/customer/c1',
    });
  });
});
