import type { CustomerUserAccess, CustomerUserResponse } from '#domain/contracts/order.contract';
import { formatDateTime } from '../../shared/format';
import { joinFacts, type PhoneBadgeColor, type PhoneRowFacts } from '../../shared/grid/phone-row';

/** A customer user's access as the screens name it: a user who has not set a password yet is Invited. */
export const customerUserAccess = (access: CustomerUserAccess): string => access || 'Invited';

const ACCESS_COLORS: Record<string, PhoneBadgeColor> = {
  Enabled: 'success',
  Disabled: 'warning',
  Revoked: 'error',
  Invited: 'default',
};

type UserFacts = Pick<CustomerUserResponse, 'name' | 'email' | 'access' | 'invited_at' | 'customer'>;

/**
 * A customer user on a phone: the name (whole, wrapped), the e-mail, the customer (on the list of every customer's
 * users) and when they were invited under it, the access as the badge. A tap opens the user's panel.
 */
export function customerUserPhoneFacts(
  user: UserFacts,
  { withCustomer }: { withCustomer: boolean },
): PhoneRowFacts {
  const access = customerUserAccess(user.access);
  return {
    primary: user.name,
    secondary: joinFacts(
      user.email,
      withCustomer && user.customer.name,
      `Invited ${formatDateTime(user.invited_at)}`,
    ),
    badge: { label: access, color: ACCESS_COLORS[access] ?? 'default' },
  };
}

/** Does the user's name, e-mail or customer contain the searched text (any case)? An empty search keeps everyone. */
export function customerUserMatches(
  user: Pick<UserFacts, 'name' | 'email' | 'customer'>,
  search: string,
): boolean {
  const wanted = search.trim().toLowerCase();
  if (!wanted) return true;
  return [user.name, user.email, user.customer.name].some((text) => text.toLowerCase().includes(wanted));
}
