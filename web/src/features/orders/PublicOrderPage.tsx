import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { ORDER_STATUS_LABELS } from '#domain/orders/order-status';
import { formatDateTime, formatMoney } from '../../shared/format';
import {
  PublicError,
  PublicLoading,
  PublicPage,
  sectionLabel,
  useReadyForExport,
} from '../public/public-view';
import { usePdfDownload } from '../public/pdf-actions';
import { usePublicOrderFileMutation, usePublicOrderQuery } from './orders.api';

/** /order/pdf/:token — an order opened by its public link (as the client's specification asks), signed out; Download PDF prints it on the server. */
export default function PublicOrderPage() {
  const { token = '' } = useParams();
  const { data, error, isLoading } = usePublicOrderQuery(token);
  const [download] = usePublicOrderFileMutation();
  const { busy, run } = usePdfDownload((t: string) => download(t).unwrap());
  useReadyForExport(!!data && !error);
  if (isLoading) return <PublicLoading label="Loading order" />;
  if (error || !data) return <PublicError error={error} />;
  const { order } = data;
  const customer = order.customerUser.customer;
  return (
    <PublicPage
      title={`Order #${order.order_number}`}
      heading={`Order #${order.order_number}`}
      downloading={busy}
      onDownload={() => void run(token)}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 3 }}>
        <Box component="section" aria-label="Distributor">
          <Typography sx={sectionLabel}>Distributor</Typography>
          <Typography sx={{ fontWeight: 700 }}>{order.company.name}</Typography>
        </Box>
        <Box component="section" aria-label="Customer">
          <Typography sx={sectionLabel}>Customer</Typography>
          <Typography sx={{ fontWeight: 700 }}>{customer.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {customer.address}, {customer.city}, {customer.state} {customer.zip}
          </Typography>
        </Box>
        <Box component="section" aria-label="Order">
          <Typography sx={sectionLabel}>{ORDER_STATUS_LABELS[order.status]}</Typography>
          <Typography variant="body2">{formatDateTime(order.ordered_at)}</Typography>
          <Typography variant="body2">{order.customerUser.name}</Typography>
        </Box>
      </Box>
      <Divider sx={{ my: 3 }} />
      <Table aria-label="Order items" size="small">
        <TableHead>
          <TableRow>
            <TableCell>Product</TableCell>
            <TableCell align="right">Qty</TableCell>
            <TableCell align="right">Price</TableCell>
            <TableCell align="right">Total</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {order.orderItems.map((item) => (
            <TableRow key={item.line}>
              <TableCell sx={item.is_rejected ? { textDecoration: 'line-through' } : undefined}>
                {item.product.product} {item.product.product_size}
                {item.is_rejected && ' (rejected)'}
              </TableCell>
              <TableCell align="right">{item.qty}</TableCell>
              <TableCell align="right">{formatMoney(item.price)}</TableCell>
              <TableCell align="right">{formatMoney(item.total)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={3} align="right" sx={{ fontWeight: 700 }}>
              Total
            </TableCell>
            <TableCell align="right" sx={{ fontWeight: 700 }}>
              {formatMoney(order.total)}
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
    </PublicPage>
  );
}
