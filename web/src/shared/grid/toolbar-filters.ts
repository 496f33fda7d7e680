import { useMemo, useState } from 'react';
import { useDebouncedValue } from '../use-debounced-value';
import type { ProtocolCondition, ProtocolFilterModel } from './grid-protocol';
import type { GridModelProps } from './use-grid-models';

/*
 * What the grid pages' filter bars share (invoices, payments): a date range on whole days that never passes
 * today, the toolbar's conditions merged into the grid's own column filter, and the first page after a change.
 */

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A date range on whole days, never past today (as the client's specification asks); null when it has no usable bound. */
export function dateRange(from: string, to: string, today: string): ProtocolCondition | null {
  const ok = (day: string) => DAY.test(day) && day <= today;
  const low = ok(from) ? from : null;
  const high = ok(to) ? to : null;
  if (low && high)
    return low <= high ? { filterType: 'date', type: 'inRange', dateFrom: low, dateTo: high } : null;
  if (low) return { filterType: 'date', type: 'greaterThanOrEqual', dateFrom: low };
  if (high) return { filterType: 'date', type: 'lessThanOrEqual', dateFrom: high };
  return null;
}

/** Is the day typed after today? */
export const isAfterToday = (day: string, today: string) => day !== '' && day > today;

/** The date range's message, '' when it is fine. */
export function dateRangeError(from: string, to: string, today: string): string {
  if (isAfterToday(from, today) || isAfterToday(to, today)) return "Can't pick a day after today";
  if (from && to && from > to) return 'From must not be after To';
  return '';
}

/** The grid's filterModel (JSON text) with the toolbar's conditions added. */
export function mergeFilters<Q extends { filterModel?: string }>(query: Q, extra: ProtocolFilterModel): Q {
  const merged = {
    ...(query.filterModel ? (JSON.parse(query.filterModel) as ProtocolFilterModel) : {}),
    ...extra,
  };
  const { filterModel: _ignored, ...rest } = query;
  return (Object.keys(merged).length ? { ...rest, filterModel: JSON.stringify(merged) } : rest) as Q;
}

/**
 * A toolbar filter changed: back to the grid's first page. `change(set)` wraps a state setter so that it does
 * both.
 */
export function toolbarPaging({
  paginationModel,
  onPaginationModelChange,
}: Pick<GridModelProps, 'paginationModel' | 'onPaginationModelChange'>) {
  const toFirstPage = () => {
    if (paginationModel.page !== 0) onPaginationModelChange({ ...paginationModel, page: 0 });
  };
  const change =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      toFirstPage();
    };
  return { toFirstPage, change };
}

/**
 * A grid's search box on one text column: what is typed (settled for 300 ms) filters `field` by 'contains', with the
 * grid's own filters; a change goes back to the first page. Answers the box's value and change, and the grid query.
 */
export function useGridSearch<Q extends { filterModel?: string }>(
  query: Q,
  modelProps: GridModelProps,
  field: string,
) {
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim());
  const searchedQuery = useMemo(
    () =>
      searched
        ? mergeFilters(query, { [field]: { filterType: 'text', type: 'contains', filter: searched } })
        : query,
    [query, searched, field],
  );
  const { toFirstPage } = toolbarPaging(modelProps);
  const onSearch = (value: string) => {
    setSearch(value);
    toFirstPage();
  };
  return { search, onSearch, query: searchedQuery };
}
