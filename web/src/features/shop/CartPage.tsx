import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { invoiceGroups } from '#domain/orders/order-lines';
import { formatMoney } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { newIdempotencyKey } from '../invoices/builder/builder-messages';
import { cartTotals } from './cart-totals';
import { problemText } from './problem-text';
import { QtyStepper } from './QtyStepper';
import {
  usePlaceDraftMutation,
  usePlaceOrderMutation,
  useSaveDraftMutation,
  useMeQuery,
  useUpdateDraftMutation,
} from './shop.api';
import type { Cart } from './use-cart';

export function CartPage({ cart, base }: { cart: Cart; base: string }) {
  const [error, setError] = useState('');
  const [place, placing] = usePlaceOrderMutation();
  const [saveDraft, saving] = useSaveDraftMutation();
  const [updateDraft, updating] = useUpdateDraftMutation();
  const [placeDraft, placingDraft] = usePlaceDraftMutation();
  const busy = placing.isLoading || saving.isLoading || updating.isLoading || placingDraft.isLoading;
  const navigate = useNavigate();
  const key = useRef<string | null>(null);
  const draftKey = useRef<string | null>(null);
  const me = useMeQuery();
  const totals = me.data ? cartTotals(cart.lines, me.data.company.tax_rate) : null;
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
      {cart.notice && (
        <Alert severity="warning" onClose={() => cart.setNotice('')}>
          {cart.notice}
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
          {totals && (
            <Box sx={{ display: 'grid', justifyItems: 'end', gap: 0.25 }}>
              <Typography variant="body2">Subtotal {formatMoney(totals.subtotalCents / 100)}</Typography>
              <Typography variant="body2">
                Tax {formatMoney(totals.taxCents / 100)} ({me.data?.company.tax_rate}%, as on the invoice)
              </Typography>
              <Typography sx={{ fontWeight: 700 }}>Total {formatMoney(totals.totalCents / 100)}</Typography>
            </Box>
          )}
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
