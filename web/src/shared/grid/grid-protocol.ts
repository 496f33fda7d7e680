import type {
  GridColType,
  GridFilterItem,
  GridFilterModel,
  GridPaginationModel,
  GridSortModel,
} from '@mui/x-data-grid';
import { pickedDay } from '../format';

/**
 * The grid protocol of the API's `…/grid` calls (and of exports such as GET stamp/download), and its mapping
 * from MUI DataGrid's models. Type-only imports from MUI: this file adds no DataGrid code to a chunk.
 *
 *   GET …/grid?startRow=0&endRow=25
 *             &sortModel=[{"colId":"logged_at","sort":"desc"}]
 *             &filterModel={"invoice":{"filterType":"text","type":"contains","filter":"10"}}
 *   → { rows: Row[], count: number }        (count: rows matching the filter, over all pages)
 *
 * Conventions:
 * - A column's `field` is the server's `colId`.
 * - The filter type follows the column type: string → text, number → number, date/dateTime → date (whole days,
 *   'yyyy-MM-dd'), singleSelect/boolean → set. Pass `filterTypes` to override one column.
 * - Several conditions on one column combine with the filter model's logic operator (AND/OR); different columns
 *   always combine with AND (the free DataGrid offers one filter at a time anyway). Quick-filter values are not
 *   part of the protocol.
 * - Conditions still waiting for a value (the user picked an operator, typed nothing) are left out, so they
 *   cause no request.
 */

/**
 * Page sizes. The client's specification also lists 200 and 400, but the free DataGrid caps a page at 100 rows (the
 * larger pages need its paid edition): a deliberate deviation, written down in docs/deviations.md.
 */
export const PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;

/** The page-size selector's choices as the specification words them: '10/page', '25/page', … */
export const PAGE_SIZE_CHOICES = PAGE_SIZE_OPTIONS.map((size) => ({ value: size, label: `${size}/page` }));
/** The client's specification: grid page size 25. */
export const DEFAULT_PAGE_SIZE = 25;

export type ProtocolFilterType = 'text' | 'number' | 'date' | 'set';

export interface ProtocolCondition {
  filterType: ProtocolFilterType;
  /** equals, notEqual, contains, notContains, startsWith, endsWith, lessThan(OrEqual), greaterThan(OrEqual),
   *  inRange, blank, notBlank, in */
  type: string;
  filter?: string;
  filterTo?: string;
  dateFrom?: string;
  dateTo?: string;
  values?: (string | null)[];
}

export interface ProtocolCombinedFilter {
  filterType: ProtocolFilterType;
  operator: 'AND' | 'OR';
  conditions: ProtocolCondition[];
}

/** Keyed by column id. */
export type ProtocolFilterModel = Record<string, ProtocolCondition | ProtocolCombinedFilter>;

export interface ProtocolSort {
  colId: string;
  sort: 'asc' | 'desc';
}

/** The query parameters of a grid call; the models travel as JSON text and are left out when empty. */
export interface GridQueryArgs {
  startRow: number;
  endRow: number;
  sortModel?: string;
  filterModel?: string;
}

/** What a grid call answers. */
export interface GridPage<Row> {
  rows: Row[];
  count: number;
}

/** The DataGrid state a grid call is made from. */
export interface GridModels {
  paginationModel: GridPaginationModel;
  sortModel: GridSortModel;
  filterModel: GridFilterModel;
}

/** What the mapping needs to know about a column (a GridColDef fits). */
export interface ProtocolColumn {
  field: string;
  type?: GridColType;
}

export interface ProtocolOptions {
  /** Overrides the filter type derived from a column's type, by field. */
  filterTypes?: Partial<Record<string, ProtocolFilterType>>;
}

/** MUI operator names → the protocol's. Unknown names pass through as they are. */
const OPERATORS: Readonly<Record<string, string>> = {
  contains: 'contains',
  doesNotContain: 'notContains',
  equals: 'equals',
  doesNotEqual: 'notEqual',
  startsWith: 'startsWith',
  endsWith: 'endsWith',
  isEmpty: 'blank',
  isNotEmpty: 'notBlank',
  isAnyOf: 'in',
  '=': 'equals',
  '!=': 'notEqual',
  '>': 'greaterThan',
  '>=': 'greaterThanOrEqual',
  '<': 'lessThan',
  '<=': 'lessThanOrEqual',
  is: 'equals',
  not: 'notEqual',
  after: 'greaterThan',
  onOrAfter: 'greaterThanOrEqual',
  before: 'lessThan',
  onOrBefore: 'lessThanOrEqual',
};

const COLUMN_FILTER_TYPES: Partial<Record<GridColType, ProtocolFilterType>> = {
  string: 'text',
  number: 'number',
  date: 'date',
  dateTime: 'date',
  singleSelect: 'set',
  boolean: 'set',
};

const isBlankValue = (value: unknown) =>
  value === undefined ||
  value === null ||
  (typeof value === 'string' && value.trim() === '') ||
  (typeof value === 'number' && !Number.isFinite(value)) ||
  (value instanceof Date && Number.isNaN(value.getTime()));

/** An option of a singleSelect is a value or { value, label }. */
const plain = (value: unknown): string =>
  typeof value === 'object' && value !== null && 'value' in value
    ? String((value as { value: unknown }).value)
    : String(value);

/** One DataGrid filter item as a protocol condition; null while it has no value to filter by. */
export function toCondition(item: GridFilterItem, filterType: ProtocolFilterType): ProtocolCondition | null {
  const type = OPERATORS[item.operator] ?? item.operator;
  if (type === 'blank' || type === 'notBlank') return { filterType, type };

  if (type === 'in') {
    const list = Array.isArray(item.value) ? item.value.filter((v) => !isBlankValue(v)) : [];
    if (list.length === 0) return null;
    if (filterType === 'date') return null; // no "any of" for days
    return { filterType: 'set', type: 'in', values: list.map(plain) };
  }
  if (isBlankValue(item.value)) return null;

  switch (filterType) {
    case 'date': {
      // the day the filter's date picker chose, as it chose it
      const day = pickedDay(item.value as Date | string);
      return day ? { filterType, type, dateFrom: day } : null;
    }
    case 'set':
      // "is" on a select column is a one-value set; "is not" compares the text.
      return type === 'equals'
        ? { filterType: 'set', type: 'in', values: [plain(item.value)] }
        : { filterType: 'text', type, filter: plain(item.value) };
    case 'number':
      return { filterType, type, filter: String(item.value) };
    case 'text':
      return { filterType, type, filter: String(item.value) };
  }
}

/** The DataGrid filter model as the protocol's; undefined when nothing filters. */
export function toFilterModel(
  model: GridFilterModel,
  columns: readonly ProtocolColumn[],
  options: ProtocolOptions = {},
): ProtocolFilterModel | undefined {
  const byField = new Map(columns.map((column) => [column.field, column]));
  const grouped = new Map<string, ProtocolCondition[]>();
  for (const item of model.items) {
    const column = byField.get(item.field);
    if (!column) continue;
    const filterType =
      options.filterTypes?.[item.field] ?? COLUMN_FILTER_TYPES[column.type ?? 'string'] ?? 'text';
    const condition = toCondition(item, filterType);
    if (condition) grouped.set(item.field, [...(grouped.get(item.field) ?? []), condition]);
  }
  if (grouped.size === 0) return undefined;
  const operator = model.logicOperator === 'or' ? 'OR' : 'AND';
  const result: ProtocolFilterModel = {};
  for (const [field, conditions] of grouped) {
    result[field] =
      conditions.length === 1
        ? conditions[0]!
        : { filterType: conditions[0]!.filterType, operator, conditions };
  }
  return result;
}

/** The DataGrid sort model as the protocol's (first entry sorts first). */
export const toSortModel = (model: GridSortModel): ProtocolSort[] =>
  model.flatMap(({ field, sort }) => (sort ? [{ colId: field, sort }] : []));

/** The query parameters for the page, sort and filter the DataGrid shows. */
export function toGridQuery(
  { paginationModel, sortModel, filterModel }: GridModels,
  columns: readonly ProtocolColumn[],
  options: ProtocolOptions = {},
): GridQueryArgs {
  const startRow = paginationModel.page * paginationModel.pageSize;
  return {
    startRow,
    endRow: startRow + paginationModel.pageSize,
    ...toExportQuery(sortModel, filterModel, columns, options),
  };
}

/** Sort and filter only, for exports of what the grid shows (e.g. GET stamp/download). */
export function toExportQuery(
  sortModel: GridSortModel,
  filterModel: GridFilterModel,
  columns: readonly ProtocolColumn[],
  options: ProtocolOptions = {},
): Pick<GridQueryArgs, 'sortModel' | 'filterModel'> {
  const sorts = toSortModel(sortModel);
  const filters = toFilterModel(filterModel, columns, options);
  return {
    ...(sorts.length ? { sortModel: JSON.stringify(sorts) } : {}),
    ...(filters ? { filterModel: JSON.stringify(filters) } : {}),
  };
}
