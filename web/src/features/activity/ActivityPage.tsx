import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import { useMemo, useState } from 'react';
import { businessDate, DEFAULT_TIME_ZONE } from '#domain/shared/business-date';
import { useCompany } from '../../shared/company/company.api';
import { DateRangeFilter, GridFilterBar } from '../../shared/grid/GridFilterBar';
import type { GridQueryArgs, ProtocolFilterModel } from '../../shared/grid/grid-protocol';
import { ServerDataGrid } from '../../shared/grid/ServerDataGrid';
import { dateRange, mergeFilters, toolbarPaging } from '../../shared/grid/toolbar-filters';
import { useGridModels } from '../../shared/grid/use-grid-models';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ACTIVITY_GRID_DEFAULT_SORT, activityColumns } from './activity-grid.columns';
import { ACTIVITY_MESSAGES, ACTIVITY_ROW_HEIGHT } from './activity-text';
import { ActivityDetailDialog } from './ActivityDetailDialog';
import { useActivityGridQuery, type ActivityRow } from './activity.api';

/**
 * /activity (spec 001 §2 Activities): what happened in the company, newest first, rows 50 px high; a From/To date
 * range in the company's days (never after today) with Reset, and the grid's page-size selector. A row's Open
 * shows the fields its event changed, old → new.
 */
export default function ActivityPage() {
  const company = useCompany();
  const timeZone = company.data?.time_zone || DEFAULT_TIME_ZONE;
  const [opened, setOpened] = useState<ActivityRow | null>(null);
  const columns = useMemo(() => activityColumns(timeZone, setOpened), [timeZone]);
  const grid = useGridModels(columns, { initialSort: ACTIVITY_GRID_DEFAULT_SORT });
  const today = businessDate(new Date().toISOString(), timeZone);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  const range = dateRange(from, to, today);
  const extraKey = JSON.stringify(range ? { created_at: range } : {});
  const query = useMemo(
    (): GridQueryArgs => mergeFilters(grid.query, JSON.parse(extraKey) as ProtocolFilterModel),
    [grid.query, extraKey],
  );
  const result = useActivityGridQuery(query);

  const { change } = toolbarPaging(grid.modelProps);
  const reset = () => {
    change(setFrom)('');
    setTo('');
  };

  return (
    <>
      <PageHeader
        title="Activities"
        subtitle="Sign-ins, invoices, payments and features: who did what, and when."
      />
      <Card>
        <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
          <GridFilterBar label="Activity filters">
            <DateRangeFilter
              labels={{ from: 'From', to: 'To' }}
              from={from}
              to={to}
              today={today}
              onFromChange={change(setFrom)}
              onToChange={change(setTo)}
            />
            <Button variant="outlined" onClick={reset} disabled={!from && !to} sx={{ mt: 0.25 }}>
              Reset
            </Button>
          </GridFilterBar>
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
      {opened && <ActivityDetailDialog row={opened} timeZone={timeZone} onClose={() => setOpened(null)} />}
    </>
  );
}
