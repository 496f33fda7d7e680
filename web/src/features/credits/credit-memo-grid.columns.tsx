import Chip from '@mui/material/Chip';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { CREDIT_REASONS } from '#domain/credits/credit-memo.events';
import { CREDIT_REASON_LABELS } from '#domain/credits/credit-memo.rules';
import { formatDate, formatMoney, toDate } from '../../shared/format';
import { GridCellLink, InvoiceNumberCell } from '../../shared/grid/GridCellLink';
import type { PhoneRowParts } from '../../shared/grid/PhoneRowList';
import { customerPath } from '../customers/customer-grid.columns';
import { invoicePath } from '../invoices/view/invoice-display';
import { creditMemoPath } from './credit-form';
import type { CreditMemoGridRow } from './credits.api';

/** Newest first (the server puts the newest number first within a day). */
export const CREDIT_MEMO_GRID_DEFAULT_SORT: GridSortModel = [{ field: 'issued_on', sort: 'desc' }];

/** The name under which a user's column choice for this grid is remembered. */
export const CREDIT_MEMO_GRID_ID = 'credit-memos';

export const CREDIT_MEMO_ROW_HEIGHT = 56;

const reasonLabel = (reason: string) =>
  CREDIT_REASON_LABELS[reason as keyof typeof CREDIT_REASON_LABELS] ?? reason;

/** The /credit-memos grid; field names are the API's column ids (GET /credit-memos). */
export function creditMemoColumns(): GridColDef<CreditMemoGridRow>[] {
  return [
    {
      field: 'number',
      headerName: 'Memo',
      minWidth: 110,
      flex: 0.6,
      renderCell: ({ row }) => (
        <GridCellLink to={creditMemoPath(row.id)} title={`Credit memo ${row.number}`}>
          {row.number}
        </GridCellLink>
      ),
    },
    {
      field: 'issued_on',
      headerName: 'Date',
      type: 'date',
      minWidth: 120,
      flex: 0.6,
      valueGetter: (value) => toDate(value as string),
      valueFormatter: (value) => formatDate(value as Date | null),
    },
    {
      field: 'customer',
      headerName: 'Customer',
      minWidth: 180,
      flex: 1.3,
      renderCell: ({ row }) => (
        <GridCellLink
          to={customerPath(row.customer_id)}
          color="inherit"
          noWrap
          title={`Customer ${row.customer}`}
        >
          {row.customer}
        </GridCellLink>
      ),
    },
    {
      field: 'invoice_number',
      headerName: 'Invoice',
      minWidth: 110,
      flex: 0.6,
      renderCell: ({ row }) => (
        <InvoiceNumberCell number={row.invoice_number} to={invoicePath(row.invoice_number)} />
      ),
    },
    {
      field: 'reason',
      headerName: 'Reason',
      type: 'singleSelect',
      valueOptions: CREDIT_REASONS.map((value) => ({ value, label: reasonLabel(value) })),
      minWidth: 170,
      flex: 1,
      valueFormatter: (value) => reasonLabel(value as string),
    },
    {
      field: 'total',
      headerName: 'Total',
      type: 'number',
      minWidth: 110,
      flex: 0.6,
      valueFormatter: (value) => formatMoney(value as number),
    },
    {
      field: 'status',
      headerName: 'Status',
      type: 'singleSelect',
      valueOptions: [
        { value: 'issued', label: 'Issued' },
        { value: 'void', label: 'Void' },
      ],
      minWidth: 100,
      flex: 0.5,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          variant="outlined"
          color={row.status === 'void' ? 'default' : 'success'}
          label={row.status === 'void' ? 'Void' : 'Issued'}
        />
      ),
    },
  ];
}

/** A memo on a phone: its number and customer, the total, the status. */
export const creditMemoPhoneRow = (row: CreditMemoGridRow): PhoneRowParts => ({
  primary: `${row.number} · #${row.invoice_number}`,
  secondary: `${row.customer} · ${reasonLabel(row.reason)}`,
  amount: formatMoney(row.total),
  // every row its date; a void one says so beside it
  badge: `${formatDate(toDate(row.issued_on))}${row.status === 'void' ? ' · Void' : ''}`,
});
