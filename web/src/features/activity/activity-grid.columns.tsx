import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import type { ActivityRow } from './activity.api';
import { formatDateTime } from '../../shared/format';
import { activitySentence } from './activity-text';

/** The client's specification: activity sorts by created_at, newest first. */
export const ACTIVITY_GRID_DEFAULT_SORT: GridSortModel = [{ field: 'created_at', sort: 'desc' }];

/**
 * A phone's activity grid: one column saying what happened, and when and by whom under it (an error marked), and
 * Open: nothing to scroll sideways for.
 */
export function narrowActivityColumns(
  openChanges: (row: ActivityRow) => void,
  /** the widest the sentence may be: the grid refits its columns to their content, never past the screen */
  maxWidth = 280,
): GridColDef<ActivityRow>[] {
  return [
    {
      field: 'type',
      headerName: 'Activity',
      flex: 1,
      minWidth: 0,
      maxWidth,
      sortable: false,
      filterable: false,
      valueGetter: (_value, row) => activitySentence(row),
      renderCell: ({ row, value }) => (
        <Box
          sx={{
            minWidth: 0,
            display: 'flex',
            flexDirection: 'column',
            justifyContent: 'center',
            height: '100%',
          }}
        >
          <Typography
            variant="body2"
            noWrap
            sx={{ fontWeight: 500, lineHeight: 1.35 }}
            title={value as string}
          >
            {!row.success && (
              <ErrorOutline
                color="error"
                aria-label="Error"
                sx={{ fontSize: 16, verticalAlign: 'text-bottom', mr: 0.5 }}
              />
            )}
            {value as string}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap sx={{ lineHeight: 1.35 }}>
            {formatDateTime(row.created_at)}
            {row.user_name ? ` · by ${row.user_name}` : ''}
          </Typography>
        </Box>
      ),
    },
    {
      field: 'changes',
      headerName: '',
      width: 72,
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
