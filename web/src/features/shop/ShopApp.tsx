import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { Navigate, Route, Routes, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useAppDispatch } from '../../app/store';
import { toProblem } from '../../shared/problem';
import { CartPage } from './CartPage';
import { CataloguePage } from './CataloguePage';
import { InvoiceDetailPage } from './InvoiceDetailPage';
import { InvoicesPage } from './InvoicesPage';
import { OrderDetailPage } from './OrderDetailPage';
import { OrdersPage } from './OrdersPage';
import { AcceptInvitation, SignIn } from './ShopSignIn';
import { shopApi, useMeQuery, useSignOutMutation } from './shop.api';
import { useShopLiveUpdates } from './shop-live';
import { setShopToken, shopToken } from './shop-session';
import { useCart } from './use-cart';

/**
 * The establishment ordering app under /shop/{subdomain}: a customer user signs in (or accepts the
 * invitation), orders from the distributor's catalogue at the customer's prices, and follows its orders and
 * invoices. Phone first: one column, big touch targets, the cart always one tap away.
 */
export default function ShopApp() {
  const [token, setToken] = useState(shopToken());
  const dispatch = useAppDispatch();
  const signedIn = (next: string) => {
    setShopToken(next);
    dispatch(shopApi.util.resetApiState());
    setToken(next);
  };
  const signedOut = () => {
    setShopToken(null);
    dispatch(shopApi.util.resetApiState());
    setToken(null);
  };
  useShopLiveUpdates(token, signedOut);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <Routes>
        <Route path="invitation" element={<AcceptInvitation onSignedIn={signedIn} />} />
        <Route
          path="*"
          element={token ? <Shop onSignedOut={signedOut} /> : <SignIn onSignedIn={signedIn} />}
        />
      </Routes>
    </Box>
  );
}

/** The signed-in app: the bar with the company, the user and Sign Out, the tabs, and the page of the tab. */
function Shop({ onSignedOut }: { onSignedOut: () => void }) {
  const me = useMeQuery();
  const { subdomain = '' } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const cart = useCart();
  const [signOut] = useSignOutMutation();
  const base = `/shop/${subdomain}`;
  useEffect(() => {
    if (me.isError && toProblem(me.error)?.status === 401) onSignedOut();
  }, [me.isError, me.error, onSignedOut]);
  const section = pathname.slice(base.length).split('/')[1] ?? '';
  const tab = ['cart', 'orders', 'invoices'].includes(section) ? section : 'catalogue';
  const units = cart.lines.reduce((sum, l) => sum + l.qty, 0);
  return (
    <>
      <AppBar
        position="sticky"
        color="default"
        elevation={0}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Toolbar sx={{ gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 700 }} noWrap>
              {me.data?.company.name ?? 'Order online'}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap component="div">
              {me.data ? `${me.data.customer.name} · ${me.data.name}` : ''}
            </Typography>
          </Box>
          <Button
            onClick={() => {
              void signOut().finally(onSignedOut);
            }}
          >
            Sign Out
          </Button>
        </Toolbar>
        <Tabs
          value={tab}
          onChange={(_e, value: string) => navigate(value === 'catalogue' ? base : `${base}/${value}`)}
          variant="fullWidth"
          aria-label="Ordering"
        >
          <Tab value="catalogue" label="Catalogue" />
          <Tab
            value="cart"
            label={
              <Badge badgeContent={units} color="primary" max={999}>
                {/* 'Cart ' and the count as separate words: the visible label is part of the accessible name */}
                <Box component="span" sx={{ pr: units ? 1.5 : 0 }}>
                  Cart{' '}
                </Box>
              </Badge>
            }
            aria-label={`Cart, ${units} units`}
          />
          <Tab value="orders" label="Orders" />
          <Tab value="invoices" label="Invoices" />
        </Tabs>
      </AppBar>
      <Container maxWidth="md" sx={{ py: 2, px: { xs: 1.5, sm: 3 } }}>
        <Routes>
          <Route index element={<CataloguePage cart={cart} />} />
          <Route path="cart" element={<CartPage cart={cart} base={base} />} />
          <Route path="orders" element={<OrdersPage cart={cart} base={base} />} />
          <Route path="orders/:id" element={<OrderDetailPage cart={cart} base={base} />} />
          <Route path="invoices" element={<InvoicesPage base={base} />} />
          <Route path="invoices/:id" element={<InvoiceDetailPage cart={cart} base={base} />} />
          <Route path="*" element={<Navigate to={base} replace />} />
        </Routes>
      </Container>
    </>
  );
}
