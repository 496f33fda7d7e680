import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { toProblem } from '../../shared/problem';
import { useActivityDetailQuery, type ActivityRow } from './activity.api';
import { activitySentence, formatInZone } from './activity-text';

const shown = (value: unknown) => (value === undefined ? '—' : value === null ? 'empty' : String(value));

/**
 * The events behind an activity row (issue 17 §3): its type, time and author, and the fields it changed, old → new
 * (GET /user/user-activity/{id}). Owners open every row; staff their own (the server's 403 message otherwise).
 */
export function ActivityDetailDialog({
  row,
  timeZone,
  onClose,
}: {
  row: ActivityRow;
  timeZone: string;
  onClose: () => void;
}) {
  const detail = useActivityDetailQuery(row.id);
  const data = detail.data;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md" aria-labelledby="activity-detail-title">
      <DialogTitle id="activity-detail-title">{activitySentence(row)}</DialogTitle>
      <DialogContent>
        {detail.isError ? (
          <Alert severity="error">
            {toProblem(detail.error)?.message || 'The changes could not be loaded.'}
          </Alert>
        ) : !data ? (
          <Skeleton height={120} />
        ) : (
          <>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              {data.event_type} · {formatInZone(data.occurred_at, timeZone)}
              {data.user_name ? ` · by ${data.user_name}` : ''}
            </Typography>
            {data.changes.length === 0 ? (
              <Typography>Nothing changed.</Typography>
            ) : (
              <Table size="small" aria-label="Changed fields">
                <TableHead>
                  <TableRow>
                    <TableCell>Field</TableCell>
                    <TableCell>Before</TableCell>
                    <TableCell>After</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.changes.map((change) => (
                    <TableRow key={change.field}>
                      <TableCell sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
                        {change.field}
                      </TableCell>
                      <TableCell sx={{ wordBreak: 'break-word' }}>{shown(change.before)}</TableCell>
                      <TableCell sx={{ wordBreak: 'break-word' }}>{shown(change.after)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
