import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { OrderItemResponse } from '#domain/contracts/order.contract';
import { ORDER_STATUS_LABELS } from '#domain/orders/order-status';
import { formatDateTime, formatMoney } from '../../shared/format';
import { problemText } from './problem-text';
import { OrderAgainButton } from './OrderAgainButton';
import { PdfButton } from './PdfButton';
import { useMyOrderQuery } from './shop.api';
import type { Cart } from './use-cart';

/** What the distributor changed on a line when it reviewed the order, in words. */
export function reviewNotes(item: OrderItemResponse): string[] {
  const notes: string[] = [];
  const why = (note: string | null | undefined) => (note ? `: ${note}` : '');
  if (item.is_rejected) notes.push(`Rejected${why(item.rejection_note)}`);
  if (item.previous_qty !== null)
    notes.push(`Quantity changed from ${item.previous_qty} to ${item.qty}${why(item.qty_change_note)}`);
  if (item.previous_price !== null)
    notes.push(
      `Price changed from ${formatMoney(item.previous_price)} to ${formatMoney(item.price)}${why(item.price_change_note)}`,
    );
  return notes;
}

/** One past order of the customer: status, lines with the distributor's review, totals, its invoices, PDF, Order again. */
export function OrderDetailPage({ cart, base }: { cart: Cart; base: string }) {
  const { id = '' } = useParams();
  const found = useMyOrderQuery(id, { refetchOnMountOrArgChange: true });
  const order = found.data?.order;
  const name = order ? `order #${order.order_number}` : 'order';
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <title>{order ? `Order #${order.order_number} · Stampline` : 'Order · Stampline'}</title>
      <Link component={RouterLink} to={`${base}/orders`} sx={{ justifySelf: 'start' }}>
        ‹ All orders
      </Link>
      {found.isError && <Alert severity="error">{problemText(found.error)}</Alert>}
      {order && found.data && (
        <>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h1" sx={{ fontSize: 22, flex: 1 }}>
              Order #{order.order_number}
            </Typography>
            <Chip label={ORDER_STATUS_LABELS[order.status]} />
          </Box>
          <Typography variant="body2" color="text.secondary">
            Ordered {formatDateTime(order.ordered_at)} by {order.customerUser.name}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <OrderAgainButton cart={cart} base={base} lines={found.data.reorder} of={name} />
            <PdfButton kind="order" id={order.id} name={name} />
          </Box>
          <Box
            component="ul"
            aria-label="Order lines"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
          >
            {order.orderItems.map((item) => (
              <Card component="li" key={item.line} variant="outlined">
                <Box sx={{ p: 1.5, display: 'grid', gap: 0.25 }}>
                  <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                    <Typography
                      sx={{
                        fontWeight: 600,
                        flex: 1,
                        minWidth: 160,
                        textDecoration: item.is_rejected ? 'line-through' : 'none',
                      }}
                    >
                      {item.product.product}
                    </Typography>
                    <Typography sx={{ fontWeight: 600 }}>{formatMoney(item.total)}</Typography>
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    {item.product.product_size} · {item.qty} × {formatMoney(item.price)}
                  </Typography>
                  {reviewNotes(item).map((note) => (
                    <Typography key={note} variant="body2" color="warning.dark">
                      {note}
                    </Typography>
                  ))}
                </Box>
              </Card>
            ))}
          </Box>
          <Typography sx={{ fontWeight: 700, justifySelf: 'end' }}>
            {order.units} units · Total {formatMoney(order.total)}
          </Typography>
          {order.note.length > 0 && (
            <Box>
              <Typography variant="h2" sx={{ fontSize: 16, fontWeight: 600 }}>
                Notes
              </Typography>
              {order.note.map((note) => (
                <Typography key={`${note.created_at}${note.note}`} variant="body2">
                  {note.note}
                </Typography>
              ))}
            </Box>
          )}
          {order.invoices.length > 0 && (
            <Typography variant="body2">
              Invoiced on{' '}
              {order.invoices.map((invoice, index) => (
                <span key={invoice.id}>
                  {index > 0 && ', '}
                  <Link component={RouterLink} to={`${base}/invoices/${invoice.id}`}>
                    Invoice #{invoice.number}
                  </Link>
                </span>
              ))}
            </Typography>
          )}
        </>
      )}
    </Box>
  );
}
