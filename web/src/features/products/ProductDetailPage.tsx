import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import SearchOff from '@mui/icons-material/SearchOff';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { ProblemAlert } from '../../shared/forms/ProblemAlert';
import { formatDate, formatDateTime, formatMoney } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { FullPageSpinner } from '../../shared/ui/FullPageSpinner';
import { PageHeader } from '../../shared/ui/PageHeader';
import { ProductStockCard } from '../inventory/ProductStockCard';
import { RouterButton } from '../../shared/ui/RouterButton';
import { PriceChangeDialog } from './PriceChangeDialog';
import { Fact, productSubheader } from './ProductDetailDrawer';
import { ProductEditorDialog } from './ProductEditorDialog';
import { CATALOGUE_LOCK_MESSAGE, useCatalogueLock } from '../integrations/catalogue-lock';
import { LockedButton } from '../integrations/LockedButton';
import { ProductTypeChip } from './product-grid.columns';
import { showActionProblem } from './product-form';
import { PRODUCT_SCREEN_MESSAGES } from './product-messages';
import { CloverProductNotice } from '../integrations/CloverProductNotice';
import { useGetProductQuery, useUpdateProductMutation, type ProductDetail } from './products.api';

function NotFound() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', textAlign: 'center', py: 8, gap: 2 }}>
      <title>{`${PRODUCT_SCREEN_MESSAGES.notFound} · Stampline`}</title>
      <SearchOff aria-hidden sx={{ fontSize: 56, color: 'text.disabled' }} />
      <Typography variant="h1">{PRODUCT_SCREEN_MESSAGES.notFound}</Typography>
      <Typography color="text.secondary">It may have been deleted, or the link is wrong.</Typography>
      <RouterButton to="/product" variant="contained">
        All Products
      </RouterButton>
    </Box>
  );
}

const orDash = (value: string | number | null) => (value === null || value === '' ? '—' : String(value));

function PriceChanges({ product }: { product: ProductDetail }) {
  return (
    <Card>
      <CardHeader
        title="Price changes"
        subheader="Newest first. A customer's own price leaves the list price as it is."
        slotProps={{ title: { variant: 'h4', component: 'h2' } }}
      />
      {product.priceChanges.length === 0 ? (
        <CardContent sx={{ pt: 0 }}>
          <Typography color="text.secondary">No price changes yet.</Typography>
        </CardContent>
      ) : (
        <TableContainer>
          <Table size="small" aria-label="Price changes">
            <TableHead>
              <TableRow>
                <TableCell>Effective</TableCell>
                <TableCell>For</TableCell>
                <TableCell align="right">Old price</TableCell>
                <TableCell align="right">New price</TableCell>
                <TableCell>Recorded</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {product.priceChanges.map((change, i) => (
                <TableRow key={`${change.created_at}-${i}`}>
                  <TableCell>{formatDate(change.effective_date)}</TableCell>
                  <TableCell>
                    {change.customer_id ? (
                      (change.customer_name ?? 'A removed customer')
                    ) : (
                      <Chip size="small" variant="outlined" label="List price" />
                    )}
                  </TableCell>
                  <TableCell align="right">{formatMoney(change.old_price)}</TableCell>
                  <TableCell align="right" sx={{ fontWeight: 600 }}>
                    {formatMoney(change.new_price)}
                  </TableCell>
                  <TableCell sx={{ color: 'text.secondary' }}>{formatDateTime(change.created_at)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Card>
  );
}

function Detail({ product }: { product: ProductDetail }) {
  const { active: withSku } = useFeature('internal_sku');
  const { active: withInventory } = useFeature('inventory');
  const [dialog, setDialog] = useState<'edit' | 'price' | null>(null);
  const [updateProduct, { isLoading: archiving }] = useUpdateProductMutation();
  const navigate = useNavigate();
  const lock = useCatalogueLock();
  const lockReason = lock ? CATALOGUE_LOCK_MESSAGE[lock] : '';

  const archive = async (archived: boolean) => {
    try {
      await updateProduct({ id: product.id, body: { archived } }).unwrap();
      toast.success(archived ? PRODUCT_SCREEN_MESSAGES.archived : PRODUCT_SCREEN_MESSAGES.restored);
    } catch (error) {
      showActionProblem(
        error,
        archived ? PRODUCT_SCREEN_MESSAGES.notArchived : PRODUCT_SCREEN_MESSAGES.saveFailed,
        toast.error,
      );
    }
  };

  return (
    <>
      <PageHeader
        title={product.product}
        subtitle={productSubheader(product, withSku)}
        actions={
          <>
            <RouterButton to="/product" variant="text">
              All Products
            </RouterButton>
            {withInventory && (
              <RouterButton to="/inventory" variant="text">
                Inventory
              </RouterButton>
            )}
            {/* Under Clover nothing here changes the product; under Bottle POS only its price (as the client specification asks) */}
            <LockedButton reason={lockReason}>
              <Button
                variant="outlined"
                startIcon={product.archived ? <UnarchiveOutlined /> : <ArchiveOutlined />}
                onClick={() => void archive(!product.archived)}
                loading={archiving}
                disabled={!!lock}
              >
                {product.archived ? 'Restore' : 'Archive'}
              </Button>
            </LockedButton>
            <LockedButton reason={lock === 'clover' ? lockReason : ''}>
              <Button
                variant="outlined"
                startIcon={<EditOutlined />}
                onClick={() => setDialog('edit')}
                disabled={lock === 'clover'}
              >
                Edit
              </Button>
            </LockedButton>
            <LockedButton reason={lock === 'clover' ? lockReason : ''}>
              <Button
                variant="contained"
                startIcon={<LocalOfferOutlined />}
                onClick={() => setDialog('price')}
                disabled={lock === 'clover'}
              >
                Change price
              </Button>
            </LockedButton>
          </>
        }
      />
      <CloverProductNotice productId={product.id} />
      {product.archived && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          {`Archived ${formatDate(product.archived_at)}: left out of the grid and the invoice builder until restored.`}
        </Alert>
      )}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 2fr) minmax(300px, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
            {[
              ['List price', formatMoney(product.product_price)],
              ['Purchase price', formatMoney(product.last_purchase_price)],
              ['Units sold', String(product.units_sold)],
              ['Profit', formatMoney(product.profit)],
            ].map(([label, value]) => (
              <Card key={label}>
                <CardContent>
                  <Typography variant="body2" color="text.secondary">
                    {label}
                  </Typography>
                  <Typography variant="h2" component="p" sx={{ mt: 0.5 }}>
                    {value}
                  </Typography>
                </CardContent>
              </Card>
            ))}
          </Box>
          {product.next_price_change && (
            <Alert severity="info">
              {`The list price becomes ${formatMoney(product.next_price_change.product_price)} on ${formatDate(
                product.next_price_change.effective_date,
              )}.`}
            </Alert>
          )}
          {withInventory && <ProductStockCard productId={product.id} />}
          <PriceChanges product={product} />
        </Box>
        <Card>
          <CardHeader title="Details" slotProps={{ title: { variant: 'h4', component: 'h2' } }} />
          <CardContent sx={{ pt: 0 }}>
            <Box sx={{ display: 'flex', gap: 1, mb: 1 }}>
              <ProductTypeChip type={product.product_type} />
              {product.archived && <Chip size="small" label="Archived" />}
            </Box>
            <Fact label="Size" value={product.product_size} />
            <Fact label="UPC" value={orDash(product.upc)} />
            {withSku && <Fact label="Internal SKU" value={orDash(product.internal_sku)} />}
            <Fact label="Distributor" value={orDash(product.distributor)} />
            <Fact
              label="List price since"
              value={
                product.effective_date ? formatDate(product.effective_date) : formatDate(product.created_at)
              }
            />
            <Fact label="Total sold" value={formatMoney(product.amount_sold)} />
            <Fact
              label="Profit %"
              value={product.profit_percentage === null ? '—' : `${product.profit_percentage.toFixed(2)} %`}
            />
            <Fact label="Invoices" value={String(product.invoice_count)} />
            <Fact label="Reorder level" value={orDash(product.reorder_level)} />
            <Fact label="Reorder qty" value={orDash(product.reorder_qty)} />
            <Fact label="Reorder time (days)" value={orDash(product.reorder_time_in_days)} />
            <Fact label="Case size" value={orDash(product.case_size)} />
            <Fact label="Added" value={formatDate(product.created_at)} />
          </CardContent>
        </Card>
      </Box>

      {dialog === 'price' && <PriceChangeDialog product={product} onClose={() => setDialog(null)} />}
      {dialog === 'edit' && (
        <ProductEditorDialog
          open
          product={product}
          onClose={() => setDialog(null)}
          onDeleted={() => navigate('/product')}
        />
      )}
    </>
  );
}

/** /product/{id} (as the client's specification asks): size, UPC and internal SKU, prices, sales and price changes. */
export default function ProductDetailPage() {
  const { productId = '' } = useParams();
  const { data, error, isLoading, refetch } = useGetProductQuery(productId);
  if (isLoading) return <FullPageSpinner label="Loading product" />;
  const problem = toProblem(error);
  if (problem?.status === 404 || (!data && problem?.status === 400)) return <NotFound />;
  if (!data)
    return (
      <Box sx={{ display: 'grid', placeItems: 'center', py: 8, gap: 2 }}>
        <ProblemAlert messages={[problem?.message || 'Error loading the product']} />
        <Button variant="outlined" onClick={() => void refetch()}>
          Retry
        </Button>
      </Box>
    );
  return <Detail key={data.id} product={data} />;
}
