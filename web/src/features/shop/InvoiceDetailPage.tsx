import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { formatDate, formatMoney } from '../../shared/format';
import { problemText } from './problem-text';
import { changeNotes, DetailFrame, DetailHeading, DetailLines } from './ShopDetail';
import { OrderAgainButton } from './OrderAgainButton';
import { PdfButton } from './PdfButton';
import { useMyInvoiceQuery } from './shop.api';
import type { Cart } from './use-cart';

/** One invoice of the customer: status and due date, lines, totals, what is left to pay, PDF, Order again. */
export function InvoiceDetailPage({ cart, base }: { cart: Cart; base: string }) {
  const { id = '' } = useParams();
  const found = useMyInvoiceQuery(id, { refetchOnMountOrArgChange: true });
  const invoice = found.data;
  const name = invoice ? `invoice #${invoice.number}` : 'invoice';
  return (
    <DetailFrame
      title={invoice ? `Invoice #${invoice.number}` : 'Invoice'}
      back={{ to: `${base}/invoices`, label: 'All invoices' }}
      error={found.isError ? problemText(found.error) : null}
    >
      {invoice && (
        <>
          <DetailHeading
            title={`Invoice #${invoice.number}`}
            status={invoice.status_label}
            color={invoice.status === 'payment_due' ? 'error' : 'default'}
          />
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
          <DetailLines
            label="Invoice lines"
            lines={invoice.items.map((item) => ({
              key: item.line,
              name: item.product.product,
              total: item.total,
              detail:
                `${item.product.product_size} · ${item.qty} × ${formatMoney(item.price)}` +
                (item.taxable ? ` · tax ${formatMoney(item.tax)}` : ' · not taxed'),
              notes: changeNotes(item),
            }))}
          />
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
    </DetailFrame>
  );
}
