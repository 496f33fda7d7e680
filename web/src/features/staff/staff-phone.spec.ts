import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { setCompanyTimeZone } from '../../shared/format';
import { invitationPhoneFacts } from './staff-phone';

const ROSA = {
  name: 'Rosa Pending',
  email: 'rosalind.pending@northwest.example.com',
  created_at: '2026-11-30T04:30:00Z',
  expires_at: '2026-12-07T04:30:00Z',
  status: 'pending' as const,
};

describe('a pending invitation on a phone', () => {
  beforeAll(() => setCompanyTimeZone('America/Chicago'));
  afterAll(() => setCompanyTimeZone(undefined));

  it('names the invitee, the e-mail under it, and when it was sent and expires (company days)', () =>
    expect(invitationPhoneFacts(ROSA)).toEqual({
      primary: 'Rosa Pending',
      email: 'rosalind.pending@northwest.example.com',
      dates: 'Sent 29 Nov, 2026 · Expires 06 Dec, 2026',
      expired: false,
    }));

  it('leads with the e-mail, once, when the invitation names nobody', () => {
    for (const name of [null, '  '])
      expect(invitationPhoneFacts({ ...ROSA, name })).toMatchObject({
        primary: 'rosalind.pending@northwest.example.com',
        email: undefined,
      });
  });

  it('says only when an expired one was sent: its badge says it expired', () =>
    expect(invitationPhoneFacts({ ...ROSA, status: 'expired' })).toMatchObject({
      dates: 'Sent 29 Nov, 2026',
      expired: true,
    }));
});
