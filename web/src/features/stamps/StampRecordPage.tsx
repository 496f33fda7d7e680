import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { Fragment, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { saveFile } from '../../shared/download';
import { useForm, type FormErrors } from '../../shared/forms/use-form';
import {
  companyToday,
  formatDate,
  formatDateTime,
  fromWallTime,
  previousMonth,
  startOfMonthOf,
  toDate,
  toWallTime,
} from '../../shared/format';
import { fieldErrors, problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { PageHeader } from '../../shared/ui/PageHeader';
import { PHONE_ONLY, WIDE_ONLY } from '../../shared/ui/wide-only';
import { DelinquentOverridesSection } from './DelinquentOverridesSection';
import { NumberingProofSection } from './NumberingProofSection';
import { SerialAsOfLookup } from './SerialAsOfLookup';
import {
  useDownloadStampRecordMutation,
  useLazyNumberingProofQuery,
  useLazyStampRecordQuery,
  type StampRecordLine,
  type StampRecordQuery,
  type StampRecordResponse,
} from './stamps.api';
import { extendedTotalsText, RECORD_KIND_LABEL } from './stamp-format';

type RecordValues = { from: string; to: string; asOf: string };

/** The periods an auditor asks for most: the last whole month (where the record opens), and this month so far. */
const PERIODS = {
  lastMonth: (today: string) => previousMonth(today),
  thisMonth: (today: string) => ({ from: startOfMonthOf(today), to: today }),
};
type PeriodName = keyof typeof PERIODS;
const PERIOD_LABEL: Record<PeriodName, string> = { lastMonth: 'Last month', thisMonth: 'This month' };

/** The record's views: its transactions, the invoice numbers issued, and one stamp's history. */
type View = 'transactions' | 'numbers' | 'stamp';

const validate = (v: RecordValues): FormErrors<RecordValues> => {
  const errors: FormErrors<RecordValues> = {};
  if (!v.from) errors.from = 'Pick the first day.';
  if (!v.to) errors.to = 'Pick the last day.';
  else if (v.from && v.to < v.from) errors.to = 'The last day cannot be before the first.';
  if (v.asOf) {
    const at = toDate(v.asOf);
    if (!at) errors.asOf = 'Enter a valid date and time.';
    else if (at.getTime() > Date.now()) errors.asOf = 'The record cannot be as of a later moment than now.';
  }
  return errors;
};

const KIND_LABEL: Record<StampRecordLine['kind'], string> = RECORD_KIND_LABEL;

const toQuery = (v: RecordValues): StampRecordQuery => ({
  from: v.from,
  to: v.to,
  // the As Of moment is typed on the company's clock
  ...(v.asOf ? { as_of: fromWallTime(v.asOf)! } : {}),
});

/** The words of a line's invoice and retailer, as a phone shows them under the transaction. */
const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

function RecordTable({ record }: { record: StampRecordResponse }) {
  return (
    // From a tablet's width it is wider than the screen and scrolls sideways, so keyboard users can focus it to
    // scroll; on a phone the serials, invoice and retailer go under the transaction and it fits.
    <TableContainer
      sx={{ overflowX: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label="Stamp transactions (scrolls)"
    >
      <Table size="small" aria-label="Stamp transactions by date" sx={{ minWidth: { sm: 760 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Transaction</TableCell>
            <TableCell sx={WIDE_ONLY}>Serials</TableCell>
            <TableCell align="right">Qty</TableCell>
            <TableCell sx={WIDE_ONLY}>Invoice</TableCell>
            <TableCell sx={WIDE_ONLY}>Invoice Date</TableCell>
            <TableCell sx={WIDE_ONLY}>Retailer</TableCell>
            <TableCell sx={WIDE_ONLY}>Permit</TableCell>
            <TableCell align="right" sx={{ whiteSpace: { sm: 'nowrap' } }}>
              On Hand After
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {record.days.length === 0 && (
            <TableRow>
              <TableCell colSpan={8} align="center">
                No stamp transaction in this period.
              </TableCell>
            </TableRow>
          )}
          {record.days.map((day) => (
            <Fragment key={day.date}>
              <TableRow sx={{ bgcolor: 'action.hover' }}>
                <TableCell component="th" scope="rowgroup" colSpan={8} sx={{ fontWeight: 700 }}>
                  {formatDate(`${day.date}T12:00:00`)}
                </TableCell>
              </TableRow>
              {day.lines.map((line, index) => {
                const invoiceDate = line.invoiceDate ? formatDate(`${line.invoiceDate}T12:00:00`) : '';
                const invoice = line.invoiceNumber ? `#${line.invoiceNumber}` : '';
                return (
                  <TableRow key={`${day.date}-${index}`}>
                    <TableCell>
                      {KIND_LABEL[line.kind]}
                      <Box sx={{ ...PHONE_ONLY, color: 'text.secondary', typography: 'body2' }}>
                        <Box>
                          <SerialRanges serials={line.serials} />
                        </Box>
                        {(invoice || invoiceDate) && <Box>{joined(invoice, invoiceDate)}</Box>}
                        {(line.retailer || line.permit) && <Box>{joined(line.retailer, line.permit)}</Box>}
                        <SerialDetails line={line} />
                      </Box>
                    </TableCell>
                    <TableCell sx={{ ...WIDE_ONLY, maxWidth: 320 }}>
                      <SerialRanges serials={line.serials} />
                      <SerialDetails line={line} />
                    </TableCell>
                    <TableCell align="right">{line.quantity.toLocaleString()}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{invoice}</TableCell>
                    <TableCell sx={{ ...WIDE_ONLY, whiteSpace: 'nowrap' }}>{invoiceDate}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{line.retailer ?? ''}</TableCell>
                    <TableCell sx={WIDE_ONLY}>{line.permit ?? ''}</TableCell>
                    <TableCell align="right">{line.onHandAfter.toLocaleString()}</TableCell>
                  </TableRow>
                );
              })}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A line's serial ranges: a line breaks between ranges, never inside one. */
function SerialRanges({ serials }: { serials: string }) {
  return serials.split(', ').map((range, index) => (
    <Fragment key={range}>
      {index > 0 && ', '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {range}
      </Box>
    </Fragment>
  ));
}

/** A line's single serials (when it is not one range) and its note. */
function SerialDetails({ line }: { line: StampRecordLine }) {
  return (
    <>
      {line.serialList.length > 0 && (
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          Serials: {line.serialList.join(' ')}
        </Typography>
      )}
      {line.note && (
        <Typography variant="body2" color="text.secondary">
          {line.note}
        </Typography>
      )}
    </>
  );
}

/**
 * /stamp/record: the TABC stamp transaction record of a period, replayed from the events as of any past moment
 * (default: now), on screen, as CSV and as a PDF. It opens on last month (what an auditor asks for), with "This month"
 * one click away; its transactions, the invoice numbers issued and one stamp's history are tabs at the top
 * (`?view=numbers`, `?view=stamp`), never at the foot of a long page. Days are the company's.
 */
export default function StampRecordPage() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const view: View =
    params.get('view') === 'numbers' || params.get('view') === 'stamp'
      ? (params.get('view') as View)
      : 'transactions';
  const showView = (next: View) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'transactions') updated.delete('view');
        else updated.set('view', next);
        return updated;
      },
      { replace: true, preventScrollReset: true },
    );
  const [initialValues] = useState<RecordValues>(() => ({ ...PERIODS.lastMonth(companyToday()), asOf: '' }));
  const form = useForm({ initialValues, validate });
  const [load, result] = useLazyStampRecordQuery();
  const [loadProof, proof] = useLazyNumberingProofQuery();
  const [download] = useDownloadStampRecordMutation();
  const [downloading, setDownloading] = useState<'csv' | 'pdf' | null>(null);

  // Last month, as of now, on arrival.
  useEffect(() => {
    void load(toQuery(initialValues));
    void loadProof(toQuery(initialValues));
  }, [load, loadProof, initialValues]);

  const showServerErrors = (error: unknown, fallback: string) => {
    const problem = toProblem(error);
    const fields = fieldErrors(problem);
    form.setServerErrors({ from: fields.from, to: fields.to, asOf: fields.as_of });
    if (!fields.from && !fields.to && !fields.as_of) toast.error(problemMessages(problem, fallback)[0]!);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await Promise.all([load(toQuery(values)).unwrap(), loadProof(toQuery(values)).unwrap()]);
    } catch (error) {
      showServerErrors(error, 'Error loading the stamp record');
    }
  });

  const downloadAs = async (kind: 'csv' | 'pdf') => {
    if (Object.values(validate(form.values)).some(Boolean)) return;
    setDownloading(kind);
    try {
      saveFile(await download({ ...toQuery(form.values), format: kind }).unwrap());
    } catch (error) {
      showServerErrors(error, kind === 'csv' ? 'Error downloading the CSV' : 'Error generating pdf');
    } finally {
      setDownloading(null);
    }
  };

  const record = result.data;
  const today = companyToday();
  const period = (Object.keys(PERIODS) as PeriodName[]).find((name) => {
    const { from, to } = PERIODS[name](today);
    return form.values.from === from && form.values.to === to;
  });
  const choosePeriod = (name: PeriodName) => {
    const { from, to } = PERIODS[name](today);
    form.setValue('from', from);
    form.setValue('to', to);
    const values = { ...form.values, from, to };
    if (Object.values(validate(values)).some(Boolean)) return;
    void Promise.all([load(toQuery(values)).unwrap(), loadProof(toQuery(values)).unwrap()]).catch(
      (error: unknown) => showServerErrors(error, 'Error loading the stamp record'),
    );
  };

  return (
    <>
      <PageHeader
        title="Stamp Record"
        subtitle="The TABC stamp transaction record: each date's receipts, affixings and destroyed stamps, with the quantity on hand after each; and every invoice number issued."
      />
      <Card component="section" aria-labelledby="stamp-record-period" sx={{ mb: 3 }}>
        <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
            <Typography id="stamp-record-period" variant="h2" sx={{ fontSize: '1.0625rem', mr: 1 }}>
              Period
            </Typography>
            {(Object.keys(PERIODS) as PeriodName[]).map((name) => (
              <Button
                key={name}
                size="small"
                variant={period === name ? 'contained' : 'outlined'}
                aria-pressed={period === name}
                onClick={() => choosePeriod(name)}
              >
                {PERIOD_LABEL[name]}
              </Button>
            ))}
          </Box>
          <Box
            component="form"
            noValidate
            onSubmit={submit}
            aria-label="Stamp record period"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
          >
            <TextField
              {...form.field('from')}
              label="From"
              type="date"
              sx={{ flex: '1 1 150px' }}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              {...form.field('to')}
              label="To"
              type="date"
              sx={{ flex: '1 1 150px' }}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              {...form.field('asOf', 'Empty: now. Later changes are left out.')}
              label="As Of"
              type="datetime-local"
              sx={{ flex: '2 1 220px' }}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { max: toWallTime(new Date()), step: 1 },
              }}
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
              <Button type="submit" variant="contained" loading={form.submitting} sx={{ height: 56 }}>
                Show Record
              </Button>
              <Button
                variant="outlined"
                startIcon={<FileDownloadOutlined />}
                loading={downloading === 'csv'}
                onClick={() => void downloadAs('csv')}
                sx={{ height: 56 }}
              >
                Download CSV
              </Button>
              <Button
                variant="outlined"
                startIcon={<PictureAsPdfOutlined />}
                loading={downloading === 'pdf'}
                onClick={() => void downloadAs('pdf')}
                sx={{ height: 56 }}
              >
                Download PDF
              </Button>
            </Box>
          </Box>
        </CardContent>
      </Card>
      <Tabs
        value={view}
        onChange={(_event, next: View) => showView(next)}
        aria-label="Stamp record views"
        // on a phone the three share the width, their labels on two lines, none behind a scroll arrow
        variant={phone ? 'fullWidth' : 'standard'}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', '& .MuiTab-root': { px: { xs: 1, sm: 2 } } }}
      >
        <Tab value="transactions" label="Transactions" wrapped={phone} />
        <Tab value="numbers" label="Invoice Numbers" wrapped={phone} />
        <Tab value="stamp" label="One Stamp As Of" wrapped={phone} />
      </Tabs>
      {view !== 'stamp' && result.isError && !record && (
        <Alert severity="error">
          {problemMessages(toProblem(result.error), 'Error loading the stamp record')[0]}
        </Alert>
      )}
      {view === 'transactions' && record && (
        <Card component="section" aria-labelledby="stamp-record-title">
          <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="stamp-record-title" variant="h2" sx={{ fontSize: '1.125rem' }}>
              {formatDate(`${record.from}T12:00:00`)} – {formatDate(`${record.to}T12:00:00`)}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              As of {formatDateTime(record.asOf)} · on hand at the start{' '}
              <strong>{record.openingOnHand.toLocaleString()}</strong>, at the end{' '}
              <strong>{record.closingOnHand.toLocaleString()}</strong> ·{' '}
              {record.totals.received.toLocaleString()} received, {record.totals.affixed.toLocaleString()}{' '}
              affixed, {record.totals.returned.toLocaleString()} returned,{' '}
              {record.totals.destroyed.toLocaleString()} destroyed, {record.totals.restored.toLocaleString()}{' '}
              destroys undone{extendedTotalsText(record.totals)}
            </Typography>
            <RecordTable record={record} />
            {record.chainHead ? (
              <Alert severity="info" sx={{ mt: 2, wordBreak: 'break-all' }}>
                Event chain head at that moment: #{record.chainHead.seq} {record.chainHead.hash}
              </Alert>
            ) : null}
          </CardContent>
        </Card>
      )}
      {view === 'numbers' && record && proof.data && proof.originalArgs && (
        <NumberingProofSection proof={proof.data} query={proof.originalArgs} />
      )}
      {view === 'stamp' && (
        <SerialAsOfLookup
          asOf={
            form.values.asOf && toDate(form.values.asOf)
              ? (fromWallTime(form.values.asOf) ?? undefined)
              : undefined
          }
        />
      )}
      <DelinquentOverridesSection />
    </>
  );
}
