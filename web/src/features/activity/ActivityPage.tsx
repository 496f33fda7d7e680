import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { businessDate, DEFAULT_TIME_ZONE } from '../../../../domain/shared/business-date';
import { useCompany } from '../../shared/company/company.api';
import type { GridQueryArgs, ProtocolCondition } from '../../shared/grid/grid-protocol';
import { ServerDataGrid } from '../../shared/grid/ServerDataGrid';
import { useGridModels } from '../../shared/grid/use-grid-models';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ACTIVITY_GRID_DEFAULT_SORT, activityColumns } from './activity-grid.columns';
import { ACTIVITY_MESSAGES, ACTIVITY_ROW_HEIGHT } from './activity-text';
import { useActivityGridQuery } from './activity.api';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The created_at condition of a From/To pair of company days; none while a day is missing, invalid or ahead. */
export function dayRange(from: string, to: string, today: string): ProtocolCondition | null {
  const ok = (day: string) => DAY.test(day) && day <= today;
  const low = ok(from) ? from : null;
  const high = ok(to) ? to : null;
  if (low && high)
    return low <= high ? { filterType: 'date', type: 'inRange', dateFrom: low, dateTo: high } : null;
  if (low) return { filterType: 'date', type: 'greaterThanOrEqual', dateFrom: low };
  if (high) return { filterType: 'date', type: 'lessThanOrEqual', dateFrom: high };
  return null;
}

/**
 * /activity (spec 001 §2 Activities): what happened in the company, newest first, rows 50 px high; a From/To date
 * range in the company's days (never after today) with Reset, and the grid's page-size selector.
 */
export default function ActivityPage() {
  const company = useCompany();
  const timeZone = company.data?.time_zone || DEFAULT_TIME_ZONE;
  const columns = useMemo(() => activityColumns(timeZone), [timeZone]);
  const grid = useGridModels(columns, { initialSort: ACTIVITY_GRID_DEFAULT_SORT });
  const today = businessDate(new Date().toISOString(), timeZone);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  const range = dayRange(from, to, today);
  const rangeKey = JSON.stringify(range);
  const query = useMemo((): GridQueryArgs => {
    const condition = JSON.parse(rangeKey) as ProtocolCondition | null;
    if (!condition) return grid.query;
    return { ...grid.query, filterModel: JSON.stringify({ created_at: condition }) };
  }, [grid.query, rangeKey]);
  const result = useActivityGridQuery(query);

  const { paginationModel, onPaginationModelChange } = grid.modelProps;
  const pick = (set: (day: string) => void) => (day: string) => {
    set(day);
    if (paginationModel.page !== 0) onPaginationModelChange({ ...paginationModel, page: 0 });
  };
  const reset = () => {
    pick(setFrom)('');
    setTo('');
  };

  const future = (day: string) => day !== '' && day > today;
  const reversed = !!from && !!to && from > to;
  const dateError =
    future(from) || future(to) ? ACTIVITY_MESSAGES.futureDay : reversed ? ACTIVITY_MESSAGES.fromAfterTo : '';

  return (
    <>
      <PageHeader
        title="Activities"
        subtitle="Sign-ins, invoices, payments and features: who did what, and when."
      />
      <Card>
        <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
          <Box
            role="search"
            aria-label="Activity filters"
            sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5, mb: 1.5 }}
          >
            <Box sx={{ display: 'flex', flexDirection: 'column' }}>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <TextField
                  size="small"
                  type="date"
                  label="From"
                  value={from}
                  onChange={(event) => pick(setFrom)(event.target.value)}
                  error={future(from) || reversed}
                  sx={{ width: 168 }}
                  slotProps={{
                    inputLabel: { shrink: true },
                    htmlInput: {
                      max: to && to <= today ? to : today,
                      'aria-describedby': 'activity-date-error',
                    },
                  }}
                />
                <TextField
                  size="small"
                  type="date"
                  label="To"
                  value={to}
                  onChange={(event) => pick(setTo)(event.target.value)}
                  error={future(to) || reversed}
                  sx={{ width: 168 }}
                  slotProps={{
                    inputLabel: { shrink: true },
                    htmlInput: {
                      min: from || undefined,
                      max: today,
                      'aria-describedby': 'activity-date-error',
                    },
                  }}
                />
              </Box>
              <Typography
                id="activity-date-error"
                role={dateError ? 'alert' : undefined}
                variant="caption"
                color="error"
                sx={{ mt: 0.25, ml: 0.5, minHeight: dateError ? undefined : 0 }}
              >
                {dateError}
              </Typography>
            </Box>
            <Button variant="outlined" onClick={reset} disabled={!from && !to} sx={{ mt: 0.25 }}>
              Reset
            </Button>
          </Box>
          <Divider sx={{ mb: 1.5 }} />
          <Box sx={{ height: { xs: 600, md: 'max(480px, calc(100vh - 300px))' } }}>
            <ServerDataGrid
              {...grid.modelProps}
              columns={columns}
              result={result}
              label="Activities"
              emptyText={ACTIVITY_MESSAGES.empty}
              errorText={ACTIVITY_MESSAGES.loadFailed}
              rowHeight={ACTIVITY_ROW_HEIGHT}
              disableColumnFilter
            />
          </Box>
        </CardContent>
      </Card>
    </>
  );
}
