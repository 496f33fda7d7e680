import Button from '@mui/material/Button';
import ReplayOutlined from '@mui/icons-material/ReplayOutlined';
import { useNavigate } from 'react-router-dom';
import type { ShopReorderLine } from '#domain/contracts/shop.contract';
import { toast } from '../../shared/toasts';
import { leftOutText, reorderCart } from './order-again';
import type { Cart } from './use-cart';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * Order again: puts the still orderable products of a past order or invoice, with their quantities, into the cart
 * (at today's prices) and opens it; the cart names the lines that could not be added.
 */
export function OrderAgainButton({
  cart,
  base,
  lines,
  of,
}: {
  cart: Cart;
  base: string;
  lines: readonly ShopReorderLine[];
  /** What is ordered again, for the button's accessible name ('order #12', 'invoice #345'). */
  of: string;
}) {
  const navigate = useNavigate();
  const again = () => {
    const { add, left } = reorderCart(lines);
    cart.add(add);
    cart.setNotice(left.length > 0 ? leftOutText(left) : '');
    if (add.length > 0) toast.success(`${plural(add.length, 'product')} added to the cart.`);
    navigate(`${base}/cart`);
  };
  return (
    <Button
      variant="contained"
      startIcon={<ReplayOutlined />}
      onClick={again}
      disabled={lines.length === 0}
      aria-label={`Order again: ${of}`}
    >
      Order again
    </Button>
  );
}
