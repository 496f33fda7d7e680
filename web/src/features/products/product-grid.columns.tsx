import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import type { GridColDef, GridSortModel } from '@mui/x-data-grid';
import { Link as RouterLink } from 'react-router-dom';
import { formatMoney } from '../../shared/format';
import type { PhoneRowParts } from '../../shared/grid/PhoneRowList';
import { PRODUCT_TYPES } from './product-form';
import type { ProductGridRow } from './products.api';

/** The client's specification: products by units sold, descending (shown on the Units Sold header). */
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

/** The name under which a user's column choice for this grid is remembered. */
export const PRODUCT_GRID_ID = 'products';

/**
 * In the column menu until asked for (the search box finds a UPC or a distributor): the money columns fit whole beside
 * the rest at 1440 px.
 */
export const PRODUCT_DEFAULT_VISIBILITY = { upc: false, distributor: false };

/** A product on a phone: its name, size and type, the list price, units sold. */
export const productPhoneRow = (row: ProductGridRow): PhoneRowParts => ({
  primary: row.product,
  secondary: [row.product_size, `${row.units_sold} sold`].filter(Boolean).join(' · '),
  amount: money(row.product_price),
  badge: <ProductTypeChip type={row.product_type} />,
});

/**
 * The /product grid, every column of the client's specification: name, SKU, UPC, type, size, purchased price, list price, units
 * sold, total $, profit $, profit %, distributor, archived. Field names are the API's column ids.
 */
export function productColumns(onEdit: (row: ProductGridRow) => void): GridColDef<ProductGridRow>[] {
  return [
    {
      field: 'product',
      headerName: 'Name',
      flex: 2,
      minWidth: 160,
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
    { field: 'internal_sku', headerName: 'SKU', minWidth: 80 },
    { field: 'upc', headerName: 'UPC', minWidth: 110 },
    {
      field: 'product_type',
      headerName: 'Type',
      type: 'singleSelect',
      valueOptions: [...PRODUCT_TYPES],
      minWidth: 84,
      renderCell: ({ row }) => <ProductTypeChip type={row.product_type} />,
    },
    { field: 'product_size', headerName: 'Size', minWidth: 64 },
    {
      field: 'last_purchase_price',
      headerName: 'Purchased $',
      type: 'number',
      minWidth: 92,
      valueFormatter: money,
    },
    {
      field: 'product_price',
      headerName: 'List Price $',
      type: 'number',
      minWidth: 92,
      valueFormatter: money,
    },
    { field: 'units_sold', headerName: 'Units Sold', type: 'number', minWidth: 92 },
    {
      field: 'amount_sold',
      headerName: 'Total $',
      type: 'number',
      minWidth: 88,
      valueFormatter: money,
    },
    {
      field: 'profit',
      headerName: 'Profit $',
      type: 'number',
      minWidth: 84,
      valueFormatter: money,
    },
    {
      field: 'profit_percentage',
      headerName: 'Profit %',
      type: 'number',
      minWidth: 76,
      valueFormatter: percent,
    },
    { field: 'distributor', headerName: 'Distributor', flex: 1, minWidth: 100 },
    {
      field: 'archived',
      headerName: 'Archived',
      type: 'boolean',
      minWidth: 80,
    },
    {
      field: 'actions',
      headerName: 'Actions',
      sortable: false,
      filterable: false,
      disableColumnMenu: true,
      align: 'right',
      headerAlign: 'right',
      minWidth: 56,
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
