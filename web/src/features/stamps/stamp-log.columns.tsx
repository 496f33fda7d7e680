import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, toDate } from '../../shared/format';
import type { PhoneRowParts } from '../../shared/grid/PhoneRowList';
import { LOG_KIND } from './stamp-format';
import type { StampLogKind, StampLogRow } from './stamps.api';

/** The client's specification: stamps sort by logged_at descending. */
export const STAMP_LOG_DEFAULT_SORT: GridSortModel = [{ field: 'logged_at', sort: 'desc' }];

const isManual = (row: StampLogRow) => row.kind === 'allocated' && !row.invoice;
const kindLabel = (row: StampLogRow) =>
  isManual(row) ? 'Assigned' : (LOG_KIND[row.kind]?.label ?? row.kind);

/** Stamp numbers are shown as printed (no thousands separator); counts with one. */
const stampNumber = (value: unknown) => (value === null || value === undefined ? '' : String(value));
const toNumber = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : Number(value);

/**
 * The stamp log (as the client's specification asks): customer, TABC ID, invoice, date, prefix, start, end, used, balance, and a
 * status column (after the invoice, so it stays in view) that marks destroyed stamps. Field names are the API's column ids.
 */
export const stampLogColumns: GridColDef<StampLogRow>[] = [
  { field: 'customer', headerName: 'Customer', flex: 1.4, minWidth: 100 },
  { field: 'tabc_id', headerName: 'TABC ID', flex: 1, minWidth: 100 },
  {
    field: 'invoice',
    headerName: 'Invoice',
    minWidth: 80,
    flex: 0.7,
    renderCell: ({ row }) =>
      row.invoice ? (
        <Link component={RouterLink} to={`/invoice/${encodeURIComponent(row.invoice)}`}>
          #{row.invoice}
        </Link>
      ) : isManual(row) ? (
        <Typography component="span" variant="body2" color="text.secondary" title={row.note ?? undefined}>
          Manual
        </Typography>
      ) : null,
  },
  {
    field: 'kind',
    headerName: 'Status',
    type: 'singleSelect',
    minWidth: 104,
    flex: 0.7,
    // The spec's five; rows of the extended statuses show their own label but are not in this list.
    valueOptions: (['received', 'allocated', 'released', 'destroyed', 'restored'] as StampLogKind[]).map(
      (value) => ({ value, label: LOG_KIND[value].label }),
    ),
    renderCell: ({ row }) => (
      <Chip
        size="small"
        label={kindLabel(row)}
        color={LOG_KIND[row.kind]?.color ?? 'default'}
        variant={row.kind === 'destroyed' ? 'filled' : 'outlined'}
      />
    ),
  },
  {
    field: 'logged_at',
    headerName: 'Date',
    type: 'date',
    minWidth: 124,
    flex: 0.8,
    valueGetter: (value) => toDate(value as string),
    valueFormatter: (value) => formatDate(value as Date | null),
  },
  { field: 'prefix', headerName: 'Prefix', minWidth: 64, flex: 0.5 },
  {
    field: 'start',
    headerName: 'Start',
    type: 'number',
    minWidth: 84,
    flex: 0.6,
    valueGetter: toNumber,
    valueFormatter: stampNumber,
  },
  {
    field: 'end',
    headerName: 'End',
    type: 'number',
    minWidth: 84,
    flex: 0.6,
    valueGetter: toNumber,
    valueFormatter: stampNumber,
  },
  { field: 'used', headerName: 'Used', type: 'number', minWidth: 60, flex: 0.5, valueGetter: toNumber },
  { field: 'balance', headerName: 'Balance', type: 'number', minWidth: 76, flex: 0.6, valueGetter: toNumber },
];

const range = (row: StampLogRow) =>
  `${row.prefix}${stampNumber(row.start)}${String(row.end) !== String(row.start) ? `–${stampNumber(row.end)}` : ''}`;

/** A stamp log row on a phone: the serials and what became of them, the day, the invoice and customer, the count. */
export const stampLogPhoneRow = (row: StampLogRow): PhoneRowParts => ({
  primary: range(row),
  secondary: [
    formatDate(toDate(row.logged_at)),
    row.invoice ? `#${row.invoice}` : isManual(row) ? 'Manual' : '',
    row.customer,
  ]
    .filter(Boolean)
    .join(' · '),
  amount: `${Number(row.used).toLocaleString('en-US')} ${Number(row.used) === 1 ? 'stamp' : 'stamps'}`,
  badge: (
    <Chip
      size="small"
      label={kindLabel(row)}
      color={LOG_KIND[row.kind]?.color ?? 'default'}
      variant={row.kind === 'destroyed' ? 'filled' : 'outlined'}
    />
  ),
});
