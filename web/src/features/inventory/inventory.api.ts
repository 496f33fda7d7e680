import { api } from '../../app/api';
import { fileResponse, type DownloadedFile } from '../../shared/download';
import type { GridPage, GridQueryArgs } from '../../shared/grid/grid-protocol';
import type {
  AdjustInventoryRequest,
  InventoryGridRow,
  InventoryHistoryRow,
  RestockAnswer,
  RestockRequest,
  StockRow,
} from '#domain/contracts/inventory.contract';

/** A saved restock as the restock page reads it: the units added, the items, and the saved rows. */
export interface RestockSaved {
  units: number;
  items: number;
  rows: RestockAnswer;
}

/** The inventory shapes, one home for the API and the web: domain/contracts/inventory.contract.ts. */
export type {
  InventoryGridRow,
  InventoryHistoryRow,
  StockRow,
  StockStatus,
  InventoryCellField,
} from '#domain/contracts/inventory.contract';

const INVENTORY = 'Inventory';
const LIST = { type: INVENTORY, id: 'LIST' } as const;

type ExportArgs = Pick<GridQueryArgs, 'sortModel' | 'filterModel'>;

export const inventoryApi = api.enhanceEndpoints({ addTagTypes: [INVENTORY] }).injectEndpoints({
  endpoints: (build) => ({
    inventoryGrid: build.query<GridPage<InventoryGridRow>, GridQueryArgs & { ignoreLimit?: 'true' }>({
      query: (params) => ({ url: 'inventory/grid', params }),
      providesTags: [LIST],
    }),
    inventoryHistoryGrid: build.query<GridPage<InventoryHistoryRow>, GridQueryArgs>({
      query: (params) => ({ url: 'inventory/history/grid', params }),
      providesTags: [LIST],
    }),
    inventoryDistributors: build.query<string[], void>({
      query: () => 'inventory/distributors',
      providesTags: [LIST],
    }),
    /** The stock of some products (product detail, invoice builder); skip with no ids. */
    inventoryStock: build.query<StockRow[], string[]>({
      query: (ids) => ({ url: 'inventory/stock', params: { ids: ids.join(',') } }),
      providesTags: [LIST],
    }),
    adjustInventory: build.mutation<StockRow, AdjustInventoryRequest & { id: string }>({
      query: ({ id, ...body }) => ({ url: `inventory/${id}`, method: 'PUT', body }),
      invalidatesTags: [LIST],
    }),
    restockInventory: build.mutation<RestockSaved, RestockRequest & { key: string }>({
      query: ({ key, ...body }) => ({
        url: 'inventory',
        method: 'PUT',
        body,
        headers: { 'Idempotency-Key': key },
      }),
      // 'Added {n} units of {m} items': the units the restock added, over the rows it saved
      transformResponse: (rows: RestockAnswer) => ({
        units: rows.reduce((sum, row) => sum + row.restocked, 0),
        items: rows.length,
        rows,
      }),
      invalidatesTags: [LIST],
    }),
    exportInventory: build.mutation<DownloadedFile, { kind: 'inventory' | 'history'; query: ExportArgs }>({
      query: ({ kind, query }) => ({
        url: kind === 'inventory' ? 'inventory/export' : 'inventory/history/export',
        params: query,
        responseHandler: fileResponse(kind === 'inventory' ? 'inventory.csv' : 'inventory_history.csv'),
      }),
    }),
  }),
});

export const {
  useInventoryGridQuery,
  useInventoryHistoryGridQuery,
  useInventoryDistributorsQuery,
  useInventoryStockQuery,
  useAdjustInventoryMutation,
  useRestockInventoryMutation,
  useExportInventoryMutation,
  useLazyInventoryGridQuery,
} = inventoryApi;
