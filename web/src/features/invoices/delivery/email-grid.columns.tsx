import { InvoiceNumberCell } from '../../../shared/grid/GridCellLink';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { formatDateTime, toDate } from '../../../shared/format';
import { invoicePath } from '../view/invoice-display';
import type { EmailGridRow } from './delivery.api';
import { EmailStatusChip } from './InvoiceEmailsSection';

/** Newest e-mail first (the API's default too). */
export const EMAIL_GRID_DEFAULT_SORT: GridSortModel = [{ field: 'created_at', sort: 'desc' }];

/** The client's specification: e-mail rows are 50 px high. */
export const EMAIL_ROW_HEIGHT = 50;

/** The /emails grid; field names are the API's column ids (GET /invoice/email/grid). */
export function emailColumns(): GridColDef<EmailGridRow>[] {
  return [
    {
      field: 'number',
      headerName: 'Invoice Number',
      minWidth: 140,
      flex: 0.6,
      renderCell: ({ row }) => <InvoiceNumberCell number={row.number} to={invoicePath(row.number)} />,
    },
    { field: 'emailed_to', headerName: 'Emailed To', minWidth: 200, flex: 1.2 },
    { field: 'notes', headerName: 'Notes', minWidth: 180, flex: 1.4 },
    {
      field: 'created_at',
      headerName: 'Sent At',
      type: 'dateTime',
      minWidth: 190,
      flex: 0.9,
      valueGetter: (value) => toDate(value as string),
      valueFormatter: (value) => formatDateTime(value as Date | null),
    },
    {
      field: 'status',
      headerName: 'Status',
      type: 'singleSelect',
      valueOptions: [
        { value: 'sent', label: 'Sent' },
        { value: 'queued', label: 'Retrying' },
        { value: 'failed', label: 'Not delivered' },
      ],
      minWidth: 130,
      flex: 0.6,
      renderCell: ({ row }) => <EmailStatusChip email={row} />,
    },
  ];
}
