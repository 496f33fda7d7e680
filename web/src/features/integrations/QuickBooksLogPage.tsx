import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router-dom';
import { FeatureGate, useFeatureForbidden } from '../../shared/feature-gate/FeatureGate';
import { formatDateTime } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import { useQuickBooksLogQuery } from './quickbooks.api';

const KIND = {
  customer: 'Customer',
  item: 'Item',
  invoice: 'Invoice',
  payment: 'Payment',
  credit_memo: 'Credit memo',
} as const;

function LogTable({ runId }: { runId: string }) {
  const log = useQuickBooksLogQuery(runId);
  useFeatureForbidden(log.error);
  if (log.isLoading) return <CircularProgress aria-label="Loading the sync log" />;
  if (log.isError) {
    const problem = toProblem(log.error);
    if (problem?.status === 403) return null;
    return (
      <Alert severity="error">
        {problem?.status === 404 ? problem.message : 'Error loading the sync log!'}
      </Alert>
    );
  }
  const rows = log.data ?? [];
  if (rows.length === 0)
    return <Typography color="text.secondary">Nothing was sent in this sync.</Typography>;
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-label="Sync log records"
    >
      <Table size="small" aria-label="QuickBooks sync log">
        <TableHead>
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>QuickBooks Id</TableCell>
            <TableCell>Data</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.at)}</TableCell>
              <TableCell>{KIND[row.kind]}</TableCell>
              <TableCell>{row.qboId ?? '—'}</TableCell>
              <TableCell sx={{ color: row.ok ? undefined : 'error.main', wordBreak: 'break-word' }}>
                {row.message}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** /quickbooks/{runId}: one QuickBooks sync's log, one row per object sent or failed. */
export default function QuickBooksLogPage() {
  const { runId = '' } = useParams();
  return (
    <>
      <PageHeader
        title="QuickBooks sync log"
        actions={
          <RouterButton to="/quickbooks" variant="outlined">
            All syncs
          </RouterButton>
        }
      />
      <FeatureGate feature="quickbooks">
        <LogTable runId={runId} />
      </FeatureGate>
    </>
  );
}
