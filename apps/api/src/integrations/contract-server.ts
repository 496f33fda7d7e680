import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How a contract server misbehaves, for tests and to see a failure in the demo. */
/** `reject`: every write refused with 422, as a partner refuses one record it cannot take. */
/** `lostAnswer`: every write is applied, then the connection drops before the answer (the partner saved it). */
export type ContractFault =
  'none' | 'down' | 'slow' | 'error500' | 'garbage' | 'unauthorized' | 'reject' | 'lostAnswer';

export interface ContractRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: IncomingMessage['headers'];
}

/** `headers`: extra answer headers (a redirect's location, a 429's retry-after). */
export type ContractHandler = (request: ContractRequest) => {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
};

/**
 * An in-process HTTP server that answers as a partner's API does (or as we assume it does), on 127.0.0.1 and a free
 * port. `npm start` runs one per partner without credentials so the sync screens work end to end; tests run them
 * and inject faults: `fault` for every request, or `failAfter` writes answered before the fault starts.
 */
export class ContractServer {
  fault: ContractFault = 'none';
  /** Writes (non-GET) answered normally before `fault` applies to every request (null: the fault applies now). */
  failAfter: number | null = null;
  /** Requests answered, in order (tests count the pushes). */
  readonly requests: ContractRequest[] = [];
  slowMs = 60_000;
  /** Every answer waits this long (0: none), as a partner that is slow but within the timeout (progress shows). */
  delayMs = 0;
  private server: Server | undefined;
  private writes = 0;
  private readonly pending = new Set<ServerResponse>();

  constructor(
    private readonly handle: ContractHandler,
    private readonly authorized: (request: ContractRequest) => boolean,
  ) {}

  get url(): string {
    const address = this.server?.address() as AddressInfo | null | undefined;
    if (!address) throw new Error('The contract server is not listening');
    return `http://127.0.0.1:${address.port}`;
  }

  /** Pushes (non-GET requests) the server answered with success. */
  writesOf(pathPrefix: string): ContractRequest[] {
    return this.requests.filter((r) => r.method !== 'GET' && r.path.startsWith(pathPrefix));
  }

  reset(): void {
    this.fault = 'none';
    this.failAfter = null;
    this.delayMs = 0;
    this.writes = 0;
    this.requests.length = 0;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.serve(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return this;
  }

  async close(): Promise<void> {
    for (const res of this.pending) res.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  private activeFault(method: string): ContractFault {
    if (this.fault === 'none') return 'none';
    if (this.failAfter === null) return this.fault;
    if (method === 'GET') return this.writes >= this.failAfter ? this.fault : 'none';
    return this.writes >= this.failAfter ? this.fault : 'none';
  }

  private async serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://contract.local');
    const raw = Buffer.concat(chunks).toString('utf8');
    let body: unknown;
    try {
      // a form (an OAuth token request) arrives as its fields; everything else is JSON
      body =
        raw === ''
          ? undefined
          : (req.headers['content-type'] ?? '').includes('application/x-www-form-urlencoded')
            ? Object.fromEntries(new URLSearchParams(raw))
            : JSON.parse(raw);
    } catch {
      return this.send(res, 400, { message: 'Malformed JSON' });
    }
    const request: ContractRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      body,
      headers: req.headers,
    };
    if (this.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.delayMs).unref());
    const fault = this.activeFault(request.method);
    if (fault === 'down') return void req.socket.destroy();
    if (fault === 'slow') {
      this.pending.add(res);
      setTimeout(() => {
        this.pending.delete(res);
        if (!res.destroyed) this.send(res, 200, {});
      }, this.slowMs).unref();
      return;
    }
    if (fault === 'error500') return this.send(res, 500, { message: 'Internal error' });
    if (fault === 'reject' && request.method !== 'GET') return this.send(res, 422, { message: 'Refused' });
    if (fault === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      return void res.end('<html>maintenance</html>');
    }
    if (fault === 'unauthorized' || !this.authorized(request))
      return this.send(res, 401, { message: 'Unauthorized' });
    const answer = this.handle(request);
    if (answer.status < 400) {
      this.requests.push(request);
      if (request.method !== 'GET') this.writes++;
    }
    if (fault === 'lostAnswer' && request.method !== 'GET') return void req.socket.destroy();
    this.send(res, answer.status, answer.body, answer.headers);
  }

  private send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }
}
