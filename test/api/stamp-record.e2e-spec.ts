import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { businessDate } from '#domain/shared/business-date.js';
import { stampsRecord } from '../../apps/cli/src/stamps-record.command.js';
import { runCli } from '../support/cli.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { pdfText } from '../support/pdf-text.js';

const today = () => businessDate(new Date().toISOString());
const dayFromToday = (days: number) => {
  const [y, m, d] = today().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Stamp transaction record (HTTP, CLI)', () => {
  let app: TestApp;
  let api: ApiClient;
  let token: string;
  let companyId: string;
  let first: { id: string; number: string };
  let second: { id: string; number: string };
  let asOf: string;
  let recordThen: unknown;
  const period = () => `from=${dayFromToday(-1)}&to=${today()}`;

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    const owner = await signUpOwner(api);
    token = owner.token;
    companyId = owner.user.company_id;
    const customer = await api.post('customer', RUSTY_NAIL, token);
    const vodka = await api.post(
      'product',
      {
        product: "Tito's Vodka",
        product_type: 'liquor',
        product_size: '750ml',
        product_price: 19.99,
        last_purchase_price: '15.00',
      },
      token,
    );
    expect(
      (await api.post('stamp/roll', { prefix: 'AB', received_at: today(), from: 1000, to: 1479 }, token))
        .status,
    ).toBe(201);
    const invoice = async (qty: number) => {
      const created = await api.post(
        'invoice',
        { customer_id: customer.body.id, items: [{ product_id: vodka.body.id, qty, price: 19.99 }] },
        token,
      );
      expect(created.status).toBe(201);
      return { id: created.body.id as string, number: String(created.body.number) };
    };
    first = await invoice(3);
    expect(
      (await api.post('stamp/roll/1/destroy', { from: 1010, to: 1012, note: 'torn' }, token)).status,
    ).toBe(201);
    second = await invoice(2);
    await pause(5);
    asOf = new Date().toISOString();
    await pause(5);
    const then = await api.get(`stamp/record?${period()}&as_of=${encodeURIComponent(asOf)}`, token);
    expect(then.status).toBe(200);
    recordThen = then.body;
  });
  afterAll(async () => {
    await app.close();
  });

  it('lists each date’s receipts, affixings and destroyed serials with the quantity on hand after each', () => {
    const record = recordThen as any;
    expect(record).toMatchObject({
      companyId,
      from: dayFromToday(-1),
      to: today(),
      asOf,
      openingOnHand: 0,
      closingOnHand: 472,
      totals: { received: 480, affixed: 5, returned: 0, destroyed: 3, restored: 0 },
    });
    // The chain head it was made from: the highest link among the events it read.
    expect(record.chainHead).toEqual({
      seq: expect.stringMatching(/^\d+$/),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect(record.days).toHaveLength(1);
    expect(record.days[0].date).toBe(today());
    const lines = record.days[0].lines.map(({ at: _at, ...line }: { at: string }) => line);
    const affixed = (invoice: { id: string; number: string }, serials: string, quantity: number) => ({
      kind: 'affixed',
      quantity,
      serials,
      serialList: [],
      rollId: 1,
      invoiceId: invoice.id,
      invoiceNumber: invoice.number,
      invoiceDate: today(),
      retailer: 'The Rusty Nail',
      permit: 'MB123456',
      note: null,
    });
    expect(lines).toEqual([
      {
        kind: 'received',
        quantity: 480,
        serials: 'AB1000-AB1479',
        serialList: [],
        rollId: 1,
        invoiceId: null,
        invoiceNumber: null,
        invoiceDate: null,
        retailer: null,
        permit: null,
        note: null,
        onHandAfter: 480,
      },
      { ...affixed(first, 'AB1000-AB1002', 3), onHandAfter: 477 },
      {
        kind: 'destroyed',
        quantity: 3,
        serials: 'AB1010-AB1012',
        serialList: ['AB1010', 'AB1011', 'AB1012'],
        rollId: 1,
        invoiceId: null,
        invoiceNumber: null,
        invoiceDate: null,
        retailer: null,
        permit: null,
        note: 'torn',
        onHandAfter: 474,
      },
      { ...affixed(second, 'AB1003-AB1004', 2), onHandAfter: 472 },
    ]);
  });

  it('does not change for its instant when history changes afterwards', async () => {
    // After the instant: the first invoice is re-dated and grows, the second is cancelled, the destroy is undone,
    // a second roll arrives dated in the period, and the customer is renamed.
    const customerId = (await api.get(`invoice/${first.id}`, token)).body.customer.id;
    expect(
      (await api.put(`customer/${customerId}`, { ...RUSTY_NAIL, name: 'The Rusty Nail Renamed' }, token))
        .status,
    ).toBe(200);
    const edited = await api.put(
      `invoice/${first.id}`,
      {
        invoiced_at: dayFromToday(-1),
        items: [{ product_id: (await itemProduct(first.id)).id, qty: 4, price: 19.99 }],
      },
      token,
    );
    expect(edited.status).toBe(200);
    expect((await api.put(`invoice/${second.id}`, { status: 'cancelled' }, token)).status).toBe(200);
    expect((await api.delete('stamp/undo-destroy?ids=1', token)).status).toBe(200);
    expect(
      (await api.post('stamp/roll', { prefix: 'CD', received_at: today(), from: 1, to: 80 }, token)).status,
    ).toBe(201);

    const again = await api.get(`stamp/record?${period()}&as_of=${encodeURIComponent(asOf)}`, token);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(recordThen);

    const now = await api.get(`stamp/record?${period()}`, token);
    expect(now.status).toBe(200);
    expect(now.body.totals).toEqual({ received: 560, affixed: 6, returned: 2, destroyed: 3, restored: 3 });
    expect(now.body.closingOnHand).toBe(560 - 6 + 2 - 3 + 3);
    const kinds = now.body.days.flatMap((d: { lines: { kind: string }[] }) => d.lines.map((l) => l.kind));
    expect(kinds).toEqual([
      'received',
      'affixed',
      'destroyed',
      'affixed',
      'affixed',
      'returned',
      'restored',
      'received',
    ]);
    const grown = now.body.days[0].lines[4];
    expect(grown).toMatchObject({ invoiceNumber: first.number, invoiceDate: dayFromToday(-1), quantity: 1 });
  });

  it("tells one serial's story as of the instant, and as of now", async () => {
    const then = await api.get(
      `stamp/record/serial?prefix=ab&number=1003&as_of=${encodeURIComponent(asOf)}`,
      token,
    );
    expect(then.status).toBe(200);
    expect(then.body).toMatchObject({ prefix: 'AB', number: 1003, status: 'invoiced' });
    expect(
      then.body.transactions.map((t: { kind: string; range: string; invoiceNumber: string | null }) => [
        t.kind,
        t.range,
        t.invoiceNumber,
      ]),
    ).toEqual([
      ['received', 'AB1000-AB1479', null],
      ['affixed', 'AB1003-AB1004', second.number],
    ]);
    const now = await api.get('stamp/record/serial?prefix=AB&number=1003', token);
    expect(now.body.status).toBe('available');
    expect(now.body.transactions.at(-1)).toMatchObject({ kind: 'returned', note: 'Invoice cancelled' });

    const destroyedThen = await api.get(
      `stamp/record/serial?prefix=AB&number=1011&as_of=${encodeURIComponent(asOf)}`,
      token,
    );
    expect(destroyedThen.body.status).toBe('destroyed');
    expect((await api.get('stamp/record/serial?prefix=AB&number=1011', token)).body.status).toBe('available');
    expect((await api.get('stamp/record/serial?prefix=ZZ&number=1', token)).body).toMatchObject({
      status: 'not_received',
      transactions: [],
    });
    const bad = await api.get('stamp/record/serial?prefix=AB&number=0', token);
    expect(bad.status).toBe(400);
    expect(bad.body.details).toContainEqual({ field: 'number', message: 'number must be at least 1.' });
  });

  async function itemProduct(invoiceId: string): Promise<{ id: string }> {
    const invoice = (await api.get(`invoice/${invoiceId}`, token)).body;
    return { id: invoice.items[0].product_id };
  }

  it('starts a later period from the quantity on hand at its start', async () => {
    const tomorrow = dayFromToday(1);
    const response = await api.get(`stamp/record?from=${tomorrow}&to=${tomorrow}`, token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ openingOnHand: 556, closingOnHand: 556, days: [] });
  });

  it('downloads as CSV with a line per destroyed serial and the on-hand balances', async () => {
    const response = await fetch(
      `${app.baseUrl}/api/v1/stamp/record/download?${period()}&as_of=${encodeURIComponent(asOf)}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="stamp_record_${dayFromToday(-1)}_${today()}.csv"`,
    );
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Transaction,Roll,Serials,Quantity,Invoice Date,Invoice Number,Retailer,Permit,Note,On Hand After',
    );
    expect(lines[1]).toBe(`${dayFromToday(-1)},Opening balance,,,,,,,,,0`);
    expect(lines).toContain(`${today()},Received,1,AB1000-AB1479,480,,,,,,480`);
    expect(lines).toContain(
      `${today()},Affixed,1,AB1000-AB1002,3,${today()},${first.number},The Rusty Nail,MB123456,,477`,
    );
    for (const serial of ['AB1010', 'AB1011', 'AB1012'])
      expect(lines).toContain(`${today()},Destroyed,1,${serial},1,,,,,torn,`);
    expect(lines).toContain(`${today()},Destroyed (total),1,AB1010-AB1012,3,,,,,torn,474`);
    expect(lines).toContain(`${today()},Closing balance,,,,,,,,,472`);
  });

  it('prints a PDF of the record with the instant it was replayed to', async () => {
    const response = await fetch(
      `${app.baseUrl}/api/v1/stamp/record/pdf?${period()}&as_of=${encodeURIComponent(asOf)}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain('STAMP RECORD');
    expect(text).toContain('AB1010 AB1011 AB1012');
    expect(text).toContain('The Rusty Nail · MB123456');
    expect(text).not.toContain('Renamed');
    const head = (recordThen as { chainHead: { seq: string; hash: string } }).chainHead;
    expect(text).toContain(`Event chain head at that instant: #${head.seq}`);
    expect(text).toContain(head.hash);
  });

  it('answers 400 for a bad period or instant', async () => {
    for (const [query, field, message] of [
      ['to=2026-03-31', 'from', 'from is required.'],
      ['from=2026-03-01&to=2026-02-30', 'to', 'to must be a date (YYYY-MM-DD).'],
      ['from=2026-03-31&to=2026-03-01', 'to', 'to must not be before from.'],
      ['from=2025-01-01&to=2026-03-01', 'to', 'A record covers at most 366 days.'],
      ['from=2026-03-01&to=2026-03-31&as_of=noon', 'as_of', 'as_of must be an ISO 8601 date-time.'],
      ['from=2026-03-01&to=2026-03-31&extra=1', 'extra', 'property extra should not exist'],
      [
        'from=2026-03-01&to=2026-03-31&as_of=2999-01-01T00:00:00Z',
        'as_of',
        'as_of must not be later than now.',
      ],
    ] as const) {
      const response = await api.get(`stamp/record?${query}`, token);
      expect([query, response.status]).toEqual([query, 400]);
      expect(response.body.details).toContainEqual({ field, message });
    }
  });

  it('shows another company only its own stamps', async () => {
    const other = await signUpOwner(api);
    const response = await api.get(`stamp/record?${period()}`, other.token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ companyId: other.user.company_id, openingOnHand: 0, days: [] });
  });

  it('prints the same record from the command line, and writes its CSV', async () => {
    const file = join(tmpdir(), `stamp-record-${process.pid}.csv`);
    try {
      const { code, out } = await runCli(() =>
        stampsRecord(app.runtime.store, app.runtime.pool, [
          '--company',
          companyId,
          '--from',
          dayFromToday(-1),
          '--to',
          today(),
          '--as-of',
          asOf,
          '--csv',
          file,
        ]),
      );
      expect(code).toBe(0);
      expect(out).toContain(
        `Stamp transaction record of company ${companyId}, ${dayFromToday(-1)} to ${today()}, as of ${asOf}`,
      );
      expect(out).toContain('serials: AB1010 AB1011 AB1012');
      expect(out).toContain('Closing on hand: 472');
      expect(readFileSync(file, 'utf8')).toContain('Closing balance,,,,,,,,,472');
    } finally {
      rmSync(file, { force: true });
    }
    const bad = await runCli(() =>
      stampsRecord(app.runtime.store, app.runtime.pool, ['--company', companyId, '--from', '2026-03-01']),
    );
    expect(bad.code).toBe(1);
    expect(bad.err).toContain('--to needs a date');
  });
});
