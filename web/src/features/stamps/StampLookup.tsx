import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useForm, type FormErrors } from '../../shared/forms/use-form';
import { formatDateTime } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { LOG_KIND, rollLabel, stampRange, STAMP_STATUS } from './stamp-format';
import { SERIAL_HINT, serialError } from './stamp-validation';
import { useLazyStampHistoryQuery, type StampHistory, type StampTransition } from './stamps.api';

type LookupValues = { serial: string };
const initialValues: LookupValues = { serial: '' };

const validate = (v: LookupValues): FormErrors<LookupValues> => ({ serial: serialError(v.serial) });

function InvoiceRef({ t }: { t: StampTransition }) {
  if (!t.invoice_number) return null;
  return (
    <Link component={RouterLink} to={`/invoice/${encodeURIComponent(t.invoice_number)}`}>
      invoice #{t.invoice_number}
    </Link>
  );
}

/** What one transition did to the stamp, in words, after its label ('Invoiced on invoice #1001 to …'). */
function TransitionText({ t, prefix }: { t: StampTransition; prefix: string }) {
  const customer = t.customer_name
    ? ` to ${t.customer_name}${t.customer_tabc_id ? ` (TABC ID ${t.customer_tabc_id})` : ''}`
    : '';
  switch (t.kind) {
    case 'received':
      return <>with roll {stampRange(prefix, t.from, t.to)}</>;
    case 'allocated':
      return t.invoice_number ? (
        <>
          on <InvoiceRef t={t} />
          {customer}
        </>
      ) : (
        <>by hand{t.note ? `: ${t.note}` : ''}</>
      );
    case 'released':
      return (
        <>
          {t.invoice_number ? 'from ' : ''}
          <InvoiceRef t={t} />
        </>
      );
    case 'destroyed':
      return (
        <>
          {t.destroy_id ? `as record #${t.destroy_id}` : ''}
          {t.note ? `: ${t.note}` : ''}
        </>
      );
    case 'restored':
      return <>{t.destroy_id ? `undoing record #${t.destroy_id}` : ''}</>;
    case 'lost':
    case 'stolen':
    case 'voided':
    case 'returned_to_state':
    case 'goods_restocked':
    case 'goods_written_off':
    case 'goods_return_voided':
    case 'reissued':
      return <>{t.note ? `— ${t.note}` : ''}</>;
    case 'replacement': // 'Replacement issued: replaces AB1005 (voided): torn'
      return <>{t.note ? `: ${t.note.replace(/^Replaces /, 'replaces ')}` : ''}</>;
    case 'replaced': // 'Replaced by AB1006: torn'
      return <>{t.note ? ` ${t.note.replace(/^Replaced /, '')}` : ''}</>;
    default:
      return null;
  }
}

/** One stamp's history as a timeline, oldest first. */
function HistoryTimeline({ history }: { history: StampHistory }) {
  const status = STAMP_STATUS[history.status];
  return (
    <Box component="section" aria-label={`History of stamp ${history.stamp}`} sx={{ mt: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1.5 }}>
        <Typography variant="h3" component="h3">
          {history.stamp}
        </Typography>
        <Chip size="small" label={status.label} color={status.color} />
        <Typography variant="body2" color="text.secondary">
          Roll {rollLabel(history.roll)}
        </Typography>
      </Box>
      {(history.replaced_by || history.replaces) && (
        <Typography sx={{ mb: 1.5 }}>
          {history.replaced_by && (
            <>
              Replaced by <strong>{history.replaced_by}</strong>.{' '}
            </>
          )}
          {history.replaces && (
            <>
              Issued as the replacement of <strong>{history.replaces}</strong>.
            </>
          )}
        </Typography>
      )}
      {history.transitions.length === 0 ? (
        <Typography color="text.secondary">No history recorded for this stamp.</Typography>
      ) : (
        <Box component="ol" aria-label="Stamp history" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {history.transitions.map((t, index) => {
            const kind = LOG_KIND[t.kind] ?? { label: t.kind, color: 'default' as const };
            const last = index === history.transitions.length - 1;
            return (
              <Box
                component="li"
                key={`${t.at}-${index}`}
                sx={{ display: 'grid', gridTemplateColumns: '16px 1fr', columnGap: 1.5 }}
              >
                <Box aria-hidden sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center' }}>
                  <Box
                    sx={{
                      width: 12,
                      height: 12,
                      mt: 0.75,
                      borderRadius: '50%',
                      bgcolor: kind.color === 'default' ? 'grey.500' : `${kind.color}.main`,
                    }}
                  />
                  {!last && <Box sx={{ flex: 1, width: 2, bgcolor: 'divider', my: 0.5 }} />}
                </Box>
                <Box sx={{ pb: last ? 0 : 2 }}>
                  <Typography variant="body2" color="text.secondary">
                    <time dateTime={t.at}>{formatDateTime(t.at)}</time>
                    {t.user_name ? ` · ${t.user_name}` : ''}
                  </Typography>
                  <Typography>
                    <strong>{t.kind === 'allocated' && !t.invoice_number ? 'Assigned' : kind.label}</strong>{' '}
                    <TransitionText t={t} prefix={history.prefix} />
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    Range {stampRange(history.prefix, t.from, t.to)} · status {STAMP_STATUS[t.status]?.label}
                  </Typography>
                </Box>
              </Box>
            );
          })}
        </Box>
      )}
    </Box>
  );
}

/** GET stamp/history?serial=: for auditors, every transition of one stamp, its serial typed or pasted as printed. */
export function StampLookup() {
  const [lookup, result] = useLazyStampHistoryQuery();
  const form = useForm({ initialValues, validate });

  const submit = form.handleSubmit(async ({ serial }) => {
    await lookup({ serial: serial.trim() })
      .unwrap()
      .catch(() => undefined);
  });

  const problem = result.isError ? toProblem(result.error) : null;
  return (
    <Box>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        role="search"
        aria-label="Look up a stamp"
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
      >
        <TextField
          {...form.field('serial', SERIAL_HINT)}
          label="Stamp Serial"
          autoComplete="off"
          sx={{ flex: 1, minWidth: 180 }}
          slotProps={{ htmlInput: { maxLength: 40, style: { textTransform: 'uppercase' } } }}
        />
        <Button
          type="submit"
          variant="outlined"
          startIcon={<SearchOutlined />}
          loading={result.isFetching}
          sx={{ height: 56 }}
        >
          Look Up
        </Button>
      </Box>
      <Box aria-live="polite">
        {result.isFetching && !result.data && (
          <CircularProgress size={24} aria-label="Looking up the stamp" />
        )}
        {problem && !result.isFetching && (
          <Alert severity={problem.status === 404 ? 'info' : 'error'} sx={{ mt: 1 }}>
            {problem.status === 404 || problem.status === 400
              ? problem.message || 'No stamp found'
              : 'Error looking up the stamp'}
          </Alert>
        )}
        {result.data && !result.isError && <HistoryTimeline history={result.data} />}
      </Box>
    </Box>
  );
}
