import type { GridApi, GridColDef } from '@mui/x-data-grid';
import type { RefObject } from 'react';

/** The narrowest a text column gets when the columns' minimums do not fit. */
export const TEXT_FLOOR = 64;

/** One visible column as the fit sees it. */
export interface FitColumn {
  field: string;
  /** its content's width (cells and header), as measured */
  width: number;
  /** it never gets narrower than this */
  minWidth: number;
  /** its share of spare width (its colDef's flex); 0: keeps its content's width */
  flex: number;
  /** a value column (money, counts, dates): its values are never cut, only its header may end in an ellipsis */
  number?: boolean;
  /** for a value column: the width of its widest value (with the cell's padding) */
  valueWidth?: number;
  /** a width the user chose: kept as it is */
  fixed?: boolean;
}

/**
 * The widths that fit the grid's `available` width, so every column, the row actions last, is in view without
 * sideways scrolling:
 * - too wide: the widest columns are cut to one common width, never below their minimum: first the flexible (text)
 *   ones, whose long text ends in an ellipsis and shows whole in its tooltip (an items summary of 1,600 px gives way
 *   before a date does), then the other text columns, then value columns (amounts, counts, dates) down to their
 *   widest value (a value is never cut, its header may be);
 * - room to spare: it goes to the columns with a flex, in proportion to it (to all of them when none has one).
 * When even the minimums do not fit, text columns go below them down to TEXT_FLOOR px (an ellipsis and the tooltip
 * still show the text); only then does the grid scroll. Fixed columns keep their width.
 */
export function fitWidths(columns: readonly FitColumn[], available: number): Record<string, number> {
  const result: Record<string, number> = {};
  // a value is never cut, even where the grid's own measure of the column came out narrower than its text
  for (const column of columns)
    result[column.field] = Math.max(
      column.width,
      column.minWidth,
      column.number ? Math.ceil(column.valueWidth ?? 0) : 0,
    );
  const free = columns.filter((column) => !column.fixed);
  const total = () => columns.reduce((sum, column) => sum + result[column.field]!, 0);
  if (total() > available) {
    // text (the flexible columns) gives way first, then the other text columns, then numbers to their widest value
    const phases = [
      free.filter((c) => c.flex > 0),
      free.filter((c) => c.flex === 0 && !c.number),
      free
        .filter((c) => c.number && c.flex === 0)
        .map((c) => ({ ...c, minWidth: Math.max(c.minWidth, Math.ceil(c.valueWidth ?? 0)) })),
    ];
    for (const phase of phases) if (total() > available) cutToLevel(phase, total() - available, result);
    // still too wide: text goes below its minimum, down to a narrow floor, before the grid scrolls sideways
    if (total() > available)
      cutToLevel(
        free.filter((c) => !c.number).map((c) => ({ ...c, minWidth: Math.min(c.minWidth, TEXT_FLOOR) })),
        total() - available,
        result,
      );
    return result;
  }
  const spare = available - total();
  const growing = free.some((c) => c.flex > 0) ? free.filter((c) => c.flex > 0) : free;
  const weights = growing.reduce((sum, c) => sum + (c.flex > 0 ? c.flex : 1), 0);
  for (const c of growing)
    result[c.field] = Math.floor(result[c.field]! + (spare * (c.flex > 0 ? c.flex : 1)) / weights);
  return result;
}

/**
 * Takes up to `excess` px off these columns by bringing the widest down to one common level L (each at most to its
 * minimum): sum(max(min, min(width, L))) = their width − excess, L found by bisection.
 */
function cutToLevel(columns: readonly FitColumn[], excess: number, result: Record<string, number>) {
  if (columns.length === 0 || excess <= 0) return;
  const widthAt = (level: number) =>
    columns.reduce((sum, c) => sum + Math.max(c.minWidth, Math.min(result[c.field]!, level)), 0);
  const target = columns.reduce((sum, c) => sum + result[c.field]!, 0) - excess;
  let level = 0;
  if (widthAt(0) < target) {
    let high = Math.max(...columns.map((c) => result[c.field]!));
    for (let i = 0; i < 40; i++) {
      const mid = (level + high) / 2;
      if (widthAt(mid) > target) high = mid;
      else level = mid;
    }
  }
  for (const c of columns)
    result[c.field] = Math.floor(Math.max(c.minWidth, Math.min(result[c.field]!, level)));
}

/**
 * Measures the visible columns' content (MUI's autosize: cells and headers, every row counted) and sets the widths
 * `fitWidths` answers. `colDefs` are the grid's own columns (their flex and minimum; the measured state has lost
 * the flex); `fixed` the widths the user chose. `busy` is set while the fit runs, so the widths it sets are not
 * taken for the user's.
 */
export async function fitGridColumns(
  apiRef: RefObject<GridApi | null>,
  colDefs: readonly GridColDef[],
  fixed: Readonly<Record<string, number>>,
  busy: { current: boolean },
): Promise<void> {
  const api = apiRef.current;
  if (!api?.rootElementRef?.current) return;
  busy.current = true;
  try {
    const byField = new Map(colDefs.map((c) => [c.field, c]));
    const visible = () => api.getVisibleColumns().filter((c) => byField.has(c.field));
    const measured = visible()
      .filter((c) => fixed[c.field] === undefined)
      .map((c) => c.field);
    if (measured.length > 0)
      await api.autosizeColumns({ columns: measured, includeHeaders: true, includeOutliers: true });
    if (!apiRef.current?.rootElementRef?.current) return;
    const available = Math.floor(api.getRootDimensions().viewportInnerSize.width);
    if (available <= 0) return;
    const root = api.rootElementRef.current;
    const columns: FitColumn[] = visible().map((c) => {
      const def = byField.get(c.field)!;
      const chosen = fixed[c.field];
      const number = def.type === 'number' || def.type === 'date' || def.type === 'dateTime';
      return {
        field: c.field,
        width: chosen ?? c.computedWidth ?? c.width ?? 100,
        minWidth: def.minWidth ?? 50,
        flex: def.flex ?? 0,
        // the row actions keep the width their buttons need
        fixed: chosen !== undefined || c.field === 'actions',
        number,
        valueWidth: number ? widestValue(root, c.field) : undefined,
      };
    });
    const widths = fitWidths(columns, available);
    // whole columns, as autosize passes them: a column given without its type would fall back to the default type
    api.updateColumns(
      columns.map(
        (c) =>
          ({
            ...api.getColumn(c.field),
            width: widths[c.field],
            computedWidth: widths[c.field],
            // the grid keeps a column at its minimum: a text column cut below it lowers it for this fit
            minWidth: Math.min(c.minWidth, widths[c.field]!),
            flex: 0,
          }) as unknown as GridColDef,
      ),
    );
  } finally {
    busy.current = false;
  }
}

/** The widest value shown in a column's cells (its text's width, whatever the cell's), with the cell's padding. */
function widestValue(root: HTMLElement, field: string): number {
  let widest = 0;
  const range = document.createRange();
  for (const cell of root.querySelectorAll<HTMLElement>(
    `.MuiDataGrid-cell[data-field="${CSS.escape(field)}"]`,
  )) {
    range.selectNodeContents(cell);
    const style = getComputedStyle(cell);
    const padding = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    widest = Math.max(widest, range.getBoundingClientRect().width + padding + 1);
  }
  return widest;
}

/**
 * `run` one at a time: a call while one runs asks for one more run once it is done (however many calls came
 * meanwhile). Two fits at once would interleave: the grid measures only one autosize at a time (a second returns at
 * once, unmeasured), and the first fit to finish would mark the other's measured widths as the user's own.
 */
export function oneAtATime(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  let again = false;
  const start = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = run()
      .catch(() => undefined)
      .finally(() => {
        running = undefined;
        if (again) {
          again = false;
          void start();
        }
      });
    return running;
  };
  return start;
}
