import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { INVOICE_STATUS_LABELS, isInvoiceStatus } from '#domain/shared/invoice-status';
import { formatDate, formatMoney } from '../../shared/format';
import { Link as RouterLink } from 'react-router-dom';
import { BalanceSummary } from './BalanceSummary';
import { useMyInvoicesQuery } from './shop.api';
import { ShopStatement } from './ShopStatement';

/** The customer's balance owed, its invoices (number, date, total and status; each opens), then its statement. */
export function InvoicesPage({ base }: { base: string }) {
  const invoices = useMyInvoicesQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <title>Invoices · Stampline</title>
      <Typography variant="h1" sx={{ fontSize: 22 }}>
        Invoices
      </Typography>
      <BalanceSummary />
      {invoices.data?.length === 0 && <Typography color="text.secondary">No invoices yet.</Typography>}
      <Box
        component="ul"
        aria-label="My invoices"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      >
        {invoices.data?.map((invoice) => (
          <Card component="li" key={invoice.id} variant="outlined">
            <CardActionArea
              component={RouterLink}
              to={`${base}/invoices/${invoice.id}`}
              sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}
            >
              <Box sx={{ flex: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>Invoice #{invoice.number}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDate(invoice.invoiced_at)} · {formatMoney(invoice.total)}
                </Typography>
              </Box>
              <Chip
                size="small"
                label={
                  isInvoiceStatus(invoice.status) ? INVOICE_STATUS_LABELS[invoice.status] : invoice.status
                }
              />
            </CardActionArea>
          </Card>
        ))}
      </Box>
      <ShopStatement />
    </Box>
  );
}
