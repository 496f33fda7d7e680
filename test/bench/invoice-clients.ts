// The invoice bench's HTTP clients: CLIENTS concurrent loops, each creating an invoice and, when asked,
// looking it up in the grid right after the answer (read-your-writes). They run in a worker thread of the bench
// process (invoice-clients.worker.ts), as a browser runs beside the server and not inside its event loop: in the
// API's own thread, the clients' fetch, streams and JSON took a sixth of the thread the API needs.
import { Agent, request } from 'node:http';
import { Worker } from 'node:worker_threads';

export interface InvoiceClientsJob {
  baseUrl: string;
  token: string;
  customers: string[];
  liquor: string[];
  others: string[];
  clients: number;
  /** Invoices numbered from (inclusive) to (exclusive): the body of invoice n is bodyOf(n). */
  from: number;
  to: number;
  /** Look each created invoice up in the grid right after its POST answered. */
  lookUp: boolean;
}

export interface InvoiceClientsResult {
  postMs: number[];
  visibleMs: number[];
  numbers: number[];
  failures: number;
  invisible: number;
  wrongStamps: number;
}

/** The bench's invoice n: 10 lines, 3 of them liquor (stamped), quantities varying with n. */
export function invoiceBody(job: Pick<InvoiceClientsJob, 'customers' | 'liquor' | 'others'>, n: number) {
  return {
    customer_id: job.customers[n % job.customers.length],
    force: true,
    items: [
      ...job.liquor.map((id, k) => ({ product_id: id, qty: 1 + ((n + k) % 6), price: 19.99 + k })),
      ...job.others.map((id, k) => ({
        product_id: id,
        qty: 1 + ((n * 3 + k) % 12),
        price: 2.5 + k,
        taxable: k % 2 === 0,
      })),
    ],
  };
}

/** The stamps invoice n needs: one per liquor bottle. */
export function invoiceBottles(job: Pick<InvoiceClientsJob, 'liquor'>, n: number): number {
  return job.liquor.reduce((sum, _, k) => sum + 1 + ((n + k) % 6), 0);
}

/**
 * JSON over node:http with kept-alive connections, one per loop: the lightest client Node has. Its CPU is the
 * bench's, not the server's, and it shares the machine's two cores with the server (fetch spent about twice as
 * much per request).
 */
export function httpClient(baseUrl: string, sockets: number) {
  const agent = new Agent({ keepAlive: true, maxSockets: sockets });
  const call = (
    method: string,
    path: string,
    token: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) =>
    new Promise<{ status: number; body: any }>((resolve, reject) => {
      const payload = body === undefined ? undefined : JSON.stringify(body);
      const req = request(
        `${baseUrl}/api/v1/${path}`,
        {
          method,
          agent,
          headers: {
            ...headers,
            authorization: `Bearer ${token}`,
            ...(payload === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  return {
    post: (path: string, body: unknown, token: string, headers?: Record<string, string>) =>
      call('POST', path, token, body, headers),
    get: (path: string, token: string) => call('GET', path, token),
    close: () => agent.destroy(),
  };
}

/** Runs the job's loops in this thread. */
export async function runInvoiceClients(job: InvoiceClientsJob): Promise<InvoiceClientsResult> {
  const api = httpClient(job.baseUrl, job.clients);
  const result: InvoiceClientsResult = {
    postMs: [],
    visibleMs: [],
    numbers: [],
    failures: 0,
    invisible: 0,
    wrongStamps: 0,
  };
  let next = job.from;
  await Promise.all(
    Array.from({ length: job.clients }, async () => {
      for (let n = next++; n < job.to; n = next++) {
        const t0 = performance.now();
        const response = await api.post('invoice', invoiceBody(job, n), job.token);
        const t1 = performance.now();
        if (response.status !== 201) {
          result.failures++;
          continue;
        }
        result.postMs.push(t1 - t0);
        result.numbers.push(Number(response.body.number));
        if (response.body.stamp_count !== invoiceBottles(job, n)) result.wrongStamps++;
        if (!job.lookUp) continue;
        const filter = { number: { filterType: 'text', type: 'equals', filter: response.body.number } };
        const grid = await api.get(
          `invoice/grid?startRow=0&endRow=1&filterModel=${encodeURIComponent(JSON.stringify(filter))}`,
          job.token,
        );
        result.visibleMs.push(performance.now() - t0);
        if (grid.status !== 200 || grid.body.count !== 1 || grid.body.rows[0]?.id !== response.body.id)
          result.invisible++;
      }
    }),
  );
  api.close();
  return result;
}

/** Runs the job's loops in a worker thread and answers their result. */
export function runInvoiceClientsInWorker(job: InvoiceClientsJob): Promise<InvoiceClientsResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./invoice-clients.worker.js', import.meta.url), {
      workerData: job,
    });
    worker.once('message', (result: InvoiceClientsResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`invoice clients' worker exited with ${code}`));
    });
  });
}
