import { businessDate } from '#domain/shared/business-date.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { pdfText } from '../support/pdf-text.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

const today = () => businessDate(new Date().toISOString());
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Stamp statuses beyond destroyed (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
  });
  afterAll(() => app.close());

  const stampEvents = async (companyId: string) =>
    Number(
      (
        await app.runtime.pool.query('SELECT count(*) AS n FROM events WHERE stream_id = $1', [
          `stamps-${companyId}`,
        ])
      ).rows[0].n,
    );

  /** An owner with roll AB1000–AB1479, and the extended statuses on unless said otherwise. */
  async function anOwner(on = true) {
    const owner = await signUpOwner(api, 'Stella Status');
    expect(
      (
        await api.post(
          'stamp/roll',
          { prefix: 'AB', received_at: today(), from: 1000, to: 1479 },
          owner.token,
        )
      ).status,
    ).toBe(201);
    if (on)
      expect(
        (
          await api.put(
            `company/${owner.user.company_id}/compliance`,
            { extended_stamp_statuses: true },
            owner.token,
          )
        ).status,
      ).toBe(200);
    return owner;
  }

  it('with the setting off (the default) refuses with 403 and records nothing', async () => {
    const owner = await anOwner(false);
    expect((await api.get('stamp/status-settings', owner.token)).body).toEqual({
      extended_stamp_statuses: false,
    });
    const before = await stampEvents(owner.user.company_id);
    const refused = await api.post(
      'stamp/roll/1/status',
      { status: 'lost', from: 1005, to: 1005, note: 'gone' },
      owner.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Lost, stolen, voided and returned stamps are not switched on for your company. The owner can switch them on in Settings, under TABC compliance.',
    );
    const replacement = await api.post(
      'stamp/replacement',
      { prefix: 'AB', number: 1005, replacement_prefix: 'AB', replacement_number: 1006 },
      owner.token,
    );
    expect(replacement.status).toBe(403);
    expect(await stampEvents(owner.user.company_id)).toBe(before);
    // The spec's answers are as they were: no new field.
    const history = await api.get('stamp/history?prefix=AB&number=1005', owner.token);
    expect(history.body.status).toBe('AVAILABLE');
    expect(history.body).not.toHaveProperty('replaced_by');
    expect(history.body).not.toHaveProperty('replaces');
  });

  it('records lost stamps with the note and who recorded it; they leave stock and show in the history and log', async () => {
    const owner = await anOwner();
    expect((await api.get('stamp/status-settings', owner.token)).body).toEqual({
      extended_stamp_statuses: true,
    });
    const recorded = await api.post(
      'stamp/roll/1/status',
      { status: 'lost', from: '1010', to: 1011, note: ' Box 4 missing ' },
      owner.token,
    );
    expect(recorded.status).toBe(201);
    expect(recorded.body).toMatchObject({
      record: {
        id: 1,
        status: 'lost',
        roll_id: 1,
        prefix: 'AB',
        from: 1010,
        to: 1011,
        count: 2,
        note: 'Box 4 missing',
        recorded_by: 'Stella Status',
      },
      replacement: null,
      messages: ['2 stamps recorded lost: AB1010-AB1011.'],
    });
    const remaining = await api.get('stamp/roll', owner.token);
    expect(remaining.body[0]).toMatchObject({ available_count: 478 });

    const history = await api.get('stamp/history?prefix=AB&number=1011', owner.token);
    expect(history.body.status).toBe('LOST');
    expect(history.body.transitions.at(-1)).toMatchObject({
      kind: 'lost',
      status: 'LOST',
      note: 'Box 4 missing',
      user_name: 'Stella Status',
    });

    // Auto-allocation skips them.
    const customer = await api.post('customer', RUSTY_NAIL, owner.token);
    const vodka = await api.post(
      'product',
      { product: "Tito's Vodka", product_type: 'liquor', product_size: '750ml', product_price: 19.99 },
      owner.token,
    );
    const invoice = await api.post(
      'invoice',
      { customer_id: customer.body.id, items: [{ product_id: vodka.body.id, qty: 12, price: 19.99 }] },
      owner.token,
    );
    expect(invoice.status).toBe(201);
    const affixed = await api.get('stamp/history?prefix=AB&number=1012', owner.token);
    expect(affixed.body.status).toBe('INVOICED');
    expect((await api.get('stamp/history?prefix=AB&number=1010', owner.token)).body.status).toBe('LOST');
  });

  it('records a voided stamp with its replacement, cross-referenced both ways, and a replacement afterwards', async () => {
    const owner = await anOwner();
    const voided = await api.post(
      'stamp/roll/1/status',
      {
        status: 'voided',
        from: 1005,
        to: 1005,
        note: 'Torn while affixing',
        replacement_prefix: 'ab',
        replacement_number: 1006,
      },
      owner.token,
    );
    expect(voided.status).toBe(201);
    expect(voided.body.replacement).toMatchObject({
      original: 'AB1005',
      original_status: 'voided',
      replacement: 'AB1006',
      recorded_by: 'Stella Status',
    });
    const original = await api.get('stamp/history?prefix=AB&number=1005', owner.token);
    expect(original.body).toMatchObject({ status: 'VOIDED', replaced_by: 'AB1006' });
    expect(original.body.transitions.at(-1)).toMatchObject({
      kind: 'replaced',
      status: 'VOIDED',
      note: 'Replaced by AB1006: Torn while affixing',
    });
    const replacement = await api.get('stamp/history?prefix=AB&number=1006', owner.token);
    expect(replacement.body).toMatchObject({ status: 'AVAILABLE', replaces: 'AB1005' });

    // A destroyed stamp replaced afterwards.
    await api.post('stamp/roll/1/destroy', { from: 1020, to: 1020, note: 'torn' }, owner.token);
    const later = await api.post(
      'stamp/replacement',
      { prefix: 'AB', number: 1020, replacement_prefix: 'AB', replacement_number: 1021 },
      owner.token,
    );
    expect(later.status).toBe(201);
    expect(later.body).toMatchObject({
      record: null,
      replacement: { original: 'AB1020', original_status: 'destroyed', replacement: 'AB1021' },
    });

    // The same stamp again: a clear 409.
    const again = await api.post(
      'stamp/replacement',
      { prefix: 'AB', number: 1020, replacement_prefix: 'AB', replacement_number: 1022 },
      owner.token,
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('AB1020 is already replaced by AB1021.');
  });

  it('lists them individually in the stamp record (JSON, CSV, PDF) and one stamp as of then', async () => {
    const owner = await anOwner();
    await api.post(
      'stamp/roll/1/status',
      { status: 'stolen', from: 1030, to: 1032, note: 'Van broken into' },
      owner.token,
    );
    await pause(5);
    const asOf = new Date().toISOString();
    await pause(5);
    await api.post(
      'stamp/roll/1/status',
      { status: 'returned_to_state', from: 1400, to: 1479, note: 'Permit ended' },
      owner.token,
    );
    const period = `from=${today()}&to=${today()}`;
    const record = await api.get(`stamp/record?${period}`, owner.token);
    expect(record.status).toBe(200);
    const lines = record.body.days.flatMap((d: { lines: unknown[] }) => d.lines);
    expect(lines).toContainEqual(
      expect.objectContaining({
        kind: 'stolen',
        quantity: 3,
        serialList: ['AB1030', 'AB1031', 'AB1032'],
        note: 'Van broken into (recorded by Stella Status)',
      }),
    );
    expect(record.body.totals).toMatchObject({ stolen: 3, returned_to_state: 80 });
    expect(record.body.closingOnHand).toBe(480 - 3 - 80);

    const csv = await api.get(`stamp/record/download?${period}`, owner.token);
    const text = String(csv.body);
    expect(text).toContain('Stolen,1,AB1031,1');
    expect(text).toContain('Returned to the state,1,AB1479,1');

    const pdf = await fetch(`${app.baseUrl}/api/v1/stamp/record/pdf?${period}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(pdf.status).toBe(200);
    const printed = await pdfText(Buffer.from(await pdf.arrayBuffer()));
    expect(printed).toContain('Stolen');
    expect(printed).toContain('AB1030 AB1031 AB1032');
    expect(printed).toContain('3 stolen, 80 returned to the state');

    // As of before the return: AB1450 was still in stock then.
    const then = await api.get(
      `stamp/record/serial?prefix=AB&number=1450&as_of=${encodeURIComponent(asOf)}`,
      owner.token,
    );
    expect(then.body.status).toBe('available');
    const now = await api.get('stamp/record/serial?prefix=AB&number=1450', owner.token);
    expect(now.body.status).toBe('returned_to_state');
    expect(now.body.transactions.at(-1)).toMatchObject({
      kind: 'returned_to_state',
      note: 'Permit ended (recorded by Stella Status)',
    });
  });

  it('refuses bad input with a clear 4xx and changes nothing', async () => {
    const owner = await anOwner();
    await api.post('stamp/roll/1/destroy', { from: 1001, to: 1001, note: 'torn' }, owner.token);
    const before = await stampEvents(owner.user.company_id);
    const cases: [unknown, number, string][] = [
      [
        { status: 'misplaced', from: 1005, to: 1005, note: 'x' },
        400,
        "Status must be 'lost', 'stolen', 'voided' or 'returned_to_state'.",
      ],
      [
        { status: 'lost', from: 1005, to: 1005 },
        400,
        'Please add a note saying what happened to the stamps.',
      ],
      [
        { status: 'lost', from: 1005, to: 1005, note: '   ' },
        400,
        'Please add a note saying what happened to the stamps.',
      ],
      [
        { status: 'lost', from: 1005, to: 1005, note: 'x'.repeat(501) },
        400,
        'The note must be at most 500 characters.',
      ],
      [{ status: 'lost', from: 'abc', to: 1005, note: 'x' }, 400, 'From must be a whole number.'],
      [
        { status: 'lost', from: 900, to: 1005, note: 'x' },
        400,
        'From and to must lie within the roll range AB1000-AB1479.',
      ],
      [
        { status: 'lost', from: 1000, to: 1002, note: 'x' },
        409,
        'Only stamps in stock can be recorded lost: AB1001 is not available.',
      ],
      [
        { status: 'lost', from: 1005, to: 1006, note: 'x', replacement_number: 1010 },
        400,
        'A replacement stands for one stamp: from and to must be the same number.',
      ],
      [
        { status: 'lost', from: 1005, to: 1005, note: 'x', replacement_number: 9999 },
        404,
        'No stamp AB9999 found',
      ],
    ];
    for (const [body, status, message] of cases) {
      const response = await api.post('stamp/roll/1/status', body, owner.token);
      expect({ body, status: response.status, message: response.body.message }).toEqual({
        body,
        status,
        message,
      });
    }
    expect(
      (await api.post('stamp/roll/7/status', { status: 'lost', from: 1, to: 1, note: 'x' }, owner.token))
        .status,
    ).toBe(404);
    expect(
      (await api.post('stamp/roll/0/status', { status: 'lost', from: 1, to: 1, note: 'x' }, owner.token))
        .status,
    ).toBe(400);
    const notReplaceable = await api.post(
      'stamp/replacement',
      { prefix: 'AB', number: 1002, replacement_prefix: 'AB', replacement_number: 1003 },
      owner.token,
    );
    expect(notReplaceable.status).toBe(409);
    expect(notReplaceable.body.message).toBe(
      'Only a lost, stolen, voided or destroyed stamp can be replaced: AB1002 is available.',
    );
    expect(await stampEvents(owner.user.company_id)).toBe(before);
  });

  it("cannot touch another company's stamps (404) and tells nothing of them", async () => {
    const owner = await anOwner();
    await api.post(
      'stamp/roll/1/status',
      { status: 'lost', from: 1005, to: 1005, note: 'secret-note-1' },
      owner.token,
    );
    const other = await signUpOwner(api, 'Otto Other');
    await api.put(
      `company/${other.user.company_id}/compliance`,
      { extended_stamp_statuses: true },
      other.token,
    );
    await expectOtherCompanyGets404(
      api,
      other.token,
      [
        {
          method: 'POST',
          path: 'stamp/roll/1/status',
          body: { status: 'lost', from: 1006, to: 1006, note: 'x' },
        },
        {
          method: 'POST',
          path: 'stamp/replacement',
          body: { prefix: 'AB', number: 1005, replacement_prefix: 'AB', replacement_number: 1007 },
        },
        { method: 'GET', path: 'stamp/history?prefix=AB&number=1005' },
      ],
      ['secret-note-1'],
    );
    expect((await api.get('stamp/history?prefix=AB&number=1006', owner.token)).body.status).toBe('AVAILABLE');
  });
});
