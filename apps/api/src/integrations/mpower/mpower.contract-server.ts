import { ContractServer, type ContractRequest } from '../contract-server.js';

export const LOCAL_MPOWER_KEY = 'local-mpower-key';

/** A local sales platform with the shape we assume (MpowerAdapter): invoices kept in memory by our id. */
export function mpowerContractServer(apiKey = LOCAL_MPOWER_KEY): ContractServer {
  const invoices = new Map<string, unknown>();
  const authorized = (request: ContractRequest) => request.headers.authorization === `Bearer ${apiKey}`;
  return new ContractServer((request) => {
    const invoice = /^\/api\/v1\/invoices\/([^/]+)$/.exec(request.path);
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (invoice && request.method === 'PUT') {
      if (!Array.isArray(body.lines) || body.lines.length === 0)
        return { status: 422, body: { message: 'lines are required' } };
      invoices.set(invoice[1]!, body);
      return { status: 200, body: { id: `mp-${invoice[1]}` } };
    }
    return { status: 404, body: { message: 'Not found' } };
  }, authorized);
}
