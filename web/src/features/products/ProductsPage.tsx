import Add from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useFeature } from '../../shared/feature-gate/use-feature';
import type { GridQueryArgs } from '../../shared/grid/grid-protocol';
import { GridSearchField } from '../../shared/grid/GridSearchField';
import { ServerDataGrid } from '../../shared/grid/ServerDataGrid';
import { useGridModels } from '../../shared/grid/use-grid-models';
import { mergeFilters, toolbarPaging } from '../../shared/grid/toolbar-filters';
import { useDebouncedValue } from '../../shared/use-debounced-value';
import { PageHeader } from '../../shared/ui/PageHeader';
import { RouterButton } from '../../shared/ui/RouterButton';
import { ProductDetailDrawer } from './ProductDetailDrawer';
import { ProductEditor } from './ProductEditor';
import {
  PRODUCT_DEFAULT_VISIBILITY,
  PRODUCT_GRID_DEFAULT_SORT,
  PRODUCT_GRID_ID,
  productColumns,
  productPhoneRow,
  productPath,
} from './product-grid.columns';
import { PRODUCT_SCREEN_MESSAGES } from './product-messages';
import { useProductGridQuery } from './products.api';
import { CATALOGUE_LOCK_MESSAGE, useCatalogueLock } from '../integrations/catalogue-lock';
import { LockedButton } from '../integrations/LockedButton';

/** Archived products join the answer only when the filter names the archived column (both values: all). */
export function withArchived(query: GridQueryArgs, showArchived: boolean): GridQueryArgs {
  if (!showArchived) return query;
  const filters = query.filterModel ? (JSON.parse(query.filterModel) as Record<string, unknown>) : {};
  if ('archived' in filters) return query;
  filters.archived = { filterType: 'set', type: 'in', values: ['true', 'false'] };
  return { ...query, filterModel: JSON.stringify(filters) };
}

/** The editor: a new product (id null) or the product with this id. */
type Editing = { id: string | null } | null;

/**
 * /product (as the client's specification asks): the product grid (server-side, units sold first, archived hidden unless asked
 * for), New Product, the editor modal and the side detail card a row click opens.
 */
export default function ProductsPage() {
  const [editing, setEditing] = useState<Editing>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [showArchived, setShowArchived] = useState(false);
  const { active: withSku } = useFeature('internal_sku');
  const { active: withInventory } = useFeature('inventory');
  const lock = useCatalogueLock();
  const [search, setSearch] = useState('');
  const searched = useDebouncedValue(search.trim());

  const edit = (id: string | null) => setEditing({ id });
  const columns = useMemo(() => productColumns((row) => setEditing({ id: row.id })), []);
  const grid = useGridModels(columns, { initialSort: PRODUCT_GRID_DEFAULT_SORT });
  const query = useMemo(
    () =>
      withArchived(
        searched
          ? mergeFilters(grid.query, { search: { filterType: 'text', type: 'contains', filter: searched } })
          : grid.query,
        showArchived,
      ),
    [grid.query, searched, showArchived],
  );
  const result = useProductGridQuery(query);
  const { toFirstPage } = toolbarPaging(grid.modelProps);

  // the page's rules: SKU with its feature, Archived while archived products show
  const columnVisibilityModel = useMemo(
    () => ({ internal_sku: withSku, archived: showArchived }),
    [withSku, showArchived],
  );

  return (
    <>
      <PageHeader
        title="Products"
        subtitle="Your catalogue: prices, sales and profit per product."
        actions={
          <>
            {withInventory && (
              <RouterButton to="/inventory" variant="outlined">
                Inventory
              </RouterButton>
            )}
            <LockedButton reason={lock ? CATALOGUE_LOCK_MESSAGE[lock] : ''}>
              <Button variant="contained" startIcon={<Add />} onClick={() => edit(null)} disabled={!!lock}>
                New Product
              </Button>
            </LockedButton>
          </>
        }
      />
      <Card>
        <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'space-between',
              flexWrap: 'wrap',
              gap: 1,
              mb: 1.5,
              px: 0.5,
            }}
          >
            <GridSearchField
              label="Search products"
              placeholder="Name, UPC, SKU or distributor"
              value={search}
              onChange={(value) => {
                setSearch(value);
                toFirstPage();
              }}
            />
            <Typography variant="body2" color="text.secondary">
              {result.data
                ? `${result.data.count} ${result.data.count === 1 ? 'product' : 'products'}${
                    showArchived ? ' (archived included)' : ''
                  }`
                : ' '}
            </Typography>
            <FormControlLabel
              control={
                <Switch
                  checked={showArchived}
                  onChange={(_event, checked) => {
                    setShowArchived(checked);
                    grid.modelProps.onPaginationModelChange({ ...grid.modelProps.paginationModel, page: 0 });
                  }}
                />
              }
              label="Show archived"
            />
          </Box>
          <Box sx={{ height: { xs: 560, md: 'max(480px, calc(100vh - 270px))' } }}>
            <ServerDataGrid
              {...grid.modelProps}
              columns={columns}
              result={result}
              label="Products"
              emptyText={PRODUCT_SCREEN_MESSAGES.empty}
              errorText={PRODUCT_SCREEN_MESSAGES.loadFailed}
              rowHeight={48}
              gridId={PRODUCT_GRID_ID}
              defaultColumnVisibility={PRODUCT_DEFAULT_VISIBILITY}
              columnVisibilityModel={columnVisibilityModel}
              phoneRow={productPhoneRow}
              phoneRowLink={(row) => productPath(row.id)}
              onRowClick={({ row }) => setSelected(row.id)}
              getRowClassName={({ row }) => (row.archived ? 'product-archived' : '')}
              sx={{
                '& .MuiDataGrid-row': { cursor: 'pointer' },
                '& .product-archived': { color: 'text.secondary', bgcolor: 'action.hover' },
              }}
            />
          </Box>
        </CardContent>
      </Card>

      <ProductDetailDrawer
        productId={selected}
        onClose={() => setSelected(null)}
        onEdit={(product) => edit(product.id)}
      />
      {editing && (
        <ProductEditor
          key={editing.id ?? 'new'}
          productId={editing.id}
          onClose={() => setEditing(null)}
          onSaved={(product) => {
            if (editing.id === null) setSelected(product.id);
          }}
          onDeleted={() => setSelected(null)}
        />
      )}
    </>
  );
}
