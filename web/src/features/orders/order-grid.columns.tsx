import PaymentsOutlined from '@mui/icons-material/PaymentsOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ReceiptOutlined from '@mui/icons-material/ReceiptOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router-dom';
import { ORDER_STATUS_LABELS } from '#domain/orders/order-status';
import { GridCellLink } from '../../shared/grid/GridCellLink';
import { formatDateTime, formatMoney } from '../../shared/format';
import type { PhoneRowParts } from '../../shared/grid/PhoneRowList';
import { ORDER_MESSAGES } from './order-messages';
import type { OrderGridRow } from './orders.api';
import { CustomerLink } from '../customers/CustomerLink';
import { customerPath } from '../customers/customer-grid.columns';

/** The client's specification: orders sort by created_at, newest first. */
export const ORDER_GRID_DEFAULT_SORT: GridSortModel = [{ field: 'created_at', sort: 'desc' }];

const STATUS_COLORS = {
  placed: 'warning',
  draft: 'default',
  cancelled: 'default',
  rejected: 'error',
  invoiced: 'success',
  partially_invoiced: 'info',
  delivered: 'primary',
} as const;

export function OrderStatusChip({ status }: { status: OrderGridRow['status'] }) {
  return (
    <Chip size="small" variant="outlined" color={STATUS_COLORS[status]} label={ORDER_STATUS_LABELS[status]} />
  );
}

/** The /order grid (as the client's specification asks); field names are the API's column ids (GET order/grid). */
export const orderColumns: GridColDef<OrderGridRow>[] = [
  {
    field: 'invoices',
    headerName: 'History',
    minWidth: 110,
    flex: 0.5,
    sortable: false,
    filterable: false,
    renderCell: ({ row }) =>
      row.invoices.length === 0 ? (
        <Tooltip title={ORDER_MESSAGES.noInvoice}>
          <ReceiptOutlined aria-label={ORDER_MESSAGES.noInvoice} sx={{ color: 'text.disabled', mt: 2 }} />
        </Tooltip>
      ) : (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', height: '100%', flexWrap: 'wrap' }}>
          {row.invoices.map((invoice) => (
            <Link
              key={invoice.id}
              component={RouterLink}
              to={`/invoice/${encodeURIComponent(invoice.number)}`}
              aria-label={`Invoice #${invoice.number}`}
            >
              #{invoice.number}
            </Link>
          ))}
        </Box>
      ),
  },
  {
    field: 'status',
    headerName: 'Status',
    minWidth: 150,
    flex: 0.6,
    filterable: false,
    renderCell: ({ row }) => <OrderStatusChip status={row.status} />,
  },
  {
    field: 'order_number',
    headerName: 'Number',
    type: 'number',
    align: 'left',
    headerAlign: 'left',
    minWidth: 100,
    flex: 0.4,
    filterable: false,
    renderCell: ({ row }) => (
      <GridCellLink to={`/order/${row.order_number}`} aria-label={`Order #${row.order_number}`}>
        #{row.order_number}
      </GridCellLink>
    ),
  },
  {
    field: 'created_at',
    headerName: 'Date',
    minWidth: 180,
    flex: 0.7,
    filterable: false,
    valueFormatter: (value) => formatDateTime(value as string),
  },
  {
    field: 'customer',
    headerName: 'Customer',
    minWidth: 240,
    flex: 1.4,
    filterable: false,
    renderCell: ({ row }) =>
      row.customer_exists ? (
        <Box sx={{ display: 'grid', alignContent: 'center', height: '100%', minWidth: 0 }}>
          <CustomerLink
            customerId={row.customer_id}
            name={row.customer}
            variant="body2"
            noWrap
            sx={{ fontWeight: 500, display: 'block' }}
          />
          <Typography variant="caption" color="text.secondary" noWrap>
            {row.customer_address}
          </Typography>
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ lineHeight: '56px' }}>
          {ORDER_MESSAGES.deletedCustomer}
        </Typography>
      ),
  },
  { field: 'units', headerName: 'Items', type: 'number', minWidth: 80, flex: 0.3, filterable: false },
  {
    field: 'total',
    headerName: 'Total',
    type: 'number',
    minWidth: 110,
    flex: 0.5,
    filterable: false,
    valueFormatter: (value) => formatMoney(value as number),
  },
  {
    field: 'actions',
    headerName: 'Actions',
    minWidth: 150,
    flex: 0.6,
    sortable: false,
    filterable: false,
    renderCell: ({ row }) =>
      row.customer_exists ? (
        <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
          <IconButton
            component={RouterLink}
            to={`/invoice?customerId=${row.customer_id}`}
            aria-label={`Invoices of ${row.customer}`}
            size="small"
          >
            <ReceiptLongOutlined fontSize="small" />
          </IconButton>
          <IconButton
            component={RouterLink}
            to={customerPath(row.customer_id)}
            aria-label={`Customer ${row.customer}`}
            size="small"
          >
            <StorefrontOutlined fontSize="small" />
          </IconButton>
          <IconButton
            component={RouterLink}
            to={`/payment?customerId=${row.customer_id}`}
            aria-label={`Payments of ${row.customer}`}
            size="small"
          >
            <PaymentsOutlined fontSize="small" />
          </IconButton>
        </Box>
      ) : null,
  },
];

/** The name under which a user's column choice for this grid is remembered. */
export const ORDER_GRID_ID = 'orders';

/** An order on a phone: its number and customer, the total and the status. */
export const orderPhoneRow = (row: OrderGridRow): PhoneRowParts => ({
  primary: `#${row.order_number}`,
  secondary: row.customer_exists ? row.customer : ORDER_MESSAGES.deletedCustomer,
  amount: formatMoney(row.total),
  badge: <OrderStatusChip status={row.status} />,
});
