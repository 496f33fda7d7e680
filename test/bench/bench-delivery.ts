// Delivery day, against the real API (startTestApp on a database of the bench's Postgres):
// - `sync`: a driver's phone back online after a day without signal: BENCH_DELIVERY_STOPS (40) stops on
//   BENCH_DELIVERY_ROUTES (20) routes, each closed with a signature (a PNG of pen strokes, as the app draws them) and
//   every third with cash taken, sent one after the other as the app's outbox sends them (POST
//   /invoice/{id}/delivery with its Idempotency-Key). The figure: from the first send to the last answer.
// - `board`: meanwhile a dispatcher's board (a live socket and GET /routes?date=) — for each stop, from the moment
//   its delivery was sent until the board's answer shows it done: p95 and max.
// The checks: every delivery answered 201 and each signature is at most 50 KB; three deliveries sent again with their
// keys answer again and append nothing; every invoice Delivered (or Paid) with its proof; exactly one InvoiceDelivered
// per invoice; every route's stops done, what was collected equal to the cash sent.
//   benchDelivery({ adminUrl }) on a running Postgres; run alone: node dist/test/bench/bench-delivery.js
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { crc32, deflateSync } from 'node:zlib';
import type { DeliverInvoiceBody, RouteSummary } from '#domain/contracts/route.contract.js';
import { businessDate } from '#domain/shared/business-date.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { aDriver, apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { liveClient } from '../support/live.js';
import {
  intFromEnv,
  latencySummary,
  log,
  ms,
  num,
  runWhenMain,
  withBenchPostgres,
  type BenchFigure,
} from './bench-support.js';

const SECTION = 'delivery';
const SIGNATURE_LIMIT = 50 * 1024;

export interface DeliveryBenchSizes {
  stops: number;
  routes: number;
}

export const defaultDeliverySizes = (): DeliveryBenchSizes => ({
  stops: intFromEnv('BENCH_DELIVERY_STOPS', 40),
  routes: intFromEnv('BENCH_DELIVERY_ROUTES', 20),
});

/** A PNG chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * A signature as heavy as the driver's app may send: 600 × 200 grey pixels, with a few pen strokes of a random walk
 * over a grain (seeded by `n`, so each differs).
 */
export function signaturePng(n: number): string {
  const width = 600;
  const height = 200;
  const pixels = Buffer.alloc((width + 1) * height, 255);
  for (let row = 0; row < height; row++) pixels[row * (width + 1)] = 0; // filter byte: none
  let seed = n * 7919 + 1;
  const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
  for (let stroke = 0; stroke < 4; stroke++) {
    let x = 40 + random() * 100 + stroke * 120;
    let y = 60 + random() * 80;
    for (let step = 0; step < 160; step++) {
      x = Math.min(width - 3, Math.max(2, x + (random() - 0.3) * 4));
      y = Math.min(height - 3, Math.max(2, y + (random() - 0.5) * 6));
      for (let dx = -1; dx <= 1; dx++)
        for (let dy = -1; dy <= 1; dy++)
          pixels[(Math.round(y) + dy) * (width + 1) + 1 + Math.round(x) + dx] = 20;
    }
  }
  // the grain of the glass and the anti-aliased edges a phone's export carries: what makes a real signature weigh
  // tens of kilobytes, near the 50 KB the app allows
  for (let i = 0; i < pixels.length; i++)
    if (i % (width + 1) !== 0 && random() < 0.12) pixels[i] = 200 + random() * 55;
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return `data:image/png;base64,${png.toString('base64')}`;
}

interface PlannedStop {
  routeId: string;
  stopId: string;
  invoiceId: string;
  total: number;
}

/** Customers, one invoice per stop, the routes with their stops, all for the company's today. */
async function planTheDay(api: ApiClient, token: string, driverId: string, sizes: DeliveryBenchSizes) {
  const wine = await api.post(
    'product',
    {
      product: 'Bench Cabernet',
      product_type: 'wine',
      product_size: '750ml',
      product_price: 10,
      last_purchase_price: '5.00',
    },
    token,
  );
  const customers: string[] = [];
  for (let i = 0; i < Math.min(sizes.stops, 10); i++) {
    const created = await api.post(
      'customer',
      {
        name: `Bench Bar ${i}`,
        address: `${100 + i} Main St`,
        city: 'Austin',
        zip: '78701',
        tabc_id: `MB${String(910000 + i)}`,
        cash_on_delivery: 0,
        fintech_option: 0,
      },
      token,
    );
    customers.push(created.body.id as string);
  }
  const date = businessDate(new Date().toISOString(), 'America/Chicago');
  const stops: PlannedStop[] = [];
  const perRoute = Math.ceil(sizes.stops / sizes.routes);
  for (let r = 0; r < sizes.routes && stops.length < sizes.stops; r++) {
    const route = await api.post(
      'routes',
      { date, name: `Route ${r + 1}`, driver_id: driverId, truck: `T${r + 1}` },
      token,
    );
    if (route.status !== 201)
      throw new Error(`delivery bench: route ${route.status} ${JSON.stringify(route.body)}`);
    const invoices: { id: string; total: number }[] = [];
    for (let s = 0; s < perRoute && stops.length + invoices.length < sizes.stops; s++) {
      const invoice = await api.post(
        'invoice',
        {
          customer_id: customers[(stops.length + s) % customers.length],
          items: [{ product_id: wine.body.id, qty: 6, price: 10 }],
          force: true,
        },
        token,
      );
      if (invoice.status !== 201) throw new Error(`delivery bench: invoice ${invoice.status}`);
      invoices.push({ id: invoice.body.id as string, total: Number(invoice.body.total) });
    }
    const added = await api.post(
      `route/${route.body.id}/stops`,
      { invoice_ids: invoices.map((invoice) => invoice.id) },
      token,
    );
    if (added.status !== 201 && added.status !== 200)
      throw new Error(`delivery bench: stops ${added.status} ${JSON.stringify(added.body)}`);
    for (const stop of added.body.stop_list as { id: string; invoice_id: string }[]) {
      const invoice = invoices.find((candidate) => candidate.id === stop.invoice_id)!;
      stops.push({ routeId: route.body.id, stopId: stop.id, invoiceId: invoice.id, total: invoice.total });
    }
  }
  return { date, stops };
}

export async function runDeliveryBench(app: TestApp, sizes: DeliveryBenchSizes): Promise<BenchFigure[]> {
  const api = apiClient(app.baseUrl);
  const { token } = await signUpOwner(api, 'Bench Dispatcher');
  const driver = await aDriver(api, token, 'Bench Driver');
  log(`delivery: planning ${sizes.stops} stops on ${sizes.routes} routes`);
  const { date, stops } = await planTheDay(api, token, driver.id, sizes);
  const problems: string[] = [];
  const download = await api.get(`driver/routes?date=${date}`, driver.token);
  if (download.status !== 200) problems.push(`download ${download.status}`);

  // the dispatcher's board: on every route change, read the day again and note when each stop shows done
  const board = liveClient(app.baseUrl, token);
  await board.hello;
  const shownDone = new Map<string, number>();
  let reading = Promise.resolve();
  const readBoard = () => {
    reading = reading.then(async () => {
      const day = await api.get<RouteSummary[]>(`routes?date=${date}`, token);
      const at = performance.now();
      for (const summary of day.body) {
        const route = await api.get<{ stop_list: { id: string; status: string }[] }>(
          `route/${summary.id}`,
          token,
        );
        for (const stop of route.body.stop_list)
          if (stop.status !== 'planned' && !shownDone.has(stop.id)) shownDone.set(stop.id, at);
      }
    });
  };
  board.socket.on('route:changed', readBoard);

  const bodies = stops.map((stop, n): { key: string; body: DeliverInvoiceBody } => ({
    key: randomUUID(),
    body: {
      delivered_at: new Date(Date.now() - (stops.length - n) * 60_000).toISOString(),
      signer_name: `Signer ${n}`,
      signature: signaturePng(n),
      route_id: stop.routeId,
      stop_id: stop.stopId,
      adjustments: [],
      payments: n % 3 === 0 ? [{ method: 'cash', amount: stop.total.toFixed(2) }] : [],
    },
  }));
  const biggest = Math.max(
    ...bodies.map(({ body }) => Buffer.from(body.signature.split(',')[1]!, 'base64').length),
  );
  if (biggest > SIGNATURE_LIMIT) problems.push(`a signature of ${biggest} bytes`);

  const load = loadavg()[0]!;
  const sentAt = new Map<string, number>();
  log(`delivery: syncing ${stops.length} deliveries as the outbox sends them`);
  const started = performance.now();
  for (const [n, stop] of stops.entries()) {
    sentAt.set(stop.stopId, performance.now());
    const answer = await api.post(`invoice/${stop.invoiceId}/delivery`, bodies[n]!.body, driver.token, {
      'idempotency-key': bodies[n]!.key,
    });
    if (answer.status !== 201)
      problems.push(`stop ${n}: ${answer.status} ${JSON.stringify(answer.body).slice(0, 160)}`);
  }
  const syncMs = performance.now() - started;

  // the board catches up: every stop shown done (or give up after 10 s)
  const deadline = performance.now() + 10_000;
  while (shownDone.size < stops.length && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    readBoard();
    await reading;
  }
  board.close();
  const boardMs = stops.map((stop) => (shownDone.get(stop.stopId) ?? Infinity) - sentAt.get(stop.stopId)!);
  if (boardMs.some((value) => !Number.isFinite(value)))
    problems.push(`${boardMs.filter((value) => !Number.isFinite(value)).length} stops never shown done`);

  // retries with their keys append nothing
  for (const n of [0, 1, 2]) {
    const again = await api.post(`invoice/${stops[n]!.invoiceId}/delivery`, bodies[n]!.body, driver.token, {
      'idempotency-key': bodies[n]!.key,
    });
    if (again.status !== 201 && again.status !== 200) problems.push(`retry ${n}: ${again.status}`);
  }
  const ids = stops.map((stop) => stop.invoiceId);
  const { rows: events } = await app.runtime.pool.query<{ stream_id: string; n: string }>(
    `SELECT stream_id, count(*) AS n FROM events WHERE type = 'InvoiceDelivered' AND stream_id = ANY($1) GROUP BY 1`,
    [ids.map((id) => `invoice-${id}`)],
  );
  if (events.length !== stops.length || events.some((row) => Number(row.n) !== 1))
    problems.push(
      `InvoiceDelivered: ${events.length} invoices, counts ${events.map((row) => row.n).join(',')}`,
    );
  const { rows: invoices } = await app.runtime.pool.query<{ status: string }>(
    'SELECT status FROM rm_invoice WHERE id = ANY($1::uuid[])',
    [ids],
  );
  const notDelivered = invoices.filter((row) => row.status !== 'delivered' && row.status !== 'paid');
  if (invoices.length !== stops.length || notDelivered.length)
    problems.push(`${notDelivered.length} invoices not delivered (${notDelivered.map((row) => row.status)})`);
  const day = await api.get<RouteSummary[]>(`routes?date=${date}`, token);
  const cash = stops.reduce((sum, stop, n) => sum + (n % 3 === 0 ? Math.round(stop.total * 100) : 0), 0);
  const collected = Math.round(day.body.reduce((sum, route) => sum + route.collected * 100, 0));
  const undone = day.body.filter((route) => route.done !== route.stops);
  if (undone.length || collected !== cash)
    problems.push(`${undone.length} routes not done; collected ${collected} of ${cash} cents`);

  const board95 = latencySummary(boardMs.filter(Number.isFinite));
  const check = problems.length === 0 ? 'ok' : 'FAILED';
  const note = problems.length ? problems.slice(0, 3).join('; ') : undefined;
  return [
    {
      section: SECTION,
      measure: `a driver's ${num(stops.length)} deliveries with signatures, sent in order after a day offline, until all acknowledged`,
      value: `${ms(syncMs)} (${ms(syncMs / stops.length)} each), signatures ≤ ${num(biggest / 1024, 1)} KB, load ${num(load, 1)}`,
      target: '≤ 5 s, signatures ≤ 50 KB',
      met: syncMs <= 5000 && biggest <= SIGNATURE_LIMIT,
      check,
      note: note ?? 'every invoice delivered once, retries appended nothing, routes done, cash collected',
    },
    {
      section: SECTION,
      measure: `the dispatcher's board (${num(sizes.routes)} routes, live socket + GET) shows a stop done, from its send`,
      value: `p50 ${ms(board95.p50)}, p95 ${ms(board95.p95)}, max ${ms(board95.max)}`,
      target: '≤ 1 s',
      met: board95.max <= 1000,
      check,
      note,
    },
  ];
}

/** The figures. With `adminUrl`, runs on that Postgres (the app gets a database of its own there). */
export async function benchDelivery(options: { adminUrl?: string } = {}): Promise<BenchFigure[]> {
  return withBenchPostgres('delivery', options.adminUrl, async () => {
    const app = await startTestApp({ SEED_DEMO: 'false', AUTH_RATE_LIMIT: '10000' });
    try {
      return await runDeliveryBench(app, defaultDeliverySizes());
    } finally {
      await app.close();
    }
  });
}

runWhenMain(import.meta.url, benchDelivery);
