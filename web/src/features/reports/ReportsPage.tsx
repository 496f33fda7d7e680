import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useEffect, useState } from 'react';
import type { ReportPeriodName } from '#domain/contracts/report.contract';
import { FeatureGate, useFeatureForbidden } from '../../shared/feature-gate/FeatureGate';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { companyToday, formatDateTime, formatMoney } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { toast, TOAST_SECONDS } from '../../shared/toasts';
import { PageHeader } from '../../shared/ui/PageHeader';
import { STATS_ERROR } from '../../shared/stats-messages';
import { defaultPeriods, periodLabel, snapPeriod, type ReportPeriod } from './report-periods';
import { useReportStatsQuery, type ReportAnswer } from './reports.api';
import { WIDE_ONLY } from '../../shared/ui/wide-only';

const TOP_PRODUCTS = 5;

const todayOf = () => companyToday();

/** One period's stats; a 403 (the feature switched off meanwhile) shows the gate's activation card. */
function usePeriodStats(period: ReportPeriod) {
  const result = useReportStatsQuery(period);
  useFeatureForbidden(result.error);
  return result;
}

/** One toast (3 s) when either period fails, not for a 403: the gate shows the activation card then. */
function useStatsFailureToast(...errors: unknown[]) {
  const failed = errors.some((error) => error !== undefined && toProblem(error)?.status !== 403);
  useEffect(() => {
    if (failed) toast.error(STATS_ERROR, { seconds: TOAST_SECONDS.brief });
  }, [failed]);
}

function PeriodPicker({
  label,
  period,
  today,
  onPick,
}: {
  label: string;
  period: ReportPeriod;
  today: string;
  onPick: (chosen: string) => void;
}) {
  return (
    <TextField
      label={label}
      type="date"
      size="small"
      sx={{ width: 190 }}
      value={period.from}
      onChange={(event) => event.target.value && onPick(event.target.value)}
      helperText={periodLabel(period)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today, 'aria-label': label } }}
    />
  );
}

/** The y axis's ticks in short ('$150K'): the bars' own figures, in full, are in their tooltips. */
const axisMoney = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

function TopProducts({ title, answer }: { title: string; answer: ReportAnswer | undefined }) {
  const rows = answer?.productStats.slice(0, TOP_PRODUCTS) ?? [];
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="subtitle2" gutterBottom>
        Top products, {title}
      </Typography>
      <Table
        size="small"
        aria-label={`Top products, ${title}`}
        sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } } }}
      >
        <TableHead>
          <TableRow>
            <TableCell>Product</TableCell>
            <TableCell align="right" sx={WIDE_ONLY}>
              Invoices
            </TableCell>
            <TableCell align="right">Qty</TableCell>
            <TableCell align="right">Amount</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.length === 0 ? (
            <TableRow>
              <TableCell colSpan={4}>No products sold.</TableCell>
            </TableRow>
          ) : (
            rows.map((row) => (
              <TableRow key={row.product_id}>
                <TableCell>
                  {row.product}
                  {row.product_size && (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {' '}
                      {row.product_size}
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right" sx={WIDE_ONLY}>
                  {row.invoice}
                </TableCell>
                <TableCell align="right">{row.total_qty}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatMoney(row.total_amount)}
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>
    </Box>
  );
}

/** The report (as the client's specification asks): two periods, Monthly or Weekly, compared on a bar chart. */
function Report() {
  const today = todayOf();
  const [name, setName] = useState<ReportPeriodName>('monthly');
  const [[current, previous], setPeriods] = useState(() => defaultPeriods('monthly', today));
  const orders = useFeature('order').active;
  const first = usePeriodStats(current);
  const second = usePeriodStats(previous);
  useStatsFailureToast(first.error, second.error);

  const switchTo = (next: ReportPeriodName | null) => {
    if (!next || next === name) return;
    setName(next);
    setPeriods(defaultPeriods(next, today));
  };
  const refresh = () => {
    void first.refetch();
    void second.refetch();
  };

  const loading = first.isFetching || second.isFetching;
  const answers = [first.data, second.data];
  const labels = [periodLabel(current), periodLabel(previous)];
  const empty = answers.every(
    (answer) => answer && answer.stats.invoiceTotal === 0 && answer.productStats.length === 0,
  );
  const generatedAt = [first.data?.generated_at, second.data?.generated_at].sort().at(-1);
  const series = [
    { id: 'invoice', label: 'Invoice total', data: answers.map((a) => a?.stats.invoiceTotal ?? 0) },
    ...(orders
      ? [{ id: 'order', label: 'Order total', data: answers.map((a) => a?.stats.orderTotal ?? 0) }]
      : []),
  ].map((s) => ({ ...s, valueFormatter: (value: number | null) => formatMoney(value ?? 0) }));

  return (
    <Card>
      <CardContent>
        <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={name}
            onChange={(_, next: ReportPeriodName | null) => switchTo(next)}
            aria-label="Monthly or weekly"
          >
            <ToggleButton value="monthly">Monthly</ToggleButton>
            <ToggleButton value="weekly">Weekly</ToggleButton>
          </ToggleButtonGroup>
          <PeriodPicker
            label="Period"
            period={current}
            today={today}
            onPick={(chosen) => setPeriods([snapPeriod(name, chosen, today), previous])}
          />
          <PeriodPicker
            label="Compared with"
            period={previous}
            today={today}
            onPick={(chosen) => setPeriods([current, snapPeriod(name, chosen, today)])}
          />
          <Box sx={{ flexGrow: 1 }} />
          <Stack spacing={0.5} sx={{ alignItems: 'flex-end' }}>
            <Button variant="outlined" onClick={refresh} disabled={loading}>
              Refresh
            </Button>
            {generatedAt && (
              <Typography variant="caption" color="text.secondary" data-testid="generated-at">
                Generated at {formatDateTime(generatedAt)}
              </Typography>
            )}
          </Stack>
        </Stack>

        {loading && !first.data && !second.data ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
            <CircularProgress aria-label="Loading stats" />
          </Box>
        ) : (
          <>
            {empty && (
              <Alert severity="info" sx={{ mt: 2 }}>
                No invoices in either period.
              </Alert>
            )}
            <Box aria-label="Invoice totals chart" role="img" sx={{ mt: 2 }}>
              <BarChart
                height={300}
                skipAnimation
                xAxis={[{ scaleType: 'band', data: labels }]}
                yAxis={[{ width: 64, valueFormatter: (value: number) => axisMoney.format(value) }]}
                series={series}
              />
            </Box>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} sx={{ mt: 2 }}>
              <TopProducts title={labels[0]!} answer={first.data} />
              <TopProducts title={labels[1]!} answer={second.data} />
            </Stack>
          </>
        )}
      </CardContent>
    </Card>
  );
}

export default function ReportsPage() {
  return (
    <>
      <PageHeader title="Reports" subtitle="Compare your invoice totals between two periods." />
      <FeatureGate feature="reports">
        <Report />
      </FeatureGate>
    </>
  );
}
