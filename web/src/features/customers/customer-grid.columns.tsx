import EditOutlined from '@mui/icons-material/EditOutlined';
import PostAddOutlined from '@mui/icons-material/PostAddOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { useEffect, useRef, type MouseEvent, type ReactElement } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { formatDate, formatMoney, toDate } from '../../shared/format';
import { invoiceHistoryPath, newInvoiceForCustomerPath } from '../invoices/view/invoice-display';
import { CustomerAvatar } from './CustomerAvatar';
import type { PhoneRowParts } from '../../shared/grid/PhoneRowList';
import type { CustomerGridRow } from './customers.api';

/** The server's default order, shown on the Name header. */
export const CUSTOMER_GRID_DEFAULT_SORT: GridSortModel = [{ field: 'name', sort: 'asc' }];

/** The client's specification: customer rows are 50 px high. */
export const CUSTOMER_ROW_HEIGHT = 50;

/** The customer's overview page; its edit form is under it. */
export const customerPath = (id: string) => `/customer/${encodeURIComponent(id)}`;
export const editCustomerPath = (id: string) => `${customerPath(id)}/edit`;

/** A row action: a link with an icon, named after the customer for assistive technology. */
export interface CustomerRowAction {
  label: string;
  icon: ReactElement;
  to: (row: CustomerGridRow) => string;
}

/**
 * The row actions, in order. Screens that act on one customer add theirs here (new invoice for the
 * customer, invoice history, customer users), each a link to its route.
 */
export const CUSTOMER_ROW_ACTIONS: CustomerRowAction[] = [
  { label: 'Open', icon: <StorefrontOutlined fontSize="small" />, to: (row) => customerPath(row.id) },
  {
    label: 'New invoice',
    icon: <PostAddOutlined fontSize="small" />,
    to: (row) => newInvoiceForCustomerPath(row.id),
  },
  {
    label: 'Invoice history',
    icon: <ReceiptLongOutlined fontSize="small" />,
    to: (row) => invoiceHistoryPath(row.id),
  },
  { label: 'Edit', icon: <EditOutlined fontSize="small" />, to: (row) => editCustomerPath(row.id) },
];

/** How long a click on the name waits for a second one (a double-click starts an invoice instead). */
const DOUBLE_CLICK_MS = 250;

/**
 * The customer's name, a link to its overview. A mouse click waits a moment, so that a double-click (handled by
 * the page's onCellDoubleClick: start an invoice) does not open the overview first; keyboard and modified clicks
 * behave as any link.
 */
function NameLink({ row }: { row: CustomerGridRow }) {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  const to = customerPath(row.id);
  return (
    <Link
      component={RouterLink}
      to={to}
      underline="hover"
      color="inherit"
      noWrap
      sx={{ fontWeight: 600 }}
      title="Double-click to start an invoice"
      onClick={(event: MouseEvent) => {
        if (event.detail === 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)
          return;
        event.preventDefault();
        window.clearTimeout(timer.current);
        if (event.detail === 1) timer.current = window.setTimeout(() => navigate(to), DOUBLE_CLICK_MS);
      }}
    >
      {row.name}
    </Link>
  );
}

const yesNo = (value: unknown) => (value ? 'Yes' : 'No');

const STANDING: Record<string, { label: string; color: 'success' | 'error' }> = {
  active: { label: 'Active', color: 'success' },
  expired: { label: 'Expired', color: 'error' },
  suspended: { label: 'Suspended', color: 'error' },
  delinquent: { label: 'Delinquent', color: 'error' },
};

/** The licence and list status: 'Active', or what is wrong (Expired, Suspended, Delinquent); a dash when unknown. */
function LicenceStatus({ status }: { status: string | null }) {
  const flags = (status ?? '').split(',').filter((flag) => STANDING[flag]);
  if (flags.length === 0)
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
        <Typography
          variant="body2"
          color="text.secondary"
          title="No licence in the imported TABC list matches"
        >
          —
        </Typography>
      </Box>
    );
  return (
    <Box
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        height: '100%',
        minWidth: 0,
        overflow: 'hidden',
      }}
    >
      {flags.map((flag) => (
        <Chip
          key={flag}
          size="small"
          variant="outlined"
          color={STANDING[flag]!.color}
          label={STANDING[flag]!.label}
        />
      ))}
    </Box>
  );
}

/** The /customer grid; field names are the API's column ids (its tabc_id is the displayed TABC id). */
export function customerColumns(
  actions: CustomerRowAction[] = CUSTOMER_ROW_ACTIONS,
): GridColDef<CustomerGridRow>[] {
  return [
    {
      field: 'name',
      headerName: 'Name',
      flex: 1.6,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, height: '100%', minWidth: 0 }}>
          <CustomerAvatar name={row.name} colorIndex={row.color_index} />
          <NameLink row={row} />
        </Box>
      ),
    },
    {
      field: 'tabc_id',
      headerName: 'TABC ID',
      flex: 0.8,
      minWidth: 110,
    },
    {
      field: 'balance',
      headerName: 'Balance',
      description: 'What the customer owes on its open invoices',
      type: 'number',
      sortable: false,
      filterable: false,
      minWidth: 100,
      flex: 0.6,
      renderCell: ({ row }) => (
        <Typography
          component="span"
          variant="body2"
          sx={{ fontWeight: row.balance > 0 ? 600 : 400, fontVariantNumeric: 'tabular-nums' }}
          color={row.balance > 0 ? 'text.primary' : 'text.secondary'}
        >
          {formatMoney(row.balance)}
        </Typography>
      ),
    },
    {
      field: 'licence_status',
      headerName: 'Licence',
      description: 'TABC licence and delinquent-list status',
      sortable: false,
      filterable: false,
      minWidth: 130,
      flex: 0.8,
      renderCell: ({ row }) => <LicenceStatus status={row.licence_status} />,
    },
    { field: 'address', headerName: 'Address', flex: 1.3, minWidth: 140 },
    { field: 'city', headerName: 'City', flex: 0.8, minWidth: 100 },
    { field: 'zip', headerName: 'Zip', flex: 0.5, minWidth: 80 },
    { field: 'contact_name', headerName: 'Contact', flex: 1, minWidth: 110 },
    { field: 'contact_phone', headerName: 'Phone', flex: 0.8, minWidth: 120 },
    { field: 'contact_email', headerName: 'Email', flex: 1.1, minWidth: 160 },
    {
      field: 'cash_on_delivery',
      headerName: 'COD',
      type: 'boolean',
      minWidth: 70,
      flex: 0.4,
      valueFormatter: yesNo,
    },
    {
      field: 'created_at',
      headerName: 'Added',
      type: 'date',
      minWidth: 120,
      flex: 0.7,
      valueGetter: (value) => toDate(value as string),
      valueFormatter: (value) => formatDate(value as Date | null),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      sortable: false,
      filterable: false,
      disableColumnMenu: true,
      align: 'right',
      headerAlign: 'right',
      minWidth: 72 + 40 * (actions.length - 1),
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', height: '100%' }}>
          {actions.map((action) => (
            <Tooltip key={action.label} title={action.label}>
              <IconButton
                component={RouterLink}
                to={action.to(row)}
                size="small"
                aria-label={`${action.label} ${row.name}`}
              >
                {action.icon}
              </IconButton>
            </Tooltip>
          ))}
        </Box>
      ),
    },
  ];
}

/**
 * A customer on a phone: its name, its TABC id and city below, what it owes on the right, and its licence standing
 * when something is wrong with it (a tap opens the customer).
 */
export const customerPhoneRow = (row: CustomerGridRow): PhoneRowParts => ({
  primary: row.name,
  secondary: [row.tabc_id, row.city].filter(Boolean).join(' · '),
  amount: formatMoney(row.balance),
  badge: (row.licence_status ?? '').split(',').some((flag) => STANDING[flag] && flag !== 'active') ? (
    <LicenceStatus status={row.licence_status} />
  ) : undefined,
});
