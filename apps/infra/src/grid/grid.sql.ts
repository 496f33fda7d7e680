import { isUuid } from '#domain/shared/field-rules.js';
import { searchText } from '#domain/shared/search-text.js';
import type { GridColumn, GridContext, GridDefinition, GridSort } from './grid.definition.js';
import type { ColumnFilter, FilterCondition, GridRequest } from './grid-request.parser.js';

export interface SqlQuery {
  text: string;
  values: unknown[];
}

/** Bind parameters: every request value goes through here and only `$n` reaches the SQL text. */
class Params {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/**
 * The rows query and the count query of one grid request. SQL text is assembled only from the grid's
 * whitelist; the tenant, the filter values and the paging are bind parameters.
 */
export function buildGridQueries(
  grid: GridDefinition,
  request: GridRequest,
  companyId: string,
  context: GridContext = {},
): { rows: SqlQuery; count: SqlQuery } {
  const params = new Params();
  const where = [
    `${grid.tenantColumn} = ${params.add(companyId)}`,
    ...request.filters.map((f) => filterSql(grid, f, params, context)),
  ];
  const from = `FROM ${grid.table} WHERE ${where.join(' AND ')}`;
  const countValues = [...params.values];
  const limit = params.add(request.endRow - request.startRow);
  const offset = params.add(request.startRow);
  return {
    rows: {
      text: `SELECT ${selectList(grid)} ${from} ORDER BY ${orderBy(grid, request.sortModel)} LIMIT ${limit} OFFSET ${offset}`,
      values: params.values,
    },
    count: { text: `SELECT count(*) AS count ${from}`, values: countValues },
  };
}

function selectList(grid: GridDefinition): string {
  const columns = [...grid.columns]
    .filter(([, column]) => column.answered)
    .map(([colId, column]) => `${column.sql} AS "${colId}"`);
  if (!grid.columns.has('id')) columns.unshift(`${grid.keyColumn} AS "id"`);
  return columns.join(', ');
}

function orderBy(grid: GridDefinition, sortModel: readonly GridSort[]): string {
  const asked = sortModel.length > 0 ? sortModel : grid.defaultSort;
  const sorts = [...asked, ...grid.tieBreak.filter((tie) => !asked.some((s) => s.colId === tie.colId))];
  const terms = sorts.map(
    ({ colId, sort }) => `${column(grid, colId).sortSql} ${sort === 'desc' ? 'DESC' : 'ASC'} NULLS LAST`,
  );
  // The key breaks ties, so paging over equal sort values never repeats or skips a row.
  terms.push(`${grid.keyColumn} ASC`);
  return terms.join(', ');
}

function column(grid: GridDefinition, colId: string): GridColumn {
  const found = grid.columns.get(colId);
  if (!found) throw new Error(`Grid column ${colId} is not defined`); // the parser has already rejected it
  return found;
}

function filterSql(grid: GridDefinition, filter: ColumnFilter, params: Params, context: GridContext): string {
  const col = column(grid, filter.colId);
  const parts = filter.conditions.map((condition) => conditionSql(col, condition, params, context));
  return parts.length === 1 ? parts[0]! : `(${parts.join(` ${filter.operator} `)})`;
}

function conditionSql(
  col: GridColumn,
  condition: FilterCondition,
  params: Params,
  context: GridContext,
): string {
  const compared = col.shownSql ? col.shownSql(context) : col.filterSql;
  switch (condition.filterType) {
    case 'text':
      return textSql(col.type === 'text' ? `(${compared})` : `(${compared})::text`, condition, params);
    case 'number':
      return numberSql(`(${compared})`, condition, params);
    case 'date':
      return daySql(`(${compared})`, condition, params, col.dayZone);
    case 'set':
      return col.setCondition
        ? shownSetSql(col.setCondition, condition.values, params, context)
        : setSql(col, condition.values, params);
  }
}

function textSql(
  expr: string,
  { type, filter = '' }: Extract<FilterCondition, { filterType: 'text' }>,
  params: Params,
): string {
  switch (type) {
    case 'blank':
      return `(${expr} IS NULL OR ${expr} = '')`;
    case 'notBlank':
      return `(${expr} IS NOT NULL AND ${expr} <> '')`;
    case 'equals':
      return `lower(${expr}) = lower(${params.add(filter)})`;
    case 'notEqual':
      return `(${expr} IS NULL OR lower(${expr}) <> lower(${params.add(filter)}))`;
    case 'contains':
      return `${expr} ILIKE ${params.add(`%${escapeLike(filter)}%`)}`;
    case 'notContains':
      return `(${expr} IS NULL OR ${expr} NOT ILIKE ${params.add(`%${escapeLike(filter)}%`)})`;
    case 'startsWith':
      return `${expr} ILIKE ${params.add(`${escapeLike(filter)}%`)}`;
    case 'endsWith':
      return `${expr} ILIKE ${params.add(`%${escapeLike(filter)}`)}`;
  }
}

/** LIKE wildcards in user input match themselves (backslash is Postgres's default LIKE escape). */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/**
 * A search box's LIKE pattern over a stored search text (see searchText): each word typed, in the order typed,
 * with anything between them ('balcones pot still' finds 'BALCONES TEXAS POT STILL BOURBON'); null when nothing
 * is typed.
 */
export function wordsPattern(text: string | undefined | null): string | null {
  const words = searchText(text ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return words.length > 0 ? `%${words.map(escapeLike).join('%')}%` : null;
}

function numberSql(
  expr: string,
  condition: Extract<FilterCondition, { filterType: 'number' }>,
  params: Params,
): string {
  const value = (v: string | undefined) => `${params.add(required(v))}::numeric`;
  switch (condition.type) {
    case 'blank':
      return `${expr} IS NULL`;
    case 'notBlank':
      return `${expr} IS NOT NULL`;
    case 'equals':
      return `${expr} = ${value(condition.filter)}`;
    case 'notEqual':
      return `(${expr} IS NULL OR ${expr} <> ${value(condition.filter)})`;
    case 'lessThan':
      return `${expr} < ${value(condition.filter)}`;
    case 'lessThanOrEqual':
      return `${expr} <= ${value(condition.filter)}`;
    case 'greaterThan':
      return `${expr} > ${value(condition.filter)}`;
    case 'greaterThanOrEqual':
      return `${expr} >= ${value(condition.filter)}`;
    case 'inRange':
      return `(${expr} BETWEEN ${value(condition.filter)} AND ${value(condition.filterTo)})`;
  }
}

/**
 * Dates compare whole days: a day is the half-open range [day, day + 1), which is right for `date` and
 * `timestamptz` columns alike (the latter in the session's time zone, or in `zone`'s days when the column has one:
 * then each bound is the instant the day starts there).
 */
function daySql(
  expr: string,
  condition: Extract<FilterCondition, { filterType: 'date' }>,
  params: Params,
  zone: string,
): string {
  const bound = (day: string) => (zone ? `((${day})::timestamp AT TIME ZONE ${zone})` : day);
  const start = (v: string | undefined) => bound(`${params.add(required(v))}::date`);
  const end = (v: string | undefined) => bound(`${params.add(required(v))}::date + 1`);
  const onDay = (v: string | undefined) => {
    const day = `${params.add(required(v))}::date`;
    return `(${expr} >= ${bound(day)} AND ${expr} < ${bound(`${day} + 1`)})`;
  };
  switch (condition.type) {
    case 'blank':
      return `${expr} IS NULL`;
    case 'notBlank':
      return `${expr} IS NOT NULL`;
    case 'equals':
      return onDay(condition.dateFrom);
    case 'notEqual':
      return `(${expr} IS NULL OR NOT ${onDay(condition.dateFrom)})`;
    case 'lessThan':
      return `${expr} < ${start(condition.dateFrom)}`;
    case 'lessThanOrEqual':
      return `${expr} < ${end(condition.dateFrom)}`;
    case 'greaterThan':
      return `${expr} >= ${end(condition.dateFrom)}`;
    case 'greaterThanOrEqual':
      return `${expr} >= ${start(condition.dateFrom)}`;
    case 'inRange':
      return `(${expr} >= ${start(condition.dateFrom)} AND ${expr} < ${end(condition.dateTo)})`;
  }
}

function required<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('Grid filter value missing'); // the parser guarantees one
  return value;
}

const BOOLEAN: Record<string, boolean> = { true: true, false: false, '1': true, '0': false };

/** A set filter over what the cells show: each chosen value's own condition, any of them (a blank matches none). */
function shownSetSql(
  condition: NonNullable<GridColumn['setCondition']>,
  values: readonly (string | null)[],
  params: Params,
  context: GridContext,
): string {
  const parts = values
    .filter((value): value is string => value !== null)
    .map((value) => condition(value, (v) => params.add(v), context));
  if (parts.length === 0) return 'FALSE';
  return parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`;
}

function setSql(col: GridColumn, values: readonly (string | null)[], params: Params): string {
  const present = values.filter((value): value is string => value !== null);
  const parts: string[] = [];
  // One value compares with `=`: an index on (…, column, sort column) then also keeps the rows in order (`= ANY`
  // does not), so a page of a filtered grid reads only its rows.
  const anyOf = (expr: string, list: readonly unknown[], type: string) =>
    list.length === 1
      ? `${expr} = ${params.add(list[0])}::${type}`
      : `${expr} = ANY(${params.add(list)}::${type}[])`;
  if (col.setType === 'uuid') {
    const ids = present.filter((value) => isUuid(value));
    if (ids.length > 0) parts.push(anyOf(`(${col.filterSql})`, ids, 'uuid'));
  } else if (col.setType === 'boolean') {
    const flags = [...new Set(present.flatMap((value) => (value in BOOLEAN ? [BOOLEAN[value]!] : [])))];
    if (flags.length > 0) parts.push(anyOf(`(${col.filterSql})`, flags, 'boolean'));
  } else if (present.length > 0) {
    parts.push(anyOf(`(${col.filterSql})::text`, present, 'text'));
  }
  const expr = `(${col.filterSql})`;
  if (present.length < values.length) parts.push(`${expr} IS NULL`);
  // An empty selection matches nothing (as in AG Grid's set filter).
  if (parts.length === 0) return 'FALSE';
  return parts.length === 1 ? parts[0]! : `(${parts.join(' OR ')})`;
}
