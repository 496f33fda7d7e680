import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, formatMoney } from '../../shared/format';
import { PhoneBlock, PhoneBlockLine, PhoneBlockList } from '../../shared/ui/PhoneBlocks';
import { invoicePath } from '../invoices/view/invoice-display';
import { InvoiceStatusChip } from '../invoices/view/InvoiceStatusChip';
import { balanceInvoicePhoneFacts } from './balance-invoice-phone';
import { PAYMENT_MESSAGES } from './payment-messages';
import type { BalanceInvoice } from './payments.api';

const money = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

/** On a phone: one block per invoice, its number and balance first, then total and paid with the status, the dates. */
function BalanceInvoicesList({
  invoices,
  linkInvoices,
}: {
  invoices: BalanceInvoice[];
  linkInvoices: boolean;
}) {
  return (
    <PhoneBlockList aria-label="Open invoices">
      {invoices.map((invoice) => {
        const facts = balanceInvoicePhoneFacts(invoice);
        return (
          <PhoneBlock key={invoice.id} sx={{ px: linkInvoices ? 0.5 : 0 }}>
            <PhoneBlockLine
              end={
                <Typography
                  sx={{ fontWeight: 600, whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
                >
                  {facts.balance}
                </Typography>
              }
            >
              <Typography sx={{ fontWeight: 600 }}>
                {linkInvoices ? (
                  <Link component={RouterLink} to={invoicePath(invoice.number)} underline="hover">
                    {facts.number}
                  </Link>
                ) : (
                  facts.number
                )}
              </Typography>
            </PhoneBlockLine>
            <PhoneBlockLine end={<InvoiceStatusChip status={invoice.status} />}>
              <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums' }}>
                {facts.amounts}
              </Typography>
            </PhoneBlockLine>
            <Typography variant="body2" color="text.secondary">
              {facts.dates}
            </Typography>
          </PhoneBlock>
        );
      })}
    </PhoneBlockList>
  );
}

/**
 * A balance's open invoices (number, date, total, paid, balance, due or 'On Delivery', status): the balance page links
 * each number to the invoice; the public balance view, for someone who cannot open it, shows it plain and dense. On a
 * phone a list of blocks, every column in view.
 */
export function BalanceInvoicesTable({
  invoices,
  linkInvoices = false,
}: {
  invoices: BalanceInvoice[];
  linkInvoices?: boolean;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  if (phone) return <BalanceInvoicesList invoices={invoices} linkInvoices={linkInvoices} />;
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
