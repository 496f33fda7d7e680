import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { FeatureGate, useFeatureForbidden } from '../../shared/feature-gate/FeatureGate';
import { formatDateTime } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { toast, TOAST_SECONDS } from '../../shared/toasts';
import { PageHeader } from '../../shared/ui/PageHeader';
import { KIND_LABEL, PARTNERS, STATUS_LABEL, SYNC_TEXTS } from './integration-texts';
import { SyncProgressLine } from './SyncProgressLine';
import {
  useStartSyncMutation,
  useSyncHistoryQuery,
  type PartnerPath,
  type SyncSummary,
} from './integrations.api';
import { WIDE_ONLY } from '../../shared/ui/wide-only';
import { RunStatusChip, Section } from './SyncParts';

/** While a sync runs the page asks again now and then (the live socket tells it first, when connected). */
const RUNNING_POLL_MS = 3_000;

function StatusChip({ sync }: { sync: SyncSummary }) {
  return <RunStatusChip status={sync.status} failed={sync.failed} label={STATUS_LABEL[sync.status]} />;
}

function SyncHistoryView({ partner }: { partner: PartnerPath }) {
  const [running, setRunning] = useState(false);
  const history = useSyncHistoryQuery(partner, { pollingInterval: running ? RUNNING_POLL_MS : 0 });
  useFeatureForbidden(history.error);
  const [start, started] = useStartSyncMutation();
  const [firstChunk, setFirstChunk] = useState(false);
  const data = history.data;
  const isRunning = data?.lastSync?.status === 'running';
  if (isRunning !== running) setRunning(isRunning);

  const sync = async (kind: 'invoices' | 'products') => {
    try {
      const answer = await start({ partner, kind, onlyFirstChunk: firstChunk }).unwrap();
      toast.info(
        answer.status === 'running'
          ? `A ${PARTNERS[partner].title} sync is running already.`
          : `${PARTNERS[partner].title} sync started.`,
        { seconds: TOAST_SECONDS.normal },
      );
    } catch (error) {
      const problem = toProblem(error);
      if (problem?.status !== 403)
        toast.error(problem?.message ?? 'The sync could not start.', { seconds: TOAST_SECONDS.long });
    }
  };

  const busy = isRunning || started.isLoading;
  return (
    <Stack spacing={3}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
        <Button variant="contained" disabled={busy} onClick={() => void sync('invoices')}>
          {SYNC_TEXTS.syncInvoices}
        </Button>
        <Button variant="outlined" disabled={busy} onClick={() => void sync('products')}>
          {SYNC_TEXTS.syncProducts}
        </Button>
        <FormControlLabel
          control={
            <Checkbox checked={firstChunk} onChange={(event) => setFirstChunk(event.target.checked)} />
          }
          label="First 100 products only"
        />
        {busy && <CircularProgress size={22} aria-label="Sync running" />}
      </Box>

      {history.isLoading && <CircularProgress aria-label="Loading sync history" />}
      {history.isError && toProblem(history.error)?.status !== 403 && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void history.refetch()}>
              Retry
            </Button>
          }
        >
          {SYNC_TEXTS.historyFailed}
        </Alert>
      )}
      {data && !data.lastSync && <Alert severity="info">{SYNC_TEXTS.noHistory}</Alert>}
      {data?.lastSync && (
        <Section title="Last sync">
          <Stack spacing={1}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <StatusChip sync={data.lastSync} />
              <Typography>
                {KIND_LABEL[data.lastSync.kind]}, {formatDateTime(data.lastSync.createdAt)}:{' '}
                {data.lastSync.synced} synced, {data.lastSync.failed} failed
              </Typography>
            </Box>
            {data.lastSync.status === 'running' && <SyncProgressLine syncId={data.lastSync.syncId} />}
            {data.lastSync.error && <Alert severity="error">{data.lastSync.error}</Alert>}
            <Link component={RouterLink} to={`/${partner}/${data.lastSync.syncId}`}>
              View the sync log
            </Link>
          </Stack>
        </Section>
      )}
      {data && data.syncs.length > 0 && (
        <Section title="Sync history">
          <TableContainer tabIndex={0} role="region" aria-label="Sync history (scrollable)">
            <Table size="small" aria-label="Sync history">
              <TableHead>
                <TableRow>
                  <TableCell>Started</TableCell>
                  <TableCell>Type</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>
                    Synced
                  </TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>
                    Failed
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.syncs.map((row) => (
                  <TableRow key={row.syncId}>
                    <TableCell>
                      <Link component={RouterLink} to={`/${partner}/${row.syncId}`}>
                        {formatDateTime(row.createdAt)}
                      </Link>
                    </TableCell>
                    <TableCell>{KIND_LABEL[row.kind]}</TableCell>
                    <TableCell>
                      <StatusChip sync={row} />
                    </TableCell>
                    <TableCell align="right" sx={WIDE_ONLY}>
                      {row.synced}
                    </TableCell>
                    <TableCell align="right" sx={WIDE_ONLY}>
                      {row.failed}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Section>
      )}
      {data?.lastSync && (
        <Section title="Failed invoice syncs">
          {data.failedInvoices.length === 0 ? (
            <Typography color="text.secondary">No failed invoice syncs.</Typography>
          ) : (
            <TableContainer tabIndex={0} role="region" aria-label="Failed invoice syncs (scrollable)">
              <Table size="small" aria-label="Failed invoice syncs">
                <TableHead>
                  <TableRow>
                    <TableCell>Invoice</TableCell>
                    <TableCell>Error</TableCell>
                    <TableCell>Time</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.failedInvoices.map((row) => (
                    <TableRow key={row.invoice_id}>
                      <TableCell>
                        <Link
                          component={RouterLink}
                          to={`/invoice/${encodeURIComponent(row.invoice.number)}`}
                        >
                          #{row.invoice.number}
                        </Link>
                      </TableCell>
                      <TableCell>{row.error}</TableCell>
                      <TableCell>
                        <Link component={RouterLink} to={`/${partner}/${row.sync_id}`}>
                          {formatDateTime(row.updatedAt)}
                        </Link>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Section>
      )}
      {data?.lastSync && (
        <Section title="Failed product syncs">
          {data.failedProductSyncLog.length === 0 ? (
            <Typography color="text.secondary">No failed product syncs.</Typography>
          ) : (
            <TableContainer tabIndex={0} role="region" aria-label="Failed product syncs (scrollable)">
              <Table size="small" aria-label="Failed product syncs">
                <TableHead>
                  <TableRow>
                    <TableCell>Sync</TableCell>
                    <TableCell align="right">Failed</TableCell>
                    <TableCell>Error</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.failedProductSyncLog.map((row) => (
                    <TableRow key={row.sync_id}>
                      <TableCell>
                        <Link component={RouterLink} to={`/${partner}/${row.sync_id}`}>
                          {formatDateTime(row.createdAt)}
                        </Link>
                      </TableCell>
                      <TableCell align="right">{row.failed}</TableCell>
                      <TableCell>{row.error}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
          )}
        </Section>
      )}
    </Stack>
  );
}

/** /bottle-pos and /clover (as the client's specification asks): the partner's sync history, its failures and the two sync buttons. */
export function SyncPage({ partner }: { partner: PartnerPath }) {
  const { title, feature } = PARTNERS[partner];
  return (
    <>
      <PageHeader title={title} subtitle={`Invoices and products synced with ${title}.`} />
      <FeatureGate feature={feature}>
        <SyncHistoryView partner={partner} />
      </FeatureGate>
    </>
  );
}
