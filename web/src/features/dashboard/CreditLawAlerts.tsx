import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, formatMoney } from '../../shared/format';
import { useCreditLawAlertsQuery, type CreditLawAlertRow } from '../invoices/credit-law.api';
import { invoicePath } from '../invoices/view/invoice-display';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Rows({ label, rows, late }: { label: string; rows: CreditLawAlertRow[]; late: boolean }) {
  return (
    <Box component="ul" aria-label={label} sx={{ m: 0, mt: 0.5, pl: 2.5 }}>
      {rows.map((row) => (
        <li key={row.id}>
          <Link component={RouterLink} to={invoicePath(row.number)}>
            #{row.number}
          </Link>{' '}
          {row.customer_name} · {formatMoney(row.balance)} ·{' '}
          {late
            ? `not paid by ${formatDate(row.last_day_to_pay)}`
            : row.standing === 'grace'
              ? `was due ${formatDate(row.due_at ?? row.statutory_due_at)}, pay by ${formatDate(row.last_day_to_pay)}`
              : `due ${formatDate(row.due_at ?? row.statutory_due_at)}`}
        </li>
      ))}
    </Box>
  );
}

/**
 * The dashboard's pre-delinquency alerts — liquor and wine invoices on credit due within 3 business days
 * or past due inside the grace days, and those already delinquent (to report). Nothing when there are none or the
 * credit law is off.
 */
export function CreditLawAlerts() {
  const { data } = useCreditLawAlertsQuery(undefined, { refetchOnMountOrArgChange: true });
  if (!data || data.credit_law === 'off') return null;
  const { due_soon, grace, late } = data.counts;
  const dueCount = due_soon + grace;
  if (dueCount === 0 && late === 0) return null;
  return (
    <Stack spacing={1.5} sx={{ mb: 3 }}>
      {dueCount > 0 && (
        <Alert severity="warning" aria-label="Credit law: payments due">
          <AlertTitle>
            Credit law: {plural(dueCount, 'invoice', 'invoices')} to be paid within days
          </AlertTitle>
          <Typography variant="body2">
            {due_soon > 0 && `${due_soon} due within 3 business days`}
            {due_soon > 0 && grace > 0 && '; '}
            {grace > 0 && `${grace} past due, on time until the 4th business day`}. Unpaid after that, the
            retailer is delinquent.
          </Typography>
          <Rows label="Invoices due" rows={data.due} late={false} />
        </Alert>
      )}
      {late > 0 && (
        <Alert severity="error" aria-label="Credit law: delinquent">
          <AlertTitle>Credit law: {plural(late, 'delinquent invoice', 'delinquent invoices')}</AlertTitle>
          <Typography variant="body2">
            Report each to the TABC (the invoice's Delinquency Notice) and sell that retailer no liquor until
            it is paid.{late > data.late.length && ` The ${data.late.length} most recent:`}
          </Typography>
          <Rows label="Delinquent invoices" rows={data.late} late />
        </Alert>
      )}
    </Stack>
  );
}
