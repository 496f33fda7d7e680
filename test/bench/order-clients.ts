// The order bench's customer users: one loop per user, each placing an order in the ordering app and looking it up
// in the staff's order grid right after the answer (read-your-writes). Like the invoice bench's clients they run in
// a worker thread of the bench process, beside the server's event loop and not inside it.
import { Worker } from 'node:worker_threads';
import { httpClient } from './invoice-clients.js';

export interface OrderClientsJob {
  baseUrl: string;
  /** A customer user's session per loop. */
  users: string[];
  /** The staff's session, for the order grid. */
  staff: string;
  products: { id: string; cents: number }[];
  /** Orders numbered from (inclusive) to (exclusive): the items of order n are itemsOf(n). */
  from: number;
  to: number;
  /** Keep the latencies (a warm-up does not). */
  timed: boolean;
}

export interface OrderClientsResult {
  postMs: number[];
  visibleMs: number[];
  numbers: number[];
  failures: number;
  invisible: number;
  wrong: number;
  /** The first few problems, in words. */
  problems: string[];
}

/** The bench's order n: every product, quantities varying with n. */
export const orderItems = (products: OrderClientsJob['products'], n: number) =>
  products.map((p, k) => ({ product_id: p.id, qty: 1 + ((n + k) % 9) }));

/** What the grid must show of order n: its units and total. */
function expectedOf(products: OrderClientsJob['products'], n: number) {
  const items = orderItems(products, n);
  return {
    units: items.reduce((sum, item) => sum + item.qty, 0),
    totalCents: items.reduce((sum, item, k) => sum + item.qty * products[k]!.cents, 0),
  };
}

/** Runs the job's loops in this thread. */
export async function runOrderClients(job: OrderClientsJob): Promise<OrderClientsResult> {
  const api = httpClient(job.baseUrl, job.users.length * 2);
  const result: OrderClientsResult = {
    postMs: [],
    visibleMs: [],
    numbers: [],
    failures: 0,
    invisible: 0,
    wrong: 0,
    problems: [],
  };
  const problem = (text: string) => {
    if (result.problems.length < 5) result.problems.push(text);
  };
  let next = job.from;
  await Promise.all(
    job.users.map(async (user, client) => {
      for (let n = next++; n < job.to; n = next++) {
        const t0 = performance.now();
        const placed = await api.post(
          'shop/order',
          { items: orderItems(job.products, n), note: `Bench order ${n}` },
          user,
          { 'idempotency-key': `bench-order-${n}-${client}` },
        );
        const t1 = performance.now();
        if (placed.status !== 201) {
          result.failures++;
          problem(`POST shop/order ${placed.status} ${JSON.stringify(placed.body).slice(0, 200)}`);
          continue;
        }
        const number = placed.body.order_number as number;
        const filter = { order_number: { filterType: 'number', type: 'equals', filter: number } };
        const grid = await api.get(
          `order/grid?startRow=0&endRow=1&filterModel=${encodeURIComponent(JSON.stringify(filter))}`,
          job.staff,
        );
        const t2 = performance.now();
        if (job.timed) {
          result.postMs.push(t1 - t0);
          result.visibleMs.push(t2 - t0);
        }
        result.numbers.push(number);
        const row = grid.body?.rows?.[0] as
          { id: string; units: number; total: number; status: string } | undefined;
        if (!row || grid.status !== 200 || grid.body.count !== 1 || row.id !== placed.body.id) {
          result.invisible++;
          problem(
            `order #${number} not in the grid right after its POST (${grid.status}, count ${grid.body?.count})`,
          );
          continue;
        }
        const expected = expectedOf(job.products, n);
        if (
          row.units !== expected.units ||
          Math.round(row.total * 100) !== expected.totalCents ||
          row.status !== 'placed'
        ) {
          result.wrong++;
          problem(
            `order #${number}: grid ${row.units} units $${row.total} ${row.status}, expected ${expected.units} units $${expected.totalCents / 100}`,
          );
        }
      }
    }),
  );
  api.close();
  return result;
}

/** Runs the job's loops in a worker thread and answers their result. */
export function runOrderClientsInWorker(job: OrderClientsJob): Promise<OrderClientsResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./order-clients.worker.js', import.meta.url), { workerData: job });
    worker.once('message', (result: OrderClientsResult) => resolve(result));
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (code !== 0) reject(new Error(`order clients' worker exited with ${code}`));
    });
  });
}
