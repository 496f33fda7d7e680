import { useEffect, useRef } from 'react';
import { io } from 'socket.io-client';
import type { LiveEventName } from '#domain/contracts/live.contract';
import { RECONNECT } from '../../app/live-events';
import { useAppDispatch } from '../../app/store';
import { shopApi } from './shop.api';

type ShopTag = 'ShopOrder' | 'ShopInvoice';

/** What each message of the ordering app's socket makes stale: its orders list and its invoices list. */
export const SHOP_LIVE_TAGS: Readonly<Partial<Record<LiveEventName, readonly ShopTag[]>>> = {
  'order:placed': ['ShopOrder'],
  'order:status': ['ShopOrder'],
  'order:invoiced': ['ShopOrder', 'ShopInvoice'],
  'invoice:changed': ['ShopInvoice'],
  'payment:changed': ['ShopInvoice'],
  'credit-memo:changed': ['ShopInvoice'],
};

/**
 * The ordering app's one socket (namespace /shop, the customer user's token): the gateway sends only the customer's
 * own orders and invoices, and each message refetches the list it touches. After a reconnect both lists refetch
 * (whatever was missed). A refused token (signed out, disabled, revoked) signs the app out, as a 401 does.
 */
export function useShopLiveUpdates(token: string | null, onRefused: () => void): void {
  const dispatch = useAppDispatch();
  const refused = useRef(onRefused);
  refused.current = onRefused;
  useEffect(() => {
    if (!token) return;
    let closed = false;
    const socket = io('/shop', { auth: { token }, transports: ['websocket', 'polling'], ...RECONNECT });
    let flush: number | undefined;
    let pending = new Set<ShopTag>();
    let helloSeen = false;
    const invalidate = (tags: readonly ShopTag[]) => {
      for (const tag of tags) pending.add(tag);
      flush ??= window.setTimeout(() => {
        flush = undefined;
        const now = [...pending];
        pending = new Set();
        dispatch(shopApi.util.invalidateTags(now));
      }, 50);
    };
    for (const [event, tags] of Object.entries(SHOP_LIVE_TAGS)) socket.on(event, () => invalidate(tags));
    socket.on('live:hello', () => {
      if (helloSeen) invalidate(['ShopOrder', 'ShopInvoice']);
      helloSeen = true;
    });
    socket.on('disconnect', (reason) => {
      // The server ended it: try once more; a refused token then signs the app out.
      if (reason === 'io server disconnect') window.setTimeout(() => !closed && socket.connect(), 1_000);
    });
    socket.on('connect_error', (error: Error & { data?: { statusCode?: number } }) => {
      if (error.data?.statusCode === 401 && !closed) refused.current();
    });
    return () => {
      closed = true;
      window.clearTimeout(flush);
      socket.close();
    };
  }, [token, dispatch]);
}
