import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, formatMoney } from '../../shared/format';
import { invoicePath } from '../invoices/view/invoice-display';
import { InvoiceStatusChip } from '../invoices/view/InvoiceStatusChip';
import { PAYMENT_MESSAGES } from './payment-messages';
import type { BalanceInvoice } from './payments.api';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/**
 * A balance's open invoices (number, date, total, paid, balance, due or 'On Delivery', status): the balance page links
 * each number to the invoice; the public balance view, for someone who cannot open it, shows it plain and dense.
 */
export function BalanceInvoicesTable({
  invoices,
  linkInvoices = false,
}: {
  invoices: BalanceInvoice[];
  linkInvoices?: boolean;
}) {
  return (
    <TableContainer>
      <Table
        size={linkInvoices ? 'medium' : 'small'}
        aria-label="Open invoices"
        sx={linkInvoices ? undefined : { '& th': { fontWeight: 600, color: 'text.secondary' } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Invoice</TableCell>
            <TableCell>Date</TableCell>
            <TableCell align="right">Total</TableCell>
            <TableCell align="right">Paid</TableCell>
            <TableCell align="right">Balance</TableCell>
            <TableCell>Due</TableCell>
            <TableCell>Status</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((invoice) => (
            <TableRow key={invoice.id} hover={linkInvoices}>
              <TableCell sx={{ fontWeight: 600 }}>
                {linkInvoices ? (
                  <Link component={RouterLink} to={invoicePath(invoice.number)} underline="hover">
                    #{invoice.number}
                  </Link>
                ) : (
                  `#${invoice.number}`
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(invoice.invoiced_at)}</TableCell>
              <TableCell align="right" sx={money}>
                {formatMoney(invoice.total)}
              </TableCell>
              <TableCell align="right" sx={money}>
                {formatMoney(invoice.paid)}
              </TableCell>
              <TableCell align="right" sx={{ ...money, fontWeight: 600 }}>
                {formatMoney(invoice.balance)}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {invoice.due_on_delivery ? (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {PAYMENT_MESSAGES.onDelivery}
                  </Typography>
                ) : (
                  formatDate(invoice.due_at)
                )}
              </TableCell>
              <TableCell>
                <InvoiceStatusChip status={invoice.status} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
