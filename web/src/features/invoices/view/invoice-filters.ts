import type { ProtocolCondition, ProtocolFilterModel } from '../../../shared/grid/grid-protocol';
import { dateRange } from '../../../shared/grid/toolbar-filters';
import type { InvoiceStatus } from '../invoices.api';

/**
 * The invoice grid's toolbar filters (status, customer, number range, date range) as grid-protocol conditions,
 * added to whatever the grid's own column filter sends.
 */

/** What the toolbar filters by, next to the grid's own column filter. */
export interface ToolbarFilters {
  statuses: InvoiceStatus[];
  customerId: string | null;
  numberFrom: string;
  numberTo: string;
  dateFrom: string;
  dateTo: string;
}

export const isWholeNumber = (value: string) => /^\d+$/.test(value.trim());

/** Number range on `sequence` (the number without prefix or B suffix); null when it has no usable bound. */
export function numberRange(from: string, to: string): ProtocolCondition | null {
  const low = isWholeNumber(from) ? from.trim() : null;
  const high = isWholeNumber(to) ? to.trim() : null;
  if (low && high)
    return Number(low) <= Number(high)
      ? { filterType: 'number', type: 'inRange', filter: low, filterTo: high }
      : null;
  if (low) return { filterType: 'number', type: 'greaterThanOrEqual', filter: low };
  if (high) return { filterType: 'number', type: 'lessThanOrEqual', filter: high };
  return null;
}

export function toolbarFilterModel(filters: ToolbarFilters, today: string): ProtocolFilterModel {
  const model: ProtocolFilterModel = {};
  if (filters.statuses.length) model.status = { filterType: 'set', type: 'in', values: filters.statuses };
  if (filters.customerId) model.customer_id = { filterType: 'set', type: 'in', values: [filters.customerId] };
  const numbers = numberRange(filters.numberFrom, filters.numberTo);
  if (numbers) model.sequence = numbers;
  const dates = dateRange(filters.dateFrom, filters.dateTo, today);
  if (dates) model.invoiced_at = dates;
  return model;
}
