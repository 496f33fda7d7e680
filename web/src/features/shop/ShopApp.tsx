import Alert from '@mui/material/Alert';
import { invoiceGroups } from '#domain/orders/order-lines';
import AppBar from '@mui/material/AppBar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import AddOutlined from '@mui/icons-material/AddOutlined';
import RemoveOutlined from '@mui/icons-material/RemoveOutlined';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
import { ORDER_STATUS_LABELS } from '#domain/orders/order-status';
import { INVOICE_STATUS_LABELS, isInvoiceStatus } from '#domain/shared/invoice-status';
import { formatDate, formatDateTime, formatMoney } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { newIdempotencyKey } from '../invoices/builder/builder-messages';
import type { ShopDraftResponse } from '#domain/contracts/order.contract';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import {
  shopApi,
  useAcceptInvitationMutation,
  useCancelDraftMutation,
  useCancelOrderMutation,
  useCatalogueQuery,
  useCompanyQuery,
  useInvitationQuery,
  useLazyDraftQuery,
  useMeQuery,
  useMyDraftsQuery,
  useMyInvoicesQuery,
  useMyOrdersQuery,
  usePlaceDraftMutation,
  usePlaceOrderMutation,
  useSaveDraftMutation,
  useSignInMutation,
  useSignOutMutation,
  useUpdateDraftMutation,
} from './shop.api';
import { useShopLiveUpdates } from './shop-live';
import {
  loadCart,
  loadCartMeta,
  saveCart,
  saveCartMeta,
  setShopToken,
  shopToken,
  type CartLine,
  type CartMeta,
} from './shop-session';
import { useAppDispatch } from '../../app/store';

/**
 * The establishment ordering app (issue 14 §3) under /shop/{subdomain}: a customer user signs in (or accepts the
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

function Centered({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Container maxWidth="xs" sx={{ py: { xs: 4, sm: 8 } }}>
      <title>{`${title} · Stampline`}</title>
      <Card>
        <CardContent sx={{ display: 'grid', gap: 2, p: 3 }}>
          <Typography variant="h1" sx={{ fontSize: 24 }}>
            {title}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Container>
  );
}

interface CredentialsField {
  label: string;
  /** 'password' unless given */
  type?: 'email' | 'password';
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
}

/** The ordering app's sign-in and set-password forms: their fields, the error under the last one, one button. */
function CredentialsForm({
  fields,
  error,
  action,
  busy,
  onSubmit,
}: {
  fields: CredentialsField[];
  error: string;
  action: string;
  busy: boolean;
  onSubmit: (event: FormEvent) => Promise<void>;
}) {
  return (
    <Box component="form" onSubmit={(e) => void onSubmit(e)} sx={{ display: 'grid', gap: 2 }} noValidate>
      {fields.map((field, i) => {
        const last = i === fields.length - 1;
        return (
          <TextField
            key={field.label}
            label={field.label}
            type={field.type ?? 'password'}
            autoComplete={field.autoComplete}
            value={field.value}
            onChange={(e) => field.onChange(e.target.value)}
            {...(last ? { error: !!error, helperText: error || ' ' } : {})}
          />
        );
      })}
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {action}
      </Button>
    </Box>
  );
}

function SignIn({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [signIn, signingIn] = useSignInMutation();
  const { subdomain = '' } = useParams();
  const company = useCompanyQuery(subdomain, { skip: !subdomain });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError('');
    try {
      onSignedIn((await signIn({ email: email.trim(), password }).unwrap()).token);
    } catch (problem) {
      const found = toProblem(problem);
      setError(found?.details[0]?.message || found?.message || 'our servers broke, please try again later');
    }
  };
  return (
    <Centered title={company.data ? `Order from ${company.data.name}` : 'Order online'}>
      {company.isError && (
        <Alert severity="warning">No distributor orders at this address: check the link you were sent.</Alert>
      )}
      <CredentialsForm
        fields={[
          { label: 'Email', type: 'email', autoComplete: 'email', value: email, onChange: setEmail },
          { label: 'Password', autoComplete: 'current-password', value: password, onChange: setPassword },
        ]}
        error={error}
        action="Sign In"
        busy={signingIn.isLoading}
        onSubmit={submit}
      />
    </Centered>
  );
}

function AcceptInvitation({ onSignedIn }: { onSignedIn: (token: string) => void }) {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { subdomain = '' } = useParams();
  const invitation = useInvitationQuery(token, { skip: !token });
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState('');
  const [accept, accepting] = useAcceptInvitationMutation();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.length < 5) return setError('Password must be at least 5 characters');
    if (password !== confirm) return setError('Passwords do not match');
    try {
      onSignedIn((await accept({ token, password }).unwrap()).token);
      navigate(`/shop/${subdomain}`, { replace: true });
    } catch (problem) {
      setError(toProblem(problem)?.message || 'Something went wrong');
    }
  };
  if (invitation.isLoading) return <CircularProgress aria-label="Loading" sx={{ m: 4 }} />;
  if (!token || invitation.isError)
    return (
      <Centered title="Invitation">
        <Alert severity="error">
          {toProblem(invitation.error)?.message || 'This invitation link is invalid or has expired.'}
        </Alert>
      </Centered>
    );
  return (
    <Centered title={`Welcome, ${invitation.data?.name ?? ''}`}>
      <Typography color="text.secondary">
        {invitation.data?.company_name} invites you to order online as {invitation.data?.email}. Choose a
        password.
      </Typography>
      <CredentialsForm
        fields={[
          { label: 'Password', autoComplete: 'new-password', value: password, onChange: setPassword },
          { label: 'Confirm password', autoComplete: 'new-password', value: confirm, onChange: setConfirm },
        ]}
        error={error}
        action="Set Password"
        busy={accepting.isLoading}
        onSubmit={submit}
      />
    </Centered>
  );
}

function useCart() {
  const [lines, setLines] = useState<CartLine[]>(loadCart);
  const [meta, setMeta] = useState<CartMeta>(loadCartMeta);
  useEffect(() => saveCart(lines), [lines]);
  useEffect(() => saveCartMeta(meta), [meta]);
  const setQty = (line: Omit<CartLine, 'qty'>, qty: number) =>
    setLines((current) => {
      const rest = current.filter((l) => l.productId !== line.productId);
      if (qty <= 0) return rest;
      const index = current.findIndex((l) => l.productId === line.productId);
      const next = { ...line, qty: Math.min(qty, 100_000) };
      if (index < 0) return [...current, next];
      return current.map((l) => (l.productId === line.productId ? next : l));
    });
  return {
    lines,
    setQty,
    note: meta.note,
    setNote: (note: string) => setMeta((current) => ({ ...current, note })),
    /** The draft this cart was opened from: Save Draft saves it again, Place Order places it. */
    draftId: meta.draftId,
    detachDraft: () => setMeta((current) => ({ ...current, draftId: null })),
    /** The cart becomes this draft (its lines at today's prices, its note). */
    open: (draftId: string, next: CartLine[], note: string) => {
      setLines(next);
      setMeta({ draftId, note });
    },
    clear: () => {
      setLines([]);
      setMeta({ note: '', draftId: null });
    },
  };
}

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
  const tab = pathname.endsWith('/cart')
    ? 'cart'
    : pathname.endsWith('/orders')
      ? 'orders'
      : pathname.endsWith('/invoices')
        ? 'invoices'
        : 'catalogue';
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
          <Route index element={<Catalogue cart={cart} />} />
          <Route path="cart" element={<Cart cart={cart} base={base} />} />
          <Route path="orders" element={<MyOrders cart={cart} base={base} />} />
          <Route path="invoices" element={<MyInvoices />} />
          <Route path="*" element={<Navigate to={base} replace />} />
        </Routes>
      </Container>
    </>
  );
}

type Cart = ReturnType<typeof useCart>;

function QtyStepper({
  label,
  qty,
  onChange,
}: {
  label: string;
  qty: number;
  onChange: (qty: number) => void;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
      <IconButton
        aria-label={`One less ${label}`}
        onClick={() => onChange(qty - 1)}
        disabled={qty <= 0}
        size="large"
      >
        <RemoveOutlined />
      </IconButton>
      <TextField
        value={qty}
        onChange={(e) => {
          const value = Number(e.target.value.replace(/\D/g, '') || 0);
          onChange(value);
        }}
        slotProps={{
          htmlInput: {
            inputMode: 'numeric',
            'aria-label': `Quantity of ${label}`,
            style: { textAlign: 'center', width: 44 },
          },
        }}
        size="small"
      />
      <IconButton aria-label={`One more ${label}`} onClick={() => onChange(qty + 1)} size="large">
        <AddOutlined />
      </IconButton>
    </Box>
  );
}

function Catalogue({ cart }: { cart: Cart }) {
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

/** The answer of a failed call as one line: the first field problem, else the message. */
const problemText = (problem: unknown) => {
  const found = toProblem(problem);
  return found?.details[0]?.message || found?.message || 'Something went wrong';
};

function Cart({ cart, base }: { cart: Cart; base: string }) {
  const [error, setError] = useState('');
  const [place, placing] = usePlaceOrderMutation();
  const [saveDraft, saving] = useSaveDraftMutation();
  const [updateDraft, updating] = useUpdateDraftMutation();
  const [placeDraft, placingDraft] = usePlaceDraftMutation();
  const busy = placing.isLoading || saving.isLoading || updating.isLoading || placingDraft.isLoading;
  const navigate = useNavigate();
  const key = useRef<string | null>(null);
  const draftKey = useRef<string | null>(null);
  const total = cart.lines.reduce((sum, l) => sum + Math.round(l.price * 100) * l.qty, 0) / 100;
  const items = () => cart.lines.map((l) => ({ product_id: l.productId, qty: l.qty }));
  /** A draft placed or cancelled meanwhile (409) or gone (404): the cart stays, as a new one. */
  const draftFailed = (problem: unknown) => {
    const status = toProblem(problem)?.status;
    if (cart.draftId && (status === 409 || status === 404)) {
      cart.detachDraft();
      setError(`${problemText(problem)} Your cart is kept as a new cart.`);
    } else setError(problemText(problem));
  };
  const submit = async () => {
    setError('');
    try {
      let order;
      if (cart.draftId) {
        order = await placeDraft({ id: cart.draftId, body: { items: items(), note: cart.note } }).unwrap();
      } else {
        key.current ??= newIdempotencyKey();
        order = await place({
          body: { items: items(), note: cart.note },
          idempotencyKey: key.current,
        }).unwrap();
        key.current = null;
      }
      cart.clear();
      toast.success(`Order #${order.order_number} placed.`);
      navigate(`${base}/orders`);
    } catch (problem) {
      draftFailed(problem);
    }
  };
  const save = async () => {
    setError('');
    try {
      if (cart.draftId) {
        await updateDraft({ id: cart.draftId, body: { items: items(), note: cart.note } }).unwrap();
      } else {
        draftKey.current ??= newIdempotencyKey();
        await saveDraft({
          body: { items: items(), note: cart.note },
          idempotencyKey: draftKey.current,
        }).unwrap();
        draftKey.current = null;
      }
      cart.clear();
      toast.success('Draft saved.');
      navigate(`${base}/orders`);
    } catch (problem) {
      draftFailed(problem);
    }
  };
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <title>Cart · Stampline</title>
      <Typography variant="h1" sx={{ fontSize: 22 }}>
        Cart
      </Typography>
      {cart.draftId && (
        <Alert severity="info">
          This cart is a saved draft. Save Draft keeps your changes; Place Order places it at today’s prices.
        </Alert>
      )}
      {cart.lines.length === 0 ? (
        <Typography color="text.secondary">Your cart is empty.</Typography>
      ) : (
        <>
          {invoiceGroups(cart.lines.map((line) => ({ type: line.type ?? '' }))).length > 1 && (
            <Alert severity="info">
              Beer goes on its own invoice: this order will be invoiced as two invoices, one for the beer and
              one for the rest.
            </Alert>
          )}
          <Box
            component="ul"
            aria-label="Cart items"
            sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
          >
            {cart.lines.map((line) => (
              <Card component="li" key={line.productId} variant="outlined">
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1.5, flexWrap: 'wrap' }}>
                  <Box sx={{ flex: 1, minWidth: 160 }}>
                    <Typography sx={{ fontWeight: 600 }}>{line.product}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {line.size} · {formatMoney(line.price)}
                    </Typography>
                  </Box>
                  <QtyStepper
                    label={line.product}
                    qty={line.qty}
                    onChange={(qty) => cart.setQty(line, qty)}
                  />
                </Box>
              </Card>
            ))}
          </Box>
          <TextField
            label="Note for the distributor"
            value={cart.note}
            onChange={(e) => {
              key.current = null;
              draftKey.current = null;
              cart.setNote(e.target.value);
            }}
            multiline
            minRows={2}
          />
          <Typography sx={{ fontWeight: 600 }}>Total {formatMoney(total)}</Typography>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', '& > *': { flex: '1 1 160px' } }}>
            <Button variant="outlined" size="large" onClick={() => void save()} disabled={busy}>
              Save Draft
            </Button>
            <Button variant="contained" size="large" onClick={() => void submit()} disabled={busy}>
              Place Order
            </Button>
          </Box>
        </>
      )}
    </Box>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** How a draft is named on its buttons: no number until placed, so by when it was saved. */
const draftName = (draft: ShopDraftResponse) => `draft saved ${formatDateTime(draft.updated_at)}`;

/**
 * The customer's open drafts: open one into the cart (at today's prices), place it as saved, or cancel it (after a
 * confirmation). Another customer user of the same customer sees and changes the same drafts.
 */
function MyDrafts({ cart, base }: { cart: Cart; base: string }) {
  const drafts = useMyDraftsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [load, loading] = useLazyDraftQuery();
  const [placeDraft, placing] = usePlaceDraftMutation();
  const [cancelDraft, cancelling] = useCancelDraftMutation();
  const [toCancel, setToCancel] = useState<ShopDraftResponse | null>(null);
  const [toReplace, setToReplace] = useState<ShopDraftResponse | null>(null);
  const navigate = useNavigate();
  const busy = loading.isFetching || placing.isLoading || cancelling.isLoading;
  const open = async (draft: ShopDraftResponse) => {
    setToReplace(null);
    try {
      const found = await load(draft.id).unwrap();
      const offered = found.items.filter((item) => item.price !== null);
      cart.open(
        found.id,
        offered.map((item) => ({
          productId: item.product_id,
          product: item.product.product,
          size: item.product.product_size,
          price: item.price!,
          qty: item.qty,
          type: item.product.product_type,
        })),
        found.note,
      );
      const left = found.items.length - offered.length;
      if (left > 0)
        toast.error(
          `${left} product${left === 1 ? ' is' : 's are'} no longer offered and ${left === 1 ? 'was' : 'were'} left out.`,
        );
      navigate(`${base}/cart`);
    } catch (problem) {
      toast.error(problemText(problem));
    }
  };
  const place = (draft: ShopDraftResponse) =>
    void placeDraft({ id: draft.id, body: {} })
      .unwrap()
      .then((order) => {
        if (cart.draftId === draft.id) cart.clear();
        toast.success(`Order #${order.order_number} placed.`);
      })
      .catch((problem: unknown) =>
        toast.error(
          toProblem(problem)?.details.some((d) => d.field.endsWith('.product_id'))
            ? 'A product of this draft is no longer offered: open the draft to change it.'
            : problemText(problem),
        ),
      );
  const cancel = (draft: ShopDraftResponse) =>
    void cancelDraft(draft.id)
      .unwrap()
      .then(() => {
        if (cart.draftId === draft.id) cart.detachDraft();
        toast.success('Draft cancelled.');
      })
      .catch((problem: unknown) => toast.error(problemText(problem)))
      .finally(() => setToCancel(null));
  if (!drafts.data?.length) return null;
  return (
    <>
      <Typography variant="h2" sx={{ fontSize: 18, fontWeight: 600 }}>
        Drafts
      </Typography>
      <Box
        component="ul"
        aria-label="My drafts"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      >
        {drafts.data.map((draft) => (
          <Card component="li" key={draft.id} variant="outlined">
            <Box sx={{ p: 1.5, display: 'grid', gap: 0.5 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600, flex: 1 }}>
                  Draft · {formatDateTime(draft.updated_at)}
                </Typography>
                <Chip size="small" label={draft.status_label} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {plural(draft.items.length, 'product')} · {plural(draft.units, 'unit')} · saved by{' '}
                {draft.customerUser.name} · priced when placed
              </Typography>
              <Typography variant="body2" color="text.secondary" noWrap>
                {draft.items.map((item) => `${item.qty} × ${item.product.product}`).join(', ')}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button
                  variant="outlined"
                  disabled={busy}
                  aria-label={`Open ${draftName(draft)}`}
                  onClick={() =>
                    cart.lines.length > 0 && cart.draftId !== draft.id
                      ? setToReplace(draft)
                      : void open(draft)
                  }
                >
                  Open
                </Button>
                <Button
                  variant="contained"
                  disabled={busy}
                  aria-label={`Place ${draftName(draft)}`}
                  onClick={() => place(draft)}
                >
                  Place
                </Button>
                <Button
                  color="error"
                  disabled={busy}
                  aria-label={`Cancel ${draftName(draft)}`}
                  onClick={() => setToCancel(draft)}
                >
                  Cancel
                </Button>
              </Box>
            </Box>
          </Card>
        ))}
      </Box>
      <ConfirmDialog
        open={toCancel !== null}
        title="Cancel this draft?"
        confirmLabel="Cancel Draft"
        cancelLabel="Keep Draft"
        destructive
        busy={cancelling.isLoading}
        onConfirm={() => toCancel && cancel(toCancel)}
        onClose={() => setToCancel(null)}
      >
        Sure you want to change Status from Draft to Cancelled? A cancelled draft can no longer be placed.
      </ConfirmDialog>
      <ConfirmDialog
        open={toReplace !== null}
        title="Replace your cart?"
        confirmLabel="Open Draft"
        cancelLabel="Keep Cart"
        busy={loading.isFetching}
        onConfirm={() => toReplace && void open(toReplace)}
        onClose={() => setToReplace(null)}
      >
        Your cart has {cart.lines.reduce((sum, line) => sum + line.qty, 0)} units. Opening this draft puts its
        items in the cart instead.
      </ConfirmDialog>
    </>
  );
}

function MyOrders({ cart, base }: { cart: Cart; base: string }) {
  const orders = useMyOrdersQuery(undefined, { refetchOnMountOrArgChange: true });
  const [cancel, cancelling] = useCancelOrderMutation();
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <title>Orders · Stampline</title>
      <Typography variant="h1" sx={{ fontSize: 22 }}>
        Orders
      </Typography>
      <MyDrafts cart={cart} base={base} />
      {orders.data && orders.data.length > 0 && (
        <Typography variant="h2" sx={{ fontSize: 18, fontWeight: 600 }}>
          Order history
        </Typography>
      )}
      {orders.data?.length === 0 && <Typography color="text.secondary">No orders yet.</Typography>}
      <Box
        component="ul"
        aria-label="My orders"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      >
        {orders.data?.map((order) => (
          <Card component="li" key={order.id} variant="outlined">
            <Box sx={{ p: 1.5, display: 'grid', gap: 0.5 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography sx={{ fontWeight: 600, flex: 1 }}>Order #{order.order_number}</Typography>
                <Chip size="small" label={ORDER_STATUS_LABELS[order.status]} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {formatDateTime(order.ordered_at)} · {order.units} units · {formatMoney(order.total)}
              </Typography>
              {order.status === 'placed' && (
                <Box>
                  <Button
                    color="error"
                    disabled={cancelling.isLoading}
                    onClick={() =>
                      void cancel(order.id)
                        .unwrap()
                        .then(() => toast.success(`Order #${order.order_number} cancelled.`))
                        .catch((problem: unknown) =>
                          toast.error(toProblem(problem)?.message || 'Something went wrong'),
                        )
                    }
                  >
                    Cancel Order #{order.order_number}
                  </Button>
                </Box>
              )}
            </Box>
          </Card>
        ))}
      </Box>
    </Box>
  );
}

function MyInvoices() {
  const invoices = useMyInvoicesQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }}>
      <title>Invoices · Stampline</title>
      <Typography variant="h1" sx={{ fontSize: 22 }}>
        Invoices
      </Typography>
      {invoices.data?.length === 0 && <Typography color="text.secondary">No invoices yet.</Typography>}
      <Box
        component="ul"
        aria-label="My invoices"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      >
        {invoices.data?.map((invoice) => (
          <Card component="li" key={invoice.id} variant="outlined">
            <Box sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Box sx={{ flex: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>Invoice #{invoice.number}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDate(invoice.invoiced_at)} · {formatMoney(invoice.total)}
                </Typography>
              </Box>
              <Chip
                size="small"
                label={
                  isInvoiceStatus(invoice.status) ? INVOICE_STATUS_LABELS[invoice.status] : invoice.status
                }
              />
            </Box>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
