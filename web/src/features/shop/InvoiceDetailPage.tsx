import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { ShopInvoiceLineResponse } from '#domain/contracts/shop.contract';
import { formatDate, formatMoney } from '../../shared/format';
import { problemText } from './problem-text';
import { OrderAgainButton } from './OrderAgainButton';
import { PdfButton } from './PdfButton';
import { useMyInvoiceQuery } from './shop.api';
import type { Cart } from './use-cart';

/** The order review an invoice line keeps, in words (as the invoice's PDF prints it). */
function lineNotes(item: ShopInvoiceLineResponse): string[] {
  const why = (note: string) => (note ? `: ${note}` : '');
  const notes: string[] = [];
  if (item.previous_qty !== null && item.previous_qty !== item.qty)
    notes.push(`Quantity changed from ${item.previous_qty} to ${item.qty}${why(item.qty_change_note)}`);
  if (item.previous_price !== null && item.previous_price !== item.price)
    notes.push(
      `Price changed from ${formatMoney(item.previous_price)} to ${formatMoney(item.price)}${why(item.price_change_note)}`,
    );
  return notes;
}

/** One invoice of the customer: status and due date, lines, totals, what is left to pay, PDF, Order again. */
export function InvoiceDetailPage({ cart, base }: { cart: Cart; base: string }) {
  const { id = '' } = useParams();
  const found = useMyInvoiceQuery(id, { refetchOnMountOrArgChange: true });
  const invoice = found.data;
  const name = invoice ? `invoice #${invoice.number}` : 'invoice';
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <title>{invoice ? `Invoice #${invoice.number} · Stampline` : 'Invoice · Stampline'}</title>
      <Link component={RouterLink} to={`${base}/invoices`} sx={{ justifySelf: 'start' }}>
        ‹ All invoices
      </Link>
      {found.isError && <Alert severity="error">{problemText(found.error)}</Alert>}
      {invoice && (
        <>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h1" sx={{ fontSize: 22, flex: 1 }}>
              Invoice #{invoice.number}
            </Typography>
            <Chip
              label={invoice.status_label}
              color={invoice.status === 'payment_due' ? 'error' : 'default'}
            />
          </Box>
          <Typography variant="body2" color="text.secondary">
            Invoiced {formatDate(invoice.invoiced_at)} ·{' '}
            {invoice.due_on_delivery || !invoice.due_at
              ? 'Due on delivery'
              : `Due ${formatDate(invoice.due_at)}`}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <OrderAgainButton cart={cart} base={base} lines={invoice.reorder} of={name} />
            <PdfButton kind="invoice" id={invoice.id} name={name} />
          </Box>
          <Box
            component="ul"
            aria-label="Invoice lines"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
          >
            {invoice.items.map((item) => (
              <Card component="li" key={item.line} variant="outlined">
                <Box sx={{ p: 1.5, display: 'grid', gap: 0.25 }}>
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                    <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 160 }}>
                      {item.product.product}
                    </Typography>
                    <Typography sx={{ fontWeight: 600 }}>{formatMoney(item.total)}</Typography>
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    {item.product.product_size} · {item.qty} × {formatMoney(item.price)}
                    {item.taxable ? ` · tax ${formatMoney(item.tax)}` : ' · not taxed'}
                  </Typography>
                  {lineNotes(item).map((note) => (
                    <Typography key={note} variant="body2" color="warning.dark">
                      {note}
                    </Typography>
                  ))}
                </Box>
              </Card>
            ))}
          </Box>
          <Box sx={{ display: 'grid', justifyItems: 'end', gap: 0.25 }}>
            <Typography variant="body2">Subtotal {formatMoney(invoice.sub_total)}</Typography>
            <Typography variant="body2">
              Tax {formatMoney(invoice.tax_total)} ({invoice.tax_rate}%)
            </Typography>
            <Typography sx={{ fontWeight: 700 }}>Total {formatMoney(invoice.total)}</Typography>
            {invoice.paid > 0 && <Typography variant="body2">Paid {formatMoney(invoice.paid)}</Typography>}
            <Typography sx={{ fontWeight: 700 }}>Left to pay {formatMoney(invoice.remaining)}</Typography>
          </Box>
          {invoice.note && (
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {invoice.note}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
