import { businessDate } from '#domain/shared/business-date.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { count, intersect, normalize, type Interval } from '#domain/stamps/intervals.js';
import { stampLedgerDecider } from '#domain/stamps/stamp.decide.js';
import { stampsStream, type StampsAllocated } from '#domain/stamps/stamp.events.js';
import { EventAppender } from '#engine';
import { PostgresEventStore } from '#engine';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';

/**
 * 50 allocations in parallel against one company with one roll. Half are invoices created over HTTP, half go
 * through a second EventAppender on its own connection pool, as a second API process would: its decisions race
 * the first's at the database and are retried on revision conflicts.
 */
const today = () => businessDate(new Date().toISOString(), 'America/Chicago');

describe('Stamp allocation under concurrency', () => {
  let app: TestApp;
  let api: ApiClient;
  let token: string;
  let companyId: string;
  let userId: string;
  let secondStore: PostgresEventStore;
  let secondProcess: EventAppender;

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    const owner = await signUpOwner(api);
    token = owner.token;
    companyId = owner.user.company_id;
    userId = owner.user.id;
    secondStore = new PostgresEventStore(app.runtime.databaseUrl, { notify: false });
    secondProcess = new EventAppender(secondStore, {
      waitFor: (checkpoint) => app.runtime.projections.waitFor(checkpoint),
    });
  });
  afterAll(async () => {
    await secondStore?.close();
    await app?.close();
  });

  /** Every StampsAllocated in the stream, by holder. */
  async function allocatedRanges(): Promise<Map<string, Interval[]>> {
    const held = new Map<string, Interval[]>();
    for await (const event of app.runtime.store.readStream(stampsStream(companyId))) {
      if (event.type !== 'StampsAllocated') continue;
      const { allocationId, ranges } = (event as unknown as StampsAllocated).data;
      held.set(allocationId, [
        ...(held.get(allocationId) ?? []),
        ...ranges.map(({ from, to }) => ({ from, to })),
      ]);
    }
    return held;
  }

  function expectNoStampTwice(held: Map<string, Interval[]>): void {
    const holders = [...held.entries()];
    for (let i = 0; i < holders.length; i++) {
      for (let j = i + 1; j < holders.length; j++) {
        expect({
          pair: [holders[i]![0], holders[j]![0]],
          shared: intersect(normalize(holders[i]![1]), normalize(holders[j]![1])),
        }).toEqual({
          pair: [holders[i]![0], holders[j]![0]],
          shared: [],
        });
      }
    }
  }

  it('allocates no stamp twice, allocates what was asked while stamps last, and refuses the rest clearly', async () => {
    const roll = await api.post(
      'stamp/roll',
      { prefix: 'TX', received_at: today(), from: 100_001, to: 100_500 },
      token,
    );
    expect(roll.status).toBe(201);
    const customer = await api.post('customer', RUSTY_NAIL, token);
    const vodka = await api.post(
      'product',
      { product: "Tito's Vodka", product_type: 'liquor', product_size: '750ml', product_price: 19.99 },
      token,
    );
    expect([customer.status, vodka.status]).toEqual([201, 201]);

    // 50 invoices asking 8 … 17 stamps: 625 in all, for a roll of 500.
    const asked = Array.from({ length: 50 }, (_, i) => 8 + (i % 10));
    const outcomes = await Promise.all(
      asked.map(async (n, i): Promise<{ granted: true } | { granted: false; message: string }> => {
        if (i % 2 === 0) {
          const created = await api.post(
            'invoice',
            { customer_id: customer.body.id, items: [{ product_id: vodka.body.id, qty: n, price: 19.99 }] },
            token,
          );
          if (created.status === 201) return { granted: true };
          // a refusal is the user's to read (a 4xx), never a server error
          expect(created.status).toBeGreaterThanOrEqual(400);
          expect(created.status).toBeLessThan(500);
          return { granted: false, message: created.body.message as string };
        }
        const metadata = { companyId, userId, now: new Date().toISOString() };
        const data = {
          invoiceId: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
          invoiceNumber: String(1000 + i),
          count: n,
        };
        try {
          await secondProcess.decide(stampLedgerDecider, stampsStream(companyId), {
            type: 'AllocateStamps',
            data,
            metadata,
          });
          return { granted: true };
        } catch (error) {
          expect(error).toBeInstanceOf(DomainError);
          return { granted: false, message: (error as Error).message };
        }
      }),
    );

    const granted = asked.filter((_, i) => outcomes[i]!.granted);
    const refused = outcomes.flatMap((o, i) => (o.granted ? [] : [{ asked: asked[i]!, message: o.message }]));
    const total = granted.reduce((sum, n) => sum + n, 0);

    // Nothing is lost to conflicts: every refusal is the clear "not enough" rule, with the numbers at that moment.
    for (const { asked: n, message } of refused) {
      const match = /^Not enough stamps: (\d+) needed, (\d+) available in active rolls\.$/.exec(message);
      expect(match).not.toBeNull();
      expect(Number(match![1])).toBe(n);
      expect(Number(match![2])).toBeLessThan(n);
    }
    expect(refused.length).toBeGreaterThan(0);
    expect(total).toBeLessThanOrEqual(500);
    expect(500 - total).toBeLessThan(Math.max(...refused.map((r) => r.asked))); // stamps ran out

    const held = await allocatedRanges();
    expect(held.size).toBe(granted.length);
    expectNoStampTwice(held);
    expect([...held.values()].reduce((sum, ranges) => sum + count(normalize(ranges)), 0)).toBe(total);

    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const rolls = (await api.get('stamp/roll', token)).body;
    expect(rolls[0]).toMatchObject({ invoiced_count: total, available_count: 500 - total });
  });

  it('keeps manual assignments sent in parallel over HTTP disjoint', async () => {
    const roll = await api.post(
      'stamp/roll',
      { prefix: 'HT', received_at: today(), from: 1, to: 400 },
      token,
    );
    const rollId = roll.body.id as number;
    // 50 overlapping ranges of 10, starting every 5 stamps: at most every other one can be taken.
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        api.put(
          `stamp/roll/${rollId}/assign`,
          { from: 1 + i * 5, to: 10 + i * 5, note: `batch ${i}` },
          token,
        ),
      ),
    );
    expect(responses.every((r) => [200, 400, 409].includes(r.status))).toBe(true);
    const ok = responses
      .filter((r) => r.status === 200)
      .map((r) => r.body as { id: string; from: number; to: number });
    expect(ok.length).toBeGreaterThan(0);
    const taken = normalize(ok);
    for (const refused of responses.filter((r) => r.status !== 200)) {
      expect(refused.body.message).toMatch(
        /^Stamp number \d+ is (not available|below the first available stamp \d+|above the last available stamp \d+) in the roll\.$/,
      );
    }
    // A range was refused only because part of it had been taken.
    responses.forEach((response, i) => {
      if (response.status !== 200)
        expect(intersect(taken, [{ from: 1 + i * 5, to: 10 + i * 5 }])).not.toEqual([]);
    });
    const held = await allocatedRanges();
    expectNoStampTwice(held);
    const sorted = [...ok].sort((a, b) => a.from - b.from);
    for (let i = 1; i < sorted.length; i++) expect(sorted[i]!.from).toBeGreaterThan(sorted[i - 1]!.to);
  });
});
