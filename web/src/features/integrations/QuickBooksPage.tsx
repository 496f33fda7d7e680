import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { FeatureGate, useFeatureForbidden } from '../../shared/feature-gate/FeatureGate';
import { formatDateTime } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { toast, TOAST_SECONDS } from '../../shared/toasts';
import { PageHeader } from '../../shared/ui/PageHeader';
import {
  useQuickBooksConnectMutation,
  useQuickBooksDisconnectMutation,
  useQuickBooksQuery,
  useQuickBooksSettingsMutation,
  useQuickBooksSyncMutation,
  type QuickBooksRun,
  type QuickBooksSettings,
} from './quickbooks.api';
import { WIDE_ONLY } from '../../shared/ui/wide-only';
import { RunStatusChip, Section } from './SyncParts';

/** While a sync runs the page asks again every 2 s (its progress and counts). */
const RUNNING_POLL_MS = 2_000;

const STATUS: Record<QuickBooksRun['status'], string> = {
  running: 'Running',
  success: 'Success',
  failed: 'Failed',
};

function RunChip({ run }: { run: QuickBooksRun }) {
  return <RunStatusChip status={run.status} failed={run.failed} label={STATUS[run.status]} />;
}

function SettingsForm({ saved }: { saved: QuickBooksSettings }) {
  const [settings, setSettings] = useState(saved);
  const [save, saving] = useQuickBooksSettingsMutation();
  useEffect(() => setSettings(saved), [saved]);
  const submit = async () => {
    try {
      await save(settings).unwrap();
      toast.success('QuickBooks settings saved.', { seconds: TOAST_SECONDS.normal });
    } catch (error) {
      toast.error(toProblem(error)?.message ?? 'The settings could not be saved.', {
        seconds: TOAST_SECONDS.long,
      });
    }
  };
  return (
    <Stack spacing={2} component="form" onSubmit={(event) => (event.preventDefault(), void submit())}>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, minmax(0, 220px))' },
        }}
      >
        <TextField
          select
          label="Invoices"
          value={settings.invoices}
          onChange={(event) =>
            setSettings({ ...settings, invoices: event.target.value as QuickBooksSettings['invoices'] })
          }
        >
          <MenuItem value="all">All invoices</MenuItem>
          <MenuItem value="delivered">Delivered invoices only</MenuItem>
          <MenuItem value="none">No invoices</MenuItem>
        </TextField>
        <TextField
          type="date"
          label="Documents dated from"
          value={settings.syncFrom}
          onChange={(event) => setSettings({ ...settings, syncFrom: event.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          select
          label="Sync by itself"
          value={settings.schedule}
          onChange={(event) =>
            setSettings({ ...settings, schedule: event.target.value as QuickBooksSettings['schedule'] })
          }
        >
          <MenuItem value="off">Off (on demand only)</MenuItem>
          <MenuItem value="hourly">Every hour</MenuItem>
          <MenuItem value="daily">Every day</MenuItem>
        </TextField>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2 }}>
        <FormControlLabel
          control={
            <Checkbox
              checked={settings.payments}
              onChange={(event) => setSettings({ ...settings, payments: event.target.checked })}
            />
          }
          label="Payments"
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={settings.creditMemos}
              onChange={(event) => setSettings({ ...settings, creditMemos: event.target.checked })}
            />
          }
          label="Credit memos"
        />
      </Box>
      <Box>
        <Button type="submit" variant="outlined" loading={saving.isLoading}>
          Save settings
        </Button>
      </Box>
    </Stack>
  );
}

function RunProgress({ run }: { run: QuickBooksRun }) {
  const text = run.total > 0 ? `Syncing: ${run.done} of ${run.total}` : 'Syncing…';
  return (
    <Box sx={{ maxWidth: 480 }}>
      <LinearProgress
        variant={run.total > 0 ? 'determinate' : 'indeterminate'}
        value={run.total > 0 ? Math.round((run.done / run.total) * 100) : undefined}
        aria-label={text}
      />
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 0.5 }}>
        {text}
      </Typography>
    </Box>
  );
}

function QuickBooksView() {
  const [running, setRunning] = useState(false);
  const overview = useQuickBooksQuery(undefined, { pollingInterval: running ? RUNNING_POLL_MS : 0 });
  useFeatureForbidden(overview.error);
  const [connect, connecting] = useQuickBooksConnectMutation();
  const [disconnect, disconnecting] = useQuickBooksDisconnectMutation();
  const [start, starting] = useQuickBooksSyncMutation();
  const [params] = useSearchParams();
  const data = overview.data;
  const isRunning = data?.lastRun?.status === 'running';
  if (isRunning !== running) setRunning(isRunning);

  const goConnect = async () => {
    try {
      window.location.assign((await connect().unwrap()).url);
    } catch (error) {
      toast.error(toProblem(error)?.message ?? 'QuickBooks could not be reached.', {
        seconds: TOAST_SECONDS.long,
      });
    }
  };
  const sync = async () => {
    try {
      const answer = await start().unwrap();
      toast.info(
        answer.status === 'running' ? 'A QuickBooks sync is running already.' : 'QuickBooks sync started.',
        {
          seconds: TOAST_SECONDS.normal,
        },
      );
    } catch (error) {
      const problem = toProblem(error);
      if (problem?.status !== 403)
        toast.error(problem?.message ?? 'The sync could not start.', { seconds: TOAST_SECONDS.long });
    }
  };

  if (overview.isLoading) return <CircularProgress aria-label="Loading QuickBooks" />;
  if (overview.isError)
    return toProblem(overview.error)?.status === 403 ? null : (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void overview.refetch()}>
            Retry
          </Button>
        }
      >
        Error loading QuickBooks!
      </Alert>
    );
  if (!data) return null;
  const callbackError = params.get('error');
  return (
    <Stack spacing={3}>
      {params.get('connected') && data.connected && (
        <Alert severity="success">QuickBooks is connected.</Alert>
      )}
      {callbackError && <Alert severity="error">{callbackError}</Alert>}
      <Section title="Connection">
        {data.connected ? (
          <Stack spacing={1.5}>
            <Typography>
              Connected to QuickBooks company {data.realmId}
              {data.connectedAt ? ` since ${formatDateTime(data.connectedAt)}` : ''}.
            </Typography>
            {data.local && (
              <Typography variant="body2" color="text.secondary">
                No QuickBooks credentials are configured: a local stand-in answers for QuickBooks.
              </Typography>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'center' }}>
              <Button
                variant="contained"
                disabled={isRunning || starting.isLoading}
                onClick={() => void sync()}
              >
                Sync now
              </Button>
              <Button
                variant="text"
                color="error"
                loading={disconnecting.isLoading}
                onClick={() => void disconnect()}
              >
                Disconnect
              </Button>
              {data.nextRunAt && (
                <Typography variant="body2" color="text.secondary">
                  Next scheduled sync: {formatDateTime(data.nextRunAt)}
                </Typography>
              )}
            </Box>
          </Stack>
        ) : (
          <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
            <Typography>
              Connect your QuickBooks Online company to send it invoices, payments and credit memos.
            </Typography>
            <Button variant="contained" loading={connecting.isLoading} onClick={() => void goConnect()}>
              Connect to QuickBooks
            </Button>
          </Stack>
        )}
      </Section>
      <Section title="What goes to QuickBooks">
        <SettingsForm saved={data.settings} />
      </Section>
      {data.connected && !data.lastRun && <Alert severity="info">No QuickBooks sync yet.</Alert>}
      {data.lastRun && (
        <Section title="Last sync">
          <Stack spacing={1}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <RunChip run={data.lastRun} />
              <Typography>
                {formatDateTime(data.lastRun.startedAt)}: {data.lastRun.created} created,{' '}
                {data.lastRun.updated} updated, {data.lastRun.failed} failed
              </Typography>
            </Box>
            {data.lastRun.status === 'running' && <RunProgress run={data.lastRun} />}
            {data.lastRun.error && <Alert severity="error">{data.lastRun.error}</Alert>}
            <Link component={RouterLink} to={`/quickbooks/${data.lastRun.runId}`}>
              View the sync log
            </Link>
          </Stack>
        </Section>
      )}
      {data.runs.length > 0 && (
        <Section title="Sync history">
          <TableContainer tabIndex={0} role="region" aria-label="Sync history (scrollable)">
            <Table
              size="small"
              aria-label="Sync history"
              sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>Started</TableCell>
                  <TableCell sx={WIDE_ONLY}>Finished</TableCell>
                  <TableCell sx={WIDE_ONLY}>By</TableCell>
                  <TableCell>Status</TableCell>
                  <TableCell align="right">Created</TableCell>
                  <TableCell align="right" sx={WIDE_ONLY}>
                    Updated
                  </TableCell>
                  <TableCell align="right">Failed</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.runs.map((run) => (
                  <TableRow key={run.runId}>
                    <TableCell sx={{ whiteSpace: { sm: 'nowrap' } }}>
                      <Link component={RouterLink} to={`/quickbooks/${run.runId}`}>
                        {formatDateTime(run.startedAt)}
                      </Link>
                    </TableCell>
                    <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>
                      {run.finishedAt ? formatDateTime(run.finishedAt) : '—'}
                    </TableCell>
                    <TableCell sx={WIDE_ONLY}>
                      {run.trigger === 'schedule' ? 'Schedule' : 'Sync now'}
                    </TableCell>
                    <TableCell>
                      <RunChip run={run} />
                    </TableCell>
                    <TableCell align="right">{run.created}</TableCell>
                    <TableCell align="right" sx={WIDE_ONLY}>
                      {run.updated}
                    </TableCell>
                    <TableCell align="right">{run.failed}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Section>
      )}
    </Stack>
  );
}

/** /quickbooks: connect QuickBooks Online, choose what goes and when, sync now, the history of syncs. */
export default function QuickBooksPage() {
  return (
    <>
      <PageHeader
        title="QuickBooks Online"
        subtitle="Invoices, payments and credit memos sent to QuickBooks."
      />
      <FeatureGate feature="quickbooks">
        <QuickBooksView />
      </FeatureGate>
    </>
  );
}
