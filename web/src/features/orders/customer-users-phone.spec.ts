import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { setCompanyTimeZone } from '../../shared/format';
import { customerUserAccess, customerUserMatches, customerUserPhoneFacts } from './customer-users-phone';

const BEA = {
  name: 'Beatrice Alexandra Montgomery-Villanueva',
  email: 'bea@rustynail.test',
  access: 'Enabled' as const,
  invited_at: '2026-03-06T02:07:00Z',
  customer: { id: 'c1', name: 'The Rusty Nail' },
};

describe('a customer user on a phone', () => {
  beforeAll(() => setCompanyTimeZone('America/Chicago'));
  afterAll(() => setCompanyTimeZone(undefined));

  it('names the user, the e-mail, the customer on the list of every customer, when invited, and the access', () =>
    expect(customerUserPhoneFacts(BEA, { withCustomer: true })).toEqual({
      primary: 'Beatrice Alexandra Montgomery-Villanueva',
      secondary: 'bea@rustynail.test · The Rusty Nail · Invited 05 Mar, 2026 08:07 PM',
      badge: { label: 'Enabled', color: 'success' },
    }));

  it("leaves the customer out on that customer's own list", () =>
    expect(customerUserPhoneFacts(BEA, { withCustomer: false }).secondary).toBe(
      'bea@rustynail.test · Invited 05 Mar, 2026 08:07 PM',
    ));

  it('calls a user who has not set a password Invited; a disabled or revoked one stands out', () => {
    expect(customerUserAccess('')).toBe('Invited');
    expect(customerUserPhoneFacts({ ...BEA, access: '' }, { withCustomer: false }).badge).toEqual({
      label: 'Invited',
      color: 'default',
    });
    expect(customerUserPhoneFacts({ ...BEA, access: 'Disabled' }, { withCustomer: false }).badge?.color).toBe(
      'warning',
    );
    expect(customerUserPhoneFacts({ ...BEA, access: 'Revoked' }, { withCustomer: false }).badge?.color).toBe(
      'error',
    );
  });

  it('is found by a part of its name, e-mail or customer, in any case', () => {
    expect(customerUserMatches(BEA, '')).toBe(true);
    expect(customerUserMatches(BEA, ' montgomery ')).toBe(true);
    expect(customerUserMatches(BEA, 'RUSTYNAIL.test')).toBe(true);
    expect(customerUserMatches(BEA, 'rusty nail')).toBe(true);
    expect(customerUserMatches(BEA, 'oyster')).toBe(false);
  });
});
