import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useParams } from 'react-router-dom';
import type { OrderItemResponse } from '#domain/contracts/order.contract';
import { ORDER_STATUS_LABELS } from '#domain/orders/order-status';
import { formatDateTime, formatMoney } from '../../shared/format';
import { problemText } from './problem-text';
import { changeNotes, DetailFrame, DetailHeading, DetailLines } from './ShopDetail';
import { OrderAgainButton } from './OrderAgainButton';
import { PdfButton } from './PdfButton';
import { useMyOrderQuery } from './shop.api';
import type { Cart } from './use-cart';

/** What the distributor changed on a line when it reviewed the order, in words. */
export function reviewNotes(item: OrderItemResponse): string[] {
  const why = (note: string | null | undefined) => (note ? `: ${note}` : '');
  return [...(item.is_rejected ? [`Rejected${why(item.rejection_note)}`] : []), ...changeNotes(item)];
}

/** One past order of the customer: status, lines with the distributor's review, totals, its invoices, PDF, Order again. */
export function OrderDetailPage({ cart, base }: { cart: Cart; base: string }) {
  const { id = '' } = useParams();
  const found = useMyOrderQuery(id, { refetchOnMountOrArgChange: true });
  const order = found.data?.order;
  const name = order ? `order #${order.order_number}` : 'order';
  return (
    <DetailFrame
      title={order ? `Order #${order.order_number}` : 'Order'}
      back={{ to: `${base}/orders`, label: 'All orders' }}
      error={found.isError ? problemText(found.error) : null}
    >
      {order && found.data && (
        <>
          <DetailHeading title={`Order #${order.order_number}`} status={ORDER_STATUS_LABELS[order.status]} />
          <Typography variant="body2" color="text.secondary">
            Ordered {formatDateTime(order.ordered_at)} by {order.customerUser.name}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <OrderAgainButton cart={cart} base={base} lines={found.data.reorder} of={name} />
            <PdfButton kind="order" id={order.id} name={name} />
          </Box>
          <DetailLines
            label="Order lines"
            lines={order.orderItems.map((item) => ({
              key: item.line,
              name: item.product.product,
              total: item.total,
              detail: `${item.product.product_size} · ${item.qty} × ${formatMoney(item.price)}`,
              notes: reviewNotes(item),
              struck: item.is_rejected,
            }))}
          />
          <Typography sx={{ fontWeight: 700, justifySelf: 'end' }}>
            {/* the cart's subtotal: the tax is added on the order's invoice */}
            {order.units} units · Subtotal {formatMoney(order.total)} before tax
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
    </DetailFrame>
  );
}
