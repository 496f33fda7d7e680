import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { useEffect, useState } from 'react';
import { formatMoney } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { QtyStepper } from './QtyStepper';
import { useCatalogueQuery } from './shop.api';
import type { Cart } from './use-cart';

export function CataloguePage({ cart }: { cart: Cart }) {
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(search.trim()), 250);
    return () => window.clearTimeout(timer);
  }, [search]);
  const products = useCatalogueQuery(debounced);
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <title>Catalogue · Stampline</title>
      <Typography variant="h1" sx={{ fontSize: 22 }}>
        Catalogue
      </Typography>
      <TextField
        label="Search products"
        value={search}
        onChange={(e) => setSearch(e.target.value)}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined />
              </InputAdornment>
            ),
          },
        }}
      />
      {products.isError && (
        <Alert severity="error">Sorry, something went wrong! {toProblem(products.error)?.message}</Alert>
      )}
      {products.data?.length === 0 && <Typography color="text.secondary">No products found.</Typography>}
      <Box
        component="ul"
        aria-label="Products"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      >
        {products.data?.map((product) => {
          const inCart = cart.lines.find((l) => l.productId === product.id)?.qty ?? 0;
          const line = {
            productId: product.id,
            product: product.product,
            size: product.product_size,
            price: product.price,
            type: product.product_type,
          };
          return (
            <Card component="li" key={product.id} variant="outlined">
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
                  <QtyStepper
                    label={product.product}
                    qty={inCart}
                    onChange={(qty) => cart.setQty(line, qty)}
                  />
                )}
              </Box>
            </Card>
          );
        })}
      </Box>
    </Box>
  );
}
