import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ShopProductResponse } from '#domain/contracts/order.contract';
import { formatMoney } from '../../shared/format';
import { QtyStepper } from './QtyStepper';
import type { Cart } from './use-cart';

/** One product of the catalogue at the customer's price: Add, then a stepper for the quantity in the cart. */
export function ProductCard({ product, cart }: { product: ShopProductResponse; cart: Cart }) {
  const inCart = cart.lines.find((l) => l.productId === product.id)?.qty ?? 0;
  const line = {
    productId: product.id,
    product: product.product,
    size: product.product_size,
    price: product.price,
    type: product.product_type,
  };
  return (
    <Card component="li" variant="outlined">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 160 }}>
          <Typography sx={{ fontWeight: 600 }}>{product.product}</Typography>
          <Typography variant="body2" color="text.secondary">
            {product.product_size} · {formatMoney(product.price)}
          </Typography>
        </Box>
        {inCart === 0 ? (
          <Button
            variant="contained"
            onClick={() => cart.setQty(line, 1)}
            aria-label={`Add ${product.product}`}
          >
            Add
          </Button>
        ) : (
          <QtyStepper label={product.product} qty={inCart} onChange={(qty) => cart.setQty(line, qty)} />
        )}
      </Box>
    </Card>
  );
}
