import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MailOutlineOutlined from '@mui/icons-material/MailOutlineOutlined';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { formatDate, formatDateTime, formatMoney, toDate } from '../../shared/format';
import type { PhoneRowParts } from '../../shared/grid/PhoneRowList';
import { RowMoreMenu, type RowMenuItem } from '../../shared/grid/RowMoreMenu';
import { InvoicePdfRowAction } from '../public/document-actions';
import type { InvoiceGridRow, InvoiceStatusChange } from './invoices.api';
import {
  cloneInvoicePath,
  dueLabel,
  editInvoicePath,
  INVOICE_MESSAGES,
  statusLabel,
  toneOf,
} from './view/invoice-display';
import { InvoiceStatusChip } from './view/InvoiceStatusChip';
import { CustomerLink } from '../customers/CustomerLink';

/**
 * The client's specification: invoices sort by invoice date, newest first (the server puts the newest number first within a day,
 * whatever column sorts).
 */
export const INVOICE_GRID_DEFAULT_SORT: GridSortModel = [{ field: 'invoiced_at', sort: 'desc' }];

/** The name under which a user's column choice for this grid is remembered. */
export const INVOICE_GRID_ID = 'invoices';

/** The client's specification: invoice rows are 56 px high. */
export const INVOICE_ROW_HEIGHT = 56;

/** The last few status changes as dots in their tones, the whole history in a tooltip. */
function StatusHistory({ row }: { row: InvoiceGridRow }) {
  const history = row.status_info ?? [];
  const shown = history.slice(-5);
  const label = `Status history of invoice #${row.number}`;
  return (
    <Tooltip
      arrow
      placement="right"
      title={
        <Box component="ol" sx={{ m: 0, p: 0.5, listStyle: 'none', display: 'grid', gap: 0.75 }}>
          {history.length === 0 && <li>No status changes yet</li>}
          {history.map((entry: InvoiceStatusChange, index) => (
            <Box
              component="li"
              key={`${entry.created_at}-${index}`}
              sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}
            >
              <Box
                component="span"
                sx={{
                  width: 8,
                  height: 8,
                  borderRadius: '50%',
                  bgcolor: toneOf(entry.new_status).color,
                  flex: '0 0 8px',
                  border: '1px solid #fff',
                }}
              />
              <span>
                <strong>{statusLabel(entry.new_status)}</strong> · {formatDateTime(entry.created_at)}
              </span>
            </Box>
          ))}
        </Box>
      }
    >
      <Box
        role="img"
        aria-label={`${label}: ${history.map((entry) => statusLabel(entry.new_status)).join(', ')}`}
        tabIndex={0}
        sx={{ display: 'flex', alignItems: 'center', height: '100%', gap: 0.25, cursor: 'help' }}
      >
        {shown.map((entry, index) => (
          <Box
            key={`${entry.created_at}-${index}`}
            sx={{
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: toneOf(entry.new_status).color,
              opacity: index === shown.length - 1 ? 1 : 0.45,
              boxShadow: '0 0 0 2px #fff',
              ml: index === 0 ? 0 : -0.25,
            }}
          />
        ))}
      </Box>
    </Tooltip>
  );
}

const twoLines = (first: string, second: string | null | undefined, strong = false) => (
  <Box
    sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}
  >
    <Typography variant="body2" noWrap sx={{ fontWeight: strong ? 600 : 400 }} title={first}>
      {first}
    </Typography>
    {second && (
      <Typography variant="caption" color="text.secondary" noWrap title={second}>
        {second}
      </Typography>
    )}
  </Box>
);

export interface InvoiceColumnOptions {
  /** the email feature is on: the e-mail action appears (as the client's specification asks) */
  email: boolean;
}

/**
 * The /invoice grid (as the client's specification asks): history icons, status, number, total, paid, balance, date, due on, customer,
 * items, actions (download PDF; edit, clone and e-mail log behind 'More actions', so the actions stay in view at
 * 1440 px beside every other column).
 * Field names are the API's column ids. Status is filtered from the toolbar (all eight statuses), so its column
 * menu offers no filter.
 */
export function invoiceColumns({ email }: InvoiceColumnOptions): GridColDef<InvoiceGridRow>[] {
  return [
    {
      field: 'status_info',
      headerName: 'History',
      description: 'Status history',
      sortable: false,
      filterable: false,
      disableColumnMenu: true,
      minWidth: 68,
      renderCell: ({ row }) => <StatusHistory row={row} />,
    },
    {
      field: 'status',
      headerName: 'Status',
      filterable: false,
      minWidth: 112,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
          <InvoiceStatusChip status={row.status} />
        </Box>
      ),
    },
    {
      field: 'number',
      headerName: 'Number',
      minWidth: 88,
      // A cancelled invoice and its replacement name each other under the number
      renderCell: ({ row }) => {
        const link = replacementText(row);
        const number = (
          <Typography component="span" variant="body2" sx={{ fontWeight: 600, color: 'primary.main' }}>
            #{row.number}
          </Typography>
        );
        if (!link) return number;
        return (
          <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%' }}>
            {number}
            <Typography component="span" variant="caption" color="text.secondary" noWrap title={link}>
              {link}
            </Typography>
          </Box>
        );
      },
    },
    {
      field: 'total',
      headerName: 'Total',
      type: 'number',
      minWidth: 92,
      valueFormatter: (value) => formatMoney(value as number),
    },
    {
      field: 'paid',
      headerName: 'Paid',
      description: 'What was paid on the invoice',
      type: 'number',
      minWidth: 84,
      valueFormatter: (value) => formatMoney(value as number),
    },
    {
      field: 'balance',
      headerName: 'Balance',
      description: 'What is still owed (nothing on a cancelled invoice)',
      type: 'number',
      minWidth: 92,
      renderCell: ({ row }) => (
        <Typography
          component="span"
          variant="body2"
          sx={{ fontWeight: row.balance > 0 ? 600 : 400 }}
          color={row.balance > 0 ? 'text.primary' : 'text.secondary'}
        >
          {formatMoney(row.balance)}
        </Typography>
      ),
    },
    {
      field: 'invoiced_at',
      headerName: 'Date',
      type: 'date',
      minWidth: 100,
      valueGetter: (value) => toDate(value as string),
      valueFormatter: (value) => formatDate(value as Date | null),
    },
    {
      field: 'due_at',
      headerName: 'Due On',
      type: 'date',
      minWidth: 100,
      valueGetter: (value) => toDate(value as string),
      renderCell: ({ row }) => {
        const label = dueLabel(row.due_at, INVOICE_MESSAGES.onDelivery);
        return (
          <Typography
            component="span"
            variant="body2"
            color={label === INVOICE_MESSAGES.onDelivery ? 'text.secondary' : 'text.primary'}
          >
            {label}
          </Typography>
        );
      },
    },
    {
      field: 'customer',
      headerName: 'Customer',
      minWidth: 130,
      flex: 1.3,
      renderCell: ({ row }) => (
        <Box
          sx={{
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'center',
            height: '100%',
            minWidth: 0,
          }}
        >
          <CustomerLink
            customerId={row.customer_id}
            name={row.customer}
            variant="body2"
            noWrap
            title={row.customer}
            sx={{ display: 'block' }}
          />
          {row.customer_tabc_id && (
            <Typography variant="caption" color="text.secondary" noWrap title={row.customer_tabc_id}>
              {row.customer_tabc_id}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'items',
      headerName: 'Items',
      sortable: false,
      minWidth: 110,
      flex: 1,
      renderCell: ({ row }) =>
        twoLines(row.items, `${row.item_count} ${row.item_count === 1 ? 'item' : 'items'}`),
    },
    {
      field: 'actions',
      headerName: 'Actions',
      sortable: false,
      filterable: false,
      disableColumnMenu: true,
      align: 'right',
      headerAlign: 'right',
      minWidth: 84,
      renderCell: ({ row }) => {
        const menu: RowMenuItem[] = [
          ...(row.status !== 'cancelled'
            ? [
                {
                  label: 'Edit',
                  name: `Edit invoice #${row.number}`,
                  icon: <EditOutlined fontSize="small" />,
                  to: editInvoicePath(row.number),
                },
              ]
            : []),
          {
            label: 'Clone',
            name: `Clone invoice #${row.number}`,
            icon: <ContentCopyOutlined fontSize="small" />,
            to: cloneInvoicePath(row.number),
          },
          ...(email
            ? [
                {
                  label: 'Email log',
                  name: `Email log invoice #${row.number}`,
                  icon: <MailOutlineOutlined fontSize="small" />,
                  to: `/emails?invoice=${encodeURIComponent(row.number)}`,
                },
              ]
            : []),
        ];
        return (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', height: '100%' }}>
            <InvoicePdfRowAction number={row.number} />
            <RowMoreMenu label={`More actions for invoice #${row.number}`} items={menu} />
          </Box>
        );
      },
    },
  ];
}

/** 'replaced by #N' on a cancelled invoice that was replaced, 'replaces #N' on its replacement, else null. */
const replacementText = (row: InvoiceGridRow): string | null =>
  row.replaced_by ? `replaced by #${row.replaced_by}` : row.replaces ? `replaces #${row.replaces}` : null;

/**
 * An invoice on a phone: its number and customer (and the invoice it replaces or that replaced it), the total and
 * the status (the invoice view has the rest).
 */
export const invoicePhoneRow = (row: InvoiceGridRow): PhoneRowParts => ({
  primary: `#${row.number}`,
  secondary: [row.customer, replacementText(row)].filter(Boolean).join(' · '),
  amount: formatMoney(row.total),
  badge: <InvoiceStatusChip status={row.status} />,
});
