import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import {
  DataGrid,
  GridOverlay,
  useGridApiRef,
  type DataGridProps,
  type GridApi,
  type GridColDef,
  type GridOverlayProps,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import type { GridPage } from './grid-protocol';
import { PAGE_SIZE_OPTIONS } from './grid-protocol';
import type { GridModelProps } from './use-grid-models';

declare module '@mui/x-data-grid' {
  interface NoRowsOverlayPropsOverrides {
    message?: string;
    error?: boolean;
    onRetry?: () => void;
  }
  interface NoResultsOverlayPropsOverrides {
    message?: string;
    error?: boolean;
    onRetry?: () => void;
  }
}

/** The part of an RTK Query hook result the grid reads (useXxxQuery(grid.query) fits). */
export interface GridQueryResult<Row> {
  data?: GridPage<Row>;
  isFetching: boolean;
  isError: boolean;
  refetch?: () => unknown;
}

export type ServerDataGridProps<Row extends GridValidRowModel> = GridModelProps &
  Omit<
    DataGridProps<Row>,
    | keyof GridModelProps
    | 'rows'
    | 'rowCount'
    | 'loading'
    | 'columns'
    | 'paginationMode'
    | 'sortingMode'
    | 'filterMode'
  > & {
    columns: GridColDef<Row>[];
    result: GridQueryResult<Row>;
    /** The grid's accessible name, e.g. 'Stamp log'. */
    label: string;
    /** The spec's empty text, e.g. 'No payment history'. */
    emptyText: string;
    /** Shown (with Retry) when the call fails; defaults to 'Error loading data'. */
    errorText?: string;
    /**
     * Spec 001 §9 'The grid refits its columns 300 ms after loading': the columns refit (to their content and the
     * grid's width) this many ms after rows load (GRID_REFIT_MS unless given).
     */
    refitMs?: number;
  };

/** How a refit sizes the columns: content and headers, every row counted, the spare width shared out. */
export const REFIT = { includeHeaders: true, includeOutliers: true, expand: true } as const;

/** Spec 001 §9: 'The grid refits its columns 300 ms after loading.' */
export const GRID_REFIT_MS = 300;

/**
 * Refits a grid's columns `refitMs` after each change of its rows (spec 001 §9), and answers a refit to call when
 * the grid is resized. ServerDataGrid uses it; a client-side DataGrid passes its rows.
 */
export function useGridRefit(
  apiRef: RefObject<GridApi | null>,
  rows: unknown,
  refitMs: number = GRID_REFIT_MS,
): () => void {
  const timer = useRef<number | undefined>(undefined);
  const refit = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void apiRef.current?.autosizeColumns(REFIT), refitMs);
  }, [apiRef, refitMs]);
  useEffect(refit, [refit, rows]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return refit;
}

/**
 * The empty and error states inside the grid: an icon, the text, and Retry for errors. The overlay sits inside the
 * element with role grid, which may hold only rows: the status is a row's one cell (a `cell`, not a `gridcell`: it is no data to select or edit) (else axe's
 * aria-required-children, a critical WCAG failure, on every empty grid).
 */
function GridStateOverlay({
  message,
  error,
  onRetry,
  ...props
}: GridOverlayProps & {
  message?: string;
  error?: boolean;
  onRetry?: () => void;
}) {
  return (
    <GridOverlay {...props}>
      <Box role="row" sx={{ display: 'contents' }}>
        <Box role="cell" sx={{ display: 'contents' }}>
          <Box
            role={error ? 'alert' : 'status'}
            sx={{ display: 'grid', justifyItems: 'center', gap: 1, p: 3, textAlign: 'center' }}
          >
            {error ? (
              <ErrorOutline aria-hidden color="error" sx={{ fontSize: 40 }} />
            ) : (
              <InboxOutlined aria-hidden sx={{ fontSize: 40, color: 'text.disabled' }} />
            )}
            <Typography color={error ? 'error' : 'text.secondary'}>{message}</Typography>
            {error && onRetry && (
              <Button size="small" variant="outlined" onClick={onRetry}>
                Retry
              </Button>
            )}
          </Box>
        </Box>
      </Box>
    </GridOverlay>
  );
}

/**
 * MUI DataGrid in server mode for a `…/grid` call: paging, sorting and filtering happen on the server (see
 * grid-protocol.ts), page sizes 10/25/50/100, the row count stays as it was while the next page loads, a progress
 * bar over the rows while fetching (skeleton rows on the first load), and the empty and error states.
 */
export function ServerDataGrid<Row extends GridValidRowModel>({
  result,
  label,
  emptyText,
  errorText = 'Error loading data',
  refitMs = GRID_REFIT_MS,
  slots,
  slotProps,
  ...props
}: ServerDataGridProps<Row>) {
  const { data, isFetching, isError, refetch } = result;
  const ownApiRef = useGridApiRef();
  const apiRef = props.apiRef ?? ownApiRef;
  const refit = useGridRefit(apiRef, data, refitMs);
  // Keeps the last known count while a new page, sort or filter is on its way (the pager does not jump).
  const [rowCount, setRowCount] = useState(data?.count ?? 0);
  if (data && data.count !== rowCount) setRowCount(data.count);

  const overlay = {
    message: isError ? errorText : emptyText,
    error: isError,
    onRetry: refetch ? () => void refetch() : undefined,
  };

  return (
    <DataGrid<Row>
      aria-label={label}
      rows={isError ? [] : (data?.rows ?? [])}
      rowCount={rowCount}
      loading={isFetching}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
      disableRowSelectionOnClick
      slots={{ noRowsOverlay: GridStateOverlay, noResultsOverlay: GridStateOverlay, ...slots }}
      slotProps={{
        ...slotProps,
        noRowsOverlay: { ...overlay, ...slotProps?.noRowsOverlay },
        noResultsOverlay: { ...overlay, ...slotProps?.noResultsOverlay },
        loadingOverlay: {
          variant: 'linear-progress',
          noRowsVariant: 'skeleton',
          ...slotProps?.loadingOverlay,
        },
      }}
      {...props}
      apiRef={apiRef}
      onResize={(...args) => {
        refit();
        props.onResize?.(...args);
      }}
    />
  );
}
