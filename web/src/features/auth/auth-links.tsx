import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router-dom';

/** A link between auth screens that keeps the page the user wanted (location state `from`). */
export function AuthLink({ to, children }: { to: string; children: ReactNode }) {
  const location = useLocation();
  return (
    <Link component={RouterLink} to={to} state={location.state}>
      {children}
    </Link>
  );
}
