import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { businessDate, DEFAULT_TIME_ZONE } from '#domain/shared/business-date';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '#domain/orders/order-status';
import { useCompany } from '../../shared/company/company.api';
import { FeatureGate, useFeatureForbidden } from '../../shared/feature-gate/FeatureGate';
import { DateRangeFilter, GridFilterBar } from '../../shared/grid/GridFilterBar';
import type { GridQueryArgs, ProtocolFilterModel } from '../../shared/grid/grid-protocol';
import { ServerDataGrid } from '../../shared/grid/ServerDataGrid';
import { dateRange, mergeFilters, toolbarPaging } from '../../shared/grid/toolbar-filters';
import { useGridModels } from '../../shared/grid/use-grid-models';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ORDER_GRID_DEFAULT_SORT, ORDER_GRID_ID, orderColumns, orderPhoneRow } from './order-grid.columns';
import { ORDER_MESSAGES, ORDER_ROW_HEIGHT } from './order-messages';
import { useOrderGridQuery } from './orders.api';

const DEFAULT_STATUS = 'placed';

/** /order (as the client's specification asks): opens on placed orders; a status and date range filter with Reset. */
export default function OrdersPage() {
  return (
    <>
      <PageHeader title="Orders" subtitle="Orders your customers placed from the ordering app." />
      <FeatureGate feature="order">
        <OrdersGrid />
      </FeatureGate>
    </>
  );
}

function OrdersGrid() {
  const company = useCompany();
  const timeZone = company.data?.time_zone || DEFAULT_TIME_ZONE;
  const grid = useGridModels(orderColumns, { initialSort: ORDER_GRID_DEFAULT_SORT });
  const today = businessDate(new Date().toISOString(), timeZone);
  const [status, setStatus] = useState<string>(DEFAULT_STATUS);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  const range = dateRange(from, to, today);
  const extra: ProtocolFilterModel = {};
  if (status) extra.status = { filterType: 'set', type: 'in', values: [status] };
  if (range) extra.created_at = range;
  const extraKey = JSON.stringify(extra);
  const query = useMemo(
    (): GridQueryArgs => mergeFilters(grid.query, JSON.parse(extraKey) as ProtocolFilterModel),
    [grid.query, extraKey],
  );
  const result = useOrderGridQuery(query);
  useFeatureForbidden(result.error);

  const { change } = toolbarPaging(grid.modelProps);
  const reset = () => {
    change(setStatus)(DEFAULT_STATUS);
    setFrom('');
    setTo('');
  };

  return (
    <Card>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <GridFilterBar label="Order filters">
          <TextField
            select
            size="small"
            label="Status"
            value={status}
            onChange={(event) => change(setStatus)(event.target.value)}
            sx={{ width: { xs: '100%', sm: 200 } }}
          >
            <MenuItem value="">All statuses</MenuItem>
            {ORDER_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {ORDER_STATUS_LABELS[value]}
              </MenuItem>
            ))}
          </TextField>
          <DateRangeFilter
            labels={{ from: 'From', to: 'To' }}
            from={from}
            to={to}
            today={today}
            onFromChange={change(setFrom)}
            onToChange={change(setTo)}
          />
          <Button variant="outlined" onClick={reset} sx={{ mt: 0.25 }}>
            Reset
          </Button>
        </GridFilterBar>
        <Box sx={{ height: { xs: 600, md: 'max(480px, calc(100vh - 300px))' } }}>
          <ServerDataGrid
            {...grid.modelProps}
            columns={orderColumns}
            result={result}
            label="Orders"
            gridId={ORDER_GRID_ID}
            phoneRow={orderPhoneRow}
            phoneRowLink={(row) => `/order/${row.order_number}`}
            emptyText={ORDER_MESSAGES.empty}
            rowHeight={ORDER_ROW_HEIGHT}
            disableColumnFilter
          />
        </Box>
      </CardContent>
    </Card>
  );
}
