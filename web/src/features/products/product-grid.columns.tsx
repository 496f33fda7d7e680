import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney } from '../../shared/format';
import { PRODUCT_TYPES } from './product-form';
import type { ProductGridRow } from './products.api';

/** Spec 001 §9: products by units sold, descending (shown on the Units Sold header). */
export const PRODUCT_GRID_DEFAULT_SORT: GridSortModel = [{ field: 'units_sold', sort: 'desc' }];

export const productPath = (id: string) => `/product/${encodeURIComponent(id)}`;

/** The product type as a small coloured chip. */
export const TYPE_COLORS: Record<string, 'primary' | 'secondary' | 'warning' | 'default'> = {
  LIQUOR: 'primary',
  WINE: 'secondary',
  BEER: 'warning',
  'N/A': 'default',
};

export function ProductTypeChip({ type }: { type: string }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      color={TYPE_COLORS[type] ?? 'default'}
      label={type}
      sx={{ fontWeight: 600, minWidth: 56 }}
    />
  );
}

const money = (value: unknown) => formatMoney(value as number | null, '');
const percent = (value: unknown) =>
  value === null || value === undefined ? '—' : `${(value as number).toFixed(2)} %`;

/**
 * The /product grid, every column of spec 001 §2: name, SKU, UPC, type, size, purchased price, list price, units
 * sold, total $, profit $, profit %, distributor, archived. Field names are the API's column ids.
 */
export function productColumns(onEdit: (row: ProductGridRow) => void): GridColDef<ProductGridRow>[] {
  return [
    {
      field: 'product',
      headerName: 'Name',
      flex: 1.8,
      minWidth: 200,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, height: '100%', minWidth: 0 }}>
          <Link
            component={RouterLink}
            to={productPath(row.id)}
            underline="hover"
            color="inherit"
            noWrap
            title={row.product}
            sx={{ fontWeight: 600 }}
            onClick={(event) => event.stopPropagation()}
          >
            {row.product}
          </Link>
          {row.archived && <Chip size="small" label="Archived" sx={{ height: 20, fontSize: 11 }} />}
        </Box>
      ),
    },
    { field: 'internal_sku', headerName: 'SKU', flex: 0.7, minWidth: 90 },
    { field: 'upc', headerName: 'UPC', flex: 0.9, minWidth: 135 },
    {
      field: 'product_type',
      headerName: 'Type',
      type: 'singleSelect',
      valueOptions: [...PRODUCT_TYPES],
      minWidth: 105,
      flex: 0.5,
      renderCell: ({ row }) => <ProductTypeChip type={row.product_type} />,
    },
    { field: 'product_size', headerName: 'Size', flex: 0.6, minWidth: 95 },
    {
      field: 'last_purchase_price',
      headerName: 'Purchased $',
      type: 'number',
      flex: 0.7,
      minWidth: 105,
      valueFormatter: money,
    },
    {
      field: 'product_price',
      headerName: 'List Price $',
      type: 'number',
      flex: 0.7,
      minWidth: 105,
      valueFormatter: money,
    },
    { field: 'units_sold', headerName: 'Units Sold', type: 'number', flex: 0.6, minWidth: 125 },
    {
      field: 'amount_sold',
      headerName: 'Total $',
      type: 'number',
      flex: 0.7,
      minWidth: 110,
      valueFormatter: money,
    },
    {
      field: 'profit',
      headerName: 'Profit $',
      type: 'number',
      flex: 0.7,
      minWidth: 100,
      valueFormatter: money,
    },
    {
      field: 'profit_percentage',
      headerName: 'Profit %',
      type: 'number',
      flex: 0.6,
      minWidth: 90,
      valueFormatter: percent,
    },
    { field: 'distributor', headerName: 'Distributor', flex: 1, minWidth: 120 },
    {
      field: 'archived',
      headerName: 'Archived',
      type: 'boolean',
      flex: 0.5,
      minWidth: 90,
    },
    {
      field: 'actions',
      headerName: 'Actions',
      sortable: false,
      filterable: false,
      disableColumnMenu: true,
      align: 'right',
      headerAlign: 'right',
      minWidth: 72,
      renderCell: ({ row }) => (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', alignItems: 'center', height: '100%' }}>
          <Tooltip title="Edit">
            <IconButton
              size="small"
              aria-label={`Edit ${row.product}`}
              onClick={(event) => {
                event.stopPropagation();
                onEdit(row);
              }}
            >
              <EditOutlined fontSize="small" />
            </IconButton>
          </Tooltip>
        </Box>
      ),
    },
  ];
}
