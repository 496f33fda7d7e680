import type { Location } from 'react-router-dom';

export const HOME = '/dashboard';

/** Where to go after signing in: the private page the user asked for, else the dashboard. */
export function returnPath(state: unknown): string {
  const from = (state as { from?: Partial<Location> } | null)?.from;
  if (!from?.pathname || from.pathname.startsWith('/auth') || from.pathname === '/logout') return HOME;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
