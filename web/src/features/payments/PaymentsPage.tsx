import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { FeatureGate, useFeatureForbidden } from '../../shared/feature-gate/FeatureGate';
import type { ProtocolCondition, ProtocolFilterModel } from '../../shared/grid/grid-protocol';
import { ServerDataGrid } from '../../shared/grid/ServerDataGrid';
import { useGridModels } from '../../shared/grid/use-grid-models';
import { PageHeader } from '../../shared/ui/PageHeader';
import { useGetCustomerQuery } from '../customers/customers.api';
import { useDebouncedValue } from '../customers/use-debounced-value';
import { PAYMENT_GRID_DEFAULT_SORT, PAYMENT_ROW_HEIGHT, paymentColumns } from './payment-grid.columns';
import { PAYMENT_MESSAGES, today as todayOf } from './payment-messages';
import { usePaymentGridQuery } from './payments.api';

const columns = paymentColumns();

/** What the toolbar filters by, next to the grid's own column filter. */
interface ToolbarFilters {
  customerId: string | null;
  number: string;
  receivedFrom: string;
  receivedTo: string;
}

/** Received-date range on whole days, never past today (spec 000 §5 Dates). */
function receivedRange(from: string, to: string, today: string): ProtocolCondition | null {
  const ok = (day: string) => /^\d{4}-\d{2}-\d{2}$/.test(day) && day <= today;
  const low = ok(from) ? from : null;
  const high = ok(to) ? to : null;
  if (low && high)
    return low <= high ? { filterType: 'date', type: 'inRange', dateFrom: low, dateTo: high } : null;
  if (low) return { filterType: 'date', type: 'greaterThanOrEqual', dateFrom: low };
  if (high) return { filterType: 'date', type: 'lessThanOrEqual', dateFrom: high };
  return null;
}

function toolbarFilterModel(filters: ToolbarFilters, today: string): ProtocolFilterModel {
  const model: ProtocolFilterModel = {};
  if (filters.customerId) model.customer_id = { filterType: 'set', type: 'in', values: [filters.customerId] };
  const number = filters.number.trim().replace(/^#/, '');
  if (number) model.number = { filterType: 'text', type: 'equals', filter: number };
  const received = receivedRange(filters.receivedFrom, filters.receivedTo, today);
  if (received) model.received_at = received;
  return model;
}

/** The grid's filterModel (JSON text) with the toolbar's conditions added. */
function mergeFilters<Q extends { filterModel?: string }>(query: Q, extra: ProtocolFilterModel): Q {
  const merged = {
    ...(query.filterModel ? (JSON.parse(query.filterModel) as ProtocolFilterModel) : {}),
    ...extra,
  };
  const { filterModel: _ignored, ...rest } = query;
  return (Object.keys(merged).length ? { ...rest, filterModel: JSON.stringify(merged) } : rest) as Q;
}

/** The customer filter (`?customerId=`, e.g. from the balance page): the customer's name, removable. */
function CustomerFilterChip({ customerId, onRemove }: { customerId: string; onRemove: () => void }) {
  const { data, isError } = useGetCustomerQuery(customerId);
  const name = data?.name ?? (isError ? 'Unknown customer' : 'Loading…');
  return (
    <Chip
      icon={<StorefrontOutlined />}
      color="primary"
      variant="outlined"
      label={`Customer: ${name}`}
      onDelete={onRemove}
      sx={{ fontWeight: 600, bgcolor: 'rgba(29, 78, 137, 0.06)' }}
    />
  );
}

/** The payments report: customer (`?customerId=`), invoice number and received-date filters over the grid. */
function PaymentsReport() {
  const [params, setParams] = useSearchParams();
  const grid = useGridModels(columns, { initialSort: PAYMENT_GRID_DEFAULT_SORT });
  const today = todayOf();
  const customerId = params.get('customerId');
  const [number, setNumber] = useState(params.get('number') ?? '');
  const [receivedFrom, setReceivedFrom] = useState('');
  const [receivedTo, setReceivedTo] = useState('');
  const debouncedNumber = useDebouncedValue(number);

  const filters: ToolbarFilters = { customerId, number: debouncedNumber, receivedFrom, receivedTo };
  const extraKey = JSON.stringify(toolbarFilterModel(filters, today));
  const query = useMemo(() => mergeFilters(grid.query, JSON.parse(extraKey)), [grid.query, extraKey]);
  const result = usePaymentGridQuery(query);
  useFeatureForbidden(result.error);

  const { paginationModel, onPaginationModelChange } = grid.modelProps;
  const toFirstPage = () => {
    if (paginationModel.page !== 0) onPaginationModelChange({ ...paginationModel, page: 0 });
  };
  const change = (set: (value: string) => void) => (value: string) => {
    set(value);
    toFirstPage();
  };

  const future = (day: string) => day !== '' && day > today;
  const dateError =
    future(receivedFrom) || future(receivedTo)
      ? "Can't pick a day after today"
      : receivedFrom && receivedTo && receivedFrom > receivedTo
        ? 'From must not be after To'
        : '';

  const removeCustomer = () => {
    const next = new URLSearchParams(params);
    next.delete('customerId');
    setParams(next, { replace: true });
    toFirstPage();
  };
  const anyToolbarFilter = !!customerId || !!number || !!receivedFrom || !!receivedTo;
  const clearFilters = () => {
    setNumber('');
    setReceivedFrom('');
    setReceivedTo('');
    const next = new URLSearchParams(params);
    for (const key of ['customerId', 'number']) next.delete(key);
    setParams(next, { replace: true });
    toFirstPage();
  };
  const filtered =
    anyToolbarFilter || grid.modelProps.filterModel.items.some((item) => item.value !== undefined);

  return (
    <Card>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Box
          role="search"
          aria-label="Payment filters"
          sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1.5, mb: 1.5 }}
        >
          <TextField
            size="small"
            label="Invoice number"
            value={number}
            onChange={(event) => change(setNumber)(event.target.value)}
            sx={{ width: 160 }}
          />
          <Box sx={{ display: 'flex', flexDirection: 'column' }}>
            <Box sx={{ display: 'flex', gap: 1 }}>
              <TextField
                size="small"
                type="date"
                label="Received from"
                value={receivedFrom}
                onChange={(event) => change(setReceivedFrom)(event.target.value)}
                error={!!dateError && (future(receivedFrom) || (!!receivedTo && receivedFrom > receivedTo))}
                sx={{ width: 168 }}
                slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: receivedTo || today } }}
              />
              <TextField
                size="small"
                type="date"
                label="Received to"
                value={receivedTo}
                onChange={(event) => change(setReceivedTo)(event.target.value)}
                error={!!dateError && (future(receivedTo) || (!!receivedTo && receivedFrom > receivedTo))}
                sx={{ width: 168 }}
                slotProps={{
                  inputLabel: { shrink: true },
                  htmlInput: { min: receivedFrom || undefined, max: today },
                }}
              />
            </Box>
            {dateError && (
              <Typography variant="caption" color="error" sx={{ mt: 0.25, ml: 0.5 }}>
                {dateError}
              </Typography>
            )}
          </Box>
          {anyToolbarFilter && (
            <Button size="small" onClick={clearFilters} sx={{ mt: 0.5 }}>
              Clear filters
            </Button>
          )}
        </Box>
        {customerId && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 1.5 }}>
            <CustomerFilterChip customerId={customerId} onRemove={removeCustomer} />
          </Box>
        )}
        <Divider sx={{ mb: 1.5 }} />
        <Box sx={{ height: { xs: 600, md: 'max(480px, calc(100vh - 300px))' } }}>
          <ServerDataGrid
            {...grid.modelProps}
            columns={columns}
            result={result}
            label="Payments"
            emptyText={filtered ? PAYMENT_MESSAGES.noMatch : PAYMENT_MESSAGES.noPaymentHistory}
            errorText={PAYMENT_MESSAGES.loadGridFailed}
            rowHeight={PAYMENT_ROW_HEIGHT}
          />
        </Box>
      </CardContent>
    </Card>
  );
}

/**
 * /payment (spec 000 §2 Payments): the payments report grid, newest received first (row height 56); while the
 * payment feature is off, the activation card instead.
 */
export default function PaymentsPage() {
  return (
    <>
      <PageHeader title="Payments" subtitle="Money received against your invoices." />
      <FeatureGate feature="payment">
        <PaymentsReport />
      </FeatureGate>
    </>
  );
}
