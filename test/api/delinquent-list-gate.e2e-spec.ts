import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SettableClock } from '../../apps/api/src/infra/clock.js';
import { TabcImportService } from '../../apps/api/src/tabc/tabc-import.service.js';
import { businessDate } from '#domain/shared/business-date.js';
import { addCalendarDays } from '#domain/shared/texas-calendar.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { SIGNATURE_PNG } from '../support/delivery-images.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';

/*
 * The credit-law delinquent list as a gate (16 TAC §45.121; Alco. Bev. Code §102.32): a liquor or wine sale on credit
 * to a listed retailer is refused from 12:01 a.m. of the effective date, company time (America/Chicago); an invoice
 * made before then is delivered that day until 1 p.m.; the owner's documented override lifts it for that listing.
 */

const ZONE = 'America/Chicago';
/** The instant a Chicago wall clock shows `time` on `day`. */
function at(day: string, time: string): string {
  const [h, m] = time.split(':').map(Number) as [number, number];
  let guess = Date.parse(`${day}T00:00:00Z`) + (h * 60 + m) * 60_000;
  for (let i = 0; i < 2; i++) {
    const shown = new Intl.DateTimeFormat('en-CA', {
      timeZone: ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(guess);
    const part = (type: string) => Number(shown.find((p) => p.type === type)!.value);
    const shownAt = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'));
    guess += Date.parse(`${day}T00:00:00Z`) + (h * 60 + m) * 60_000 - shownAt;
  }
  return new Date(guess).toISOString();
}

describe('Credit-law delinquent list gate (HTTP)', () => {
  const clock = new SettableClock();
  let app: TestApp;
  let api: ApiClient;
  let dir: string;
  let token: string;
  let otherToken: string;
  let wine: string;
  let beer: string;
  const customers: Record<string, string> = {};
  const effective = addCalendarDays(businessDate(new Date().toISOString(), ZONE), 2);
  const dayBefore = addCalendarDays(effective, -1);
  const [year, month, day] = effective.split('-');

  const importList = async (lines: string[]) => {
    const file = join(dir, `delinquent-${lines.length}.csv`);
    writeFileSync(file, ['List Number,Permit,Trade Name,Effective Date', ...lines].join('\n'));
    await app.app.get(TabcImportService).importDelinquent(file);
  };
  const invoiceFor = (customer: string, product = wine) =>
    api.post(
      'invoice',
      { customer_id: customers[customer], items: [{ product_id: product, qty: 2, price: 10 }], force: true },
      token,
    );
  let keys = 0;
  const deliver = (invoiceId: string, body: object = {}) =>
    api.post(
      `invoice/${invoiceId}/delivery`,
      { delivered_at: clock.nowIso(), signer_name: 'Pat Retailer', signature: SIGNATURE_PNG, ...body },
      token,
      { 'idempotency-key': `gate-key-${++keys}` },
    );
  const eventCount = async () =>
    Number((await app.runtime.pool.query('SELECT count(*) AS n FROM events')).rows[0].n);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stampline-gate-'));
    app = await startTestApp({}, { clock });
    api = apiClient(app.baseUrl);
    ({ token } = await signUpOwner(api, 'Gail Gate'));
    ({ token: otherToken } = await signUpOwner(api, 'Otto Other'));
    const customer = async (name: string, tabcId: string, cod = 0) => {
      const response = await api.post(
        'customer',
        { ...RUSTY_NAIL, name, tabc_id: tabcId, cash_on_delivery: cod },
        token,
      );
      expect(response.status).toBe(201);
      customers[name] = response.body.id;
    };
    await customer('Listed Bar', 'MB777777');
    await customer('Listed Cash Bar', 'MB777777', 1);
    await customer('Exempt Bar', 'MB888888');
    await customer('Clean Bar', 'MB999999');
    const product = async (body: object) => (await api.post('product', body, token)).body.id as string;
    wine = await product({
      product: 'House Red',
      product_type: 'wine',
      product_size: '750ml',
      product_price: 10,
    });
    beer = await product({
      product: 'Lone Star 12pk',
      product_type: 'beer',
      product_size: '12oz',
      product_price: 10,
    });
    await importList([
      `2026-40,MB777777,LISTED BAR,${month}/${day}/${year}`,
      `2026-40,MB888888,EXEMPT BAR,${month}/${day}/${year}`,
    ]);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => clock.release());

  it('allows a wine invoice on credit at 11:59 p.m. the day before, and refuses it at 12:01 a.m. with the reason', async () => {
    clock.set(at(dayBefore, '23:59'));
    expect((await invoiceFor('Listed Bar')).status).toBe(201);
    const checks = await api.get(`invoice/checks?customer_id=${customers['Listed Bar']}`, token);
    expect(checks.body.delinquent).toMatchObject({ permit: 'MB777777', in_effect: false, refused: false });
    expect(checks.body.delinquent.message).toContain('12:01 a.m.');

    clock.set(at(effective, '00:01'));
    const before = await eventCount();
    const refused = await invoiceFor('Listed Bar');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(
      /^This customer \(MB777777\) is on the TABC credit-law delinquent list since 12:01 a\.m\. on .+ \(list 2026-40\): no liquor or wine may be sold to it on credit until TABC removes it from the list\./,
    );
    expect(refused.body.details).toEqual([{ field: 'customer_id', message: refused.body.message }]);
    expect(await eventCount()).toBe(before);
    const now = await api.get(`invoice/checks?customer_id=${customers['Listed Bar']}`, token);
    expect(now.body.delinquent).toMatchObject({
      in_effect: true,
      refused: true,
      message: refused.body.message,
    });
  });

  it('allows cash on delivery and beer to a listed retailer', async () => {
    clock.set(at(effective, '09:00'));
    expect((await invoiceFor('Listed Cash Bar')).status).toBe(201);
    expect((await invoiceFor('Listed Bar', beer)).status).toBe(201);
    const checks = await api.get(`invoice/checks?customer_id=${customers['Listed Cash Bar']}`, token);
    expect(checks.body.delinquent).toMatchObject({ in_effect: true, refused: false });
  });

  it('delivers an invoice made before the listing until 1 p.m. of the effective day, then only paid in full', async () => {
    clock.set(at(dayBefore, '16:00'));
    const early = (await invoiceFor('Listed Bar')).body as { id: string };
    const late = (await invoiceFor('Listed Bar')).body as { id: string; total: number };

    clock.set(at(effective, '12:59'));
    const earlyDelivered = await deliver(early.id);
    expect([earlyDelivered.status, earlyDelivered.body.message]).toEqual([201, undefined]);

    clock.set(at(effective, '13:00'));
    const refused = await deliver(late.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(
      'this liquor or wine invoice on credit may not be delivered to it until TABC removes it from the list',
    );
    const paid = await deliver(late.id, { payments: [{ method: 'cash', amount: late.total.toFixed(2) }] });
    expect([paid.status, paid.body.message]).toEqual([201, undefined]);
  });

  it('refuses an edit that sells more liquor or wine on credit to a listed retailer, not one that changes the note', async () => {
    clock.set(at(dayBefore, '15:00'));
    const made = (await invoiceFor('Listed Bar')).body as { id: string };
    const clean = (await invoiceFor('Clean Bar')).body as { id: string };
    clock.set(at(effective, '10:00'));
    expect((await api.put(`invoice/${made.id}`, { note: 'Back door' }, token)).status).toBe(200);
    const more = await api.put(
      `invoice/${made.id}`,
      { items: [{ product_id: wine, qty: 5, price: 10 }] },
      token,
    );
    expect([more.status, more.body.message]).toEqual([409, expect.stringContaining('until TABC removes it')]);
    const moved = await api.put(`invoice/${clean.id}`, { customer_id: customers['Listed Bar'] }, token);
    expect(moved.status).toBe(409);

    // a replacement of a cancelled invoice: the same bottles are a correction, more are a new sale
    expect((await api.put(`invoice/${made.id}`, { status: 'cancelled' }, token)).status).toBe(200);
    const replace = (qty: number) =>
      api.post(
        `invoice/${made.id}/replace`,
        { customer_id: customers['Listed Bar'], items: [{ product_id: wine, qty, price: 10 }] },
        token,
        { 'idempotency-key': `replace-key-${qty}` },
      );
    expect((await replace(3)).status).toBe(409);
    expect((await replace(2)).status).toBe(201);
  });

  it('lets the owner record a documented override that shows on the customer and lifts the gate', async () => {
    clock.set(at(effective, '10:00'));
    expect((await invoiceFor('Exempt Bar')).status).toBe(409);
    const path = `customer/${customers['Exempt Bar']}/delinquency/override`;
    const bad = await api.post(path, { reason: 'good customer', note: '' }, token);
    expect(bad.status).toBe(400);
    expect(bad.body.details).toEqual(
      expect.arrayContaining([
        { field: 'reason', message: 'Reason must be one of: bankruptcy_exemption, removed_by_tabc.' },
      ]),
    );
    const recorded = await api.post(
      path,
      { reason: 'bankruptcy_exemption', note: 'Chapter 11, case 26-12345 (W.D. Tex.)' },
      token,
    );
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({
      delinquent: true,
      in_effect: true,
      refused: false,
      override: {
        reason: 'bankruptcy_exemption',
        reason_label: 'Bankruptcy exemption',
        note: 'Chapter 11, case 26-12345 (W.D. Tex.)',
        permit: 'MB888888',
        listing_effective_date: effective,
        recorded_by: 'Gail Gate',
        recorded_at: at(effective, '10:00'),
      },
    });
    expect((await invoiceFor('Exempt Bar')).status).toBe(201);
    const shown = await api.get(`customer/${customers['Exempt Bar']}/delinquency`, token);
    expect(shown.body.overrides).toHaveLength(1);
    const listed = await api.get('customer/delinquency/overrides', token);
    expect(listed.body).toEqual({
      overrides: [
        { customer_id: customers['Exempt Bar'], customer_name: 'Exempt Bar', ...recorded.body.override },
      ],
    });
    expect((await api.get('customer/delinquency/overrides', otherToken)).body).toEqual({ overrides: [] });

    const notListed = await api.post(
      `customer/${customers['Clean Bar']}/delinquency/override`,
      { reason: 'removed_by_tabc', note: 'TABC letter of today' },
      token,
    );
    expect(notListed.status).toBe(409);
    const foreign = await api.post(path, { reason: 'removed_by_tabc', note: 'x' }, otherToken);
    expect(foreign.status).toBe(404);
  });

  it('ends the listing only when TABC removes it: a new list without the retailer lets the sale through', async () => {
    clock.set(at(addCalendarDays(effective, 3), '10:00'));
    expect((await invoiceFor('Listed Bar')).status).toBe(409);
    await importList([`2026-41,MB123123,SOMEONE ELSE,${month}/${day}/${year}`]);
    expect((await invoiceFor('Listed Bar')).status).toBe(201);
  });
});
