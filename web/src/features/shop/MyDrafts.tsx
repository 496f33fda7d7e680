import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ShopDraftResponse } from '#domain/contracts/order.contract';
import { formatDateTime } from '../../shared/format';
import { toProblem } from '../../shared/problem';
import { toast } from '../../shared/toasts';
import { ConfirmDialog } from '../../shared/ui/ConfirmDialog';
import { problemText } from './problem-text';
import {
  useCancelDraftMutation,
  useLazyDraftQuery,
  useMyDraftsQuery,
  usePlaceDraftMutation,
} from './shop.api';
import type { Cart } from './use-cart';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** How a draft is named on its buttons: no number until placed, so by when it was saved. */
const draftName = (draft: ShopDraftResponse) => `draft saved ${formatDateTime(draft.updated_at)}`;

/**
 * The customer's open drafts: open one into the cart (at today's prices), place it as saved, or cancel it (after a
 * confirmation). Another customer user of the same customer sees and changes the same drafts.
 */
export function MyDrafts({ cart, base }: { cart: Cart; base: string }) {
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
