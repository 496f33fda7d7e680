import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import type { PhoneRowParts } from '../../shared/grid/PhoneRowList';
import type { ActivityRow } from './activity.api';
import { formatDateTime } from '../../shared/format';
import { activitySentence } from './activity-text';

/** The client's specification: activity sorts by created_at, newest first. */
export const ACTIVITY_GRID_DEFAULT_SORT: GridSortModel = [{ field: 'created_at', sort: 'desc' }];

/**
 * An event on a phone: what happened (wrapped, an error marked), when and by whom under it, and Open.
 */
export const activityPhoneRow =
  (openChanges: (row: ActivityRow) => void) =>
  (row: ActivityRow): PhoneRowParts => {
    const sentence = activitySentence(row);
    return {
      primary: (
        <>
          {!row.success && (
            <ErrorOutline
              color="error"
              aria-label="Error"
              sx={{ fontSize: 16, verticalAlign: 'text-bottom', mr: 0.5 }}
            />
          )}
          {sentence}
        </>
      ),
      secondary: `${formatDateTime(row.created_at)}${row.user_name ? ` · by ${row.user_name}` : ''}`,
      actions: (
        <Button size="small" onClick={() => openChanges(row)} aria-label={`Open the event: ${sentence}`}>
          Open
        </Button>
      ),
    };
  };

/** The /activity grid; field names are the API's column ids (GET user/user-activity/grid). */
export function activityColumns(openChanges: (row: ActivityRow) => void): GridColDef<ActivityRow>[] {
  return [
    {
      field: 'success',
      headerName: 'Status',
      minWidth: 120,
      flex: 0.4,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          variant="outlined"
          color={row.success ? 'success' : 'error'}
          icon={row.success ? <CheckCircleOutline /> : <ErrorOutline />}
          label={row.success ? 'Success' : 'Error'}
        />
      ),
    },
    {
      field: 'type',
      headerName: 'Activity',
      minWidth: 260,
      flex: 2,
      sortable: false,
      filterable: false,
      valueGetter: (_value, row) => activitySentence(row),
      renderCell: ({ row, value }) => (
        <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 0.5, minWidth: 0, height: '100%' }}>
          <Typography variant="body2" noWrap sx={{ fontWeight: 500, alignSelf: 'center' }}>
            {value as string}
          </Typography>
          {row.user_name && (
            <Typography variant="body2" color="text.secondary" noWrap sx={{ alignSelf: 'center' }}>
              by {row.user_name}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      field: 'created_at',
      headerName: 'Date',
      minWidth: 200,
      flex: 0.8,
      filterable: false,
      // on the company's clock, as every date and time
      valueFormatter: (value) => formatDateTime(value as string),
    },
    {
      field: 'changes',
      headerName: 'Changes',
      minWidth: 120,
      flex: 0.4,
      sortable: false,
      filterable: false,
      renderCell: ({ row }) => (
        <Button
          size="small"
          onClick={() => openChanges(row)}
          aria-label={`Open the event: ${activitySentence(row)}`}
        >
          Open
        </Button>
      ),
    },
  ];
}
