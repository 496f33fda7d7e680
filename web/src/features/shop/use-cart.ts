import { useEffect, useState } from 'react';
import { loadCart, loadCartMeta, saveCart, saveCartMeta, type CartLine, type CartMeta } from './shop-session';

/** The cart of the signed-in customer user, kept in this browser: its lines, its note, the draft it was opened from. */
export function useCart() {
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

export type Cart = ReturnType<typeof useCart>;
