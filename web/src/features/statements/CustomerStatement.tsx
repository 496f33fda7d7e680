import SendOutlined from '@mui/icons-material/SendOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { isBusinessDate } from '#domain/shared/business-date';
import { monthPeriod, previousMonthPeriod, type StatementPeriod } from '#domain/statements/statement-period';
import { formatDate } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { PdfButton, RevokeLinksButton, ShareLinkButton, usePdfDownload } from '../public/pdf-actions';
import {
  useCustomerStatementQuery,
  useStatementEmailMutation,
  useRevokeStatementLinksMutation,
  useStatementLinkMutation,
  useStatementPdfMutation,
  type StatementArgs,
} from './statements.api';
import { StatementView } from './StatementView';

type Preset = 'this' | 'last' | 'custom';

/** The period asked, or the reason it cannot be. */
function periodOf(preset: Preset, today: string, custom: StatementPeriod): StatementPeriod | string {
  if (preset === 'this') return monthPeriod(today);
  if (preset === 'last') return previousMonthPeriod(today);
  if (!isBusinessDate(custom.from) || !isBusinessDate(custom.to)) return 'Choose both days of the period.';
  if (custom.to < custom.from) return 'The last day must not be before the first.';
  return custom;
}

/** 'E-mail statement': the recipient (the customer's contact e-mail to start with), confirmed before it is sent. */
function EmailStatement({
  args,
  contactEmail,
  name,
}: {
  args: StatementArgs;
  contactEmail: string;
  name: string;
}) {
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(contactEmail);
  const [problem, setProblem] = useState('');
  const [send, { isLoading }] = useStatementEmailMutation();
  const titleId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem('');
    try {
      const sent = await send({ customerId: args.customerId, from: args.from, to: args.to, email }).unwrap();
      if (sent.status === 'queued')
        toast.info(`The mail server is busy: the statement to ${sent.emailed_to} is sent again shortly.`);
      else toast.success(`Statement sent to ${sent.emailed_to}`);
      setOpen(false);
    } catch (error) {
      const found = toProblem(error);
      setProblem(found?.details[0]?.message || found?.message || 'The statement could not be sent.');
    }
  };

  return (
    <>
      <Button variant="outlined" startIcon={<SendOutlined />} onClick={() => setOpen(true)}>
        E-mail statement
      </Button>
      <Dialog
        open={open}
        onClose={isLoading ? undefined : () => setOpen(false)}
        aria-labelledby={titleId}
        maxWidth="xs"
        fullWidth
      >
        <Box component="form" onSubmit={(event) => void submit(event)} noValidate>
          <DialogTitle id={titleId}>E-mail the statement?</DialogTitle>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              {name}&apos;s statement for {formatDate(args.from)} to {formatDate(args.to)}, with the PDF
              attached and a link to view it online. Answers go to your company&apos;s e-mail.
            </DialogContentText>
            <TextField
              autoFocus
              fullWidth
              required
              type="email"
              label="Recipient"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={!!problem}
              helperText={problem || ' '}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setOpen(false)} disabled={isLoading}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="contained"
              disabled={isLoading || email.trim() === ''}
              startIcon={isLoading ? <CircularProgress size={16} aria-hidden /> : <SendOutlined />}
            >
              Send
            </Button>
          </DialogActions>
        </Box>
      </Dialog>
    </>
  );
}

function Actions({ args, name, contactEmail }: { args: StatementArgs; name: string; contactEmail: string }) {
  const [download] = useStatementPdfMutation();
  const [link] = useStatementLinkMutation();
  const [revoke] = useRevokeStatementLinksMutation();
  const { busy, run } = usePdfDownload((asked: StatementArgs) => download(asked).unwrap());
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
      <PdfButton busy={busy} label="Download PDF" onClick={() => void run(args)} />
      <EmailStatement args={args} contactEmail={contactEmail} name={name} />
      <ShareLinkButton
        label="Copy public link"
        title={`Share ${name}'s statement`}
        create={() => link(args).unwrap()}
      />
      <RevokeLinksButton what={`${name}'s statements`} revoke={() => revoke(args.customerId).unwrap()} />
    </Box>
  );
}

/**
 * The customer's statement on its overview: a period (this month, last month, or chosen days), the statement of it
 * and its actions (Download PDF, E-mail statement, Copy public link, Revoke links). `today` is the company's
 * business date.
 */
export function CustomerStatement({
  customerId,
  name,
  contactEmail,
  today,
}: {
  customerId: string;
  name: string;
  contactEmail: string | null;
  today: string;
}) {
  const headingId = useId();
  const [preset, setPreset] = useState<Preset>('this');
  const [custom, setCustom] = useState<StatementPeriod>(() => monthPeriod(today));
  const period = periodOf(preset, today, custom);
  const args = typeof period === 'string' ? null : { customerId, ...period };
  const { data, error, isFetching } = useCustomerStatementQuery(args ?? { customerId, from: '', to: '' }, {
    skip: !args,
  });
  const shown =
    data && args && data.period.from === args.from && data.period.to === args.to ? data : undefined;

  return (
    <Card component="section" aria-labelledby={headingId} sx={{ minWidth: 0 }}>
      <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <Typography id={headingId} variant="h2" sx={{ fontSize: '1.0625rem', flex: 1 }}>
            Statement
          </Typography>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={preset}
            onChange={(_event, value: Preset | null) => value && setPreset(value)}
            aria-label="Statement period"
          >
            <ToggleButton value="this">This month</ToggleButton>
            <ToggleButton value="last">Last month</ToggleButton>
            <ToggleButton value="custom">Custom</ToggleButton>
          </ToggleButtonGroup>
        </Box>
        {preset === 'custom' && (
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
              gap: 1.5,
              mb: 2,
              maxWidth: 420,
            }}
          >
            <TextField
              type="date"
              size="small"
              label="From"
              value={custom.from}
              onChange={(event) => setCustom((was) => ({ ...was, from: event.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              type="date"
              size="small"
              label="To"
              value={custom.to}
              onChange={(event) => setCustom((was) => ({ ...was, to: event.target.value }))}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
        )}
        {typeof period === 'string' ? (
          <Alert severity="info" variant="outlined">
            {period}
          </Alert>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {formatDate(period.from)} to {formatDate(period.to)}
          </Typography>
        )}
        {args && error && !isFetching && (
          <Alert severity="error" variant="outlined">
            {toProblem(error)?.message || 'The statement could not be loaded.'}
          </Alert>
        )}
        {args && !error && !shown && (
          <Skeleton variant="rounded" height={180} aria-label="Loading statement" />
        )}
        {args && shown && (
          <Box sx={{ display: 'grid', gap: 2 }}>
            <StatementView statement={shown} linked />
            <Actions args={args} name={name} contactEmail={contactEmail ?? ''} />
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
