import { businessDate } from '#domain/shared/business-date.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { setFeature } from '../support/cli.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { pdfText } from '../support/pdf-text.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

const today = () => businessDate(new Date().toISOString());
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface RecordLine {
  kind: string;
  serials: string;
  serialList: string[];
  quantity: number;
  invoiceNumber: string | null;
  creditMemoNumber: string | null;
  note: string | null;
  onHandAfter: number;
}

/**
 * Stamps follow the goods: a delivered invoice of 5 bottles of Tito's (stamps AB1000–AB1004), two broken bottles
 * credited (their stamps written off with them), one short bottle credited (its stamp back in stock on it, then
 * sold again on the next invoice), a void refused and a void that gives the stamps back.
 */
describe('Credit memos move stamps with the goods (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let token: string;
  let customerId: string;
  let vodka: string;
  let first: { id: string; number: string };
  let broken: { id: string; number: string };
  let beforeMemo: string;

  const settle = async () => app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
  const invoice = async (qty: number) => {
    const created = await api.post(
      'invoice',
      { customer_id: customerId, items: [{ product_id: vodka, qty, price: 19.99 }] },
      token,
    );
    expect(created.status).toBe(201);
    return { id: created.body.id as string, number: String(created.body.number) };
  };
  const credit = async (invoiceId: string, reason: string, qty: number) => {
    const issued = await api.post(
      'credit-memo',
      { invoice: invoiceId, reason, lines: [{ line_no: 1, qty }] },
      token,
    );
    expect(issued.status).toBe(201);
    return { id: issued.body.id as string, number: issued.body.number as string };
  };
  const record = async (asOf?: string) => {
    const response = await api.get(
      `stamp/record?from=${today()}&to=${today()}${asOf ? `&as_of=${encodeURIComponent(asOf)}` : ''}`,
      token,
    );
    expect(response.status).toBe(200);
    return response.body as { closingOnHand: number; days: { lines: RecordLine[] }[] };
  };
  const linesOf = (body: Awaited<ReturnType<typeof record>>) => body.days.flatMap((d) => d.lines);
  const serial = async (number: number) =>
    (await api.get(`stamp/record/serial?prefix=AB&number=${number}`, token)).body as {
      status: string;
      transactions: { kind: string; range: string; invoiceNumber: string | null; note: string | null }[];
    };
  const stock = async () => {
    await settle();
    const grid = await api.get('inventory/grid?startRow=0&endRow=10', token);
    return grid.body.rows.find((row: { id: string }) => row.id === vodka).qty as number;
  };

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    const owner = await signUpOwner(api);
    token = owner.token;
    await setFeature(app.app, owner.user.company_id, 'inventory');
    customerId = (await api.post('customer', RUSTY_NAIL, token)).body.id;
    vodka = (
      await api.post(
        'product',
        {
          product: "Tito's Vodka",
          product_type: 'liquor',
          product_size: '750ml',
          product_price: 19.99,
          last_purchase_price: '15.00',
        },
        token,
      )
    ).body.id;
    const restock = { ref_number: 'PO-1', items: [{ product_id: vodka, qty: 24, item_cost: 15 }] };
    expect((await api.put('inventory', restock, token)).status).toBe(200);
    const roll = { prefix: 'AB', received_at: today(), from: 1000, to: 1479 };
    expect((await api.post('stamp/roll', roll, token)).status).toBe(201);
    first = await invoice(5);
    expect((await api.put(`invoice/${first.id}`, { status: 'delivered' }, token)).status).toBe(200);
    await pause(5);
    beforeMemo = new Date().toISOString();
    await pause(5);
    broken = await credit(first.id, 'delivered_damaged', 2);
  });
  afterAll(async () => {
    await app.close();
  });

  it('writes off the stamps of two broken bottles with them: stock, stamp record, serial history and the as-of replay show it', async () => {
    expect(broken.number).toBe('CM-1001');
    expect((await api.get(`credit-memo/${broken.id}`, token)).body.stamps).toEqual([
      {
        line_no: 1,
        name: "TITO'S VODKA",
        disposition: 'written_off',
        serials: ['AB1003-AB1004'],
        count: 2,
      },
    ]);
    // the invoice counts them: 5 needed, 3 assigned, 2 returned with the memo
    expect((await api.get(`invoice/${first.id}`, token)).body).toMatchObject({
      stamps_needed: 5,
      stamp_count: 3,
      stamps_returned: 2,
    });
    const pdf = await fetch(`${app.baseUrl}/api/v1/credit-memo/${broken.id}/pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdfText(Buffer.from(await pdf.arrayBuffer()))).toContain('AB1003-AB1004');
    // 24 − 5 invoiced; the two broken bottles come back and are written off.
    expect(await stock()).toBe(19);
    const history = (await api.get('inventory/history/grid?startRow=0&endRow=50', token)).body.rows as {
      source: string;
      qty: number;
      ref: string;
    }[];
    expect(
      history.filter((r) => r.ref === broken.number).map(({ source, qty, ref }) => ({ source, qty, ref })),
    ).toEqual(
      expect.arrayContaining([
        { source: 'RETURN', qty: 2, ref: 'CM-1001' },
        { source: 'WRITE_OFF', qty: -2, ref: 'CM-1001' },
      ]),
    );

    const now = await record();
    const returned = linesOf(now).find((l) => l.kind === 'goods_written_off');
    expect(returned).toMatchObject({
      serials: 'AB1003-AB1004',
      serialList: ['AB1003', 'AB1004'],
      quantity: 2,
      invoiceNumber: first.number,
      creditMemoNumber: 'CM-1001',
      note: "Credit memo CM-1001, TITO'S VODKA: destroyed with its bottle (written off)",
      // The stamps stay affixed (on the broken bottles): on hand does not move.
      onHandAfter: 475,
    });
    expect(now.closingOnHand).toBe(475);
    // As of before the memo, the record shows no return.
    expect(linesOf(await record(beforeMemo)).map((l) => l.kind)).not.toContain('goods_written_off');

    const story = await serial(1004);
    expect(story.status).toBe('written_off');
    expect(story.transactions.map((t) => [t.kind, t.invoiceNumber])).toEqual([
      ['received', null],
      ['affixed', first.number],
      ['goods_written_off', first.number],
    ]);
    expect((await serial(1002)).status).toBe('invoiced');
    const lookup = await api.get('stamp/history?prefix=AB&number=1004', token);
    expect(lookup.body.status).toBe('WRITTEN_OFF');
    expect(lookup.body.transitions.at(-1)).toMatchObject({
      kind: 'goods_written_off',
      invoice_number: first.number,
      note: "Credit memo CM-1001, TITO'S VODKA: destroyed with its bottle (written off)",
    });

    // The ledger replayed as of now: still 5 affixed, 475 available: no stamp leaked or held twice.
    const asOf = await api.get(`stamp/as-of?at=${encodeURIComponent(new Date().toISOString())}`, token);
    expect(asOf.body.totals).toMatchObject({ size: 480, available: 475, invoiced: 5, destroyed: 0 });
  });

  it('puts a short bottle back in stock with its stamp; the next invoice of the product carries it again; its memo can no longer be voided', async () => {
    const short = await credit(first.id, 'short_delivery', 1);
    expect(short.number).toBe('CM-1002');
    expect((await serial(1002)).status).toBe('returned_in_stock');
    const replay = await api.get(`stamp/as-of?at=${encodeURIComponent(new Date().toISOString())}`, token);
    expect(replay.body.onReturnedBottles).toEqual([
      { productId: vodka, ranges: [{ rollId: 1, prefix: 'AB', from: 1002, to: 1002 }] },
    ]);

    const second = await invoice(2);
    const story = await serial(1002);
    expect(story.status).toBe('invoiced');
    expect(story.transactions.map((t) => [t.kind, t.invoiceNumber])).toEqual([
      ['received', null],
      ['affixed', first.number],
      ['goods_restocked', first.number],
      ['reissued', second.number],
    ]);
    const view = await api.get(`invoice/${second.id}`, token);
    expect(view.status).toBe(200);
    // AB1002 again, and one fresh stamp: nothing held twice, nothing leaked.
    const rolls = await app.runtime.pool.query(
      `SELECT available_count::int, invoiced_count::int FROM rm_stamp_roll WHERE company_id = (
         SELECT company_id FROM rm_invoice WHERE id = $1)`,
      [second.id],
    );
    expect(rolls.rows).toEqual([{ available_count: 474, invoiced_count: 6 }]);
    expect((await record()).closingOnHand).toBe(474);

    const refused = await api.post(`credit-memo/${short.id}/void`, { reason: 'Found in the truck' }, token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Credit memo CM-1002 cannot be voided: the bottles it put back in stock were invoiced again (stamps AB1002). Credit that invoice instead.',
    );
    expect((await api.get(`credit-memo/${short.id}`, token)).body.status).toBe('issued');
  });

  it('voids the broken bottles memo: their stamps are the invoice’s again', async () => {
    const voided = await api.post(`credit-memo/${broken.id}/void`, { reason: 'Bottles were fine' }, token);
    expect(voided.status).toBe(201);
    // the short bottle's memo stays: 4 assigned, 1 returned
    expect((await api.get(`invoice/${first.id}`, token)).body).toMatchObject({
      stamps_needed: 5,
      stamp_count: 4,
      stamps_returned: 1,
    });
    const story = await serial(1004);
    expect(story.status).toBe('invoiced');
    expect(story.transactions.at(-1)).toMatchObject({
      kind: 'goods_return_voided',
      invoiceNumber: first.number,
    });
    expect(await stock()).toBe(24 - 5 + 1 - 2);
  });

  it('lists the CM- series beside the invoices in the numbering proof (JSON, CSV, PDF): both memos, one void, no gap', async () => {
    const query = `from=${today()}&to=${today()}`;
    const proof = await api.get(`invoice/numbering-proof?${query}`, token);
    expect(proof.status).toBe(200);
    expect(proof.body.creditMemos).toMatchObject({
      previous: null,
      numbers: [
        { number: 'CM-1001', invoiceNumber: first.number, customer: 'The Rusty Nail', state: 'void' },
        { number: 'CM-1002', invoiceNumber: first.number, customer: 'The Rusty Nail', state: 'issued' },
      ],
      gaps: [],
    });
    expect(proof.body).toMatchObject({ gaps: 0, unexplained: 0 });
    const file = (kind: string) =>
      fetch(`${app.baseUrl}/api/v1/invoice/numbering-proof/${kind}?${query}`, {
        headers: { authorization: `Bearer ${token}` },
      });
    const csv = await file('download');
    expect(csv.status).toBe(200);
    const text = await csv.text();
    expect(text).toContain('Credit memos,CM-1001');
    expect(text).toContain('Void (keeps its number)');
    const pdf = await file('pdf');
    expect(pdf.status).toBe(200);
    const printed = pdfText(Buffer.from(await pdf.arrayBuffer()));
    for (const expected of ['Credit memos', 'CM-1001', 'CM-1002']) expect(printed).toContain(expected);
  });

  it('e-mails a credit memo with its PDF attached, answers going to the company; a bad address is a 400', async () => {
    const mark = app.mailbox.mark();
    const sent = await api.post(`credit-memo/${broken.id}/email`, { email: 'ap@rustynail.test' }, token);
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({
      message: 'Your email has been sent',
      emailed_to: 'ap@rustynail.test',
      status: 'sent',
      email_id: expect.any(String),
    });
    const mail = await app.mailbox.waitFor('ap@rustynail.test', { after: mark });
    const me = (await api.get('validate_token', token)).body as { email: string; company: { name: string } };
    expect(mail.subject).toBe(`Credit memo CM-1001 from ${me.company.name}`);
    expect(mail.replyTo).toEqual([`${me.company.name} <${me.email}>`]);
    expect(mail.text).toContain(`on invoice #${first.number} for $43.28 (Delivered damaged)`);
    expect(mail.text).toContain('This credit memo is void');
    expect(mail.attachments[0]).toMatchObject({
      contentType: 'application/pdf',
      filename: 'credit_memo_CM-1001.pdf',
    });
    const bad = await api.post(`credit-memo/${broken.id}/email`, { email: 'nope' }, token);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Input valid email address');
  });

  it('answers 404 to another company for the memo, its void and the serial of another company', async () => {
    const other = await signUpOwner(api);
    await expectOtherCompanyGets404(
      api,
      other.token,
      [
        { method: 'GET', path: `credit-memo/${broken.id}` },
        { method: 'POST', path: `credit-memo/${broken.id}/void`, body: { reason: 'Mine now' } },
        { method: 'POST', path: `credit-memo/${broken.id}/email`, body: { email: 'x@y.test' } },
        {
          method: 'POST',
          path: 'credit-memo',
          body: { invoice: first.id, reason: 'delivered_damaged', lines: [{ line_no: 1, qty: 1 }] },
        },
      ],
      ['CM-1001', 'The Rusty Nail'],
    );
    const theirs = await api.get('stamp/record/serial?prefix=AB&number=1004', other.token);
    expect(theirs.body.status).toBe('not_received');
  });

  it('lets the builder choose a returned bottle’s serial by hand: it goes out again on that bottle, the other chosen serials fresh', async () => {
    // the broken bottles' memo is void: AB1003–AB1004 are the first invoice's again; one more short bottle comes back
    const short = await credit(first.id, 'short_delivery', 1);
    expect((await serial(1004)).status).toBe('returned_in_stock');
    const check = await api.post('stamp/range/check', { roll_id: 1, from: 1004, to: 1004 }, token);
    expect(check.status).toBe(200);
    expect(check.body).toMatchObject({ range: 'AB1004', count: 1, returned: 1 });
    // the builder's preview of an automatic allocation shows the returned bottle first, then a fresh stamp
    const preview = await api.get(`stamp/allocation?count=2&bottles=${vodka}:2`, token);
    expect(preview.status).toBe(200);
    expect(preview.body.reissued).toEqual([{ roll_id: 1, prefix: 'AB', from: 1004, to: 1004 }]);
    expect(preview.body.added).toEqual([{ roll_id: 1, prefix: 'AB', from: 1006, to: 1006 }]);
    const bad = await api.get('stamp/allocation?count=2&bottles=vodka', token);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('bottles must be productId:bottles pairs joined by commas.');

    const created = await api.post(
      'invoice',
      {
        customer_id: customerId,
        items: [{ product_id: vodka, qty: 2, price: 18.99 }],
        stamps: [
          { roll_id: 1, from: 1004, to: 1004 },
          { roll_id: 1, from: 1010, to: 1010 },
        ],
      },
      token,
    );
    expect(created.status).toBe(201);
    const story = await serial(1004);
    expect(story.status).toBe('invoiced');
    expect(story.transactions.at(-1)).toMatchObject({
      kind: 'reissued',
      invoiceNumber: String(created.body.number),
    });
    expect((await serial(1010)).status).toBe('invoiced');
    expect((await api.get(`credit-memo/${short.id}`, token)).body.status).toBe('issued');

    // The invoice's answer and its view mark the returned bottle's stamp.
    const marked = [
      { roll_id: 1, prefix: 'AB', from: 1004, to: 1004, count: 1, returned_bottles: true },
      { roll_id: 1, prefix: 'AB', from: 1010, to: 1010, count: 1 },
    ];
    expect(created.body.stamps).toEqual(marked);
    expect((await api.get(`invoice/${created.body.id}`, token)).body.stamps).toEqual(marked);
    // Cancelled, the invoice frees its fresh stamp; the returned bottle stays in stock with its own.
    const number = String(created.body.number);
    expect((await api.put(`invoice/${created.body.id}`, { status: 'cancelled' }, token)).status).toBe(200);
    const back = await serial(1004);
    expect(back.status).toBe('returned_in_stock');
    expect(back.transactions.at(-1)).toMatchObject({
      kind: 'goods_restocked',
      invoiceNumber: number,
      note: "TITO'S VODKA: invoice cancelled, back in stock on its bottle",
    });
    expect((await serial(1010)).status).toBe('available');
    const replay = await api.get(`stamp/as-of?at=${encodeURIComponent(new Date().toISOString())}`, token);
    expect(replay.body.onReturnedBottles).toEqual([
      { productId: vodka, ranges: [{ rollId: 1, prefix: 'AB', from: 1004, to: 1004 }] },
    ]);
    // Un-cancelled, it carries that bottle again.
    expect((await api.put(`invoice/${created.body.id}`, { status: 'delivered' }, token)).status).toBe(200);
    expect((await serial(1004)).transactions.at(-1)).toMatchObject({
      kind: 'reissued',
      invoiceNumber: number,
    });
  });
});
