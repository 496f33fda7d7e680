import { ContractServer, type ContractRequest } from '../contract-server.js';

export const LOCAL_FINTECH_KEY = 'local-fintech-key';

/**
 * A local fintech with the shape we assume (FintechAdapter): invoices by Idempotency-Key, so a repeated key answers
 * the same invoice and adds none.
 */
export function fintechContractServer(apiKey = LOCAL_FINTECH_KEY): ContractServer {
  const byKey = new Map<string, string>();
  let next = 1;
  const authorized = (request: ContractRequest) => request.headers.authorization === `Bearer ${apiKey}`;
  return new ContractServer((request) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (request.path === '/api/v1/invoices' && request.method === 'POST') {
      if (
        typeof body.retailer_fintech_id !== 'string' ||
        !Array.isArray(body.lines) ||
        body.lines.length === 0
      )
        return { status: 422, body: { message: 'retailer_fintech_id and lines are required' } };
      const key = String(request.headers['idempotency-key'] ?? `none-${next}`);
      const id = byKey.get(key) ?? `ft-${next++}`;
      byKey.set(key, id);
      return { status: 201, body: { id, reference: body.reference } };
    }
    return { status: 404, body: { message: 'Not found' } };
  }, authorized);
}
