import { EVENT_STORE_APPEND_V4 } from '#engine/schema.js';
import { EVENT_STORE_APPEND_V2 } from '../../migrations/Migration20261122000600_event_store_append_v2.js';
import { aCompanyWithAnInvoice } from '../support/api-fixtures.js';
import { startTestApp } from '../support/app.js';
import { apiClient } from '../support/http.js';

/**
 * POST /invoice end to end (HTTP, handler, atomic append, read-your-writes wait) with append_events v2 (no hash
 * chain) and v4 (hash chain, generic plans), alternating on one database so both see the same history size and machine load
 *. Prints the median and p95 of each. Only with APPEND_MICRO=1: it measures, it checks nothing.
 */
const run = process.env.APPEND_MICRO === '1' ? it : it.skip;

run(
  'creates invoices with and without the hash chain (timing)',
  async () => {
    const app = await startTestApp();
    try {
      const api = apiClient(app.baseUrl);
      const company = await aCompanyWithAnInvoice(api);
      const invoice = (await api.get(`invoice/${company.invoiceId}`, company.token)).body;
      const body = {
        customer_id: invoice.customer.id,
        items: [{ product_id: invoice.items[0].product_id, qty: 1, price: 19.99 }],
        force: true,
      };
      await api.post(
        'stamp/roll',
        { prefix: 'ZZ', received_at: invoice.invoiced_at, from: 1, to: 100000 },
        company.token,
      );
      const times: Record<'v2' | 'v4', number[]> = { v2: [], v4: [] };
      const rounds = Number(process.env.APPEND_MICRO_ROUNDS ?? 6);
      for (let round = 0; round < rounds; round++) {
        for (const version of ['v2', 'v4'] as const) {
          await app.runtime.pool.query(
            version === 'v2'
              ? EVENT_STORE_APPEND_V2.replace(/^DROP FUNCTION[^\n]*\n/m, '')
              : EVENT_STORE_APPEND_V4,
          );
          for (let i = 0; i < 50; i++) {
            const started = performance.now();
            const response = await api.post('invoice', body, company.token);
            if (response.status !== 201)
              throw new Error(`${response.status} ${JSON.stringify(response.body)}`);
            if (round > 0) times[version].push(performance.now() - started);
          }
        }
      }
      await app.runtime.pool.query(EVENT_STORE_APPEND_V4);
      for (const version of ['v2', 'v4'] as const) {
        const sorted = times[version].sort((a, b) => a - b);
        const at = (q: number) => sorted[Math.floor(q * (sorted.length - 1))]!.toFixed(2);
        process.stdout.write(
          `POST /invoice with append_events ${version}: ${sorted.length} invoices, median ${at(0.5)} ms, p95 ${at(0.95)} ms\n`,
        );
      }
    } finally {
      await app.close();
    }
  },
  600_000,
);
