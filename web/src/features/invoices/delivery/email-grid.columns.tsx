import { GridCellLink, InvoiceNumberCell } from '../../../shared/grid/GridCellLink';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { formatDateTime, toDate } from '../../../shared/format';
import { invoicePath } from '../view/invoice-display';
import { phoneRowParts, type PhoneRowParts } from '../../../shared/grid/PhoneRowList';
import { EMAIL_STATUS, periodLabel } from './delivery-messages';
import type { EmailGridRow, EmailStatus } from './delivery.api';
import { emailDocumentLabel, emailDocumentPath } from './email-document';
import { emailPhoneFacts } from './email-log-phone';
import { EmailStatusChip } from './InvoiceEmailsSection';

/** Newest e-mail first (the API's default too). */
export const EMAIL_GRID_DEFAULT_SORT: GridSortModel = [{ field: 'created_at', sort: 'desc' }];

/** The client's specification: e-mail rows are 50 px high. */
export const EMAIL_ROW_HEIGHT = 50;

/** The statuses as the Status filter offers them: Sent, Retrying, Not delivered. */
export const EMAIL_STATUS_OPTIONS = (Object.keys(EMAIL_STATUS) as EmailStatus[]).map((status) => ({
  value: status,
  label: EMAIL_STATUS[status].label,
}));

/** An e-mail on a phone (see emailPhoneFacts); a tap opens its invoice. */
export const emailPhoneRow = (row: EmailGridRow): PhoneRowParts => phoneRowParts(emailPhoneFacts(row));
export const emailRowLink = (row: EmailGridRow): string | undefined => emailPhoneFacts(row).link;

const ellipsis = {
  display: 'block',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;

/**
 * The document's cell, opening it: the invoice's number, the memo's number, or the statement's customer and period
 * (its customer's page, where the statement is).
 */
function DocumentCell({ row }: { row: EmailGridRow }) {
  if (row.kind === 'credit_memo' && row.document_id)
    return (
      <GridCellLink to={emailDocumentPath(row)} aria-label={emailDocumentLabel(row)} sx={{ fontWeight: 600 }}>
        {row.number}
      </GridCellLink>
    );
  if (row.kind === 'statement' && row.document_id) {
    const label = `${row.customer_name ?? ''} · ${periodLabel(row.period_from, row.period_to)}`;
    return (
      <GridCellLink
        to={emailDocumentPath(row)}
        title={label}
        aria-label={`Statement, ${label}`}
        sx={{ fontWeight: 600, ...ellipsis, lineHeight: 'inherit' }}
      >
        {label}
      </GridCellLink>
    );
  }
  return <InvoiceNumberCell number={row.number} to={invoicePath(row.number)} />;
}

/** The /emails grid; field names are the API's column ids (GET /invoice/email/grid). */
export function emailColumns(): GridColDef<EmailGridRow>[] {
  return [
    {
      field: 'number',
      headerName: 'Document',
      minWidth: 150,
      flex: 0.8,
      renderCell: ({ row }) => <DocumentCell row={row} />,
    },
    {
      field: 'kind',
      headerName: 'Type',
      type: 'singleSelect',
      valueOptions: [
        { value: 'invoice', label: 'Invoice' },
        { value: 'credit_memo', label: 'Credit memo' },
        { value: 'statement', label: 'Statement' },
      ],
      minWidth: 110,
      flex: 0.4,
    },
    { field: 'emailed_to', headerName: 'Emailed To', minWidth: 200, flex: 1.2 },
    { field: 'notes', headerName: 'Notes', minWidth: 160, flex: 1.2 },
    {
      field: 'created_at',
      headerName: 'Sent At',
      type: 'dateTime',
      minWidth: 200,
      flex: 0.9,
      valueGetter: (value) => toDate(value as string),
      valueFormatter: (value) => formatDateTime(value as Date | null),
    },
    {
      field: 'status',
      headerName: 'Status',
      type: 'singleSelect',
      valueOptions: EMAIL_STATUS_OPTIONS,
      minWidth: 130,
      flex: 0.6,
      renderCell: ({ row }) => <EmailStatusChip email={row} />,
    },
  ];
}
