import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutline from '@mui/icons-material/ErrorOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import type { ActivityRow } from './activity.api';
import { activitySentence, formatInZone } from './activity-text';

/** Spec 001 §9: activity sorts by created_at, newest first. */
export const ACTIVITY_GRID_DEFAULT_SORT: GridSortModel = [{ field: 'created_at', sort: 'desc' }];

/** The /activity grid; field names are the API's column ids (GET user/user-activity/grid). */
export function activityColumns(
  timeZone: string,
  openChanges: (row: ActivityRow) => void,
): GridColDef<ActivityRow>[] {
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
      valueFormatter: (value) => formatInZone(value as string, timeZone),
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
          aria-label={`Open the changes: ${activitySentence(row)}`}
        >
          Open
        </Button>
      ),
    },
  ];
}
