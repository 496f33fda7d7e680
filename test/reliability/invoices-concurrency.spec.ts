import { businessDate } from '#domain/shared/business-date.js';
import { stampsStream, type StampsAllocated, type StampsReleased } from '#domain/stamps/stamp.events.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient, type ApiResponse } from '../support/http.js';

/**
 * , Reliability, against the real API: concurrent creations for one company take gapless numbers and never
 * share a stamp; one Idempotency-Key makes one invoice; cancelling frees stamps for the next invoice; edits keep
 * stamp numbers; edits racing creations never share a stamp; malformed bodies are 400 and change nothing.
 */
const today = () => businessDate(new Date().toISOString(), 'America/Chicago');

interface StampRow {
  roll_id: number;
  prefix: string;
  from: number;
  to: number;
  count: number;
}
interface Invoice {
  /** Set on an error answer. */
  message?: string;
  id: string;
  number: string;
  status: string;
  stamps: StampRow[];
  stamp_count: number;
  stamps_needed: number;
}
interface Item {
  product_id: string;
  qty: number;
  price: number | string;
  taxable?: boolean;
}

/** Each stamp as `roll:number`. */
const stampKeys = (stamps: readonly StampRow[]) =>
  stamps.flatMap(({ roll_id, from, to }) =>
    Array.from({ length: to - from + 1 }, (_, i) => `${roll_id}:${from + i}`),
  );

describe('Invoices under concurrency (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let token: string;
  let companyId: string;
  let customerId: string;
  let otherCustomerId: string;
  /** Three liquor products, a wine and a soda. */
  let liquor: string[];
  let wine: string;
  let soda: string;
  const ROLL = { from: 10_000, to: 12_999 }; // 3,000 stamps

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    const owner = await signUpOwner(api);
    token = owner.token;
    companyId = owner.user.company_id;
    const customer = async (name: string, tabc: string) => {
      const response = await api.post(
        'customer',
        {
          name,
          address: '1 Main St',
          city: 'Austin',
          zip: '78701',
          tabc_id: tabc,
          cash_on_delivery: 0,
          fintech_option: 0,
        },
        token,
      );
      expect(response.status).toBe(201);
      return response.body.id as string;
    };
    customerId = await customer('The Rusty Nail', 'MB123456');
    otherCustomerId = await customer('Lone Star Tavern', 'MB654321');
    const product = async (name: string, type: string, price: number) => {
      const response = await api.post(
        'product',
        {
          product: name,
          product_type: type,
          product_size: '750ml',
          product_price: price,
          last_purchase_price: '5.00',
        },
        token,
      );
      expect(response.status).toBe(201);
      return response.body.id as string;
    };
    liquor = [
      await product("Tito's Vodka", 'liquor', 19.99),
      await product('Jack Daniels', 'liquor', 24.5),
      await product('Patron Silver', 'liquor', 39.99),
    ];
    wine = await product('Barefoot Merlot', 'wine', 8.99);
    soda = await product('Topo Chico', 'n/a', 1.5);
    const roll = await api.post('stamp/roll', { prefix: 'TX', received_at: today(), ...ROLL }, token);
    expect(roll.status).toBe(201);
  });
  afterAll(async () => {
    await app?.close();
  });

  const post = (body: object, headers?: Record<string, string>) =>
    api.post<Invoice>('invoice', { customer_id: customerId, force: true, ...body }, token, headers);
  const get = async (idOrNumber: string) => {
    const response = await api.get<Invoice>(`invoice/${idOrNumber}`, token);
    expect(response.status).toBe(200);
    return response.body;
  };
  const bottlesOf = (items: readonly Item[]) =>
    items
      .filter((item) => liquor.includes(item.product_id) && item.qty > 0)
      .reduce((sum, item) => sum + item.qty, 0);

  /** The roll's counts as the stamp ledger read model shows them. */
  async function ledger(): Promise<{ invoiced: number; available: number }> {
    const rolls = (await api.get('stamp/roll', token)).body as {
      invoiced_count: number;
      available_count: number;
    }[];
    expect(rolls).toHaveLength(1);
    return { invoiced: rolls[0]!.invoiced_count, available: rolls[0]!.available_count };
  }

  /** Who holds each stamp, replayed from the `stamps-…` stream: an allocation only ever takes a free stamp. */
  async function holdersFromStream(): Promise<Map<string, string>> {
    const held = new Map<string, string>();
    const problems: string[] = [];
    for await (const stored of app.runtime.store.readStream(stampsStream(companyId))) {
      if (stored.type !== 'StampsAllocated' && stored.type !== 'StampsReleased') continue;
      const { allocationId, ranges } = (stored as unknown as StampsAllocated | StampsReleased).data;
      for (const key of stampKeys(ranges.map((r) => ({ ...r, roll_id: r.rollId, count: 0 })))) {
        if (stored.type === 'StampsAllocated') {
          if (held.has(key))
            problems.push(`${key} allocated to ${allocationId} while held by ${held.get(key)}`);
          held.set(key, allocationId);
        } else {
          if (held.get(key) !== allocationId)
            problems.push(`${key} released by ${allocationId}, held by ${held.get(key)}`);
          held.delete(key);
        }
      }
    }
    expect(problems).toEqual([]);
    return held;
  }

  /** Every current invoice of the company (grid), read whole. */
  async function allInvoices(): Promise<Invoice[]> {
    const grid = await api.get(`invoice/grid?startRow=0&endRow=100`, token);
    expect(grid.status).toBe(200);
    return Promise.all((grid.body.rows as { id: string }[]).map((row) => get(row.id)));
  }

  /** No stamp on two invoices; each invoice holds what it needs; the ledger's used count is the sum; the stream agrees. */
  async function expectStampsConsistent(): Promise<void> {
    const invoices = await allInvoices();
    const owner = new Map<string, string>();
    const shared: string[] = [];
    for (const invoice of invoices) {
      for (const key of stampKeys(invoice.stamps)) {
        if (owner.has(key)) shared.push(`${key}: ${owner.get(key)} and ${invoice.number}`);
        owner.set(key, invoice.number);
      }
    }
    expect(shared).toEqual([]);
    expect(
      invoices
        .filter((i) => i.stamp_count !== (i.status === 'cancelled' ? 0 : i.stamps_needed))
        .map((i) => i.number),
    ).toEqual([]);
    const used = invoices.reduce((sum, i) => sum + i.stamp_count, 0);
    expect(await ledger()).toEqual({ invoiced: used, available: ROLL.to - ROLL.from + 1 - used });
    const held = await holdersFromStream();
    expect(held.size).toBe(used);
    for (const invoice of invoices) {
      for (const key of stampKeys(invoice.stamps)) expect(held.get(key)).toBe(`invoice-${invoice.id}`);
    }
  }

  // (a) ------------------------------------------------------------------------------------------------------------
  it('20 concurrent creations: all succeed, numbers 1..20, one stamp per liquor bottle, no stamp shared', async () => {
    const bodies = Array.from({ length: 20 }, (_, i) => {
      const items: Item[] = [
        { product_id: liquor[i % 3]!, qty: 1 + (i % 7), price: 19.99 },
        { product_id: liquor[(i + 1) % 3]!, qty: i % 4, price: '24.50' }, // 0 bottles for every 4th
        { product_id: wine, qty: 2, price: 8.99, taxable: false },
        { product_id: soda, qty: 1 + (i % 2), price: 1.5 },
      ];
      if (i % 5 === 0) items.push({ product_id: liquor[2]!, qty: -1, price: 39.99 }); // a credit line: no stamp
      return { items, note: `concurrent ${i}` };
    });
    const responses = await Promise.all(bodies.map((body) => post(body)));
    expect(responses.map((r) => r.status)).toEqual(bodies.map(() => 201));

    const invoices = responses.map((r) => r.body);
    const numbers = invoices.map((i) => Number(i.number)).sort((a, b) => a - b);
    expect(numbers).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    invoices.forEach((invoice, i) => {
      expect({ n: i, stamps: invoice.stamp_count, needed: invoice.stamps_needed }).toEqual({
        n: i,
        stamps: bottlesOf(bodies[i]!.items),
        needed: bottlesOf(bodies[i]!.items),
      });
    });
    const all = invoices.flatMap((i) => stampKeys(i.stamps));
    expect(new Set(all).size).toBe(all.length);
    const total = bodies.reduce((sum, b) => sum + bottlesOf(b.items), 0);
    expect(all).toHaveLength(total);
    // What the responses said is what is stored and projected, and the next number follows on.
    expect((await api.get('invoice/new-number', token)).body.number).toBe('21');
    await expectStampsConsistent();
    expect((await ledger()).invoiced).toBe(total);
  });

  // (b) ------------------------------------------------------------------------------------------------------------
  it('one Idempotency-Key: sent twice in parallel, then again, makes exactly one invoice', async () => {
    for (const [round, force] of [
      [1, true],
      [2, false], // without 'Create anyway' the retries must not be mistaken for duplicates either
    ] as const) {
      const before = (await api.get('invoice/new-number', token)).body.number as string;
      const usedBefore = (await ledger()).invoiced;
      const headers = { 'Idempotency-Key': `double-click-${round}-${Date.now()}` };
      const body = {
        customer_id: otherCustomerId,
        force,
        items: [{ product_id: liquor[0]!, qty: 4 + round, price: 17.25 }],
      };
      const send = () => api.post<Invoice>('invoice', body, token, headers);
      const parallel = await Promise.all([send(), send()]);
      const statuses = parallel.map((r) => r.status).sort();
      // The second of a double-click replays the first answer or is told the first is still in progress.
      expect([
        [201, 201],
        [201, 409],
      ]).toContainEqual(statuses);
      const first = parallel.find((r) => r.status === 201)!.body;
      for (const other of parallel.filter((r) => r.status === 409)) {
        expect(other.body.message).toBe('A request with this Idempotency-Key is in progress.');
      }
      const again = await send();
      expect(again.status).toBe(201);
      expect(again.body.id).toBe(first.id);
      expect(again.body.stamps).toEqual(first.stamps);

      expect(Number((await api.get('invoice/new-number', token)).body.number)).toBe(Number(before) + 1);
      expect((await ledger()).invoiced).toBe(usedBefore + 4 + round);
      const grid = await api.get(
        `invoice/grid?startRow=0&endRow=100&filterModel=${encodeURIComponent(
          JSON.stringify({ customer_id: { filterType: 'set', values: [otherCustomerId] } }),
        )}`,
        token,
      );
      expect(grid.body.count).toBe(round);
    }
    await expectStampsConsistent();
  });

  // (c) ------------------------------------------------------------------------------------------------------------
  it("a cancelled invoice's stamps go to the next invoice; editing keeps stamp numbers", async () => {
    const a = (await post({ items: [{ product_id: liquor[0]!, qty: 6, price: 19.99 }] })).body;
    const b = (await post({ items: [{ product_id: liquor[1]!, qty: 2, price: 24.5 }] })).body;
    expect(a.stamp_count).toBe(6);
    const held = stampKeys(a.stamps);
    const usedBefore = (await ledger()).invoiced;

    const cancelled = await api.put<Invoice>(`invoice/${a.id}`, { status: 'cancelled' }, token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', stamps: [], stamp_count: 0 });
    expect((await ledger()).invoiced).toBe(usedBefore - 6);

    // Auto-allocation takes the lowest available stamps first: exactly the six just freed.
    const next = (await post({ items: [{ product_id: liquor[2]!, qty: 6, price: 39.99 }] })).body;
    expect(stampKeys(next.stamps)).toEqual(held);
    expect((await ledger()).invoiced).toBe(usedBefore);

    // Edits that leave the bottles alone keep every stamp; more bottles keep them and add; fewer keep a subset.
    const original = stampKeys(b.stamps);
    const repriced = await api.put<Invoice>(
      `invoice/${b.id}`,
      {
        items: [
          { product_id: liquor[1]!, qty: 2, price: 22 },
          { product_id: wine, qty: 3, price: 8.99 },
        ],
        note: 'edited',
      },
      token,
    );
    expect(repriced.status).toBe(200);
    expect(stampKeys(repriced.body.stamps)).toEqual(original);
    const status = await api.put<Invoice>(`invoice/${b.id}`, { status: 'delivered' }, token);
    expect(stampKeys(status.body.stamps)).toEqual(original);
    const more = await api.put<Invoice>(
      `invoice/${b.id}`,
      { items: [{ product_id: liquor[1]!, qty: 5, price: 22 }] },
      token,
    );
    expect(more.body.stamp_count).toBe(5);
    expect(stampKeys(more.body.stamps)).toEqual(expect.arrayContaining(original));
    const grown = stampKeys(more.body.stamps);
    const fewer = await api.put<Invoice>(
      `invoice/${b.id}`,
      { items: [{ product_id: liquor[1]!, qty: 3, price: 22 }] },
      token,
    );
    expect(fewer.body.stamp_count).toBe(3);
    expect(grown).toEqual(expect.arrayContaining(stampKeys(fewer.body.stamps)));
    expect(stampKeys((await get(b.number)).stamps)).toEqual(stampKeys(fewer.body.stamps));

    // Un-cancelling takes stamps again (not the ones `next` holds now).
    const back = await api.put<Invoice>(`invoice/${a.id}`, { status: 'invoiced' }, token);
    expect(back.status).toBe(200);
    expect(back.body.stamp_count).toBe(6);
    expect(stampKeys(back.body.stamps).filter((k) => held.includes(k))).toEqual([]);
    await expectStampsConsistent();
  });

  // (d) ------------------------------------------------------------------------------------------------------------
  it('concurrent edits of different invoices and creations racing for stamps never share a stamp', async () => {
    const targets = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        post({ items: [{ product_id: liquor[i % 3]!, qty: 3 + i, price: 19.99 }] }),
      ),
    );
    expect(targets.every((r) => r.status === 201)).toBe(true);

    for (let round = 0; round < 3; round++) {
      const held = new Map(
        await Promise.all(
          targets.map(async (t) => [t.body.id, stampKeys((await get(t.body.id)).stamps)] as const),
        ),
      );
      const edits = targets.map((target, i) => {
        const qty = ((i + round) % 4) * 3; // 0, 3, 6, 9: shrink, grow, free all
        return api
          .put<Invoice>(
            `invoice/${target.body.id}`,
            {
              items: [
                { product_id: liquor[i % 3]!, qty, price: 19.99 },
                { product_id: soda, qty: 1, price: 1.5 },
              ],
            },
            token,
          )
          .then((response) => ({ response, qty, id: target.body.id }));
      });
      const cancels =
        round === 1
          ? [api.put<Invoice>(`invoice/${targets[7]!.body.id}`, { status: 'cancelled' }, token)]
          : [];
      const creations = Array.from({ length: 8 }, (_, i) =>
        post({
          items: [{ product_id: liquor[(i + round) % 3]!, qty: 1 + ((i * 5 + round) % 9), price: 21 }],
        }),
      );
      const [edited, cancelled, created] = await Promise.all([
        Promise.all(edits),
        Promise.all(cancels),
        Promise.all(creations),
      ]);
      expect(created.map((r) => r.status)).toEqual(creations.map(() => 201));
      expect(cancelled.map((r) => r.status)).toEqual(cancels.map(() => 200));
      for (const { response, qty, id } of edited) {
        // The cancel may land before this round's edit of the same invoice: that edit is refused, cleanly.
        if (response.status === 409) {
          expect(response.body.message).toBe(
            'A cancelled invoice cannot be edited. Change its status first.',
          );
          continue;
        }
        expect(response.status).toBe(200);
        if (response.body.status === 'cancelled') continue;
        expect(response.body.stamp_count).toBe(qty);
        // Stable numbers: growing keeps every stamp held before; shrinking keeps a subset of them.
        const now = stampKeys(response.body.stamps);
        const [small, large] =
          now.length >= held.get(id)!.length ? [held.get(id)!, now] : [now, held.get(id)!];
        expect(large).toEqual(expect.arrayContaining(small));
      }
      await expectStampsConsistent();
    }
  });

  // (e) ------------------------------------------------------------------------------------------------------------
  describe('malformed bodies', () => {
    const valid = () => ({
      customer_id: customerId,
      items: [{ product_id: liquor[0]!, qty: 1, price: 19.99 }],
    });
    const cases: [string, () => { raw: string; contentType?: string }][] = [
      ['items not a list', () => json({ ...valid(), items: 'abc' })],
      [
        'items of the wrong types',
        () => json({ ...valid(), items: [{ product_id: 123, qty: 'x', price: {} }] }),
      ],
      ['an item that is null', () => json({ ...valid(), items: [null] })],
      ['an item that is a list', () => json({ ...valid(), items: [[1, 2]] })],
      [
        'quantity a fraction',
        () => json({ ...valid(), items: [{ product_id: liquor[0], qty: 1.5, price: 1 }] }),
      ],
      ['quantity huge', () => json({ ...valid(), items: [{ product_id: liquor[0], qty: 1e20, price: 1 }] })],
      [
        'quantity as exponent text',
        () => json({ ...valid(), items: [{ product_id: liquor[0], qty: '1e3', price: 1 }] }),
      ],
      ['price negative', () => json({ ...valid(), items: [{ product_id: liquor[0], qty: 1, price: -5 }] })],
      [
        'price with 3 decimals',
        () => json({ ...valid(), items: [{ product_id: liquor[0], qty: 1, price: '1.005' }] }),
      ],
      ['price a list', () => json({ ...valid(), items: [{ product_id: liquor[0], qty: 1, price: [1] }] })],
      ['customer id a number', () => json({ ...valid(), customer_id: 42 })],
      ['customer id an object', () => json({ ...valid(), customer_id: { $ne: null } })],
      ['no customer', () => json({ items: valid().items })],
      ['no items', () => json({ customer_id: customerId })],
      ['empty object', () => json({})],
      ['a JSON list', () => json([valid()])],
      ['a JSON string', () => json('invoice')],
      ['JSON null', () => ({ raw: 'null' })],
      ['invoice date not a date', () => json({ ...valid(), invoiced_at: 'yesterday' })],
      ['due date a number', () => json({ ...valid(), due_at: 20261231 })],
      ['force a string', () => json({ ...valid(), force: 'yes' })],
      ['stamps not a list', () => json({ ...valid(), stamps: 'TX 1-5' })],
      [
        'stamps of the wrong types',
        () => json({ ...valid(), stamps: [{ roll_id: 'a', from: null, to: {} }] }),
      ],
      ['note a number', () => json({ ...valid(), note: 5 })],
      ['note too long', () => json({ ...valid(), note: 'x'.repeat(5_001) })],
      ['unknown field total', () => json({ ...valid(), total: 0.01 })],
      [
        'unknown field company_id',
        () => json({ ...valid(), company_id: '00000000-0000-4000-8000-000000000000' }),
      ],
      ['unknown field status on create', () => json({ ...valid(), status: 'paid' })],
      ['unknown nested field', () => json({ ...valid(), items: [{ ...valid().items[0], cost: 0 }] })],
      ['501 items', () => json({ ...valid(), items: Array.from({ length: 501 }, () => valid().items[0]) })],
      [
        '20,000 items',
        () => json({ ...valid(), items: Array.from({ length: 20_000 }, () => valid().items[0]) }),
      ],
      [
        '250 stamp ranges',
        () =>
          json({ ...valid(), stamps: Array.from({ length: 250 }, () => ({ roll_id: 1, from: 1, to: 1 })) }),
      ],
      [
        '__proto__ pollution',
        () => ({ raw: `{"customer_id":"${customerId}","items":[],"__proto__":{"polluted":1}}` }),
      ],
      [
        'constructor.prototype pollution',
        () => ({ raw: `{"constructor":{"prototype":{"polluted":1}},"items":[]}` }),
      ],
      ['not JSON', () => ({ raw: 'customer_id=1&items=2' })],
      ['truncated JSON', () => ({ raw: JSON.stringify(valid()).slice(0, 40) })],
      ['JSON with a trailing comma', () => ({ raw: '{"customer_id": "x",}' })],
      ['empty body', () => ({ raw: '' })],
      [
        'NaN',
        () => ({
          raw: `{"customer_id":"${customerId}","items":[{"product_id":"${liquor[0]}","qty":NaN,"price":1}]}`,
        }),
      ],
      ['a text/plain body', () => ({ raw: JSON.stringify(valid()), contentType: 'text/plain' })],
    ];
    function json(value: unknown) {
      return { raw: JSON.stringify(value) };
    }

    it.each(cases)('POST /invoice with %s → 400 (never 500), and nothing changes', async (_name, body) => {
      const before = {
        number: (await api.get('invoice/new-number', token)).body.number,
        ledger: await ledger(),
        count: (await api.get('invoice/grid?startRow=0&endRow=1', token)).body.count,
      };
      const { raw, contentType } = body();
      const response: ApiResponse = await api.call('POST', 'invoice', {
        raw,
        token,
        headers: { 'content-type': contentType ?? 'application/json' },
      });
      // A text/plain body is read as a string and refused by validation like the rest: 400.
      expect({ status: response.status }).toEqual({ status: 400 });
      expect(typeof response.body.message).toBe('string');
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect({
        number: (await api.get('invoice/new-number', token)).body.number,
        ledger: await ledger(),
        count: (await api.get('invoice/grid?startRow=0&endRow=1', token)).body.count,
      }).toEqual(before);
    });

    it('a body over the size limit is refused with 413, and nothing changes', async () => {
      const number = (await api.get('invoice/new-number', token)).body.number;
      const response = await api.call('POST', 'invoice', {
        raw: JSON.stringify({ ...valid(), note: 'x'.repeat(6 * 1024 * 1024) }),
        token,
      });
      expect(response.status).toBe(413);
      expect((await api.get('invoice/new-number', token)).body.number).toBe(number);
    });

    it('PUT /invoice/{id} with malformed bodies → 400, and the invoice is unchanged', async () => {
      const created = (await post({ items: [{ product_id: liquor[0]!, qty: 2, price: 19.99 }] })).body;
      const before = await get(created.id);
      for (const raw of [
        JSON.stringify({ items: 'abc' }),
        JSON.stringify({ items: [{ product_id: liquor[0], qty: 'many', price: 1 }] }),
        JSON.stringify({ status: 'bogus' }),
        JSON.stringify({ status: ['cancelled'] }),
        JSON.stringify({ stamps: [{ roll_id: 1, from: 'a', to: 2 }] }),
        JSON.stringify({ number: '999' }),
        JSON.stringify({
          items: Array.from({ length: 501 }, () => ({ product_id: liquor[0], qty: 1, price: 1 })),
        }),
        '{"items": [',
      ]) {
        const response = await api.call('PUT', `invoice/${created.id}`, { raw, token });
        expect({ raw: raw.slice(0, 60), status: response.status }).toEqual({
          raw: raw.slice(0, 60),
          status: 400,
        });
      }
      // A JSON null body is read as {} (nothing to change), as is a status it has already: no event is appended.
      const empty = await api.call('PUT', `invoice/${created.id}`, { raw: 'null', token });
      expect([200, 400]).toContain(empty.status);
      expect((await api.put(`invoice/${created.id}`, { status: 'invoiced' }, token)).status).toBe(200);
      expect(await get(created.id)).toEqual(before);
    });
  });
});
