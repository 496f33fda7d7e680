import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, useState } from 'react';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { FeatureGate, useFeatureForbidden } from '../../shared/feature-gate/FeatureGate';
import { formatDateTime, formatMoney } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { PageHeader } from '../../shared/ui/PageHeader';
import { PhoneBlock, PhoneBlockLine, PhoneBlockList } from '../../shared/ui/PhoneBlocks';
import { CustomerLink } from '../customers/CustomerLink';
import { RouterButton } from '../../shared/ui/RouterButton';
import { OrderStatusChip } from './order-grid.columns';
import { ORDER_MESSAGES } from './order-messages';
import { useCreateOrderInvoices } from './CreateOrderInvoices';
import { invoiceRangeLink } from './order-to-invoices';
import { orderItemPhoneFacts } from './order-item-phone';
import { useOrderStock, StockCell } from './order-stock';
import {
  useGetOrderQuery,
  useOrderLinkMutation,
  useReviewOrderItemMutation,
  useUpdateOrderMutation,
  type OrderItemResponse,
  type OrderResponse,
} from './orders.api';

/** /order/{number} (as the client's specification asks). */
export default function OrderDetailPage() {
  return (
    <FeatureGate feature="order">
      <OrderDetail />
    </FeatureGate>
  );
}

function OrderDetail() {
  const { number = '' } = useParams();
  const result = useGetOrderQuery(number, { refetchOnMountOrArgChange: true });
  useFeatureForbidden(result.error);
  if (result.isLoading) return <FullPageSpinner label="Loading order" />;
  if (result.isError || !result.data)
    return (
      <Box sx={{ display: 'grid', gap: 2, justifyItems: 'start' }}>
        <Alert severity="error" role="alert">
          {ORDER_MESSAGES.loadFailed} {toProblem(result.error)?.message}
        </Alert>
        <RouterButton to="/order" variant="outlined">
          All Orders
        </RouterButton>
      </Box>
    );
  return <OrderView order={result.data.order} />;
}

function OrderView({ order }: { order: OrderResponse }) {
  const [update, updating] = useUpdateOrderMutation();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const [rejecting, setRejecting] = useState(false);
  const [reviewing, setReviewing] = useState<OrderItemResponse | null>(null);
  const placed = order.status === 'placed';
  const [issueLink] = useOrderLinkMutation();
  const share = async () => {
    try {
      const link = await issueLink(order.id).unwrap();
      const url = new URL(link.url, window.location.origin).toString();
      await navigator.clipboard?.writeText(url).catch(() => undefined);
      toast.success(`Link copied: ${url}`);
    } catch {
      toast.error(ORDER_MESSAGES.updateFailed);
    }
  };
  const customer = order.customerUser.customer;
  const invoicing = useCreateOrderInvoices(order);

  const cancel = async () => {
    try {
      await update({ id: order.id, body: { status: 'cancelled' } }).unwrap();
      toast.success(`Order #${order.order_number} cancelled.`);
    } catch (error) {
      toast.error(toProblem(error)?.message || ORDER_MESSAGES.updateFailed);
    }
    setConfirmCancel(false);
  };

  const invoicesLink = invoiceRangeLink(order.invoices.map((invoice) => invoice.number));
  const stockOf = useOrderStock(order);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });

  return (
    <>
      <PageHeader
        title={`Order #${order.order_number}`}
        subtitle={`Placed ${formatDateTime(order.ordered_at)} by ${order.customerUser.name}`}
        actions={
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <OrderStatusChip status={order.status} />
            <RouterButton to="/order" variant="outlined">
              All Orders
            </RouterButton>
            <Button variant="outlined" onClick={() => void share()}>
              Share Link
            </Button>
            {placed && (
              <>
                <Button variant="outlined" onClick={() => setConfirmCancel(true)}>
                  Cancel
                </Button>
                <Button variant="outlined" color="error" onClick={() => setRejecting(true)}>
                  Reject Order
                </Button>
              </>
            )}
            {(placed || order.status === 'partially_invoiced') && !invoicing.nothingLeft && (
              <Button variant="contained" onClick={invoicing.start}>
                Create Invoice
              </Button>
            )}
          </Box>
        }
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mb: 2 }}>
        <Card>
          <CardContent>
            <Typography variant="overline" color="text.secondary">
              Distributor
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>{order.company.name}</Typography>
          </CardContent>
        </Card>
        <Card>
          <CardContent>
            <Typography variant="overline" color="text.secondary">
              Customer
            </Typography>
            <Typography sx={{ fontWeight: 600 }}>
              <CustomerLink customerId={customer.id} name={customer.name} />
            </Typography>
            <Typography color="text.secondary">
              {customer.address}, {customer.city}, {customer.state} {customer.zip}
            </Typography>
          </CardContent>
        </Card>
      </Box>
      {order.invoices.length > 0 && (
        <Alert severity="success" sx={{ mb: 2 }}>
          Invoiced:{' '}
          {order.invoices.map((invoice, index) => (
            <span key={invoice.id}>
              {index > 0 && ', '}
              <Link component={RouterLink} to={`/invoice/${encodeURIComponent(invoice.number)}`}>
                Invoice #{invoice.number}
              </Link>
            </span>
          ))}
          {invoicesLink && (
            <>
              {' · '}
              <Link component={RouterLink} to={invoicesLink}>
                All of them in the invoice list
              </Link>
            </>
          )}
        </Alert>
      )}
      <Card sx={{ mb: 2 }}>
        {phone ? (
          <OrderItemsList
            order={order}
            stockOf={stockOf}
            onReview={placed ? (item) => setReviewing(item) : undefined}
          />
        ) : (
          <TableContainer>
            <Table aria-label="Order items" size="small">
              <TableHead>
                <TableRow>
                  <TableCell>Product</TableCell>
                  <TableCell align="right">Qty</TableCell>
                  {stockOf && <TableCell align="right">In Stock</TableCell>}
                  <TableCell align="right">Price</TableCell>
                  <TableCell align="right">Total</TableCell>
                  <TableCell>Review</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {order.orderItems.map((item) => (
                  <TableRow key={item.line} sx={item.is_rejected ? { opacity: 0.6 } : undefined}>
                    <TableCell>
                      <Typography
                        variant="body2"
                        sx={{
                          fontWeight: 500,
                          textDecoration: item.is_rejected ? 'line-through' : undefined,
                        }}
                      >
                        {item.product.product}
                      </Typography>
                      <Typography variant="caption" color="text.secondary">
                        {item.product.product_size}
                      </Typography>
                    </TableCell>
                    <TableCell align="right">
                      {item.qty}
                      {order.invoices.length > 0 && !item.is_rejected && (
                        <Typography
                          variant="caption"
                          color={item.invoiced_qty >= item.qty ? 'success.dark' : 'text.secondary'}
                          sx={{ display: 'block', whiteSpace: 'nowrap' }}
                        >
                          {item.invoiced_qty >= item.qty ? 'invoiced' : `${item.invoiced_qty} invoiced`}
                        </Typography>
                      )}
                      {item.previous_qty !== null && (
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          was {item.previous_qty}
                        </Typography>
                      )}
                    </TableCell>
                    {stockOf && (
                      <TableCell align="right">
                        <StockCell
                          stock={stockOf.get(item.product_id)}
                          wanted={item.is_rejected ? 0 : item.qty}
                        />
                      </TableCell>
                    )}
                    <TableCell align="right">
                      {formatMoney(item.price)}
                      {item.previous_price !== null && (
                        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                          was {formatMoney(item.previous_price)}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell align="right">{formatMoney(item.total)}</TableCell>
                    <TableCell>
                      {item.is_rejected && (
                        <Chip size="small" color="error" variant="outlined" label="Rejected" />
                      )}
                      {[item.rejection_note, item.qty_change_note, item.price_change_note]
                        .filter(Boolean)
                        .map((note) => (
                          <Typography
                            key={note}
                            variant="caption"
                            sx={{ display: 'block' }}
                            color="text.secondary"
                          >
                            {note}
                          </Typography>
                        ))}
                      {placed && !item.is_rejected && (
                        <Button
                          size="small"
                          onClick={() => setReviewing(item)}
                          aria-label={`Review ${item.product.product}`}
                        >
                          Review
                        </Button>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
                <TableRow>
                  <TableCell colSpan={stockOf ? 4 : 3} align="right" sx={{ fontWeight: 600 }}>
                    Total ({order.units} units)
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {formatMoney(order.total)}
                  </TableCell>
                  <TableCell />
                </TableRow>
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </Card>
      <Card>
        <TableContainer>
          <Table aria-label="Notes" size="small">
            <TableHead>
              <TableRow>
                <TableCell>Note</TableCell>
                <TableCell>From</TableCell>
                <TableCell>Date</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {order.note.length === 0 && (
                <TableRow>
                  <TableCell colSpan={3}>No notes.</TableCell>
                </TableRow>
              )}
              {order.note.map((note, index) => (
                <TableRow key={index}>
                  <TableCell sx={{ whiteSpace: 'pre-wrap' }}>{note.note}</TableCell>
                  <TableCell>
                    {note.company_user_id ? (
                      <Chip size="small" label={ORDER_MESSAGES.fromDistributor} />
                    ) : (
                      order.customerUser.name
                    )}
                  </TableCell>
                  <TableCell>{formatDateTime(note.created_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Card>
      <ConfirmDialog
        open={confirmCancel}
        title={ORDER_MESSAGES.confirmCancel}
        confirmLabel="Yes, cancel it"
        cancelLabel="No"
        busy={updating.isLoading}
        onConfirm={() => void cancel()}
        onClose={() => setConfirmCancel(false)}
      />
      {invoicing.dialog}
      {rejecting && <RejectDialog order={order} onClose={() => setRejecting(false)} />}
      {reviewing && <ReviewDialog order={order} item={reviewing} onClose={() => setReviewing(null)} />}
    </>
  );
}

/**
 * The items on a phone: one block per line, the product and its total first, then quantity × price (and what the
 * customer ordered when a review changed it), what is invoiced, the stock, the review's notes and Review; the
 * order's total last.
 */
function OrderItemsList({
  order,
  stockOf,
  onReview,
}: {
  order: OrderResponse;
  stockOf: ReturnType<typeof useOrderStock>;
  /** while the order is placed: review a line that is not rejected */
  onReview?: (item: OrderItemResponse) => void;
}) {
  return (
    <Box sx={{ px: 2, pt: 0.5, pb: 1.5 }}>
      <PhoneBlockList aria-label="Order items">
        {order.orderItems.map((item) => {
          const facts = orderItemPhoneFacts(item, {
            invoiced: order.invoices.length > 0,
            stock: stockOf && stockOf.get(item.product_id),
          });
          const review = onReview && !item.is_rejected;
          return (
            <PhoneBlock key={item.line} sx={facts.rejected ? { opacity: 0.6 } : undefined}>
              <PhoneBlockLine
                end={<Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{facts.total}</Typography>}
              >
                <Typography
                  sx={{ fontWeight: 600, textDecoration: facts.rejected ? 'line-through' : undefined }}
                >
                  {facts.product}
                </Typography>
              </PhoneBlockLine>
              <Typography variant="caption" color="text.secondary">
                {facts.size}
              </Typography>
              <PhoneBlockLine
                end={
                  review && (
                    <Button
                      size="small"
                      onClick={() => onReview(item)}
                      aria-label={`Review ${item.product.product}`}
                    >
                      Review
                    </Button>
                  )
                }
              >
                <Typography variant="body2">{facts.quantity}</Typography>
              </PhoneBlockLine>
              {facts.rejected && (
                <Box>
                  <Chip size="small" color="error" variant="outlined" label="Rejected" />
                </Box>
              )}
              {facts.invoiced && (
                <Typography variant="body2" color={facts.invoiced.all ? 'success.dark' : 'text.secondary'}>
                  {facts.invoiced.text}
                </Typography>
              )}
              {facts.stock && (
                <Typography variant="body2" color={facts.stock.short ? 'error.main' : 'text.secondary'}>
                  {facts.stock.text}
                </Typography>
              )}
              {facts.notes.map((note) => (
                <Typography key={note} variant="caption" color="text.secondary">
                  {note}
                </Typography>
              ))}
            </PhoneBlock>
          );
        })}
      </PhoneBlockList>
      <Box
        sx={{
          display: 'flex',
          justifyContent: 'space-between',
          gap: 1.5,
          pt: 1.25,
          borderTop: '1px solid',
          borderColor: 'divider',
        }}
      >
        <Typography sx={{ fontWeight: 600 }}>Total ({order.units} units)</Typography>
        <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{formatMoney(order.total)}</Typography>
      </Box>
    </Box>
  );
}

function RejectDialog({ order, onClose }: { order: OrderResponse; onClose: () => void }) {
  const [note, setNote] = useState('');
  const [update, updating] = useUpdateOrderMutation();
  const titleId = useId();
  const reject = async () => {
    try {
      await update({ id: order.id, body: { status: 'rejected', note } }).unwrap();
      toast.success(`Order #${order.order_number} rejected.`);
      onClose();
    } catch {
      toast.error(ORDER_MESSAGES.rejectFailed);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{ORDER_MESSAGES.rejectTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{ORDER_MESSAGES.rejectText}</DialogContentText>
        <TextField
          label="Note (optional)"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          fullWidth
          multiline
          minRows={2}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Keep the order</Button>
        <Button color="error" variant="contained" onClick={() => void reject()} disabled={updating.isLoading}>
          Reject Order
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ReviewDialog({
  order,
  item,
  onClose,
}: {
  order: OrderResponse;
  item: OrderItemResponse;
  onClose: () => void;
}) {
  const [action, setAction] = useState<'price' | 'qty' | 'reject'>('price');
  const [price, setPrice] = useState(String(item.price));
  const [qty, setQty] = useState(String(item.qty));
  const [note, setNote] = useState('');
  const [error, setError] = useState('');
  const [review, reviewing] = useReviewOrderItemMutation();
  const titleId = useId();
  const save = async () => {
    setError('');
    try {
      await review({
        id: order.id,
        line: item.line,
        body:
          action === 'price'
            ? { action, price, note }
            : action === 'qty'
              ? { action, qty: Number(qty), note }
              : { action, note },
      }).unwrap();
      toast.success('Item reviewed.');
      onClose();
    } catch (problem) {
      const found = toProblem(problem);
      setError(found?.details[0]?.message || found?.message || ORDER_MESSAGES.updateFailed);
    }
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>Review {item.product.product}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField
          select
          label="Change"
          value={action}
          onChange={(e) => setAction(e.target.value as typeof action)}
        >
          <MenuItem value="price">New price</MenuItem>
          <MenuItem value="qty">New quantity</MenuItem>
          <MenuItem value="reject">Reject item</MenuItem>
        </TextField>
        {action === 'price' && (
          <TextField
            label="Price"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            inputMode="decimal"
          />
        )}
        {action === 'qty' && (
          <TextField
            label="Quantity"
            value={qty}
            onChange={(e) => setQty(e.target.value)}
            inputMode="numeric"
          />
        )}
        <TextField
          label="Note"
          value={note}
          onChange={(e) => setNote(e.target.value)}
          multiline
          minRows={2}
        />
        {error && (
          <Alert severity="error" role="alert">
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
        <Button variant="contained" onClick={() => void save()} disabled={reviewing.isLoading}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
