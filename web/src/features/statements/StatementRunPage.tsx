import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { skipToken } from '@reduxjs/toolkit/query';
import { format } from 'date-fns';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import type { StatementRunMode } from '#domain/contracts/statement.contract';
import { saveFile } from '../../shared/download';
import { FeatureGate } from '../../shared/feature-gate/FeatureGate';
import { companyToday, monthBefore } from '../../shared/format';
import { fieldErrors, problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { PageHeader } from '../../shared/ui/PageHeader';
import {
  useStartStatementRunMutation,
  useStatementRunFileMutation,
  useStatementRunQuery,
  type StatementRun,
} from './statements.api';

const monthName = (month: string) => format(new Date(`${month}-15T12:00:00`), 'MMMM yyyy');
const count = (n: number, noun: string) => `${n.toLocaleString()} ${noun}${n === 1 ? '' : 's'}`;

/** How far the run is, and once done what it did. */
function RunProgress({ run }: { run: StatementRun }) {
  const [downloadFile, downloading] = useStatementRunFileMutation();
  const percent = run.total === 0 ? (run.status === 'running' ? 0 : 100) : (100 * run.done) / run.total;
  const running = run.status === 'running';
  return (
    <Card component="section" aria-labelledby="statement-run-result">
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography id="statement-run-result" variant="h2" sx={{ fontSize: '1.125rem', mb: 1.5 }}>
          {running ? 'Running' : 'Result'}: {monthName(run.month)},{' '}
          {run.mode === 'email' ? 'e-mailed' : 'one zip to download'}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={percent}
          aria-label="Statement run progress"
          sx={{ height: 8, borderRadius: 1, mb: 1 }}
        />
        <Typography role="status" sx={{ mb: 2 }}>
          {running
            ? `${run.done.toLocaleString()} of ${count(run.total, 'customer')} done`
            : run.status === 'failed'
              ? 'The run stopped before the end; what it did is below.'
              : `Done: ${count(run.total, 'customer')} looked at.`}
        </Typography>
        <Box
          component="dl"
          aria-label="Statement run summary"
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)', lg: 'repeat(6, 1fr)' },
            gap: 2,
            m: 0,
            '& dt': { color: 'text.secondary', fontSize: '0.875rem' },
            '& dd': { m: 0, fontSize: '1.5rem', fontWeight: 700 },
          }}
        >
          {run.mode === 'email' && (
            <div>
              <dt>E-mails requested</dt>
              <dd>{run.requested}</dd>
            </div>
          )}
          <div>
            <dt>{run.mode === 'email' ? 'Sent' : 'In the zip'}</dt>
            <dd>{run.sent}</dd>
          </div>
          {run.mode === 'email' && run.queued > 0 && (
            <div>
              <dt>Retrying (mail server busy)</dt>
              <dd>{run.queued}</dd>
            </div>
          )}
          <div>
            <dt>Skipped, no e-mail address</dt>
            <dd>{run.skipped}</dd>
          </div>
          <div>
            <dt>Failed</dt>
            <dd>{run.failed}</dd>
          </div>
          <div>
            <dt>No balance, no activity</dt>
            <dd>{run.quiet}</dd>
          </div>
        </Box>
        {run.mode === 'email' && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Each statement e-mail is listed in the{' '}
            <Link component={RouterLink} to="/emails">
              Email log
            </Link>
            ; one the mail server deferred is retried there.
          </Typography>
        )}
        {run.failures.length > 0 && (
          <Alert severity="error" sx={{ mt: 2 }}>
            Not sent:
            <List dense disablePadding>
              {run.failures.map((failure) => (
                <ListItem key={failure.customer_id} disableGutters>
                  <ListItemText primary={failure.customer} secondary={failure.message} />
                </ListItem>
              ))}
            </List>
          </Alert>
        )}
        {run.file_url && (
          <Button
            variant="contained"
            startIcon={<FileDownloadOutlined />}
            loading={downloading.isLoading}
            sx={{ mt: 2 }}
            onClick={() =>
              void downloadFile({ id: run.id, month: run.month })
                .unwrap()
                .then(saveFile, () => toast.error('Error downloading the statements'))
            }
          >
            Download Zip
          </Button>
        )}
      </CardContent>
    </Card>
  );
}

function StatementRunForm() {
  const [month, setMonth] = useState(() => monthBefore(companyToday()));
  const [mode, setMode] = useState<StatementRunMode>('email');
  const [confirming, setConfirming] = useState(false);
  const [monthError, setMonthError] = useState<string | undefined>();
  const [runId, setRunId] = useState<string | null>(null);
  const [start, starting] = useStartStatementRunMutation();
  // polled every second until this run has ended, then every few seconds while its deferred e-mails are retried
  const [ended, setEnded] = useState<string | null>(null);
  const [retrying, setRetrying] = useState(false);
  const run = useStatementRunQuery(runId ?? skipToken, {
    pollingInterval: ended !== runId ? 1000 : retrying ? 3000 : 0,
  });
  if (run.data && run.data.id === runId && run.data.status !== 'running' && ended !== runId) setEnded(runId);
  const queued = run.data?.id === runId && (run.data?.queued ?? 0) > 0;
  if (queued !== retrying) setRetrying(queued);

  const begin = async () => {
    setConfirming(false);
    try {
      const started = await start({ month, mode }).unwrap();
      setRunId(started.id);
    } catch (error) {
      const problem = toProblem(error);
      const fields = fieldErrors(problem);
      setMonthError(fields.month);
      if (!fields.month) toast.error(problemMessages(problem, 'Error starting the statement run')[0]!);
    }
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!/^\d{4}-\d{2}$/.test(month)) {
      setMonthError('Pick a month.');
      return;
    }
    setMonthError(undefined);
    if (mode === 'email') setConfirming(true);
    else void begin();
  };

  const running = starting.isLoading || run.data?.status === 'running';
  return (
    <>
      <Card component="section" aria-labelledby="statement-run-month" sx={{ mb: 3 }}>
        <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
          <Typography id="statement-run-month" variant="h2" sx={{ fontSize: '1.0625rem', mb: 2 }}>
            Month and delivery
          </Typography>
          <Box
            component="form"
            noValidate
            onSubmit={submit}
            aria-label="Statement run"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }}
          >
            <TextField
              label="Month"
              type="month"
              value={month}
              onChange={(event) => setMonth(event.target.value)}
              error={Boolean(monthError)}
              helperText={monthError}
              sx={{ flex: '1 1 180px', maxWidth: { sm: 260 } }}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: companyToday().slice(0, 7) } }}
            />
            <Box sx={{ flex: '1 1 240px' }}>
              <FormLabel id="statement-run-mode">Delivery</FormLabel>
              <RadioGroup
                aria-labelledby="statement-run-mode"
                value={mode}
                onChange={(event) => setMode(event.target.value as StatementRunMode)}
              >
                <FormControlLabel value="email" control={<Radio />} label="E-mail each customer" />
                <FormControlLabel value="download" control={<Radio />} label="Download one zip" />
              </RadioGroup>
            </Box>
            <Button
              type="submit"
              variant="contained"
              startIcon={mode === 'email' ? <SendOutlined /> : <FileDownloadOutlined />}
              loading={running}
              sx={{ height: 56 }}
            >
              Run Statements
            </Button>
          </Box>
        </CardContent>
      </Card>
      {run.data && <RunProgress run={run.data} />}
      <ConfirmDialog
        open={confirming}
        title={`E-mail the statements of ${monthName(month)}?`}
        confirmLabel="E-mail Everyone"
        onConfirm={() => void begin()}
        onClose={() => setConfirming(false)}
      >
        Every customer with a balance or activity in {monthName(month)} and an e-mail address gets the
        statement as a PDF with a link to it. Customers without an address are skipped and listed.
      </ConfirmDialog>
    </>
  );
}

/**
 * /statements: the monthly statement run. Pick a month and how the statements go (e-mailed to each customer with an
 * address, after a confirmation, or one zip to download); the run shows its progress and then what it did: sent,
 * skipped without an address, failed with the reason. Payment feature.
 */
export default function StatementRunPage() {
  return (
    <>
      <PageHeader
        title="Statement Run"
        subtitle="The month's statements for every customer with a balance or activity: e-mailed, or in one zip."
      />
      <FeatureGate feature="payment">
        <StatementRunForm />
      </FeatureGate>
    </>
  );
}
