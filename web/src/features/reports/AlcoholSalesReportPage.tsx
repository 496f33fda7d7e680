import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { format } from 'date-fns';
import { useEffect, useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import type { MissingDataKind } from '#domain/reports/alcohol-sales-report';
import { saveFile } from '../../shared/download';
import { useForm, type FormErrors } from '../../shared/forms/use-form';
import { companyToday, formatDate, formatMoney, monthBefore } from '../../shared/format';
import { fieldErrors, problemMessages, toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { PageHeader } from '../../shared/ui/PageHeader';
import { AlcoholReportMonths } from './AlcoholReportMonths';
import { STATUS_COLOR, STATUS_LABEL } from './alcohol-report-months';
import {
  useDownloadAlcoholSalesMutation,
  useDownloadRitsMutation,
  useLazyAlcoholSalesReportQuery,
  type AlcoholSalesReportAnswer,
  type MissingDataItem,
} from './alcohol-sales.api';

type MonthValues = { month: string };

const count = (n: number, noun: string) => `${n.toLocaleString()} ${noun}${n === 1 ? '' : 's'}`;

const validate = (v: MonthValues): FormErrors<MonthValues> =>
  /^\d{4}-\d{2}$/.test(v.month) ? {} : { month: 'Pick a month.' };

const TYPE_LABEL = { DS: 'Distilled spirits (DS)', W: 'Wine (W)', B: 'Beer (B)', ML: 'Malt liquor (ML)' };

const GROUPS: { title: string; kinds: MissingDataKind[] }[] = [
  { title: 'Company', kinds: ['seller_permit'] },
  {
    title: 'Customers',
    kinds: [
      'customer_taxpayer_number',
      'customer_name',
      'customer_address',
      'customer_city',
      'customer_state',
      'customer_zip',
      'customer_permit',
    ],
  },
  { title: 'Products', kinds: ['product_upc', 'product_class', 'product_brand', 'product_size'] },
  { title: 'Invoices', kinds: ['draft_invoice'] },
];

/** Where the item is fixed. */
function linkOf(item: MissingDataItem): string {
  switch (item.kind) {
    case 'seller_permit':
      return '/setting';
    case 'customer_taxpayer_number':
      return `/customer/${item.id}/edit`;
    case 'draft_invoice':
      return `/invoice/${item.name.replace(/^#/, '')}`;
    default:
      return `/product/${item.id}`;
  }
}

function MissingData({ report }: { report: AlcoholSalesReportAnswer }) {
  if (report.missing.length === 0)
    return (
      <Alert severity="success">Nothing is missing: the report of this month can be filed as it is.</Alert>
    );
  return (
    <>
      <Alert severity="warning" sx={{ mb: 2 }}>
        Fill these before the report is due on {formatDate(`${report.due_on}T12:00:00`)}: the RITS file
        reports them as shown (empty, cut, or &quot;0&quot; for an unknown taxpayer number).
      </Alert>
      {GROUPS.map(({ title, kinds }) => {
        const items = report.missing.filter((item) => kinds.includes(item.kind));
        if (items.length === 0) return null;
        return (
          <Box key={title} component="section" aria-label={`Missing data: ${title}`} sx={{ mb: 1.5 }}>
            <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 700 }}>
              {title} ({items.length})
            </Typography>
            <List dense disablePadding>
              {items.map((item) => (
                <ListItem key={`${item.kind}-${item.id}`} disableGutters>
                  <ListItemText
                    primary={
                      <Link component={RouterLink} to={linkOf(item)}>
                        {item.name}
                      </Link>
                    }
                    secondary={item.field ? `${item.field}: ${item.message}` : item.message}
                  />
                </ListItem>
              ))}
            </List>
          </Box>
        );
      })}
    </>
  );
}

/**
 * /stamp/comptroller: the Comptroller's monthly alcohol sales report (Tex. Tax Code §151.462). Pick a
 * month (last month on arrival, or `?month=YYYY-MM`): its totals, what must be filled before the 25th, and the CSV to
 * file (one per permit).
 */
export default function AlcoholSalesReportPage() {
  // ?month=YYYY-MM opens that month; else last month (the report due this month)
  const [search] = useSearchParams();
  const [initialValues] = useState<MonthValues>(() => {
    const asked = search.get('month') ?? '';
    return { month: /^\d{4}-\d{2}$/.test(asked) ? asked : monthBefore(companyToday()) };
  });
  const form = useForm({ initialValues, validate });
  const [load, result] = useLazyAlcoholSalesReportQuery();
  const [download, downloading] = useDownloadAlcoholSalesMutation();
  const [downloadRits, downloadingRits] = useDownloadRitsMutation();

  useEffect(() => {
    void load(initialValues);
  }, [load, initialValues]);

  const showServerErrors = (error: unknown, fallback: string) => {
    const problem = toProblem(error);
    const fields = fieldErrors(problem);
    form.setServerErrors({ month: fields.month });
    if (!fields.month) toast.error(problemMessages(problem, fallback)[0]!);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await load(values).unwrap();
    } catch (error) {
      showServerErrors(error, 'Error loading the report');
    }
  });

  const downloadFile = async (kind: 'rits' | 'csv') => {
    if (Object.values(validate(form.values)).some(Boolean)) return;
    try {
      const month = form.values.month;
      saveFile(await (kind === 'rits' ? downloadRits({ month }) : download({ month })).unwrap());
    } catch (error) {
      showServerErrors(error, 'Error downloading the CSV');
    }
  };

  const report = result.data;

  return (
    <>
      <PageHeader
        title="Comptroller Report"
        subtitle="The monthly alcohol sales report to the Texas Comptroller (due the 25th): per retailer, brand, UPC and container size, the number of containers and their total selling price, in the RITS layout; the CSV lists each sale under plain headers."
      />
      <AlcoholReportMonths />
      <Card component="section" aria-labelledby="comptroller-month" sx={{ mb: 3 }}>
        <CardContent sx={{ p: { xs: 2, sm: 2.5 } }}>
          <Typography id="comptroller-month" variant="h2" sx={{ fontSize: '1.0625rem', mb: 2 }}>
            Month
          </Typography>
          <Box
            component="form"
            noValidate
            onSubmit={submit}
            aria-label="Report month"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, alignItems: 'flex-start' }}
          >
            <TextField
              {...form.field('month')}
              label="Month"
              type="month"
              sx={{ flex: '1 1 180px', maxWidth: { sm: 260 } }}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: companyToday().slice(0, 7) } }}
            />
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
              <Button type="submit" variant="contained" loading={form.submitting} sx={{ height: 56 }}>
                Check Month
              </Button>
              <Button
                variant="outlined"
                startIcon={<FileDownloadOutlined />}
                loading={downloadingRits.isLoading}
                onClick={() => void downloadFile('rits')}
                sx={{ height: 56 }}
              >
                Download RITS File
              </Button>
              <Button
                variant="outlined"
                startIcon={<FileDownloadOutlined />}
                loading={downloading.isLoading}
                onClick={() => void downloadFile('csv')}
                sx={{ height: 56 }}
              >
                Download CSV
              </Button>
            </Box>
          </Box>
        </CardContent>
      </Card>
      {result.isError && !report && (
        <Alert severity="error">
          {problemMessages(toProblem(result.error), 'Error loading the report')[0]}
        </Alert>
      )}
      {report && (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '2fr 3fr' } }}>
          <Card component="section" aria-labelledby="comptroller-summary">
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography id="comptroller-summary" variant="h2" sx={{ fontSize: '1.125rem' }}>
                {format(new Date(`${report.month}-15T12:00:00`), 'MMMM yyyy')}
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
                Permit <strong>{report.permit || '—'}</strong> · due {formatDate(`${report.due_on}T12:00:00`)}{' '}
                ·{' '}
                <Chip
                  size="small"
                  color={report.ready ? 'success' : 'warning'}
                  label={report.ready ? 'Ready to file' : `${report.missing.length} to fill`}
                />{' '}
                <Chip
                  size="small"
                  color={STATUS_COLOR[report.filing.status]}
                  label={STATUS_LABEL[report.filing.status]}
                />
              </Typography>
              {report.no_sales && (
                <Alert severity="info" sx={{ mb: 2 }}>
                  No sales this month: the RITS file is the no-sales report, which must be filed too.
                </Alert>
              )}
              <Typography>
                {`${count(report.totals.lines, 'sale line')} to ${count(report.totals.retailers, 'retailer')}: `}
                {`${count(report.totals.units, 'unit')}, ${formatMoney(report.totals.net)} net`}
              </Typography>
              <List dense aria-label="By beverage type">
                {report.by_type.map((row) => (
                  <ListItem key={row.type} disableGutters>
                    <ListItemText
                      primary={TYPE_LABEL[row.type]}
                      secondary={`${count(row.lines, 'line')} · ${count(row.units, 'unit')} · ${formatMoney(row.net)}`}
                    />
                  </ListItem>
                ))}
              </List>
              <Typography variant="body2" color="text.secondary">
                {`RITS file: ${report.rits_filename} (${count(report.records, 'record')}) · CSV: ${report.filename}`}
              </Typography>
            </CardContent>
          </Card>
          <Card component="section" aria-labelledby="comptroller-check">
            <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography id="comptroller-check" variant="h2" sx={{ fontSize: '1.125rem', mb: 2 }}>
                Missing Data
              </Typography>
              <MissingData report={report} />
            </CardContent>
          </Card>
        </Box>
      )}
    </>
  );
}
