import { useEffect, useState } from 'react';
import { MAX_QTY } from '#domain/invoices/invoice.rules';
import { loadCart, loadCartMeta, saveCart, saveCartMeta, type CartLine, type CartMeta } from './shop-session';

/** The cart of the signed-in customer user, kept in this browser: its lines, its note, the draft it was opened from. */
export function useCart() {
  const [lines, setLines] = useState<CartLine[]>(loadCart);
  const [meta, setMeta] = useState<CartMeta>(loadCartMeta);
  /** What the cart page says once about the last Order again (the lines it could not add); not kept across reloads. */
  const [notice, setNotice] = useState('');
  useEffect(() => saveCart(lines), [lines]);
  useEffect(() => saveCartMeta(meta), [meta]);
  const setQty = (line: Omit<CartLine, 'qty'>, qty: number) =>
    setLines((current) => {
      const rest = current.filter((l) => l.productId !== line.productId);
      if (qty <= 0) return rest;
      const index = current.findIndex((l) => l.productId === line.productId);
      const next = { ...line, qty: Math.min(qty, MAX_QTY) };
      if (index < 0) return [...current, next];
      return current.map((l) => (l.productId === line.productId ? next : l));
    });
  return {
    lines,
    setQty,
    notice,
    setNotice,
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
    /** Order again: these lines join the cart (a product already in it gets the quantities added). */
    add: (more: CartLine[]) =>
      setLines((current) => {
        const next = [...current];
        for (const line of more) {
          const index = next.findIndex((l) => l.productId === line.productId);
          if (index < 0) next.push({ ...line, qty: Math.min(line.qty, MAX_QTY) });
          else next[index] = { ...line, qty: Math.min(next[index]!.qty + line.qty, MAX_QTY) };
        }
        return next;
      }),
    clear: () => {
      setNotice('');
      setLines([]);
      setMeta({ note: '', draftId: null });
    },
  };
}

export type Cart = ReturnType<typeof useCart>;
