import Alert from '@mui/material/Alert';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatDateTime } from '../../shared/format';
import { toProblem } from '../../shared/problem';

/** The pieces every partner's sync pages share: a titled card, a run's status chip and a run's log table. */

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h2" sx={{ fontSize: '1.15rem', mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** A sync's status; a finished sync with failed records says so (red), a running one is blue. */
export function RunStatusChip({
  status,
  failed,
  label,
}: {
  status: 'running' | 'success' | 'failed';
  failed: number;
  label: string;
}) {
  const failing = status === 'failed' || (status === 'success' && failed > 0);
  return (
    <Chip
      size="small"
      variant="outlined"
      color={status === 'running' ? 'info' : failing ? 'error' : 'success'}
      label={status === 'success' && failed > 0 ? 'Failed records' : label}
    />
  );
}

export interface RunLogRow {
  id: string;
  at: string;
  type: string;
  /** The partner's own id of the record, for a partner that gives one. */
  partnerId?: string | null;
  message: string;
  failed: boolean;
}

/**
 * One sync's log, one row per record sent or failed: loading, a 404's own message (another company's sync), an empty
 * sync, and nothing at all on a 403 (the feature gate says why).
 */
export function RunLogTable({
  query,
  rows,
  label,
  emptyText,
  errorText,
  partnerIdHeader,
}: {
  query: { isLoading: boolean; isError: boolean; error?: unknown };
  rows: RunLogRow[];
  label: string;
  emptyText: string;
  errorText: string;
  partnerIdHeader?: string;
}) {
  if (query.isLoading) return <CircularProgress aria-label="Loading the sync log" />;
  if (query.isError) {
    const problem = toProblem(query.error);
    if (problem?.status === 403) return null;
    return <Alert severity="error">{problem?.status === 404 ? problem.message : errorText}</Alert>;
  }
  if (rows.length === 0) return <Typography color="text.secondary">{emptyText}</Typography>;
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-label="Sync log records"
    >
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>Type</TableCell>
            {partnerIdHeader && <TableCell>{partnerIdHeader}</TableCell>}
            <TableCell>Data</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.at)}</TableCell>
              <TableCell>{row.type}</TableCell>
              {partnerIdHeader && <TableCell>{row.partnerId ?? '—'}</TableCell>}
              <TableCell sx={{ color: row.failed ? 'error.main' : undefined, wordBreak: 'break-word' }}>
                {row.message}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
