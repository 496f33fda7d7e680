import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../shared/format';
import { useBalanceQuery } from './shop.api';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** What the customer owes on its open invoices, and the part already past its due date. */
export function BalanceSummary() {
  const balance = useBalanceQuery(undefined, { refetchOnMountOrArgChange: true });
  if (balance.isError) return <Alert severity="error">Failed to load balance information.</Alert>;
  if (!balance.data) return null;
  const { owing, overdue, open_invoices, overdue_invoices } = balance.data;
  return (
    <Card component="section" variant="outlined" aria-label="Balance owed">
      <Box sx={{ p: 1.5, display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'baseline' }}>
        <Box sx={{ flex: '1 1 140px' }}>
          <Typography variant="body2" color="text.secondary">
            Balance owed
          </Typography>
          <Typography sx={{ fontSize: 22, fontWeight: 700 }}>{formatMoney(owing)}</Typography>
          <Typography variant="body2" color="text.secondary">
            {plural(open_invoices, 'open invoice')}
          </Typography>
        </Box>
        <Box sx={{ flex: '1 1 140px' }}>
          <Typography variant="body2" color="text.secondary">
            Overdue
          </Typography>
          <Typography
            sx={{ fontSize: 22, fontWeight: 700, color: overdue > 0 ? 'error.main' : 'text.primary' }}
          >
            {formatMoney(overdue)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {plural(overdue_invoices, 'invoice')} past due
          </Typography>
        </Box>
      </Box>
    </Card>
  );
}
