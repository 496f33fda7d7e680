/**
 * A grid is a whitelist: the only SQL that ever reaches the database comes from here (trusted code), never from
 * the request. The request names columns by `colId`; values always travel as bind parameters.
 */
export type GridColumnType = 'text' | 'number' | 'date' | 'set';
export type SortDirection = 'asc' | 'desc';

export interface GridSort<C extends string = string> {
  colId: C;
  sort: SortDirection;
}

export interface GridColumnInput {
  /** A column name or SQL expression over `table` (trusted code only). */
  sql: string;
  type: GridColumnType;
  /** Default true. */
  sortable?: boolean;
  /** Default true. */
  filterable?: boolean;
  /** Default true; false for a column that only filters (a search text), which rows do not carry. */
  answered?: boolean;
  /**
   * What ORDER BY uses instead of `sql` (default: `sql`), e.g. an expression that sorts the same but keeps the
   * planner from walking an index in that order when a filter leaves few rows (trusted code only).
   */
  sortSql?: string;
  /**
   * What filters compare instead of `sql` (default: `sql`), e.g. an instant as the company's wall-clock time, so a
   * date filter picks the company's days while the column still answers the instant (trusted code only).
   */
  filterSql?: string;
  /**
   * For an instant column: the time zone (SQL, trusted code only) whose calendar days a date filter means. The day's
   * bounds become instants (`day AT TIME ZONE zone`) compared with the column itself, so an index on it serves. It may
   * name the tenant as `$1` (a grid's first parameter is always the tenant), e.g. to read the company's zone once.
   */
  dayZone?: string;
  /**
   * What a set filter compares as (default text: `(sql)::text = ANY(…)`). uuid and boolean compare the column
   * itself, so its index serves; values that are not of the type match nothing.
   */
  setType?: 'text' | 'uuid' | 'boolean';
  /**
   * For a set column whose rows are shown as something other than the stored value (a status that is computed on
   * the day it is read): the condition one chosen value means, so a filter picks what the cells show. `bind` adds a
   * bind parameter; `context` is what the handler knows of the request (e.g. the company's today). Trusted code only.
   */
  setCondition?: (value: string, bind: (value: unknown) => string, context: GridContext) => string;
  /**
   * For a column whose cells show a value computed from the request's context (a due date the company's settings can
   * bring forward): what a text, number or date filter compares, in place of `filterSql`. Trusted code only.
   */
  shownSql?: (context: GridContext) => string;
}

/** What a grid's handler passes to its columns' `setCondition` (the company's today, its settings). */
export type GridContext = Readonly<Record<string, string | boolean>>;

export interface GridDefinitionInput<C extends string> {
  /** Table (or trusted FROM expression, e.g. a join) holding the rows. */
  table: string;
  columns: Record<C, GridColumnInput>;
  /** Order when the request has no sortModel; the key column always breaks ties. */
  defaultSort?: GridSort<NoInfer<C>>[];
  /**
   * Terms that break ties of whatever sort the request asks for, before the key column (a term the request sorts
   * by already is left out). The free DataGrid sorts by one column at a time, so a grid whose rows tie often
   * (invoices of one day) orders them here, e.g. the newest number first.
   */
  tieBreak?: GridSort<NoInfer<C>>[];
  /** Default 'company_id'. */
  tenantColumn?: string;
  /** Unique per row; returned as `id` when no column is named so. Default 'id'. */
  keyColumn?: string;
}

export type GridColumn = Required<Omit<GridColumnInput, 'setCondition' | 'shownSql'>> &
  Pick<GridColumnInput, 'setCondition' | 'shownSql'>;

export interface GridDefinition {
  readonly table: string;
  /** A Map, so request keys such as `__proto__` or `constructor` never reach an object's prototype. */
  readonly columns: ReadonlyMap<string, GridColumn>;
  readonly defaultSort: readonly GridSort[];
  readonly tieBreak: readonly GridSort[];
  readonly tenantColumn: string;
  readonly keyColumn: string;
}

// colIds become quoted output aliases (`AS "colId"`), so they are restricted to plain identifiers.
const COLUMN_ID = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

export function defineGrid<C extends string>(input: GridDefinitionInput<C>): GridDefinition {
  const columns = new Map<string, GridColumn>();
  for (const [colId, column] of Object.entries<GridColumnInput>(input.columns)) {
    if (!COLUMN_ID.test(colId))
      throw new Error(`Grid column id ${JSON.stringify(colId)} is not a plain identifier`);
    columns.set(colId, {
      sortable: true,
      filterable: true,
      answered: true,
      ...column,
      sortSql: column.sortSql ?? column.sql,
      filterSql: column.filterSql ?? column.sql,
      dayZone: column.dayZone ?? '',
      setType: column.setType ?? 'text',
    });
  }
  const defaultSort = input.defaultSort ?? [];
  const tieBreak = input.tieBreak ?? [];
  for (const { colId } of [...defaultSort, ...tieBreak]) {
    if (!columns.get(colId)?.sortable)
      throw new Error(`Grid default sort column ${colId} is not a sortable column`);
  }
  return {
    table: input.table,
    columns,
    defaultSort,
    tieBreak,
    tenantColumn: input.tenantColumn ?? 'company_id',
    keyColumn: input.keyColumn ?? 'id',
  };
}

/** SQL: dollars from a cents expression as float8, so the driver answers numbers and filters compare as numbers. */
export const dollarsSql = (cents: string) => `((${cents}) / 100.0)::float8`;
