/** The customer user's token (the ordering app's own session, never the back office's). */
const TOKEN_KEY = 'stampline.shop.token';
const CART_KEY = 'stampline.shop.cart';

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
