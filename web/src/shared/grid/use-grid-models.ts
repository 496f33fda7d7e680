import type { GridFilterModel, GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';
import {
  DEFAULT_PAGE_SIZE,
  toExportQuery,
  toGridQuery,
  type GridModels,
  type GridQueryArgs,
  type ProtocolColumn,
  type ProtocolOptions,
} from './grid-protocol';

export interface UseGridModelsOptions extends ProtocolOptions {
  /** The sort the grid opens with (shown on the column header); [] leaves it to the server's default. */
  initialSort?: GridSortModel;
  initialPageSize?: number;
}

/** The controlled-model props to spread on a DataGrid (or ServerDataGrid). */
export interface GridModelProps {
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  sortModel: GridSortModel;
  onSortModelChange: (model: GridSortModel) => void;
  filterModel: GridFilterModel;
  onFilterModelChange: (model: GridFilterModel) => void;
}

/**
 * A server-side grid's page, sort and filter state, and the grid call made from it:
 *
 *   const grid = useGridModels(columns, { initialSort: [{ field: 'logged_at', sort: 'desc' }] });
 *   const result = useStampLogQuery(grid.query);
 *   <ServerDataGrid {...grid.modelProps} columns={columns} result={result} … />
 *
 * A new sort or filter goes back to the first page. `exportQuery` is the same sort and filter without paging.
 */
export function useGridModels(columns: readonly ProtocolColumn[], options: UseGridModelsOptions = {}) {
  const { initialSort = [], initialPageSize = DEFAULT_PAGE_SIZE, filterTypes } = options;
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({
    page: 0,
    pageSize: initialPageSize,
  });
  const [sortModel, setSortModel] = useState<GridSortModel>(initialSort);
  const [filterModel, setFilterModel] = useState<GridFilterModel>({ items: [] });

  const toFirstPage = useCallback(
    () => setPaginationModel((current) => (current.page === 0 ? current : { ...current, page: 0 })),
    [],
  );
  const onSortModelChange = useCallback(
    (model: GridSortModel) => {
      setSortModel(model);
      toFirstPage();
    },
    [toFirstPage],
  );
  const onFilterModelChange = useCallback(
    (model: GridFilterModel) => {
      setFilterModel(model);
      toFirstPage();
    },
    [toFirstPage],
  );

  const models: GridModels = useMemo(
    () => ({ paginationModel, sortModel, filterModel }),
    [paginationModel, sortModel, filterModel],
  );
  const protocol = useMemo(() => ({ filterTypes }), [filterTypes]);
  // JSON text keeps the arguments equal while the models only change in ways the server does not see
  // (an operator picked without a value), so no new request starts.
  const queryKey = JSON.stringify(toGridQuery(models, columns, protocol));
  const exportKey = JSON.stringify(toExportQuery(sortModel, filterModel, columns, protocol));
  const query = useMemo(() => JSON.parse(queryKey) as GridQueryArgs, [queryKey]);
  const exportQuery = useMemo(
    () => JSON.parse(exportKey) as Pick<GridQueryArgs, 'sortModel' | 'filterModel'>,
    [exportKey],
  );

  const modelProps: GridModelProps = {
    paginationModel,
    onPaginationModelChange: setPaginationModel,
    sortModel,
    onSortModelChange,
    filterModel,
    onFilterModelChange,
  };
  return { models, query, exportQuery, modelProps };
}
