import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { formatDate, formatMoney } from '../../shared/format';
import { stampCount, stampRangeLabel } from '../invoices/view/invoice-display';
import { InvoiceStatusChip } from '../invoices/view/InvoiceStatusChip';
import { usePdfDownload } from './pdf-actions';
import { usePublicInvoiceFileMutation, usePublicInvoiceQuery, type PublicInvoice } from './pdf.api';
import {
  CompanyHeader,
  PublicError,
  PublicLoading,
  PublicPage,
  sectionLabel,
  useReadyForExport,
} from './public-view';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <TableRow sx={{ '& td': { border: 0, py: 0.5, px: 0 } }}>
      <TableCell sx={{ color: strong ? 'text.primary' : 'text.secondary', fontWeight: strong ? 700 : 400 }}>
        {label}
      </TableCell>
      <TableCell align="right" sx={{ ...num, fontWeight: strong ? 700 : 500 }}>
        {value}
      </TableCell>
    </TableRow>
  );
}

function InvoiceBody({ invoice }: { invoice: PublicInvoice }) {
  const { customer } = invoice;
  const paid = invoice.payments.length > 0;
  return (
    <>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 3 }}>
        <CompanyHeader company={invoice.company} />
        <Box sx={{ textAlign: { sm: 'right' } }}>
          <Typography
            sx={{ fontSize: '0.8125rem', letterSpacing: '0.16em', fontWeight: 700, color: 'text.secondary' }}
          >
            INVOICE
          </Typography>
          <Typography sx={{ fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.2 }}>
            #{invoice.number}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Invoice date <strong>{formatDate(invoice.invoiced_at)}</strong>
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {invoice.due_on_delivery ? (
              <strong>Due on delivery</strong>
            ) : (
              <>
                Due <strong>{formatDate(invoice.due_at)}</strong>
              </>
            )}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, mt: 1, justifyContent: { sm: 'flex-end' }, flexWrap: 'wrap' }}>
            <InvoiceStatusChip status={invoice.status} />
            {customer.cash_on_delivery && (
              <Chip size="small" icon={<LocalShippingOutlined />} label="COD" title="Cash on delivery" />
            )}
            {invoice.beer && <Chip size="small" label="Beer" variant="outlined" />}
          </Box>
        </Box>
      </Box>
      <Divider sx={{ my: 3 }} />
      <Box component="section" aria-label="Customer">
        <Typography sx={sectionLabel}>Bill To</Typography>
        <Typography sx={{ fontWeight: 700 }}>{customer.name}</Typography>
        <Typography variant="body2" color="text.secondary">
          TABC ID {customer.display_tabc_id}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {customer.address}
          <br />
          {[customer.city, [customer.state, customer.zip].filter(Boolean).join(' ')]
            .filter(Boolean)
            .join(', ')}
        </Typography>
      </Box>
      <TableContainer sx={{ mt: 4, mb: 2 }}>
        <Table size="small" aria-label="Items" sx={{ '& th': { fontWeight: 600, color: 'text.secondary' } }}>
          <TableHead>
            <TableRow>
              <TableCell align="right" sx={{ width: 64 }}>
                Qty
              </TableCell>
              <TableCell>Product</TableCell>
              <TableCell>Size</TableCell>
              <TableCell align="right">Price</TableCell>
              <TableCell align="center">Taxable</TableCell>
              <TableCell align="right">Line Total</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {invoice.items.map((item) => (
              <TableRow key={item.id}>
                <TableCell align="right" sx={{ ...num, fontWeight: 600 }}>
                  {item.qty}
                </TableCell>
                <TableCell>{item.product.product}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{item.product.product_size}</TableCell>
                <TableCell align="right" sx={num}>
                  {formatMoney(item.price)}
                </TableCell>
                <TableCell align="center">{item.taxable ? 'Yes' : 'No'}</TableCell>
                <TableCell align="right" sx={{ ...num, fontWeight: 600 }}>
                  {formatMoney(item.total)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 3,
          justifyContent: 'space-between',
          alignItems: 'start',
        }}
      >
        <Box sx={{ flex: '1 1 300px', display: 'grid', gap: 2 }}>
          {invoice.stamps.length > 0 && (
            <Box component="section" aria-label="Stamps">
              <Typography sx={sectionLabel}>TABC stamps ({stampCount(invoice.stamp_count)})</Typography>
              <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                {invoice.stamps.map((range) => stampRangeLabel(range)).join(', ')}
              </Typography>
            </Box>
          )}
          {invoice.note && (
            <Box
              component="section"
              aria-label="Note"
              sx={{ p: 2, bgcolor: 'background.default', borderRadius: 1 }}
            >
              <Typography sx={sectionLabel}>Note</Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                {invoice.note}
              </Typography>
            </Box>
          )}
        </Box>
        <Table aria-label="Totals" size="small" sx={{ width: { xs: '100%', sm: 300 } }}>
          <TableBody>
            <Row label="Subtotal" value={formatMoney(invoice.sub_total)} />
            <Row label={`Tax (${invoice.tax_rate}%)`} value={formatMoney(invoice.tax_total)} />
            <Row label="Total" value={formatMoney(invoice.total)} strong />
            {paid && <Row label="Paid" value={formatMoney(invoice.paid)} />}
            {paid && <Row label="Balance due" value={formatMoney(invoice.remaining)} strong />}
          </TableBody>
        </Table>
      </Box>
      {paid && (
        <Box component="section" aria-label="Payments" sx={{ mt: 3 }}>
          <Typography sx={sectionLabel}>Payments</Typography>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Date</TableCell>
                <TableCell>Note</TableCell>
                <TableCell align="right">Amount</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invoice.payments.map((payment) => (
                <TableRow key={payment.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(payment.received_at)}</TableCell>
                  <TableCell>{payment.note}</TableCell>
                  <TableCell align="right" sx={num}>
                    {formatMoney(payment.amount)}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
    </>
  );
}

/** /invoice/pdf/:token — an invoice opened by its public link (as the client's specification asks), signed out. */
export default function PublicInvoicePage() {
  const { token = '' } = useParams();
  const { data, error, isLoading } = usePublicInvoiceQuery(token);
  const [download] = usePublicInvoiceFileMutation();
  const { busy, run } = usePdfDownload((t: string) => download(t).unwrap());
  useReadyForExport(!!data && !error);
  if (isLoading) return <PublicLoading label="Loading invoice" />;
  if (error || !data) return <PublicError error={error} />;
  const title = `Invoice #${data.number}`;
  return (
    <PublicPage title={title} heading={title} downloading={busy} onDownload={() => void run(token)}>
      <InvoiceBody invoice={data} />
    </PublicPage>
  );
}
