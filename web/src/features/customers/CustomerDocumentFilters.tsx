import TextField from '@mui/material/TextField';
import { useMemo, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ProtocolFilterModel } from '../../shared/grid/grid-protocol';
import { DateRangeFilter, GridFilterBar } from '../../shared/grid/GridFilterBar';
import { dateRange, toolbarPaging } from '../../shared/grid/toolbar-filters';
import type { GridModelProps } from '../../shared/grid/use-grid-models';
import { CustomerFilterChip } from './CustomerFilterChip';
import { useDebouncedValue } from '../../shared/use-debounced-value';

/** What a documents grid's filter bar filters by: the grid's fields and the bar's labels. */
export interface CustomerDocumentFilterFields {
  /** The bar's accessible name, e.g. 'Payment filters'. */
  label: string;
  /** The grid field the invoice number box filters (exact match, a leading # ignored). */
  numberField: string;
  /** The grid field the date range filters, and its two labels. */
  dateField: string;
  dateLabels: { from: string; to: string };
  /** A query parameter that fills the invoice number box when the page opens (e.g. `number`). */
  numberParam?: string;
}

/**
 * The filter bar of a grid of a customer's documents (payments, credit memos): the customer from `?customerId=`
 * as a chip, an invoice number and a date range never past today. Any change goes back to the first page;
 * `extra` is what the bar adds to the grid's own column filter.
 */
export function useCustomerDocumentFilters(
  fields: CustomerDocumentFilterFields,
  paging: Pick<GridModelProps, 'paginationModel' | 'onPaginationModelChange'>,
  today: string,
): { extra: ProtocolFilterModel; active: boolean; bar: ReactNode } {
  const [params, setParams] = useSearchParams();
  const customerId = params.get('customerId');
  const [number, setNumber] = useState(fields.numberParam ? (params.get(fields.numberParam) ?? '') : '');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const debouncedNumber = useDebouncedValue(number);
  const { toFirstPage, change } = toolbarPaging(paging);

  const extraKey = JSON.stringify(
    documentFilterModel(fields, { customerId, number: debouncedNumber, from, to }, today),
  );
  const extra = useMemo(() => JSON.parse(extraKey) as ProtocolFilterModel, [extraKey]);

  const dropParams = (keys: string[]) => {
    const next = new URLSearchParams(params);
    for (const key of keys) next.delete(key);
    setParams(next, { replace: true, preventScrollReset: true });
    toFirstPage();
  };
  const active = !!customerId || !!number || !!from || !!to;
  const clear = () => {
    setNumber('');
    setFrom('');
    setTo('');
    dropParams(['customerId', ...(fields.numberParam ? [fields.numberParam] : [])]);
  };

  const bar = (
    <GridFilterBar
      label={fields.label}
      onClear={active ? clear : undefined}
      chips={
        customerId && (
          <CustomerFilterChip customerId={customerId} onRemove={() => dropParams(['customerId'])} />
        )
      }
    >
      <TextField
        size="small"
        label="Invoice number"
        value={number}
        onChange={(event) => change(setNumber)(event.target.value)}
        sx={{ width: 160 }}
      />
      <DateRangeFilter
        labels={fields.dateLabels}
        from={from}
        to={to}
        today={today}
        onFromChange={change(setFrom)}
        onToChange={change(setTo)}
      />
    </GridFilterBar>
  );
  return { extra, active, bar };
}

function documentFilterModel(
  fields: CustomerDocumentFilterFields,
  filters: { customerId: string | null; number: string; from: string; to: string },
  today: string,
): ProtocolFilterModel {
  const model: ProtocolFilterModel = {};
  if (filters.customerId) model.customer_id = { filterType: 'set', type: 'in', values: [filters.customerId] };
  const number = filters.number.trim().replace(/^#/, '');
  if (number) model[fields.numberField] = { filterType: 'text', type: 'equals', filter: number };
  const range = dateRange(filters.from, filters.to, today);
  if (range) model[fields.dateField] = range;
  return model;
}
