import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { GridEditInputCell, type GridColDef, type GridSortModel } from '@mui/x-data-grid';
import { GridCellLink } from '../../shared/grid/GridCellLink';
import type { PhoneRowParts } from '../../shared/grid/PhoneRowList';
import { formatDateTime, formatMoney } from '../../shared/format';
import type { InventoryCellField, InventoryGridRow, StockStatus } from './inventory.api';

/** The client's specification: inventory by updated_at, newest first. */
export const INVENTORY_GRID_DEFAULT_SORT: GridSortModel = [{ field: 'updated_at', sort: 'desc' }];

export const STATUS_COLORS: Record<StockStatus, 'success' | 'warning' | 'default' | 'error'> = {
  OK: 'success',
  LOW: 'warning',
  ZERO: 'default',
  NEGATIVE: 'error',
};

/** The stock status chip with the days to reorder when a velocity is known. */
export function StockStatusChip({ status, days }: { status: StockStatus; days?: number | null }) {
  const label =
    days === null || days === undefined
      ? status
      : days === 0
        ? `${status} · reorder now`
        : `${status} · ${days} d`;
  return <Chip size="small" variant="outlined" color={STATUS_COLORS[status]} label={label} />;
}

/** Numeric cells are edited as text, so a value that is not a number reaches the check (and its message). */
const numericEdit: Partial<GridColDef<InventoryGridRow>> = {
  type: 'number',
  editable: true,
  valueParser: (value) => value,
  renderEditCell: (params) => <GridEditInputCell {...params} colDef={{ ...params.colDef, type: 'string' }} />,
};

/** The editable cells and their headers ('{field} must be a number' names the header). */
export const EDITABLE_FIELDS: Record<InventoryCellField, string> = {
  distributor: 'Distributor',
  qty: 'In Stock',
  reorder_level: 'Min Reorder',
  reorder_time_in_days: 'Days To Reorder',
  reorder_qty: 'Qty To Reorder',
};

/** The name under which a user's column choice for this grid is remembered. */
export const INVENTORY_GRID_ID = 'inventory';

const QUICK_EDIT_VISIBILITY = { upc: false, distributor: false };
const READING_VISIBILITY = {
  ...QUICK_EDIT_VISIBILITY,
  reorder_level: false,
  reorder_time_in_days: false,
  reorder_qty: false,
};

/**
 * Shown from the column menu when wanted, so the product's name has room at 1440 px: UPC and Distributor, and the
 * reorder settings (min reorder, days and qty to reorder) unless Quick edit is on, when they are what is edited.
 */
export const inventoryDefaultVisibility = (quickEdit: boolean) =>
  quickEdit ? QUICK_EDIT_VISIBILITY : READING_VISIBILITY;

/**
 * The /inventory grid (as the client's specification asks); fields are the API's column ids. The product and its stock come
 * first (In Stock never out of view); UPC and Distributor are in the column menu.
 */
export function inventoryColumns(): GridColDef<InventoryGridRow>[] {
  return [
    {
      field: 'product',
      headerName: 'Product',
      minWidth: 160,
      flex: 2,
      renderCell: ({ row }) => (
        <GridCellLink to={`/product/${row.id}`} title={row.product}>
          <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
            {row.product}
          </Box>
        </GridCellLink>
      ),
    },
    { field: 'product_size', headerName: 'Size', minWidth: 64 },
    { field: 'qty', headerName: EDITABLE_FIELDS.qty, minWidth: 80, ...numericEdit },
    {
      field: 'reorder_needed',
      headerName: 'To Reorder',
      type: 'number',
      // the widest chip ("NEGATIVE · 30 d") whole
      minWidth: 140,
      renderCell: ({ row }) => <StockStatusChip status={row.status} days={row.days_to_reorder} />,
    },
    {
      field: 'product_price',
      headerName: 'Unit Price',
      type: 'number',
      minWidth: 88,
      valueFormatter: (value) => formatMoney(value as number),
    },
    { field: 'reorder_level', headerName: EDITABLE_FIELDS.reorder_level, minWidth: 96, ...numericEdit },
    {
      field: 'reorder_time_in_days',
      headerName: EDITABLE_FIELDS.reorder_time_in_days,
      minWidth: 112,
      ...numericEdit,
    },
    { field: 'reorder_qty', headerName: EDITABLE_FIELDS.reorder_qty, minWidth: 108, ...numericEdit },
    {
      field: 'inventory_value',
      headerName: 'Inventory Value',
      type: 'number',
      minWidth: 108,
      valueFormatter: (value) => formatMoney(value as number),
    },
    { field: 'distributor', headerName: EDITABLE_FIELDS.distributor, minWidth: 110, flex: 1, editable: true },
    { field: 'upc', headerName: 'UPC', minWidth: 110 },
    {
      field: 'updated_at',
      headerName: 'Last Updated',
      type: 'dateTime',
      minWidth: 150,
      valueGetter: (value) => (value ? new Date(value as string) : null),
      valueFormatter: (value) => formatDateTime(value as Date),
    },
  ];
}

/** A product's stock on a phone: the product and size, what is in stock, its status. */
export const inventoryPhoneRow = (row: InventoryGridRow): PhoneRowParts => ({
  primary: row.product,
  secondary: [row.product_size, formatMoney(row.product_price)].filter(Boolean).join(' · '),
  amount: `${row.qty} in stock`,
  badge: <StockStatusChip status={row.status} days={row.days_to_reorder} />,
});
