/** The customer user's token (the ordering app's own session, never the back office's). */
const TOKEN_KEY = 'stampline.shop.token';
const CART_KEY = 'stampline.shop.cart';
const CART_META_KEY = 'stampline.shop.cart.meta';

export function shopToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}

export function setShopToken(token: string | null): void {
  try {
    if (token && token.length > 5) localStorage.setItem(TOKEN_KEY, token);
    else localStorage.removeItem(TOKEN_KEY);
  } catch {
    // storage unavailable: the session lasts as long as the page
  }
}

export interface CartLine {
  productId: string;
  product: string;
  size: string;
  price: number;
  qty: number;
  /** The product's type (LIQUOR, WINE, BEER, N/A); absent on a cart kept from before it was stored. */
  type?: string;
}

/** The cart survives a reload: nothing the user entered is lost. */
export function loadCart(): CartLine[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(CART_KEY) ?? '[]');
    return Array.isArray(parsed) ? (parsed as CartLine[]) : [];
  } catch {
    return [];
  }
}

export function saveCart(lines: CartLine[]): void {
  try {
    localStorage.setItem(CART_KEY, JSON.stringify(lines));
  } catch {
    // storage unavailable
  }
}

/** What goes with the cart's lines: its note, and the draft it was opened from (Save Draft then saves that one). */
export interface CartMeta {
  note: string;
  draftId: string | null;
}

export function loadCartMeta(): CartMeta {
  try {
    const parsed = JSON.parse(localStorage.getItem(CART_META_KEY) ?? '{}') as Partial<CartMeta>;
    return {
      note: typeof parsed.note === 'string' ? parsed.note : '',
      draftId: typeof parsed.draftId === 'string' ? parsed.draftId : null,
    };
  } catch {
    return { note: '', draftId: null };
  }
}

export function saveCartMeta(meta: CartMeta): void {
  try {
    localStorage.setItem(CART_META_KEY, JSON.stringify(meta));
  } catch {
    // storage unavailable
  }
}
