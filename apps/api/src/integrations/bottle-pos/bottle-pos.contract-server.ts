import { ContractServer, type ContractRequest } from '../contract-server.js';

/** The key the local Bottle POS contract server accepts (it never leaves this machine). */
export const LOCAL_BOTTLE_POS_KEY = 'local-bottle-pos-key';

/**
 * A local Bottle POS with the shapes we assume (see BottlePosAdapter): invoices and products kept in memory by our
 * id; an invoice without items or a product without a name is refused with 422, as a real API would refuse it.
 */
export function bottlePosContractServer(apiKey = LOCAL_BOTTLE_POS_KEY): ContractServer {
  const invoices = new Map<string, unknown>();
  const products = new Map<string, unknown>();
  const authorized = (request: ContractRequest) => request.headers.authorization === `Bearer ${apiKey}`;
  return new ContractServer((request) => {
    const invoice = /^\/api\/v1\/invoices\/([^/]+)$/.exec(request.path);
    const product = /^\/api\/v1\/products\/([^/]+)$/.exec(request.path);
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (invoice && request.method === 'PUT') {
      if (!Array.isArray(body.items) || body.items.length === 0)
        return { status: 422, body: { message: 'items are required' } };
      invoices.set(invoice[1]!, body);
      return { status: 200, body: { id: `bp-inv-${invoice[1]}`, number: body.number } };
    }
    if (product && request.method === 'PUT') {
      if (typeof body.name !== 'string' || body.name === '')
        return { status: 422, body: { message: 'name is required' } };
      products.set(product[1]!, body);
      return { status: 200, body: { id: `bp-prod-${product[1]}` } };
    }
    if (request.path === '/api/v1/ping') return { status: 200, body: { ok: true } };
    return { status: 404, body: { message: 'Not found' } };
  }, authorized);
}
