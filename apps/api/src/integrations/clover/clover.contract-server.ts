import { randomBytes } from 'node:crypto';
import { ContractServer, type ContractRequest } from '../contract-server.js';

export const LOCAL_CLOVER_MERCHANT = 'LOCALMERCHANT1';
export const LOCAL_CLOVER_TOKEN = 'local-clover-token';

/** A Clover-style id: 13 upper-case letters and digits. */
const cloverId = () =>
  Array.from(randomBytes(13), (b) => 'ABCDEFGHJKMNPQRSTVWXYZ0123456789'[b % 32]).join('');

/**
 * A local Clover following the shapes of Clover's REST API v3 for what the adapter calls: the merchant, items (list
 * with `filter=sku=…`, create, update by POST), item stocks, atomic orders (the cart's `externalReferenceId` kept on
 * the order) and the orders list with `filter=externalReferenceId=…`. Lists answer `{ elements: [...] }` as Clover's
 * do. Kept in memory.
 */
export function cloverContractServer(
  merchantId = LOCAL_CLOVER_MERCHANT,
  token = LOCAL_CLOVER_TOKEN,
): ContractServer {
  const items = new Map<string, Record<string, unknown>>();
  const stocks = new Map<string, number>();
  const orders = new Map<string, Record<string, unknown>>();
  const authorized = (request: ContractRequest) => request.headers.authorization === `Bearer ${token}`;
  const base = `/v3/merchants/${merchantId}`;
  return new ContractServer((request) => {
    const { method, path } = request;
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (!path.startsWith(base)) return { status: 404, body: { message: 'Merchant not found' } };
    const rest = path.slice(base.length);
    if (rest === '' && method === 'GET')
      return { status: 200, body: { id: merchantId, name: 'Local merchant' } };
    if (rest === '/items' && method === 'GET') {
      const filter = request.query.get('filter') ?? '';
      const sku = filter.startsWith('sku=') ? filter.slice(4) : undefined;
      const elements = [...items.values()].filter((item) => sku === undefined || item.sku === sku);
      return { status: 200, body: { elements } };
    }
    if (rest === '/items' && method === 'POST') {
      if (typeof body.name !== 'string' || body.name === '' || typeof body.price !== 'number')
        return { status: 400, body: { message: 'name and price are required' } };
      const item = { ...body, id: cloverId() };
      items.set(item.id, item);
      return { status: 200, body: item };
    }
    const item = /^\/items\/([A-Z0-9]+)$/.exec(rest);
    if (item && method === 'POST') {
      const current = items.get(item[1]!);
      if (!current) return { status: 404, body: { message: 'Item not found' } };
      const updated = { ...current, ...body, id: current.id };
      items.set(item[1]!, updated);
      return { status: 200, body: updated };
    }
    const stock = /^\/item_stocks\/([A-Z0-9]+)$/.exec(rest);
    if (stock && method === 'POST') {
      if (!items.has(stock[1]!)) return { status: 404, body: { message: 'Item not found' } };
      if (typeof body.quantity !== 'number')
        return { status: 400, body: { message: 'quantity is required' } };
      stocks.set(stock[1]!, body.quantity);
      return { status: 200, body: { item: { id: stock[1] }, quantity: body.quantity } };
    }
    if (rest === '/orders' && method === 'GET') {
      const filter = request.query.get('filter') ?? '';
      const reference = filter.startsWith('externalReferenceId=') ? filter.slice(20) : undefined;
      const elements = [...orders.values()].filter(
        (order) => reference === undefined || order.externalReferenceId === reference,
      );
      return { status: 200, body: { elements } };
    }
    if (rest === '/atomic_order/orders' && method === 'POST') {
      const cart = body.orderCart as { lineItems?: unknown[] } | undefined;
      if (!cart || !Array.isArray(cart.lineItems) || cart.lineItems.length === 0)
        return { status: 400, body: { message: 'orderCart.lineItems is required' } };
      const order = { id: cloverId(), state: 'open', ...cart };
      orders.set(order.id, order);
      return { status: 200, body: order };
    }
    return { status: 404, body: { message: 'Not found' } };
  }, authorized);
}
