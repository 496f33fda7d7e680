import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import { formatCents } from '../../../shared/format';
import type { InvoiceTotalsCents } from './invoice-math';

const Row = ({ label, value, strong }: { label: string; value: string; strong?: boolean }) => (
  <Box
    sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 2, py: 0.5 }}
    role="group"
    aria-label={label}
  >
    <Typography color={strong ? 'text.primary' : 'text.secondary'} sx={{ fontWeight: strong ? 600 : 400 }}>
      {label}
    </Typography>
    <Typography
      sx={{
        fontVariantNumeric: 'tabular-nums',
        fontWeight: strong ? 700 : 500,
        fontSize: strong ? '1.375rem' : undefined,
        // a very large amount wraps inside the card rather than leaving it
        minWidth: 0,
        overflowWrap: 'anywhere',
        textAlign: 'right',
      }}
    >
      {value}
    </Typography>
  </Box>
);

/** Live totals: subtotal, tax at the company's rate (per taxable line, as the server computes it), total. */
export function TotalsCard({
  totals,
  ratePercent,
  itemCount,
  bottles,
}: {
  totals: InvoiceTotalsCents;
  ratePercent: number;
  itemCount: number;
  bottles: number;
}) {
  return (
    <Box component="section" aria-label="Totals">
      <Row label="Subtotal" value={formatCents(totals.subtotalCents)} />
      <Row label={`Tax (${ratePercent}%)`} value={formatCents(totals.taxCents)} />
      <Divider sx={{ my: 1 }} />
      <Row label="Total" value={formatCents(totals.totalCents)} strong />
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {itemCount === 1 ? '1 item' : `${itemCount} items`} ·{' '}
        {bottles === 1 ? '1 bottle' : `${bottles} bottles`}
      </Typography>
    </Box>
  );
}
