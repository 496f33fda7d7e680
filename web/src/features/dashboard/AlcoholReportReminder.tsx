import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router-dom';
import { useAppSelector } from '../../app/store';
import { formatDate } from '../../shared/format';
import { monthLabel } from '../reports/alcohol-report-months';
import { useAlcoholReportMonthsQuery } from '../reports/alcohol-sales.api';

/**
 * The dashboard's reminder of last month's alcohol sales report to the Comptroller while it is not marked filed:
 * due on the 25th (or the next business day), late after it. Nothing once it is filed.
 */
export function AlcoholReportReminder() {
  const user = useAppSelector((state) => state.session.user);
  const companyId = user ? String(user.company_id) : '';
  const { data } = useAlcoholReportMonthsQuery(companyId, {
    skip: !companyId,
    refetchOnMountOrArgChange: true,
  });
  const reminder = data?.reminder;
  if (!reminder) return null;
  const late = reminder.status === 'late';
  return (
    <Alert severity={late ? 'error' : 'warning'} aria-label="Comptroller report reminder" sx={{ mb: 2 }}>
      <AlertTitle>
        {late
          ? `The alcohol sales report of ${monthLabel(reminder.month)} is late`
          : `The alcohol sales report of ${monthLabel(reminder.month)} is due ${formatDate(`${reminder.due_on}T12:00:00`)}`}
      </AlertTitle>
      {late
        ? `It was due ${formatDate(`${reminder.due_on}T12:00:00`)}: file it in RITS now ($50 late-filing penalty). `
        : 'File it with the Comptroller in RITS, even without sales, then mark it filed. '}
      <Link component={RouterLink} to={`/stamp/comptroller?month=${reminder.month}`}>
        Open the Comptroller report
      </Link>
    </Alert>
  );
}
