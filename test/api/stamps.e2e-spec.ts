import { businessDate } from '#domain/shared/business-date.js';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stampsReplay } from '../../apps/cli/src/stamps-replay.command.js';
import { replayStampLedger, stampLedgerCsv } from '../../apps/api/src/stamps/replay/stamp-ledger-replay.js';
import { inTransaction } from '#infra/db/database.js';
import type { StoredEvent } from '#engine';
import { rebuildProjection } from '#engine';
import { stampsProjection } from '#projections/stamps/stamp-ledger.projection.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, completeCompany, signUpOwner, type ApiClient } from '../support/http.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

const daysFromToday = (days: number) => {
  const today = businessDate(new Date().toISOString(), 'America/Chicago');
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

describe('Stamps (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let token: string;
  let owner: { id: string; company_id: string };
  let beforeRollTwo: string;

  /** `count` bottles of liquor to Bar One (TABC ID MB123456): `count` stamps, the first available. */
  let invoiceOf: (count: number, idempotencyKey?: string) => Promise<{ status: number; body: any }>;
  /** Invoice #1001's id: it holds AB1010–AB1021. */
  let firstInvoiceId: string;

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    const signedUp = await signUpOwner(api);
    token = signedUp.token;
    owner = signedUp.user;
  });
  afterAll(async () => {
    await app.close();
  });

  describe('before any roll', () => {
    it('answers an empty summary: no current roll, low', async () => {
      const response = await api.get('stamp/remaining', token);
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        availableStampCount: 0,
        firstAvailableStamp: null,
        totalStampCount: 0,
        currentRoll: null,
        threshold: 500,
        low: true,
        rollCount: 0,
      });
      expect((await api.get('stamp/roll', token)).body).toEqual([]);
    });
  });

  describe('adding rolls', () => {
    it('adds a roll: prefix trimmed and upper-cased, active, no warning for 480 stamps', async () => {
      const response = await api.post(
        'stamp/roll',
        { prefix: ' ab ', received_at: daysFromToday(0), from: 1000, to: 1479 },
        token,
      );
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({
        id: 1,
        prefix: 'AB',
        received_at: daysFromToday(0),
        from: 1000,
        to: 1479,
        active: true,
        finished: false,
        state: 'active',
        toggle_disabled: false,
        stamps: 480,
        stampsCount: 480,
        first_available: 1000,
        finished_at: null,
        warnings: [],
      });
      beforeRollTwo = new Date().toISOString();
    });

    it('adds a second roll with size warnings that do not block', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20)); // as-of below needs a distinct instant
      const response = await api.post(
        'stamp/roll',
        { prefix: 'cd', received_at: daysFromToday(3), from: '1', to: '100' },
        token,
      );
      expect(response.status).toBe(201);
      expect(response.body).toMatchObject({ id: 2, prefix: 'CD', stampsCount: 100 });
      expect(response.body.warnings).toEqual([
        'A roll of 100 stamps is unusual: not a multiple of 80 or 500.',
      ]);
    });

    it.each([
      [{ received_at: daysFromToday(0), from: 1, to: 80 }, 'prefix', undefined],
      [{ prefix: 'X', from: 1, to: 80 }, 'received_at', 'Received date is required.'],
      [
        { prefix: 'X', received_at: '2026-02-30', from: 1, to: 80 },
        'received_at',
        'Received date must be a date (YYYY-MM-DD).',
      ],
      [
        { prefix: 'X', received_at: 'soon', from: 1, to: 80 },
        'received_at',
        'Received date must be a date (YYYY-MM-DD).',
      ],
      [
        { prefix: 'X', received_at: daysFromToday(0), from: 'abc', to: 80 },
        'from',
        'From must be a whole number.',
      ],
      [{ prefix: 'X', received_at: daysFromToday(0), from: 0, to: 80 }, 'from', 'From must be at least 1.'],
      [
        { prefix: 'X', received_at: daysFromToday(0), from: 1.5, to: 80 },
        'from',
        'From must be a whole number.',
      ],
      [
        { prefix: 'X', received_at: daysFromToday(0), from: 100, to: 99 },
        'to',
        'Stamp roll must end in a larger value than the start',
      ],
      [
        { prefix: 'X', received_at: daysFromToday(0), from: 1, to: 1e12 },
        'to',
        'To must be at most 2000000000.',
      ],
      [{ prefix: 'X', received_at: daysFromToday(4), from: 1, to: 80 }, 'received_at', undefined],
      [
        { prefix: 'X!', received_at: daysFromToday(0), from: 1, to: 80 },
        'prefix',
        'Prefix may hold only letters, digits, spaces and hyphens.',
      ],
      [
        { prefix: 'X', received_at: daysFromToday(0), from: 1, to: 80, active: true },
        'active',
        'property active should not exist',
      ],
    ])('refuses %j with a 400 on %s', async (body, field, message) => {
      const response = await api.post('stamp/roll', body, token);
      if (field === 'prefix' && message === undefined) {
        expect(response.status).toBe(201); // no prefix is fine
        return;
      }
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual(expect.arrayContaining([expect.objectContaining({ field })]));
      if (message) expect(response.body.details).toContainEqual({ field, message });
    });

    it('refuses a roll overlapping another of the same prefix (409)', async () => {
      const response = await api.post(
        'stamp/roll',
        { prefix: 'AB', received_at: daysFromToday(0), from: 1400, to: 1500 },
        token,
      );
      expect(response.status).toBe(409);
      expect(response.body.message).toBe(
        'Stamp roll AB1400-AB1500 overlaps stamp roll AB1000-AB1479 with the same prefix.',
      );
    });
  });

  describe('assigning, allocating and destroying on roll AB 1000–1479', () => {
    beforeAll(async () => {
      const customer = await api.post('customer', { ...RUSTY_NAIL, name: 'Bar One' }, token);
      const vodka = await api.post(
        'product',
        { product: "Tito's Vodka", product_type: 'liquor', product_size: '750ml', product_price: 19.99 },
        token,
      );
      expect([customer.status, vodka.status]).toEqual([201, 201]);
      await completeCompany(api, { token, user: owner }, { starting_invoice_number: 1001 });
      invoiceOf = (count, idempotencyKey) =>
        api.post(
          'invoice',
          { customer_id: customer.body.id, items: [{ product_id: vodka.body.id, qty: count, price: 19.99 }] },
          token,
          idempotencyKey ? { 'idempotency-key': idempotencyKey } : undefined,
        );
    });

    it('assigns a range by hand with its note upper-cased', async () => {
      const response = await api.put(
        'stamp/roll/1/assign',
        { roll_id: 1, from: 1000, to: 1009, note: 'samples' },
        token,
      );
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: 'assignment-1',
        roll_id: 1,
        prefix: 'AB',
        from: 1000,
        to: 1009,
        count: 10,
        note: 'SAMPLES',
      });
    });

    it.each([
      [
        { from: 1005, to: 1020 },
        400,
        'Stamp number 1005 is below the first available stamp 1010 in the roll.',
      ],
      [
        { from: 1470, to: 1480 },
        400,
        'Stamp number 1480 is above the last available stamp 1479 in the roll.',
      ],
      [
        { from: 1200, to: 1100 },
        400,
        'End Stamp number must be above the first available stamp 1010 and the start stamp number 1200 the roll.',
      ],
      [{ roll_id: 2, from: 1010, to: 1011 }, 400, 'roll_id must be the roll of the path.'],
    ])('refuses %j with the builder message', async (body, status, message) => {
      const response = await api.put('stamp/roll/1/assign', body, token);
      expect(response.status).toBe(status);
      expect(response.body.message).toBe(message);
      expect(response.body.details?.length).toBeGreaterThan(0);
    });

    it('allocates the first available stamps to an invoice, once for a retried request', async () => {
      const first = await invoiceOf(12, 'stamps-first-invoice');
      expect([first.status, first.body.number, first.body.stamps]).toEqual([
        201,
        '1001',
        [{ roll_id: 1, prefix: 'AB', from: 1010, to: 1021, count: 12 }],
      ]);
      firstInvoiceId = first.body.id;
      const again = await invoiceOf(12, 'stamps-first-invoice');
      expect([again.body.id, again.body.stamps]).toEqual([first.body.id, first.body.stamps]);
    });

    it('previews an allocation and checks a manual range without keeping anything', async () => {
      const preview = await api.get('stamp/allocation?count=3', token);
      expect(preview.status).toBe(200);
      expect(preview.body.added).toEqual([{ roll_id: 1, prefix: 'AB', from: 1022, to: 1024 }]);
      const ok = await api.post('stamp/range/check', { roll_id: 1, from: 1100, to: 1104 }, token);
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({
        valid: true,
        roll_id: 1,
        prefix: 'AB',
        from: 1100,
        to: 1104,
        count: 5,
        range: 'AB1100-AB1104',
        returned: 0,
      });
      const overlap = await api.post(
        'stamp/range/check',
        { roll_id: 1, from: 1100, to: 1104, added: [{ roll_id: 1, from: 1103, to: 1110 }] },
        token,
      );
      expect(overlap.status).toBe(400);
      expect(overlap.body.message).toBe(
        'AB1100-AB1104 is overlapping with already added stamp range AB1103-AB1110',
      );
      const own = await api.post(
        'stamp/range/check',
        { roll_id: 1, from: 1010, to: 1012, invoice_id: firstInvoiceId },
        token,
      );
      expect(own.status).toBe(200); // an edited invoice may keep its own stamps
    });

    it('destroys the available stamps of a range and says which were invoiced', async () => {
      const response = await api.post(
        'stamp/roll/1/destroy',
        { from: 1005, to: 1029, note: 'water damage' },
        token,
      );
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: 1,
        roll_id: 1,
        prefix: 'AB',
        from: 1005,
        to: 1029,
        count: 8,
        ranges: [{ from: 1022, to: 1029 }],
        messages: [
          'Destroyed 8 stamps: AB1022-AB1029.',
          'Invoiced stamps not destroyed: AB1005-AB1021 (invoice #1001; manual assignment).',
        ],
      });
      const across = await api.post(
        'stamp/range/check',
        { roll_id: 1, from: 1015, to: 1035, invoice_id: firstInvoiceId },
        token,
      );
      expect(across.status).toBe(409);
      expect(across.body.message).toBe('Stamp number 1022 is not available in the roll.');
    });

    it('destroys nothing in an already destroyed range and says so', async () => {
      const response = await api.post('stamp/roll/1/destroy', { from: 1025, to: 1026 }, token);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('None destroyed in range AB1025-AB1026.');
      expect(response.body.details).toContainEqual({
        field: 'from',
        message: 'Already destroyed: AB1025-AB1026.',
      });
    });

    it('refuses a destroy range outside the roll', async () => {
      const response = await api.post('stamp/roll/1/destroy', { from: 1470, to: 1500 }, token);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('From and to must lie within the roll range AB1000-AB1479.');
      expect(response.body.details).toEqual([
        { field: 'to', message: 'From and to must lie within the roll range AB1000-AB1479.' },
      ]);
    });

    it('lists destroy records and undoes them by id', async () => {
      const second = await api.post('stamp/roll/1/destroy', { from: 1470, to: 1479 }, token);
      expect(second.body.id).toBe(2);
      const listed = await api.get('stamp/destroyed', token);
      expect(listed.body.map((r: { id: number }) => r.id)).toEqual([2, 1]);
      expect(listed.body[1]).toMatchObject({
        roll_id: 1,
        prefix: 'AB',
        from: 1005,
        to: 1029,
        count: 8,
        ranges: [{ from: 1022, to: 1029 }],
        note: 'water damage',
        destroyed_by: 'Jane Owner',
      });
      const undone = await api.delete('stamp/undo-destroy?ids=2', token);
      expect(undone.status).toBe(200);
      expect(undone.body).toEqual({
        restored: [{ id: 2, roll_id: 1, prefix: 'AB', count: 10, ranges: [{ from: 1470, to: 1479 }] }],
        already_restored: [],
      });
      const again = await api.delete('stamp/undo-destroy?ids=2', token);
      expect(again.body).toEqual({ restored: [], already_restored: [2] });
      expect((await api.get('stamp/destroyed', token)).body.map((r: { id: number }) => r.id)).toEqual([1]);
    });

    it('releases a cancelled invoice’s stamps', async () => {
      const created = await invoiceOf(5);
      expect([created.body.number, created.body.stamps]).toEqual([
        '1002',
        [{ roll_id: 1, prefix: 'AB', from: 1030, to: 1034, count: 5 }],
      ]);
      expect((await api.put(`invoice/${created.body.id}`, { status: 'cancelled' }, token)).status).toBe(200);
      for (const number of [1030, 1034])
        expect((await api.get(`stamp/history?prefix=AB&number=${number}`, token)).body.status).toBe(
          'AVAILABLE',
        );
    });
  });

  describe('the roll table and the summary', () => {
    it('toggles a roll inactive and active again', async () => {
      const off = await api.put('stamp/roll/2', { active: 0 }, token);
      expect(off.status).toBe(200);
      expect(off.body).toMatchObject({ id: 2, active: false, state: 'inactive' });
      const on = await api.put('stamp/roll/2', { active: true }, token);
      expect(on.body).toMatchObject({ id: 2, active: true, state: 'active' });
    });

    it.each([
      ['stamp/roll/2', { active: 'yes' }, 400, 'active must be 0, 1, true or false.'],
      ['stamp/roll/2', { active: 1, prefix: 'Z' }, 400, 'property prefix should not exist'],
      ['stamp/roll/2', {}, 400, 'active is required.'],
      ['stamp/roll/abc', { active: 1 }, 400, 'id must be at least 1.'],
      ['stamp/roll/0', { active: 1 }, 400, 'id must be at least 1.'],
      ['stamp/roll/99', { active: 1 }, 404, 'No roll found'],
    ])('PUT %s %j answers %d', async (path, body, status, message) => {
      const response = await api.put(path, body, token);
      expect(response.status).toBe(status);
      expect(response.body.message).toBe(message);
    });

    it('refuses to toggle a finished roll', async () => {
      await api.post('stamp/roll', { prefix: 'EF', received_at: daysFromToday(-1), from: 1, to: 5 }, token);
      await api.put('stamp/roll/4/assign', { from: 1, to: 5 }, token);
      const rolls = (await api.get('stamp/roll', token)).body;
      expect(rolls.find((r: { id: number }) => r.id === 4)).toMatchObject({
        state: 'finished',
        finished: true,
        toggle_disabled: true,
        stamps: 0,
      });
      const response = await api.put('stamp/roll/4', { active: 0 }, token);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(
        'This stamp roll is finished: it cannot be activated or deactivated.',
      );
    });

    it('summarises the active rolls, first received first, and flags low stamps under the threshold', async () => {
      const response = await api.get('stamp/remaining', token);
      // roll 1: 480 − 10 assigned − 12 invoiced − 8 destroyed; roll 2: 100; roll 3 (no prefix, 1–80): 80.
      expect(response.body).toMatchObject({
        availableStampCount: 450 + 100 + 80,
        firstAvailableStamp: 1030,
        totalStampCount: 480 + 100 + 80,
        currentRoll: { id: 1, prefix: 'AB', first_available: 1030 },
        threshold: 500,
        low: false,
        rollCount: 4,
      });
    });
  });

  describe('the stamp log', () => {
    it('lists every range, newest first, with the invoice and customer of allocations', async () => {
      const response = await api.get('invoice/stamp/grid?startRow=0&endRow=100', token);
      expect(response.status).toBe(200);
      expect(response.body.count).toBe(response.body.rows.length);
      const allocated = response.body.rows.find(
        (r: { kind: string; invoice: string | null }) => r.kind === 'allocated' && r.invoice === '1001',
      );
      expect(allocated).toMatchObject({
        customer: 'Bar One',
        tabc_id: 'MB123456',
        invoice: '1001',
        prefix: 'AB',
        start: '1010',
        end: '1021',
        used: '12',
        balance: '458',
        destroyed: false,
      });
      const times = response.body.rows.map((r: { logged_at: string }) => r.logged_at);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it('filters destroyed rows, and counts the filtered rows', async () => {
      const filter = JSON.stringify({ kind: { filterType: 'set', values: ['destroyed'] } });
      const response = await api.get(
        `invoice/stamp/grid?startRow=0&endRow=10&filterModel=${encodeURIComponent(filter)}`,
        token,
      );
      expect(response.body.count).toBe(2);
      expect(response.body.rows.every((r: { destroyed: boolean }) => r.destroyed)).toBe(true);
    });

    it('answers a bad grid request with 400 and details', async () => {
      const response = await api.get(
        'invoice/stamp/grid?startRow=0&endRow=10&sortModel=[{"colId":"nope","sort":"asc"}]',
        token,
      );
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual([{ field: 'sortModel[0].colId', message: 'Unknown column' }]);
    });

    it('downloads the filtered log as CSV', async () => {
      const filter = JSON.stringify({ invoice: { filterType: 'text', type: 'equals', filter: '1001' } });
      const response = await fetch(
        `${app.baseUrl}/api/v1/stamp/download?filterModel=${encodeURIComponent(filter)}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toContain('text/csv');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="stamps_\d{2}_[A-Z][a-z]{2}_\d{4}\.csv"$/,
      );
      const lines = (await response.text()).trim().split('\r\n');
      expect(lines[0]).toBe(
        'Customer,TABC ID,Invoice,Date,Prefix,Start,End,Used,Balance,On Hand,Status,Note',
      );
      expect(lines).toHaveLength(2);
      expect(lines[1]).toMatch(
        /^Bar One,MB123456,1001,\d{4}-\d{2}-\d{2} \d{2}:\d{2},AB,1010,1021,12,458,\d+,allocated,$/,
      );
    });

    it('downloads the whole log when unfiltered', async () => {
      const response = await fetch(`${app.baseUrl}/api/v1/stamp/download`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const grid = await api.get('invoice/stamp/grid?startRow=0&endRow=1', token);
      expect((await response.text()).trim().split('\r\n')).toHaveLength(grid.body.count + 1);
    });
  });

  describe('for auditors', () => {
    it('answers one stamp’s history from the ranges that hold it', async () => {
      const response = await api.get('stamp/history?prefix=ab&number=1025', token);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        prefix: 'AB',
        number: 1025,
        stamp: 'AB1025',
        status: 'DESTROYED',
        roll: { id: 1 },
      });
      expect(
        response.body.transitions.map((t: { kind: string; status: string; from: number; to: number }) => [
          t.kind,
          t.status,
          t.from,
          t.to,
        ]),
      ).toEqual([
        ['received', 'AVAILABLE', 1000, 1479],
        ['destroyed', 'DESTROYED', 1022, 1029],
      ]);
      expect(response.body.transitions[1]).toMatchObject({
        user_name: 'Jane Owner',
        note: 'water damage',
        destroy_id: 1,
      });
      const invoiced = await api.get('stamp/history?prefix=AB&number=1015', token);
      expect(invoiced.body.status).toBe('INVOICED');
      expect(invoiced.body.transitions[1]).toMatchObject({
        kind: 'allocated',
        invoice_number: '1001',
        customer_name: 'Bar One',
        customer_tabc_id: 'MB123456',
        user_id: owner.id,
      });
    });

    it.each(['AB1025', 'ab1025', 'AB 1025', 'AB-1025', ' ab - 1025 '])(
      'takes a serial as printed or pasted (%s), prefix and number together',
      async (serial) => {
        const response = await api.get(`stamp/history?serial=${encodeURIComponent(serial)}`, token);
        expect(response.status).toBe(200);
        expect(response.body).toMatchObject({
          prefix: 'AB',
          number: 1025,
          stamp: 'AB1025',
          status: 'DESTROYED',
        });
      },
    );

    it('answers a serial no roll holds 404 by its likeliest reading, and text that is no serial 400', async () => {
      const none = await api.get('stamp/history?serial=TX4210067', token);
      expect(none.status).toBe(404);
      expect(none.body.message).toBe('No stamp TX4210067 found');
      const junk = await api.get('stamp/history?serial=not%20a%20stamp', token);
      expect(junk.status).toBe(400);
      expect(junk.body.details).toEqual([
        { field: 'serial', message: 'serial must be a stamp serial such as AB1050.' },
      ]);
    });

    it("reads the serial one stamp's history as of a moment by, in the record's look-up too", async () => {
      const response = await api.get('stamp/record/serial?serial=ab1025', token);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ prefix: 'AB', number: 1025, status: 'destroyed' });
    });

    it.each([
      ['stamp/history?prefix=AB&number=5000', 404, 'No stamp AB5000 found'],
      ['stamp/history?prefix=AB', 400, 'number is required.'],
      ['stamp/history?prefix=AB&number=x', 400, 'number must be a whole number.'],
      ['stamp/as-of?at=yesterday', 400, 'at must be an ISO 8601 date-time.'],
      ['stamp/as-of', 400, 'at is required.'],
      ['stamp/allocation?count=-1', 400, 'count must be a whole number.'],
      [
        'stamp/allocation?count=100000',
        409,
        'Not enough stamps: 100000 needed, 630 available in active rolls.',
      ],
    ])('GET %s answers %d', async (path, status, message) => {
      const response = await api.get(path, token);
      expect(response.status).toBe(status);
      expect(response.body.message).toBe(message);
    });

    it('replays the ledger to now: equal to the live read model', async () => {
      const replayed = await replayStampLedger(app.runtime.store, owner.company_id, new Date().toISOString());
      const { rows } = await app.runtime.pool.query(
        `SELECT roll_id, available, invoiced, destroyed, available_count::int, invoiced_count::int, destroyed_count::int
           FROM rm_stamp_roll WHERE company_id = $1 ORDER BY roll_id`,
        [owner.company_id],
      );
      const pairs = (set: readonly { from: number; to: number }[]) => set.map(({ from, to }) => [from, to]);
      expect(
        replayed.rolls.map((r) => ({
          roll_id: r.rollId,
          available: pairs(r.available),
          invoiced: pairs(r.invoiced),
          destroyed: pairs(r.destroyed),
          available_count: r.availableCount,
          invoiced_count: r.invoicedCount,
          destroyed_count: r.destroyedCount,
        })),
      ).toEqual(rows);
      const viaHttp = await api.get(`stamp/as-of?at=${encodeURIComponent(new Date().toISOString())}`, token);
      expect(viaHttp.body.totals).toEqual(replayed.totals);
    });

    it('replays the ledger to a past instant', async () => {
      const response = await api.get(`stamp/as-of?at=${encodeURIComponent(beforeRollTwo)}`, token);
      expect(response.status).toBe(200);
      expect(response.body.rolls).toHaveLength(1);
      expect(response.body.totals).toEqual({ size: 480, available: 480, invoiced: 0, destroyed: 0 });
      const csv = await fetch(
        `${app.baseUrl}/api/v1/stamp/as-of/download?at=${encodeURIComponent(beforeRollTwo)}`,
        {
          headers: { authorization: `Bearer ${token}` },
        },
      );
      expect(csv.headers.get('content-type')).toContain('text/csv');
      const lines = (await csv.text()).trim().split('\r\n');
      expect(lines[0]).toBe('As of,Roll,Prefix,Roll From,Roll To,Received,Active,Status,From,To,Count');
      expect(lines[1]).toMatch(/,1,AB,1000,1479,\d{4}-\d{2}-\d{2},yes,AVAILABLE,1000,1479,480$/);
    });
  });

  describe('the read models', () => {
    const TABLES = {
      rm_stamp_ledger: 'company_id',
      rm_stamp_roll: 'roll_id',
      rm_stamp_log: 'seq',
      rm_stamp_destroyed: 'id',
    };
    const snapshot = async () => {
      const out: Record<string, unknown[]> = {};
      for (const [table, key] of Object.entries(TABLES)) {
        out[table] = (
          await app.runtime.pool.query(`SELECT * FROM ${table} ORDER BY company_id, ${key}`)
        ).rows;
      }
      return out;
    };

    it('are unchanged when the same events are applied again', async () => {
      const before = await snapshot();
      const events: StoredEvent[] = [];
      for await (const event of app.runtime.store.readStream(`stamps-${owner.company_id}`))
        events.push(event);
      await inTransaction(app.runtime.pool, (tx) =>
        stampsProjection.apply(tx, events, Object.fromEntries(stampsProjection.tables.map((t) => [t, t]))),
      );
      expect(await snapshot()).toEqual(before);
    });

    it('rebuild to the same rows, in batches of any size', async () => {
      const before = await snapshot();
      await rebuildProjection(app.runtime.pool, app.runtime.store, stampsProjection, { batchSize: 3 });
      expect(await snapshot()).toEqual(before);
    });
  });

  describe('npm run stamps:replay', () => {
    async function run(args: string[]) {
      const out: string[] = [];
      const [log, error] = [console.log, console.error];
      console.log = (line: unknown) => void out.push(String(line));
      console.error = (line: unknown) => void out.push(String(line));
      try {
        return { code: await stampsReplay(app.runtime.store, args), out: out.join('\n') };
      } finally {
        [console.log, console.error] = [log, error];
      }
    }

    it('prints each roll’s ranges and the totals, and writes the CSV', async () => {
      const at = new Date().toISOString();
      const file = join(tmpdir(), `stamp-replay-${process.pid}.csv`);
      try {
        const { code, out } = await run(['--company', owner.company_id, '--as-of', at, '--csv', file]);
        expect(code).toBe(0);
        expect(out).toContain(`Stamp ledger of company ${owner.company_id} as of ${at}`);
        expect(out).toMatch(/Roll 1 {2}AB1000-AB1479 {2}received \d{4}-\d{2}-\d{2} {2}active {2}480 stamps/);
        expect(out).toContain('  DESTROYED         8  AB1022-AB1029');
        expect(out).toContain('Totals: 665 stamps, 630 available, 27 invoiced, 8 destroyed');
        expect(readFileSync(file, 'utf8')).toBe(
          stampLedgerCsv(await replayStampLedger(app.runtime.store, owner.company_id, at)),
        );
      } finally {
        rmSync(file, { force: true });
      }
    });

    it.each([
      [['--as-of', '2026-11-21T00:00:00Z'], '--company needs a company id'],
      [
        ['--company', '6f1c0000-0000-4000-8000-000000000000', '--as-of', 'noon'],
        '--as-of needs an ISO 8601 date-time',
      ],
      [
        ['--company', '6f1c0000-0000-4000-8000-000000000000', '--as-of', '2026-11-21T00:00:00Z', '--csv'],
        '--csv needs a file name',
      ],
    ])('refuses %j', async (args, message) => {
      const { code, out } = await run(args);
      expect(code).toBe(1);
      expect(out).toContain(message);
    });
  });

  describe('bad input', () => {
    it.each([
      ['DELETE', 'stamp/undo-destroy?ids=x', undefined, 400],
      ['DELETE', 'stamp/undo-destroy', undefined, 400],
      ['DELETE', 'stamp/undo-destroy?ids=1,0', undefined, 400],
      ['DELETE', 'stamp/undo-destroy?ids=77', undefined, 404],
      ['POST', 'stamp/roll/1/destroy', { from: 'a', to: 2 }, 400],
      ['POST', 'stamp/roll/1/destroy', { from: 1010, to: 1000 }, 400],
      ['POST', 'stamp/roll/1/destroy', [], 400],
      ['PUT', 'stamp/roll/1/assign', { from: 1, to: 2, note: 5 }, 400],
      ['POST', 'stamp/range/check', { roll_id: 1, from: 1100, to: 1101, added: [{ roll_id: 'x' }] }, 400],
      ['POST', 'stamp/range/check', { roll_id: 1, from: 1100, to: 1101, added: 'x' }, 400],
      ['GET', 'stamp/download?filterModel=%7Bbad', undefined, 400],
      ['GET', 'stamp/download?filterModel=%7B%22nope%22%3A%7B%7D%7D', undefined, 400],
    ])('%s %s %j answers %d with a message, never a 500', async (method, path, body, status) => {
      const response = await api.call(method, path, { token, body });
      expect(response.status).toBe(status);
      expect(typeof response.body.message).toBe('string');
    });
  });

  describe('tenancy', () => {
    it("answers 404 to another company's user for every route naming a stamp object", async () => {
      const other = await signUpOwner(api, 'Other Owner');
      await expectOtherCompanyGets404(
        api,
        other.token,
        [
          { method: 'PUT', path: 'stamp/roll/1', body: { active: 0 } },
          { method: 'PUT', path: 'stamp/roll/1/assign', body: { from: 1100, to: 1101 } },
          { method: 'POST', path: 'stamp/roll/1/destroy', body: { from: 1100, to: 1101 } },
          { method: 'DELETE', path: 'stamp/undo-destroy?ids=1' },
          { method: 'GET', path: 'stamp/history?prefix=AB&number=1015' },
          { method: 'POST', path: 'stamp/range/check', body: { roll_id: 1, from: 1100, to: 1101 } },
        ],
        ['Bar One', 'MB123456', 'water damage', 'SAMPLES'],
      );
      const theirs = await api.get('invoice/stamp/grid?startRow=0&endRow=100', other.token);
      expect(theirs.body).toEqual({ rows: [], count: 0 });
      expect((await api.get('stamp/roll', other.token)).body).toEqual([]);
      expect((await api.get('stamp/destroyed', other.token)).body).toEqual([]);
    });
  });
});
