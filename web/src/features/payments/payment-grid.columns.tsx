import { GridCellLink, InvoiceNumberCell } from '../../shared/grid/GridCellLink';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { formatDate, formatDateTime, formatMoney, toDate } from '../../shared/format';
import type { PhoneRowParts } from '../../shared/grid/PhoneRowList';
import { invoicePath } from '../invoices/view/invoice-display';
import type { PaymentGridRow } from './payments.api';
import { customerPath } from '../customers/customer-grid.columns';

/** The client's specification: payments sort by received date, newest first. */
export const PAYMENT_GRID_DEFAULT_SORT: GridSortModel = [{ field: 'received_at', sort: 'desc' }];

/** The client's specification: payment rows are 56 px high. */
export const PAYMENT_ROW_HEIGHT = 56;

/** The /payment report; field names are the API's column ids (GET /invoice/payment/grid). */
export function paymentColumns(): GridColDef<PaymentGridRow>[] {
  return [
    {
      field: 'number',
      headerName: 'Invoice',
      minWidth: 110,
      flex: 0.6,
      renderCell: ({ row }) => <InvoiceNumberCell number={row.number} to={invoicePath(row.number)} />,
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
      field: 'amount',
      headerName: 'Amount',
      type: 'number',
      minWidth: 120,
      flex: 0.6,
      valueFormatter: (value) => formatMoney(value as number),
    },
    {
      field: 'received_at',
      headerName: 'Received',
      type: 'date',
      minWidth: 130,
      flex: 0.7,
      valueGetter: (value) => toDate(value as string),
      valueFormatter: (value) => formatDate(value as Date | null),
    },
    { field: 'note', headerName: 'Note', minWidth: 180, flex: 1.4 },
    {
      field: 'created_at',
      headerName: 'Logged At',
      type: 'dateTime',
      minWidth: 190,
      flex: 0.9,
      valueGetter: (value) => toDate(value as string),
      valueFormatter: (value) => formatDateTime(value as Date | null),
    },
  ];
}

/** The name under which a user's column choice for this grid is remembered. */
export const PAYMENT_GRID_ID = 'payments';

/** A payment on a phone: the invoice and customer, the amount, the day it was received. */
export const paymentPhoneRow = (row: PaymentGridRow): PhoneRowParts => ({
  primary: `#${row.number}`,
  secondary: row.customer,
  amount: formatMoney(row.amount),
  badge: formatDate(toDate(row.received_at)),
});
