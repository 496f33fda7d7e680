export {
  defineGrid,
  dollarsSql,
  type GridColumnType,
  type GridContext,
  type GridDefinition,
  type GridSort,
} from './grid.definition.js';
export { INVALID_GRID_REQUEST, invalidGridRequest, type FieldProblem } from './grid.errors.js';
export { GridParams } from './grid.params.js';
export {
  MAX_GRID_PAGE_ROWS,
  parseGridRequest,
  type ColumnFilter,
  type FilterCondition,
  type GridInput,
  type GridRequest,
} from './grid-request.parser.js';
export { buildGridQueries, type SqlQuery } from './grid.sql.js';
export { reversedPage, withPage } from './reversed-page.js';
export { runGrid, type GridResult } from './run-grid.js';
