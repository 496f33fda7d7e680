import Link, { type LinkProps } from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';

const cellLink = {
  display: 'inline-flex',
  alignItems: 'center',
  height: '100%',
  minWidth: 0,
  maxWidth: '100%',
} as const;

/** A router link filling its grid cell's height (vertically centred), never wider than the cell: it shrinks with the column. */
export function GridCellLink({ to, sx, ...props }: Omit<LinkProps, 'component' | 'href'> & { to: string }) {
  return <Link component={RouterLink} to={to} underline="hover" sx={{ ...cellLink, ...sx }} {...props} />;
}

/** '#345B' linking to the invoice's view page (`to`), named 'Invoice #345B' for screen readers. */
export function InvoiceNumberCell({ number, to }: { number: string; to: string }) {
  return (
    <GridCellLink to={to} sx={{ fontWeight: 600 }} aria-label={`Invoice #${number}`}>
      #{number}
    </GridCellLink>
  );
}
