import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { useEffect, useState, type ReactNode } from 'react';
import type { ShopProductResponse } from '#domain/contracts/order.contract';
import { toProblem } from '../../shared/problem';
import { byKind, KINDS, kindOf, type Kind } from './catalogue-kinds';
import { ProductCard } from './ProductCard';
import { useCatalogueQuery, useUsualQuery } from './shop.api';
import type { Cart } from './use-cart';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ display: 'grid', gap: 1 }}>
      <Typography variant="h2" sx={{ fontSize: 18, fontWeight: 600 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

function ProductList({
  label,
  products,
  cart,
}: {
  label: string;
  products: ShopProductResponse[];
  cart: Cart;
}) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
      {products.map((product) => (
        <ProductCard key={product.id} product={product} cart={cart} />
      ))}
    </Box>
  );
}

/**
 * The catalogue at the customer's prices: "Your usual" first (what it was invoiced most lately), then the other
 * products by kind (liquor, wine, beer, other); a kind can be chosen alone, and the search keeps both.
 */
export function CataloguePage({ cart }: { cart: Cart }) {
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [kind, setKind] = useState<Kind | 'ALL'>('ALL');
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(search.trim()), 250);
    return () => window.clearTimeout(timer);
  }, [search]);
  const products = useCatalogueQuery(debounced);
  const usual = useUsualQuery();
  const found = new Set(products.data?.map((product) => product.id));
  // the usual products the search and the kind keep; they are listed once, in their own section
  const usualShown = (usual.data ?? []).filter(
    (product) => found.has(product.id) && (kind === 'ALL' || kindOf(product) === kind),
  );
  const usualIds = new Set(usualShown.map((product) => product.id));
  const sections = byKind(
    (products.data ?? []).filter((product) => !usualIds.has(product.id)),
    kind,
  );
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
      <ToggleButtonGroup
        value={kind}
        exclusive
        onChange={(_e, value: Kind | 'ALL' | null) => value && setKind(value)}
        aria-label="Kind of product"
        size="small"
        sx={{ flexWrap: 'wrap', '& .MuiToggleButton-root': { flex: '1 1 0', minWidth: 64, minHeight: 44 } }}
      >
        <ToggleButton value="ALL">All</ToggleButton>
        {KINDS.map((k) => (
          <ToggleButton key={k.value} value={k.value}>
            {k.label}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {products.isError && (
        <Alert severity="error">Sorry, something went wrong! {toProblem(products.error)?.message}</Alert>
      )}
      {products.data && usualShown.length + sections.length === 0 && (
        <Typography color="text.secondary">No products found.</Typography>
      )}
      {usualShown.length > 0 && (
        <Section title="Your usual">
          <ProductList label="Your usual products" products={usualShown} cart={cart} />
        </Section>
      )}
      {sections.map((section) => (
        <Section key={section.kind} title={section.label}>
          <ProductList label={`${section.label} products`} products={section.products} cart={cart} />
        </Section>
      ))}
    </Box>
  );
}
