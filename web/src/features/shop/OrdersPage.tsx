import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { OrderResponse } from '#domain/contracts/order.contract';
import { ORDER_STATUS_LABELS } from '#domain/orders/order-status';
import { formatDateTime, formatMoney } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { MyDrafts } from './MyDrafts';
import { useCancelOrderMutation, useMyOrdersQuery } from './shop.api';
import type { Cart } from './use-cart';

/** The customer's orders page: its open drafts first, then its order history; a placed order can be cancelled. */
export function OrdersPage({ cart, base }: { cart: Cart; base: string }) {
  const orders = useMyOrdersQuery(undefined, { refetchOnMountOrArgChange: true });
  const [cancel, cancelling] = useCancelOrderMutation();
  const [toCancel, setToCancel] = useState<OrderResponse | null>(null);
  const cancelOrder = (order: OrderResponse) =>
    void cancel(order.id)
      .unwrap()
      .then(() => toast.success(`Order #${order.order_number} cancelled.`))
      .catch((problem: unknown) => toast.error(toProblem(problem)?.message || 'Something went wrong'))
      .finally(() => setToCancel(null));
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <title>Orders · Stampline</title>
      <Typography variant="h1" sx={{ fontSize: 22 }}>
        Orders
      </Typography>
      <MyDrafts cart={cart} base={base} />
      {orders.data && orders.data.length > 0 && (
        <Typography variant="h2" sx={{ fontSize: 18, fontWeight: 600 }}>
          Order history
        </Typography>
      )}
      {orders.data?.length === 0 && <Typography color="text.secondary">No orders yet.</Typography>}
      <Box
        component="ul"
        aria-label="My orders"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      >
        {orders.data?.map((order) => (
          <Card component="li" key={order.id} variant="outlined">
            <Box sx={{ p: 1.5, display: 'grid', gap: 0.5 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Link
                  component={RouterLink}
                  to={`${base}/orders/${order.id}`}
                  sx={{ fontWeight: 600, flex: 1 }}
                  aria-label={`Open order #${order.order_number}`}
                >
                  Order #{order.order_number}
                </Link>
                <Chip size="small" label={ORDER_STATUS_LABELS[order.status]} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(order.ordered_at)} · {order.units} units · {formatMoney(order.total)} before
                tax
              </Typography>
              {order.status === 'placed' && (
                <Box>
                  <Button color="error" disabled={cancelling.isLoading} onClick={() => setToCancel(order)}>
                    Cancel Order #{order.order_number}
                  </Button>
                </Box>
              )}
            </Box>
          </Card>
        ))}
      </Box>
      <ConfirmDialog
        open={toCancel !== null}
        title={`Cancel order #${toCancel?.order_number ?? ''}?`}
        confirmLabel="Cancel Order"
        cancelLabel="Keep Order"
        destructive
        busy={cancelling.isLoading}
        onConfirm={() => toCancel && cancelOrder(toCancel)}
        onClose={() => setToCancel(null)}
      >
        Sure you want to change Status from Placed to Cancelled? The distributor will not deliver a cancelled
        order.
      </ConfirmDialog>
    </Box>
  );
}
