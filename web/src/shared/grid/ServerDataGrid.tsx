import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import InboxOutlined from '@mui/icons-material/InboxOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  DataGrid,
  GridOverlay,
  useGridApiRef,
  type DataGridProps,
  type GridApi,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridOverlayProps,
  type GridRowParams,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { visuallyHidden } from '../ui/visually-hidden';
import { ColumnMenu } from './ColumnMenu';
import { useColumnPrefs } from './column-prefs';
import { fitGridColumns, oneAtATime } from './fit-columns';
import type { GridPage } from './grid-protocol';
import { PAGE_SIZE_CHOICES } from './grid-protocol';
import { PhoneRowList, type PhoneRowParts } from './PhoneRowList';
import type { GridModelProps } from './use-grid-models';

export type { PhoneRowParts } from './PhoneRowList';

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
  interface ColumnMenuPropsOverrides {
    onResetColumns?: () => void;
    columnsChanged?: boolean;
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
     * The client's specification's 'The grid refits its columns 300 ms after loading': the columns refit (to their content and the
     * grid's width) this many ms after rows load (GRID_REFIT_MS unless given).
     */
    refitMs?: number;
    /**
     * Names the grid for the columns a user chooses (hidden, shown, widths), remembered per user in this browser;
     * without it the choice lasts as long as the page.
     */
    gridId?: string;
    /** On a phone the rows show as a list of these parts (see PhoneRowList) instead of a clipped table. */
    phoneRow?: (row: Row) => PhoneRowParts;
    /**
     * On a phone, the address a row opens (otherwise a tap does what a click on the row does, if anything); a row
     * without one opens nothing.
     */
    phoneRowLink?: (row: Row) => string | undefined;
    /** Columns hidden (false) until the user shows them from the column menu (their choice is remembered). */
    defaultColumnVisibility?: GridColumnVisibilityModel;
  };

/** The client's specification: 'The grid refits its columns 300 ms after loading.' */
export const GRID_REFIT_MS = 300;

/**
 * Refits a grid's columns `refitMs` after each change of its rows or columns (as the client's specification asks), and answers a refit to call when
 * the grid is resized: every column measured to its content, then fitted to the grid's width (fitWidths: the
 * widest text gives way first, spare room goes to the flexible columns), so the row actions at the end stay in view.
 * Widths the user chose (`fixed`) are kept. ServerDataGrid uses it; a client-side DataGrid passes its rows.
 */
export function useGridRefit(
  apiRef: RefObject<GridApi | null>,
  rows: unknown,
  refitMs: number = GRID_REFIT_MS,
  columns?: readonly GridColDef[],
  fixed: Readonly<Record<string, number>> = NO_WIDTHS,
  busy?: { current: boolean },
): () => void {
  const timer = useRef<number | undefined>(undefined);
  const ownBusy = useRef(false);
  const fitting = busy ?? ownBusy;
  const latest = useRef({ columns, fixed });
  latest.current = { columns, fixed };
  // a fit that outlasts the pause (a slow machine) is followed by the next, never overlapped by it
  const [fit] = useState(() =>
    oneAtATime(() => {
      const defs = latest.current.columns ?? apiRef.current?.getAllColumns() ?? [];
      return fitGridColumns(apiRef, defs, latest.current.fixed, fitting);
    }),
  );
  const refit = useCallback(() => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => void fit(), refitMs);
  }, [refitMs, fit]);
  // new rows, or other columns (a feature switched on adds row actions), ask for a refit
  useEffect(refit, [refit, rows, columns]);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return refit;
}

const NO_WIDTHS: Readonly<Record<string, number>> = {};

/** A little less padding than MUI's 10 px: the columns of a wide grid fit at 1440 px. */
const CELL_PADDING = { '& .MuiDataGrid-cell, & .MuiDataGrid-columnHeader': { px: 1 } } as const;

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
 * grid-protocol.ts), page sizes '10/page' … '100/page', the row count stays as it was while the next page loads, a
 * progress bar over the rows while fetching (skeleton rows on the first load), and the empty and error states.
 * Columns fit the grid's width after each load; the columns a user hides, shows or resizes are remembered
 * (`gridId`). On a phone, with `phoneRow`, the rows are a list of what matters most instead of the table.
 */
export function ServerDataGrid<Row extends GridValidRowModel>({
  result,
  label,
  emptyText,
  errorText = 'Error loading data',
  refitMs = GRID_REFIT_MS,
  gridId,
  phoneRow,
  phoneRowLink,
  defaultColumnVisibility,
  sx,
  slots,
  slotProps,
  columnVisibilityModel: forcedVisibility,
  onColumnVisibilityModelChange,
  onColumnWidthChange,
  ...props
}: ServerDataGridProps<Row>) {
  const { data, isFetching, isError, refetch } = result;
  const ownApiRef = useGridApiRef();
  const apiRef = props.apiRef ?? ownApiRef;
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const { prefs, setVisibility, setWidth, reset } = useColumnPrefs(gridId);
  const fitting = useRef(false);
  const fittedWidth = useRef(0);
  const refit = useGridRefit(apiRef, data, refitMs, props.columns, prefs.widths, fitting);
  // Keeps the last known count while a new page, sort or filter is on its way (the pager does not jump).
  const [rowCount, setRowCount] = useState(data?.count ?? 0);
  if (data && data.count !== rowCount) setRowCount(data.count);

  // the page's own rules (a column shown only with a feature) win over the user's choice
  const visibility = useMemo<GridColumnVisibilityModel>(
    () => ({ ...defaultColumnVisibility, ...prefs.visibility, ...forcedVisibility }),
    [defaultColumnVisibility, prefs.visibility, forcedVisibility],
  );
  // columns the page shows or hides (a mode of its own) are fitted again, as the user's choice is
  useEffect(refit, [refit, defaultColumnVisibility, forcedVisibility]);
  // the user's widths replace the columns' own (the fit keeps them)
  const columns = useMemo(
    () =>
      props.columns.map((column) =>
        prefs.widths[column.field] === undefined
          ? column
          : { ...column, width: prefs.widths[column.field], flex: undefined },
      ),
    [props.columns, prefs.widths],
  );

  const gridSx = useMemo(() => [CELL_PADDING, ...(Array.isArray(sx) ? sx : sx ? [sx] : [])], [sx]);
  const overlay = {
    message: isError ? errorText : emptyText,
    error: isError,
    onRetry: refetch ? () => void refetch() : undefined,
  };
  const rows = isError ? [] : (data?.rows ?? []);

  if (phone && phoneRow)
    return (
      <PhoneRowList<Row>
        label={label}
        rows={rows}
        rowCount={rowCount}
        loading={isFetching}
        overlay={overlay}
        phoneRow={phoneRow}
        rowLink={phoneRowLink}
        onOpen={
          props.onRowClick
            ? (row) =>
                props.onRowClick?.(
                  { id: row.id as string, row, columns: [] } as unknown as GridRowParams<Row>,
                  {} as never,
                  {} as never,
                )
            : undefined
        }
        paginationModel={props.paginationModel}
        onPaginationModelChange={props.onPaginationModelChange}
        getRowId={props.getRowId}
      />
    );

  return (
    <DataGrid<Row>
      aria-label={label}
      rows={rows}
      rowCount={rowCount}
      loading={isFetching}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      pageSizeOptions={PAGE_SIZE_CHOICES}
      disableRowSelectionOnClick
      columnVisibilityModel={visibility}
      onColumnVisibilityModelChange={(model, details) => {
        const chosen = Object.fromEntries(
          Object.entries(model).filter(([field]) => forcedVisibility?.[field] === undefined),
        );
        setVisibility(chosen);
        onColumnVisibilityModelChange?.(model, details);
        refit();
      }}
      onColumnWidthChange={(params, event, details) => {
        // widths the fit sets are not the user's choice; a drag or a double-click on the edge is
        if (!fitting.current) setWidth(params.colDef.field, params.width);
        onColumnWidthChange?.(params, event, details);
      }}
      slots={{
        noRowsOverlay: GridStateOverlay,
        noResultsOverlay: GridStateOverlay,
        columnMenu: ColumnMenu,
        ...slots,
      }}
      slotProps={{
        ...slotProps,
        columnMenu: {
          // a remembered grid offers its columns as they came back, after a fit of them
          onResetColumns: gridId
            ? () => {
                reset();
                refit();
              }
            : undefined,
          columnsChanged: Object.keys(prefs.visibility).length > 0 || Object.keys(prefs.widths).length > 0,
          ...slotProps?.columnMenu,
        },
        basePagination: {
          // the selector reads '25/page' (the specification's words); its name stays 'Rows per page'
          material: {
            labelRowsPerPage: (
              <Box component="span" sx={visuallyHidden}>
                Rows per page
              </Box>
            ),
          },
          ...slotProps?.basePagination,
        },
        noRowsOverlay: { ...overlay, ...slotProps?.noRowsOverlay },
        noResultsOverlay: { ...overlay, ...slotProps?.noResultsOverlay },
        loadingOverlay: {
          variant: 'linear-progress',
          noRowsVariant: 'skeleton',
          ...slotProps?.loadingOverlay,
        },
      }}
      {...props}
      sx={gridSx}
      columns={columns}
      apiRef={apiRef}
      onResize={(size, event, details) => {
        // only a new width asks for a refit (a height change, or the fit's own layout, does not)
        if (Math.abs(size.width - fittedWidth.current) > 1) {
          fittedWidth.current = size.width;
          refit();
        }
        props.onResize?.(size, event, details);
      }}
    />
  );
}
