import CloseIcon from '@mui/icons-material/Close';
import EditOutlined from '@mui/icons-material/EditOutlined';
import OpenInNew from '@mui/icons-material/OpenInNewOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useFeature } from '../../shared/feature-gate/use-feature';
import { formatDate, formatMoney } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { RouterButton } from '../../shared/ui/RouterButton';
import { ProductTypeChip, productPath } from './product-grid.columns';
import { PRODUCT_SCREEN_MESSAGES } from './product-messages';
import { useGetProductQuery, type ProductDetail } from './products.api';

/** A label and its value, one line each, in the detail card. */
export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 600, textAlign: 'right' }}>
        {value}
      </Typography>
    </Box>
  );
}

/** Size, UPC and internal SKU in one line ('0', none leaves the SKU out). */
export function productSubheader(product: ProductDetail, withSku: boolean): string {
  return [
    product.product_size,
    product.upc ? `UPC ${product.upc}` : 'No UPC',
    withSku && product.internal_sku ? `SKU ${product.internal_sku}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
}

function Card({ product, onEdit }: { product: ProductDetail; onEdit: () => void }) {
  const { active: withSku } = useFeature('internal_sku');
  const latest = product.priceChanges.slice(0, 3);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1 }}>
          <ProductTypeChip type={product.product_type} />
          {product.archived && <Chip size="small" label="Archived" />}
        </Box>
        <Typography color="text.secondary">{productSubheader(product, withSku)}</Typography>
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
        <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'rgba(29, 78, 137, 0.06)' }}>
          <Typography variant="caption" color="text.secondary">
            List price
          </Typography>
          <Typography variant="h3" component="p">
            {formatMoney(product.product_price)}
          </Typography>
        </Box>
        <Box sx={{ p: 1.5, borderRadius: 1, bgcolor: 'action.hover' }}>
          <Typography variant="caption" color="text.secondary">
            Purchase price
          </Typography>
          <Typography variant="h3" component="p">
            {formatMoney(product.last_purchase_price)}
          </Typography>
        </Box>
      </Box>
      {product.next_price_change && (
        <Alert severity="info" variant="outlined" sx={{ py: 0 }}>
          {`${formatMoney(product.next_price_change.product_price)} from ${formatDate(
            product.next_price_change.effective_date,
          )}`}
        </Alert>
      )}
      <Box>
        <Fact label="Distributor" value={product.distributor ?? '—'} />
        <Fact label="Units sold" value={String(product.units_sold)} />
        <Fact label="Total sold" value={formatMoney(product.amount_sold)} />
        <Fact label="Profit" value={formatMoney(product.profit)} />
        <Fact
          label="Profit %"
          value={product.profit_percentage === null ? '—' : `${product.profit_percentage.toFixed(2)} %`}
        />
        <Fact
          label="Reorder level"
          value={product.reorder_level === null ? '—' : String(product.reorder_level)}
        />
      </Box>
      <Divider />
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          Latest price changes
        </Typography>
        {latest.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No price changes yet.
          </Typography>
        ) : (
          latest.map((change, i) => (
            <Fact
              key={`${change.created_at}-${i}`}
              label={`${formatDate(change.effective_date)} · ${change.customer_name ?? 'List price'}`}
              value={`${formatMoney(change.old_price)} → ${formatMoney(change.new_price)}`}
            />
          ))
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <RouterButton to={productPath(product.id)} variant="contained" startIcon={<OpenInNew />}>
          Open Details
        </RouterButton>
        <Button variant="outlined" startIcon={<EditOutlined />} onClick={onEdit}>
          Edit
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The side detail card of the product grid (as the client's specification asks): the product a row click picked. Not modal: another row
 * click shows that product instead.
 */
export function ProductDetailDrawer({
  productId,
  onClose,
  onEdit,
}: {
  productId: string | null;
  onClose: () => void;
  onEdit: (product: ProductDetail) => void;
}) {
  const titleId = useId();
  const { data, error, isFetching } = useGetProductQuery(productId ?? '', { skip: !productId });
  const product = data && data.id === productId ? data : undefined;
  return (
    <Drawer
      anchor="right"
      variant="persistent"
      open={!!productId}
      onClose={onClose}
      slotProps={{
        paper: {
          role: 'complementary',
          'aria-labelledby': titleId,
          elevation: 8,
          sx: {
            width: { xs: '100%', sm: 400 },
            p: 3,
            top: { xs: 56, sm: 64 },
            height: { xs: 'calc(100% - 56px)', sm: 'calc(100% - 64px)' },
            boxShadow: '-8px 0 24px rgba(27, 36, 48, 0.08)',
          },
        },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mb: 2 }}>
        <Typography id={titleId} variant="h2" sx={{ flex: 1, fontSize: '1.25rem', wordBreak: 'break-word' }}>
          {product?.product ?? (isFetching ? 'Loading product…' : PRODUCT_SCREEN_MESSAGES.notFound)}
        </Typography>
        <IconButton aria-label="Close details" onClick={onClose} size="small">
          <CloseIcon />
        </IconButton>
      </Box>
      {product ? (
        <Card product={product} onEdit={() => onEdit(product)} />
      ) : isFetching ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Skeleton variant="rounded" height={72} />
          <Skeleton variant="rounded" height={160} />
        </Box>
      ) : (
        <Alert severity="error">{toProblem(error)?.message || PRODUCT_SCREEN_MESSAGES.notFound}</Alert>
      )}
    </Drawer>
  );
}
