import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Paper from '@mui/material/Paper';
import { useParams } from 'react-router-dom';
import { FeatureGate, useFeatureForbidden } from '../../shared/feature-gate/FeatureGate';
import { formatDateTime } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import { PARTNERS, SYNC_TEXTS } from './integration-texts';
import { useSyncLogQuery, type PartnerPath } from './integrations.api';

function SyncLogTable({ partner, syncId }: { partner: PartnerPath; syncId: string }) {
  const log = useSyncLogQuery({ partner, syncId });
  useFeatureForbidden(log.error);
  if (log.isLoading) return <CircularProgress aria-label="Loading the sync log" />;
  if (log.isError) {
    const problem = toProblem(log.error);
    if (problem?.status === 403) return null;
    return (
      <Alert severity="error">{problem?.status === 404 ? problem.message : SYNC_TEXTS.historyFailed}</Alert>
    );
  }
  const rows = log.data ?? [];
  if (rows.length === 0)
    return <Typography color="text.secondary">Nothing was synced in this sync.</Typography>;
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      tabIndex={0}
      role="region"
      aria-label="Sync log records"
    >
      <Table size="small" aria-label="Sync log">
        <TableHead>
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Data</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.createdAt)}</TableCell>
              <TableCell>{row.type}</TableCell>
              <TableCell sx={{ color: row.error_log ? 'error.main' : undefined, wordBreak: 'break-word' }}>
                {row.error_log?.message ?? row.success_log?.message}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** /bottle-pos/{syncId} and /clover/{syncId} (as the client's specification asks): one sync's log, Time, Type (Invoice or Product), Data. */
export function SyncLogPage({ partner }: { partner: PartnerPath }) {
  const { syncId = '' } = useParams();
  const { title, feature } = PARTNERS[partner];
  return (
    <>
      <PageHeader
        title={`${title} sync log`}
        actions={
          <RouterButton to={`/${partner}`} variant="outlined">
            All syncs
          </RouterButton>
        }
      />
      <FeatureGate feature={feature}>
        <SyncLogTable partner={partner} syncId={syncId} />
      </FeatureGate>
    </>
  );
}
