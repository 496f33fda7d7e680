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
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { formatDateTime } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { useActivityDetailQuery, type ActivityRow } from './activity.api';
import { activitySentence } from './activity-text';

/** A side that did not exist (a payment logged has no "before"). */
const shown = (value: string | undefined) => value ?? '—';

/**
 * The event behind an activity row: what happened, when (the company's clock) and by whom, and what it changed,
 * field by field in words, before → after (GET /user/user-activity/{id}: money in dollars, dates as dates, no ids).
 * Owners open every row; staff their own (the server's 403 message otherwise).
 */
export function ActivityDetailDialog({ row, onClose }: { row: ActivityRow; onClose: () => void }) {
  const detail = useActivityDetailQuery(row.id);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const data = detail.data;
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      fullScreen={narrow}
      maxWidth="md"
      aria-labelledby="activity-detail-title"
    >
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
              {formatDateTime(data.occurred_at)}
              {data.user_name ? ` · by ${data.user_name}` : ''}
            </Typography>
            {data.changes.length === 0 ? (
              <Typography>Nothing changed.</Typography>
            ) : (
              <Table size="small" aria-label="Changed fields">
                <TableHead>
                  <TableRow>
                    <TableCell>What</TableCell>
                    <TableCell>Before</TableCell>
                    <TableCell>After</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.changes.map((change) => (
                    <TableRow key={change.field}>
                      <TableCell
                        component="th"
                        scope="row"
                        sx={{ overflowWrap: 'break-word', fontWeight: 500 }}
                      >
                        {change.label}
                      </TableCell>
                      <TableCell sx={{ overflowWrap: 'break-word' }}>{shown(change.before)}</TableCell>
                      <TableCell sx={{ overflowWrap: 'break-word' }}>{shown(change.after)}</TableCell>
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
