import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { companyToday } from '../../shared/format';
import { DateRangeFilter, GridFilterBar } from '../../shared/grid/GridFilterBar';
import type { GridQueryArgs, ProtocolFilterModel } from '../../shared/grid/grid-protocol';
import { ServerDataGrid } from '../../shared/grid/ServerDataGrid';
import { dateRange, mergeFilters, toolbarPaging } from '../../shared/grid/toolbar-filters';
import { useGridModels } from '../../shared/grid/use-grid-models';
import { PageHeader } from '../../shared/ui/PageHeader';
import { CustomerPicker } from '../products/CustomerPicker';
import type { CustomerOption } from '../products/products.api';
import { useListStaffQuery } from '../staff/staff.api';
import { ACTIVITY_GRID_DEFAULT_SORT, activityColumns, activityPhoneRow } from './activity-grid.columns';
import { ACTIVITY_MESSAGES, ACTIVITY_ROW_HEIGHT, BUSINESS_KINDS } from './activity-text';
import { ActivityDetailDialog } from './ActivityDetailDialog';
import { useActivityGridQuery, type ActivityRow } from './activity.api';

type View = 'business' | 'sign-ins';
const ANY = '';

/**
 * /activity: what happened in the company, newest first, rows 50 px high (the client's specification), as an audit
 * tool: business events (invoices, status changes, payments, notes, features, syncs, ordering app access) apart from
 * sign-ins, filtered by kind, user, customer, invoice number and a range of the company's days (never after today).
 * A row's Open shows what its event changed, in words. `?invoice=345` opens on one invoice's events.
 */
export default function ActivityPage() {
  const [params] = useSearchParams();
  const [opened, setOpened] = useState<ActivityRow | null>(null);
  const columns = useMemo(() => activityColumns(setOpened), []);
  const phoneRow = useMemo(() => activityPhoneRow(setOpened), []);
  const grid = useGridModels(columns, { initialSort: ACTIVITY_GRID_DEFAULT_SORT });
  const today = companyToday();
  const staff = useListStaffQuery();
  const [view, setView] = useState<View>(params.get('view') === 'sign-ins' ? 'sign-ins' : 'business');
  const [kind, setKind] = useState(ANY);
  const [userId, setUserId] = useState(ANY);
  const [customer, setCustomer] = useState<CustomerOption | null>(null);
  const [invoice, setInvoice] = useState(params.get('invoice') ?? '');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  const business = view === 'business';
  const range = dateRange(from, to, today);
  const filters: ProtocolFilterModel = {
    account: { filterType: 'set', type: 'in', values: [business ? 'false' : 'true'] },
    ...(business && kind ? { kind: { filterType: 'set', type: 'in', values: [kind] } } : {}),
    ...(userId ? { user_id: { filterType: 'set', type: 'in', values: [userId] } } : {}),
    ...(business && customer
      ? { customer_id: { filterType: 'set', type: 'in', values: [customer.id] } }
      : {}),
    ...(business && invoice.trim()
      ? { invoice: { filterType: 'text', type: 'equals', filter: invoice.trim().replace(/^#/, '') } }
      : {}),
    ...(range ? { created_at: range } : {}),
  };
  const extraKey = JSON.stringify(filters);
  const query = useMemo(
    (): GridQueryArgs => mergeFilters(grid.query, JSON.parse(extraKey) as ProtocolFilterModel),
    [grid.query, extraKey],
  );
  const result = useActivityGridQuery(query);

  const { change } = toolbarPaging(grid.modelProps);
  const filtered = Boolean(kind || userId || customer || invoice || from || to);
  const reset = () => {
    change(setKind)(ANY);
    setUserId(ANY);
    setCustomer(null);
    setInvoice('');
    setFrom('');
    setTo('');
  };

  return (
    <>
      <PageHeader
        title="Activities"
        subtitle="Who did what, and when: invoices, status changes, payments, features and sign-ins."
      />
      <Card>
        <Tabs
          value={view}
          onChange={(_event, next: View) => change(setView)(next)}
          aria-label="Activity views"
          sx={{ px: { xs: 1, sm: 2 }, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="business" label="Business events" />
          <Tab value="sign-ins" label="Sign-ins" />
        </Tabs>
        <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
          <GridFilterBar label="Activity filters">
            {business && (
              <TextField
                select
                size="small"
                label="Kind"
                value={kind}
                onChange={(event) => change(setKind)(event.target.value)}
                sx={{ width: 190 }}
                slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              >
                <MenuItem value={ANY}>All kinds</MenuItem>
                {BUSINESS_KINDS.map((option) => (
                  <MenuItem key={option.value} value={option.value}>
                    {option.label}
                  </MenuItem>
                ))}
              </TextField>
            )}
            <TextField
              select
              size="small"
              label="User"
              value={userId}
              onChange={(event) => change(setUserId)(event.target.value)}
              sx={{ width: 190 }}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            >
              <MenuItem value={ANY}>Everyone</MenuItem>
              {(staff.data?.users ?? []).map((user) => (
                <MenuItem key={String(user.id)} value={String(user.id)}>
                  {user.name}
                </MenuItem>
              ))}
            </TextField>
            {business && (
              <CustomerPicker
                value={customer}
                onChange={change(setCustomer)}
                label="Customer"
                placeholder="Any customer"
                helperText=""
                size="small"
                sx={{ width: 240 }}
              />
            )}
            {business && (
              <TextField
                size="small"
                label="Invoice"
                placeholder="e.g. 345B"
                value={invoice}
                onChange={(event) => change(setInvoice)(event.target.value)}
                sx={{ width: 150 }}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { maxLength: 30 } }}
              />
            )}
            <DateRangeFilter
              labels={{ from: 'From', to: 'To' }}
              from={from}
              to={to}
              today={today}
              onFromChange={change(setFrom)}
              onToChange={change(setTo)}
            />
            <Button variant="outlined" onClick={reset} disabled={!filtered} sx={{ mt: 0.25 }}>
              Reset
            </Button>
          </GridFilterBar>
          <Box sx={{ height: { xs: 600, md: 'max(480px, calc(100vh - 360px))' } }}>
            <ServerDataGrid
              {...grid.modelProps}
              columns={columns}
              result={result}
              label={business ? 'Business events' : 'Sign-ins'}
              emptyText={ACTIVITY_MESSAGES.empty}
              errorText={ACTIVITY_MESSAGES.loadFailed}
              rowHeight={ACTIVITY_ROW_HEIGHT}
              phoneRow={phoneRow}
              disableColumnFilter
            />
          </Box>
        </CardContent>
      </Card>
      {opened && <ActivityDetailDialog row={opened} onClose={() => setOpened(null)} />}
    </>
  );
}
