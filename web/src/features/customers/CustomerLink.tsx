import Link, { type LinkProps } from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { customerPath } from './customer-grid.columns';

/**
 * A customer's name linking to its overview. Inside a clickable grid row the click stays the link's: the row's own
 * action (opening the invoice, the order) does not run as well.
 */
export function CustomerLink({
  customerId,
  name,
  sx,
  ...props
}: Omit<LinkProps, 'component' | 'href' | 'children'> & { customerId: string; name: string }) {
  return (
    <Link
      component={RouterLink}
      to={customerPath(customerId)}
      underline="hover"
      onClick={(event) => event.stopPropagation()}
      sx={{ fontWeight: 600, ...sx }}
      {...props}
    >
      {name}
    </Link>
  );
}
