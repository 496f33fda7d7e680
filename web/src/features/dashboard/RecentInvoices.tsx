import ArrowForward from '@mui/icons-material/ArrowForward';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatDate, formatMoney } from '../../shared/format';
import { RouterButton } from '../../shared/ui/RouterButton';
import { useRecentInvoicesQuery, type InvoiceSummary } from '../invoices/invoices.api';
import { dueLabel, INVOICE_MESSAGES, invoicePath } from '../invoices/view/invoice-display';
import { InvoiceStatusChip } from '../invoices/view/InvoiceStatusChip';

function EmptyState() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', py: 6, gap: 2 }}>
      <ReceiptLongOutlined aria-hidden sx={{ fontSize: 48, color: 'text.disabled' }} />
      <Typography color="text.secondary">{INVOICE_MESSAGES.empty}</Typography>
      <RouterButton to="/invoice/create" variant="contained">
        Create Invoice
      </RouterButton>
    </Box>
  );
}

/** On a phone: one line per invoice, number and customer over date, due date and status, the total on the right. */
function RecentInvoiceList({ invoices }: { invoices: readonly InvoiceSummary[] }) {
  return (
    <List aria-label="Recent invoices" disablePadding>
      {invoices.map((invoice) => (
        <ListItem key={invoice.id} disablePadding>
          <ListItemButton
            component={RouterLink}
            to={invoicePath(invoice.number)}
            divider
            sx={{ px: 0.5, py: 1, gap: 1, alignItems: 'flex-start', overflowWrap: 'anywhere' }}
          >
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>
                #{invoice.number}{' '}
                <Typography component="span" sx={{ fontWeight: 400 }}>
                  {invoice.customer_name}
                </Typography>
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDate(invoice.invoiced_at)} ·{' '}
                {invoice.due_at ? `due ${dueLabel(invoice.due_at, '')}` : 'due on delivery'}
              </Typography>
            </Box>
            <Box sx={{ display: 'grid', justifyItems: 'end', gap: 0.5, flexShrink: 0 }}>
              <Typography sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                {formatMoney(invoice.total)}
              </Typography>
              <InvoiceStatusChip status={invoice.status} />
            </Box>
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}

/** The dashboard's recent invoices (GET invoice/recent), newest first; the spec's empty state without any. */
export function RecentInvoices() {
  const navigate = useNavigate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const { data, isLoading, isError, refetch, isFetching } = useRecentInvoicesQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  return (
    <Card component="section" aria-labelledby="recent-invoices-title">
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mb: 1.5 }}>
          <Typography id="recent-invoices-title" variant="h2" sx={{ fontSize: '1.125rem' }}>
            Recent Invoices
          </Typography>
          {data && data.length > 0 && (
            <RouterButton to="/invoice" size="small" endIcon={<ArrowForward />}>
              All Invoices
            </RouterButton>
          )}
        </Box>
        {isLoading ? (
          <Box aria-label="Loading recent invoices" aria-busy="true">
            {[0, 1, 2, 3].map((n) => (
              <Skeleton key={n} height={44} />
            ))}
          </Box>
        ) : isError && !data ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" loading={isFetching} onClick={() => void refetch()}>
                Retry
              </Button>
            }
          >
            Sorry, the recent invoices could not be loaded.
          </Alert>
        ) : !data || data.length === 0 ? (
          <EmptyState />
        ) : phone ? (
          <RecentInvoiceList invoices={data} />
        ) : (
          <TableContainer>
            <Table
              size="small"
              aria-label="Recent invoices"
              sx={{ '& th': { color: 'text.secondary', fontWeight: 600 } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>Number</TableCell>
                  <TableCell>Customer</TableCell>
                  <TableCell>Date</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Total</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.map((invoice) => (
                  <TableRow
                    key={invoice.id}
                    hover
                    onClick={() => navigate(invoicePath(invoice.number))}
                    sx={{ cursor: 'pointer', '& td': { py: 1.25 } }}
                  >
                    <TableCell>
                      <Link
                        component={RouterLink}
                        to={invoicePath(invoice.number)}
                        underline="hover"
                        sx={{ fontWeight: 600 }}
                        onClick={(event) => event.stopPropagation()}
                      >
                        #{invoice.number}
                      </Link>
                    </TableCell>
                    <TableCell
                      sx={{
                        maxWidth: 220,
                        overflow: 'hidden',
                        textOverflow: 'ellipsis',
                        whiteSpace: 'nowrap',
                      }}
                    >
                      {invoice.customer_name}
                    </TableCell>
                    {/* the due date under the date: five columns fit beside the quick search at 1440 px */}
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDate(invoice.invoiced_at)}
                      <Typography variant="body2" color="text.secondary">
                        {invoice.due_at ? `due ${dueLabel(invoice.due_at, '')}` : 'due on delivery'}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <InvoiceStatusChip status={invoice.status} />
                    </TableCell>
                    <TableCell align="right" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
                      {formatMoney(invoice.total)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </CardContent>
    </Card>
  );
}
