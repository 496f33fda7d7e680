import type { GridColumn, GridColumnType, GridDefinition, GridSort } from './grid.definition.js';
import { GridProblems } from './grid.errors.js';

/**
 * Turns the wire form of a grid request (query-string values, or already parsed JSON) into a validated
 * GridRequest for one grid. Every problem becomes a `{ field, message }` detail of one 400.
 */
export const MAX_GRID_PAGE_ROWS = 400;
const MAX_MODEL_JSON_LENGTH = 20_000;
const MAX_TEXT_FILTER_LENGTH = 500;
const MAX_SET_VALUES = 1000;
const MAX_CONDITIONS = 5;

export type TextOperator =
  'equals' | 'notEqual' | 'contains' | 'notContains' | 'startsWith' | 'endsWith' | 'blank' | 'notBlank';
export type ComparisonOperator =
  | 'equals'
  | 'notEqual'
  | 'lessThan'
  | 'lessThanOrEqual'
  | 'greaterThan'
  | 'greaterThanOrEqual'
  | 'inRange'
  | 'blank'
  | 'notBlank';

export type FilterCondition =
  | { filterType: 'text'; type: TextOperator; filter?: string }
  /** Numbers travel as decimal strings so no precision is lost on the way to `numeric`. */
  | { filterType: 'number'; type: ComparisonOperator; filter?: string; filterTo?: string }
  /** Calendar days, YYYY-MM-DD. */
  | { filterType: 'date'; type: ComparisonOperator; dateFrom?: string; dateTo?: string }
  | { filterType: 'set'; type: 'in'; values: (string | null)[] };

export type FilterType = FilterCondition['filterType'];

export interface ColumnFilter {
  colId: string;
  operator: 'AND' | 'OR';
  conditions: FilterCondition[];
}

export interface GridRequest {
  startRow: number;
  endRow: number;
  sortModel: GridSort[];
  filters: ColumnFilter[];
}

/** What arrives: strings from a query string, or values already parsed (POST bodies, server-side callers). */
export interface GridInput {
  startRow?: unknown;
  endRow?: unknown;
  sortModel?: unknown;
  filterModel?: unknown;
}

const TEXT_OPERATORS: readonly TextOperator[] = [
  'equals',
  'notEqual',
  'contains',
  'notContains',
  'startsWith',
  'endsWith',
  'blank',
  'notBlank',
];
const COMPARISON_OPERATORS: readonly ComparisonOperator[] = [
  'equals',
  'notEqual',
  'lessThan',
  'lessThanOrEqual',
  'greaterThan',
  'greaterThanOrEqual',
  'inRange',
  'blank',
  'notBlank',
];

/** MUI DataGrid operator names (and symbols) mapped onto the protocol's names. */
const OPERATOR_ALIASES: Readonly<Record<string, string>> = {
  is: 'equals',
  '=': 'equals',
  not: 'notEqual',
  '!=': 'notEqual',
  doesNotEqual: 'notEqual',
  doesNotContain: 'notContains',
  '<': 'lessThan',
  '<=': 'lessThanOrEqual',
  '>': 'greaterThan',
  '>=': 'greaterThanOrEqual',
  before: 'lessThan',
  onOrBefore: 'lessThanOrEqual',
  after: 'greaterThan',
  onOrAfter: 'greaterThanOrEqual',
  isEmpty: 'blank',
  isNotEmpty: 'notBlank',
  isAnyOf: 'in',
};

/** Which filter types a column of each type accepts. */
const ACCEPTED_FILTER_TYPES: Readonly<Record<GridColumnType, readonly FilterType[]>> = {
  text: ['text', 'set'],
  number: ['number', 'set'],
  date: ['date'],
  set: ['set', 'text'],
};

const FILTER_TYPES: readonly FilterType[] = ['text', 'number', 'date', 'set'];
const CONDITION_KEYS = new Set(['filterType', 'type', 'filter', 'filterTo', 'dateFrom', 'dateTo', 'values']);
const COMBINED_KEYS = new Set(['filterType', 'operator', 'conditions']);
const SORT_KEYS = new Set(['colId', 'sort']);

export function parseGridRequest(grid: GridDefinition, input: GridInput): GridRequest {
  const problems = new GridProblems();
  const { startRow, endRow } = parsePaging(input, problems);
  const sortModel = parseSortModel(grid, decodeJson(input.sortModel, 'sortModel', problems), problems);
  const filters = parseFilterModel(grid, decodeJson(input.filterModel, 'filterModel', problems), problems);
  problems.throwIfAny();
  return { startRow, endRow, sortModel, filters };
}

function parsePaging(input: GridInput, problems: GridProblems): { startRow: number; endRow: number } {
  const startRow = toInteger(input.startRow);
  const endRow = toInteger(input.endRow);
  if (startRow === undefined || startRow < 0)
    problems.add('startRow', 'startRow must be an integer of 0 or more');
  if (endRow === undefined) problems.add('endRow', 'endRow must be an integer');
  else if (startRow !== undefined && endRow <= startRow)
    problems.add('endRow', 'endRow must be greater than startRow');
  else if (startRow !== undefined && endRow - startRow > MAX_GRID_PAGE_ROWS) {
    problems.add('endRow', `A page holds at most ${MAX_GRID_PAGE_ROWS} rows`);
  }
  return { startRow: startRow ?? 0, endRow: endRow ?? 0 };
}

export function toInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) ? value : undefined;
  if (typeof value !== 'string' || !/^-?\d{1,15}$/.test(value)) return undefined;
  return Number(value);
}

/** Query strings carry the models as JSON text; absent or empty means "none". */
function decodeJson(value: unknown, field: string, problems: GridProblems): unknown {
  if (value === undefined || value === null || value === '') return undefined;
  if (typeof value !== 'string') return value;
  if (value.length > MAX_MODEL_JSON_LENGTH) {
    problems.add(field, `${field} is too long`);
    return undefined;
  }
  try {
    return JSON.parse(value);
  } catch {
    problems.add(field, `${field} must be valid JSON`);
    return undefined;
  }
}

function parseSortModel(grid: GridDefinition, raw: unknown, problems: GridProblems): GridSort[] {
  if (raw === undefined) return [];
  if (!Array.isArray(raw)) {
    problems.add('sortModel', 'sortModel must be an array of { colId, sort }');
    return [];
  }
  const seen = new Set<string>();
  const sorts: GridSort[] = [];
  raw.forEach((item: unknown, index) => {
    const field = `sortModel[${index}]`;
    if (!isPlainObject(item)) return problems.add(field, 'Each sort must be an object { colId, sort }');
    const unknown = Object.keys(item).filter((key) => !SORT_KEYS.has(key));
    if (unknown.length > 0) return problems.add(field, `Unknown sort field(s): ${unknown.join(', ')}`);
    const { colId, sort } = item;
    const column = typeof colId === 'string' ? grid.columns.get(colId) : undefined;
    if (!column || typeof colId !== 'string') return problems.add(`${field}.colId`, 'Unknown column');
    if (!column.sortable) return problems.add(`${field}.colId`, `Column ${colId} cannot be sorted`);
    if (seen.has(colId)) return problems.add(`${field}.colId`, `Column ${colId} is sorted twice`);
    if (sort !== 'asc' && sort !== 'desc')
      return problems.add(`${field}.sort`, "sort must be 'asc' or 'desc'");
    seen.add(colId);
    sorts.push({ colId, sort });
  });
  return sorts;
}

function parseFilterModel(grid: GridDefinition, raw: unknown, problems: GridProblems): ColumnFilter[] {
  if (raw === undefined) return [];
  if (!isPlainObject(raw)) {
    problems.add('filterModel', 'filterModel must be an object keyed by column id');
    return [];
  }
  const filters: ColumnFilter[] = [];
  for (const [colId, model] of Object.entries(raw)) {
    const field = `filterModel.${colId}`;
    const column = grid.columns.get(colId);
    if (!column) problems.add(field, 'Unknown column');
    else if (!column.filterable) problems.add(field, `Column ${colId} cannot be filtered`);
    else {
      const filter = parseColumnFilter(colId, column, model, field, problems);
      if (filter) filters.push(filter);
    }
  }
  return filters;
}

function parseColumnFilter(
  colId: string,
  column: GridColumn,
  model: unknown,
  field: string,
  problems: GridProblems,
): ColumnFilter | undefined {
  if (!isPlainObject(model)) {
    problems.add(field, 'A column filter must be an object');
    return undefined;
  }
  if (!('conditions' in model)) {
    const condition = parseCondition(column, model, undefined, field, problems);
    return condition && { colId, operator: 'AND', conditions: [condition] };
  }
  const unknown = Object.keys(model).filter((key) => !COMBINED_KEYS.has(key));
  if (unknown.length > 0) return void problems.add(field, `Unknown filter field(s): ${unknown.join(', ')}`);
  const { operator = 'AND', conditions } = model;
  if (operator !== 'AND' && operator !== 'OR')
    return void problems.add(`${field}.operator`, "operator must be 'AND' or 'OR'");
  if (!Array.isArray(conditions) || conditions.length === 0 || conditions.length > MAX_CONDITIONS) {
    return void problems.add(
      `${field}.conditions`,
      `conditions must be an array of 1 to ${MAX_CONDITIONS} filters`,
    );
  }
  const parsed = conditions.map((condition: unknown, index) =>
    parseCondition(column, condition, model.filterType, `${field}.conditions[${index}]`, problems),
  );
  if (parsed.some((condition) => condition === undefined)) return undefined;
  return { colId, operator, conditions: parsed as FilterCondition[] };
}

function parseCondition(
  column: GridColumn,
  raw: unknown,
  inheritedFilterType: unknown,
  field: string,
  problems: GridProblems,
): FilterCondition | undefined {
  if (!isPlainObject(raw)) return void problems.add(field, 'A filter must be an object');
  const unknown = Object.keys(raw).filter((key) => !CONDITION_KEYS.has(key));
  if (unknown.length > 0) return void problems.add(field, `Unknown filter field(s): ${unknown.join(', ')}`);
  const operator = canonicalOperator(raw.type);
  if (operator === null) return void problems.add(`${field}.type`, 'type must be a string');
  const filterType = raw.filterType ?? inheritedFilterType ?? (operator === 'in' ? 'set' : column.type);
  if (!FILTER_TYPES.includes(filterType as FilterType)) {
    return void problems.add(`${field}.filterType`, `filterType must be one of ${FILTER_TYPES.join(', ')}`);
  }
  if (!ACCEPTED_FILTER_TYPES[column.type].includes(filterType as FilterType)) {
    return void problems.add(
      `${field}.filterType`,
      `A ${filterType} filter does not apply to a ${column.type} column`,
    );
  }
  const context = { raw, operator, field, problems };
  switch (filterType as FilterType) {
    case 'text':
      return parseTextCondition(context);
    case 'number':
      return parseNumberCondition(context);
    case 'date':
      return parseDateCondition(context);
    case 'set':
      return parseSetCondition(context);
  }
}

interface ConditionContext {
  raw: Record<string, unknown>;
  operator: string | undefined;
  field: string;
  problems: GridProblems;
}

/** undefined when absent, null when not a string. */
function canonicalOperator(type: unknown): string | undefined | null {
  if (type === undefined) return undefined;
  if (typeof type !== 'string') return null;
  return Object.hasOwn(OPERATOR_ALIASES, type) ? OPERATOR_ALIASES[type] : type;
}

function parseTextCondition({
  raw,
  operator,
  field,
  problems,
}: ConditionContext): FilterCondition | undefined {
  const type = operator as TextOperator;
  if (!TEXT_OPERATORS.includes(type)) {
    return void problems.add(
      `${field}.type`,
      `A text filter's type must be one of ${TEXT_OPERATORS.join(', ')}`,
    );
  }
  if (type === 'blank' || type === 'notBlank') return { filterType: 'text', type };
  const filter =
    typeof raw.filter === 'number' && Number.isFinite(raw.filter) ? String(raw.filter) : raw.filter;
  if (typeof filter !== 'string') return void problems.add(`${field}.filter`, 'filter must be a string');
  if (filter.length > MAX_TEXT_FILTER_LENGTH) {
    return void problems.add(
      `${field}.filter`,
      `filter must be at most ${MAX_TEXT_FILTER_LENGTH} characters`,
    );
  }
  return { filterType: 'text', type, filter };
}

function parseNumberCondition({
  raw,
  operator,
  field,
  problems,
}: ConditionContext): FilterCondition | undefined {
  const type = comparisonOperator(operator, 'number', field, problems);
  if (!type) return undefined;
  if (type === 'blank' || type === 'notBlank') return { filterType: 'number', type };
  const filter = toDecimal(raw.filter);
  if (filter === undefined) return void problems.add(`${field}.filter`, 'filter must be a number');
  if (type !== 'inRange') return { filterType: 'number', type, filter };
  const filterTo = toDecimal(raw.filterTo);
  if (filterTo === undefined) return void problems.add(`${field}.filterTo`, 'filterTo must be a number');
  return { filterType: 'number', type, filter, filterTo };
}

function parseDateCondition({
  raw,
  operator,
  field,
  problems,
}: ConditionContext): FilterCondition | undefined {
  const type = comparisonOperator(operator, 'date', field, problems);
  if (!type) return undefined;
  if (type === 'blank' || type === 'notBlank') return { filterType: 'date', type };
  const fromKey = raw.dateFrom !== undefined || raw.filter === undefined ? 'dateFrom' : 'filter';
  const dateFrom = toCalendarDay(raw[fromKey]);
  if (!dateFrom) return void problems.add(`${field}.${fromKey}`, `${fromKey} must be a date (YYYY-MM-DD)`);
  if (type !== 'inRange') return { filterType: 'date', type, dateFrom };
  const toKey = raw.dateTo !== undefined || raw.filterTo === undefined ? 'dateTo' : 'filterTo';
  const dateTo = toCalendarDay(raw[toKey]);
  if (!dateTo) return void problems.add(`${field}.${toKey}`, `${toKey} must be a date (YYYY-MM-DD)`);
  return { filterType: 'date', type, dateFrom, dateTo };
}

function parseSetCondition({
  raw,
  operator,
  field,
  problems,
}: ConditionContext): FilterCondition | undefined {
  if (operator !== undefined && operator !== 'in') {
    return void problems.add(`${field}.type`, "A set filter's type must be 'in' (or omitted)");
  }
  // MUI's isAnyOf carries its list in `filter`; AG Grid's set filter in `values`.
  const key = raw.values !== undefined || raw.filter === undefined ? 'values' : 'filter';
  const list = raw[key];
  if (!Array.isArray(list) || list.length > MAX_SET_VALUES) {
    return void problems.add(
      `${field}.${key}`,
      `${key} must be an array of at most ${MAX_SET_VALUES} values`,
    );
  }
  const values: (string | null)[] = [];
  for (const value of list as unknown[]) {
    if (value === null) values.push(null);
    else if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value)))
      values.push(String(value));
    else return void problems.add(`${field}.${key}`, `${key} may hold only strings, numbers and null`);
  }
  return { filterType: 'set', type: 'in', values };
}

function comparisonOperator(
  operator: string | undefined,
  filterType: 'number' | 'date',
  field: string,
  problems: GridProblems,
): ComparisonOperator | undefined {
  if (COMPARISON_OPERATORS.includes(operator as ComparisonOperator)) return operator as ComparisonOperator;
  problems.add(
    `${field}.type`,
    `A ${filterType} filter's type must be one of ${COMPARISON_OPERATORS.join(', ')}`,
  );
  return undefined;
}

function toDecimal(value: unknown): string | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : undefined;
  if (typeof value === 'string' && /^-?\d{1,20}(\.\d{1,10})?$/.test(value.trim())) return value.trim();
  return undefined;
}

/** 'YYYY-MM-DD', optionally followed by a time (ignored: filters compare whole days). */
const DAY = /^(\d{4})-(\d{2})-(\d{2})(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export function toCalendarDay(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = DAY.exec(value);
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  const valid =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return valid && year >= 1 ? value.slice(0, 10) : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
