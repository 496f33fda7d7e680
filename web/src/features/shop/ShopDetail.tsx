import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip, { type ChipProps } from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney } from '../../shared/format';

/** A line's review by the distributor, as the invoice's PDF prints it: only what really changed. */
export function changeNotes(line: {
  qty: number;
  previous_qty: number | null;
  qty_change_note: string;
  price: number;
  previous_price: number | null;
  price_change_note: string;
}): string[] {
  const why = (note: string | null | undefined) => (note ? `: ${note}` : '');
  const notes: string[] = [];
  if (line.previous_qty !== null && line.previous_qty !== line.qty)
    notes.push(`Quantity changed from ${line.previous_qty} to ${line.qty}${why(line.qty_change_note)}`);
  if (line.previous_price !== null && line.previous_price !== line.price)
    notes.push(
      `Price changed from ${formatMoney(line.previous_price)} to ${formatMoney(line.price)}${why(line.price_change_note)}`,
    );
  return notes;
}

/** One past order or invoice of the ordering app: its page title, the way back, an error, then the content. */
export function DetailFrame({
  title,
  back,
  error,
  children,
}: {
  title: string;
  back: { to: string; label: string };
  error: string | null;
  children: ReactNode;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <title>{`${title} · Stampline`}</title>
      <Link component={RouterLink} to={back.to} sx={{ justifySelf: 'start' }}>
        ‹ {back.label}
      </Link>
      {error !== null && <Alert severity="error">{error}</Alert>}
      {children}
    </Box>
  );
}

/** The document's heading with its status. */
export function DetailHeading({
  title,
  status,
  color,
}: {
  title: string;
  status: string;
  color?: ChipProps['color'];
}) {
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
      <Typography variant="h1" sx={{ fontSize: 22, flex: 1 }}>
        {title}
      </Typography>
      <Chip label={status} color={color ?? 'default'} />
    </Box>
  );
}

export interface DetailLine {
  key: number;
  name: string;
  total: number;
  /** size, quantity × price (and tax) */
  detail: string;
  notes: string[];
  /** a rejected line, struck through */
  struck?: boolean;
}

/** The lines as cards: name and total, then the detail and the review notes. */
export function DetailLines({ label, lines }: { label: string; lines: readonly DetailLine[] }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {lines.map((line) => (
        <Card component="li" key={line.key} variant="outlined">
          <Box sx={{ p: 1.5, display: 'grid', gap: 0.25 }}>
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Typography
                sx={{
                  fontWeight: 600,
                  flex: 1,
                  minWidth: 160,
                  textDecoration: line.struck ? 'line-through' : 'none',
                }}
              >
                {line.name}
              </Typography>
              <Typography sx={{ fontWeight: 600 }}>{formatMoney(line.total)}</Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {line.detail}
            </Typography>
            {line.notes.map((note) => (
              <Typography key={note} variant="body2" color="warning.dark">
                {note}
              </Typography>
            ))}
          </Box>
        </Card>
      ))}
    </Box>
  );
}
