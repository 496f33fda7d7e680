import { businessDate } from '#domain/shared/business-date.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { expectDocumentedAnswer, loadApiDocument, type ApiDocument } from '../support/documented-answers.js';
import { anAccountCompany, type AccountCompany } from '../support/api-fixtures.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

describe('Payments on account (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let document: ApiDocument;
  let token: string;
  let aCustomer: AccountCompany['aCustomer'];
  let anInvoice: AccountCompany['anInvoice'];
  let invoice: AccountCompany['invoice'];
  const today = businessDate(new Date().toISOString());

  const receive = (customerId: string, body: object, headers?: Record<string, string>) =>
    api.post(
      `customer/${customerId}/payment`,
      { method: 'check', received_at: today, ...body },
      token,
      headers,
    );

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    document = await loadApiDocument(app.baseUrl);
    ({ token, aCustomer, anInvoice, invoice } = await anAccountCompany(api));
  });
  afterAll(async () => {
    await app.close();
  });

  it('a check pays three invoices oldest first and leaves a credit, which is then applied to a fourth', async () => {
    const customerId = await aCustomer();
    const [a, b, c] = [
      await anInvoice(customerId, 100),
      await anInvoice(customerId, 200),
      await anInvoice(customerId, 50),
    ];
    const received = await receive(customerId, { amount: '400.00', reference: '1042' });
    expect(received.status).toBe(201);
    expectDocumentedAnswer(document, 'POST', `customer/${customerId}/payment`, received);
    expect(received.body).toMatchObject({
      unapplied_credit: 50,
      received: 400,
      applied: 350,
      owing: 0,
      balance: -50,
    });
    for (const paid of [a, b, c])
      expect(await invoice(paid.id)).toMatchObject({ status: 'paid', balance: 0 });

    const d = await anInvoice(customerId, 80);
    const applied = await api.post(`customer/${customerId}/credit/apply`, {}, token);
    expect(applied.status).toBe(201);
    expect(applied.body).toMatchObject({ unapplied_credit: 0, applied: 400, owing: 30, balance: 30 });
    expect(await invoice(d.id)).toMatchObject({ status: 'partially_paid', paid: 50, balance: 30 });

    const account = await api.get(`customer/${customerId}/account`, token);
    expectDocumentedAnswer(document, 'GET', `customer/${customerId}/account`, account);
    expect(account.body.entries.map((e: { kind: string; amount: number }) => [e.kind, e.amount])).toEqual([
      ['application', 50],
      ['application', 50],
      ['application', 200],
      ['application', 100],
      ['payment', 400],
    ]);
    const balance = await api.get(`customer/${customerId}/balance`, token);
    expect(balance.body.summary).toMatchObject({ owing: 30, unapplied_credit: 0, balance: 30 });
  });

  it('applies to the invoices chosen with amounts, and refunds part of the credit by check', async () => {
    const customerId = await aCustomer('Chosen Bar');
    const a = await anInvoice(customerId, 100);
    const b = await anInvoice(customerId, 100);
    const received = await receive(customerId, {
      amount: 150,
      method: 'ach',
      invoices: [{ invoice_id: b.id, amount: 60 }],
    });
    expect(received.body).toMatchObject({ unapplied_credit: 90, applied: 60 });
    expect(await invoice(a.id)).toMatchObject({ paid: 0 });
    expect(await invoice(b.id)).toMatchObject({ status: 'partially_paid', paid: 60 });

    const tooMuch = await api.post(
      `customer/${customerId}/credit/refund`,
      { amount: 90.01, method: 'check', reference: '2001', refunded_at: today },
      token,
    );
    expect(tooMuch.status).toBe(409);
    expect(tooMuch.body.message).toBe("$90.01 is more than the customer's unapplied credit of $90.00.");
    const refunded = await api.post(
      `customer/${customerId}/credit/refund`,
      { amount: 40, method: 'check', reference: '2001', refunded_at: today },
      token,
    );
    expect(refunded.status).toBe(201);
    expectDocumentedAnswer(document, 'POST', `customer/${customerId}/credit/refund`, refunded);
    expect(refunded.body).toMatchObject({ unapplied_credit: 50, refunded: 40, owing: 140, balance: 90 });

    const statement = (await api.get(`customer/${customerId}/statement`, token)).body;
    expect(
      statement.rows
        .filter((line: { kind: string }) => line.kind !== 'invoice')
        .map((line: { description: string; charge: number; credit: number }) => [
          line.description,
          line.charge,
          line.credit,
        ]),
    ).toEqual([
      ['Payment on account · ACH', 0, 150],
      [`Credit applied to invoice ${b.number}: $60.00`, 0, 0],
      ['Refund of credit · Check 2001', 40, 0],
    ]);
    // invoices − payments − credits + refunds
    expect(statement.closing_balance).toBe(200 - 150 + 40);
    expect(statement.aging.unapplied_credit).toBe(50);
  });

  it('cancelling a paid invoice makes its payments the customer credit', async () => {
    const customerId = await aCustomer('Cancel Bar');
    const a = await anInvoice(customerId, 300);
    expect(
      (await api.post(`invoice/${a.id}/payment`, { amount: 300, received_at: today }, token)).status,
    ).toBe(201);
    const cancelled = await api.put(`invoice/${a.id}`, { status: 'cancelled' }, token);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({ status: 'cancelled', paid: 0, credited_to_account: 300 });
    const account = (await api.get(`customer/${customerId}/account`, token)).body;
    expect(account).toMatchObject({ unapplied_credit: 300, credited_from_invoices: 300, balance: -300 });
    expect(account.entries[0]).toMatchObject({
      kind: 'invoice_credit',
      amount: 300,
      invoice_number: a.number,
    });
    // taken out of Cancelled: the invoice owes its total again, the money stays the customer's credit
    const reopened = await api.put(`invoice/${a.id}`, { status: 'invoiced' }, token);
    expect(reopened.status).toBe(200);
    expect(reopened.body).toMatchObject({
      status: 'invoiced',
      paid: 0,
      credited_to_account: 300,
      balance: 300,
    });
    expect((await api.get(`customer/${customerId}/account`, token)).body).toMatchObject({
      unapplied_credit: 300,
      balance: 0,
    });
  });

  it("answers the account's entries a page at a time, newest first, to the first entry", async () => {
    const customerId = await aCustomer('Paging Bar');
    const a = await anInvoice(customerId, 10);
    await anInvoice(customerId, 10);
    // 1 the check, 2-3 its shares, 4-7 four payments kept as credit, 8 the first share taken back
    expect((await receive(customerId, { amount: 20, reference: 'P-0' })).status).toBe(201);
    for (const n of [1, 2, 3, 4])
      expect((await receive(customerId, { amount: 1, reference: `P-${n}` })).status).toBe(201);
    const everything = (await api.get(`customer/${customerId}/account`, token)).body;
    const share = everything.entries.find(
      (e: { kind: string; invoice_id: string }) => e.kind === 'application' && e.invoice_id === a.id,
    );
    const takenBack = await api.post(
      `customer/${customerId}/credit/unapply`,
      { invoice_id: a.id, payment_id: share.id },
      token,
    );
    expect(takenBack.status).toBe(201);
    expect(takenBack.body).toMatchObject({ entry_count: 8, next_before: null });
    expect(takenBack.body.entries).toHaveLength(8);

    type Entry = { kind: string; id: string; reference: string; taken_back: boolean };
    const page = async (query: string) => {
      const answer = await api.get(`customer/${customerId}/account?${query}`, token);
      expect(answer.status).toBe(200);
      expectDocumentedAnswer(document, 'GET', `customer/${customerId}/account`, answer);
      return answer.body as { entries: Entry[]; entry_count: number; next_before: string | null };
    };
    const first = await page('limit=3');
    expect(first).toMatchObject({ entry_count: 8, next_before: expect.any(String) });
    expect(first.entries.map((e) => [e.kind, e.reference])).toEqual([
      ['unapplication', ''],
      ['payment', 'P-4'],
      ['payment', 'P-3'],
    ]);
    const second = await page(`limit=3&before=${first.next_before}`);
    expect(second.entries.map((e) => [e.kind, e.reference])).toEqual([
      ['payment', 'P-2'],
      ['payment', 'P-1'],
      ['application', ''],
    ]);
    const last = await page(`limit=3&before=${second.next_before}`);
    expect(last.next_before).toBeNull();
    expect(last.entries.map((e) => [e.kind, e.reference, e.taken_back])).toEqual([
      ['application', '', true], // taken back by the entry on the first page
      ['payment', 'P-0', false],
    ]);
    expect(last.entries[0]!.id).toBe(share.id);
    // the pages together are the whole account, each entry once
    const walked = [...first.entries, ...second.entries, ...last.entries];
    expect(walked).toEqual((await page('limit=200')).entries);
    expect(walked.filter((e) => e.taken_back)).toHaveLength(1);

    for (const bad of ['limit=0', 'limit=201', 'limit=ten', 'before=0', 'before=x', 'before=-3', 'page=2']) {
      const refused = await api.get(`customer/${customerId}/account?${bad}`, token);
      expect([bad, refused.status]).toEqual([bad, 400]);
    }
    expect((await api.get(`customer/${customerId}/account?limit=0`, token)).body.message).toContain(
      'limit must be a whole number from 1 to 200.',
    );
  });

  it('the same Idempotency-Key twice receives and applies once', async () => {
    const customerId = await aCustomer('Retry Bar');
    const a = await anInvoice(customerId, 100);
    const headers = { 'Idempotency-Key': 'account-retry-0001' };
    const first = await receive(customerId, { amount: 60 }, headers);
    const second = await receive(customerId, { amount: 60 }, headers);
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body).toMatchObject({ received: 60, applied: 60 });
    expect(await invoice(a.id)).toMatchObject({ paid: 60 });
  });

  it('an invoice paid from the account keeps its customer, and its payment is changed only on the account', async () => {
    const customerId = await aCustomer('Keeping Bar');
    const other = await aCustomer('Other Keeping Bar');
    const a = await anInvoice(customerId, 100);
    await receive(customerId, { amount: 40 });
    const moved = await api.put(`invoice/${a.id}`, { customer_id: other }, token);
    expect(moved.status).toBe(409);
    expect(moved.body.message).toContain("was paid from the customer's account: its customer cannot change");
    const [payment] = (await invoice(a.id)).payments;
    expect(payment).toMatchObject({ amount: 40, note: 'On account · Check', from_account: true });
    const removed = await api.delete(`invoice/${a.id}/payment/${payment.id}`, token);
    expect(removed.status).toBe(409);
    expect(await invoice(a.id)).toMatchObject({ paid: 40 });
  });

  it('two parallel applications of the same credit apply it once', async () => {
    const customerId = await aCustomer('Parallel Bar');
    expect((await receive(customerId, { amount: 100 })).body).toMatchObject({ unapplied_credit: 100 });
    const a = await anInvoice(customerId, 100);
    const b = await anInvoice(customerId, 100);
    const answers = await Promise.all([
      api.post(`customer/${customerId}/credit/apply`, {}, token),
      api.post(
        `customer/${customerId}/credit/apply`,
        { invoices: [{ invoice_id: b.id, amount: 100 }] },
        token,
      ),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409]);
    const paid = (await invoice(a.id)).paid + (await invoice(b.id)).paid;
    expect(paid).toBe(100);
    expect((await api.get(`customer/${customerId}/account`, token)).body).toMatchObject({
      unapplied_credit: 0,
      applied: 100,
    });
  });

  it('refuses bad input with 4xx and changes nothing', async () => {
    const customerId = await aCustomer('Refusing Bar');
    const other = await aCustomer('Other Bar');
    const mine = await anInvoice(customerId, 100);
    const theirs = await anInvoice(other, 100);
    const cancelled = await anInvoice(customerId, 100);
    expect((await api.put(`invoice/${cancelled.id}`, { status: 'cancelled' }, token)).status).toBe(200);

    const zero = await receive(customerId, { amount: 0 });
    expect(zero.status).toBe(400);
    expect(zero.body.message).toBe('Amount must be at least 0.01.');
    expect((await receive(customerId, { amount: -5 })).status).toBe(400);
    expect((await receive(customerId, { amount: 5, method: 'barter' })).status).toBe(400);
    const another = await receive(customerId, {
      amount: 5,
      invoices: [{ invoice_id: theirs.id, amount: 5 }],
    });
    expect(another.status).toBe(400);
    expect(another.body.message).toBe(`Invoice ${theirs.number} is not this customer's.`);
    const onCancelled = await receive(customerId, {
      amount: 5,
      invoices: [{ invoice_id: cancelled.id, amount: 5 }],
    });
    expect(onCancelled.status).toBe(409);
    const overInvoice = await receive(customerId, {
      amount: 500,
      invoices: [{ invoice_id: mine.id, amount: 101 }],
    });
    expect(overInvoice.status).toBe(400);
    const noCredit = await api.post(`customer/${customerId}/credit/apply`, {}, token);
    expect(noCredit.status).toBe(409);
    expect(
      (
        await api.post(
          `customer/${customerId}/credit/refund`,
          { amount: 1, method: 'check', reference: '1', refunded_at: today },
          token,
        )
      ).status,
    ).toBe(409);
    expect((await receive('not-a-customer', { amount: 5 })).status).toBe(404);
    expect((await api.get(`customer/${customerId}/account`, token)).body).toMatchObject({
      received: 0,
      entries: [],
    });
    expect(await invoice(mine.id)).toMatchObject({ paid: 0 });
  });

  it("another company gets 404 for the customer's account routes", async () => {
    const customerId = await aCustomer('Private Bar');
    await receive(customerId, { amount: 12.34, reference: 'SECRET-REF' });
    const other = await signUpOwner(api, 'Other Owner');
    expect((await api.post('company/feature', { name: 'payment', active: true }, other.token)).status).toBe(
      200,
    );
    await expectOtherCompanyGets404(
      api,
      other.token,
      [
        { method: 'GET', path: `customer/${customerId}/account` },
        {
          method: 'POST',
          path: `customer/${customerId}/payment`,
          body: { amount: 1, method: 'cash', received_at: today },
        },
        { method: 'POST', path: `customer/${customerId}/credit/apply`, body: {} },
        {
          method: 'POST',
          path: `customer/${customerId}/credit/refund`,
          body: { amount: 1, method: 'check', reference: '1', refunded_at: today },
        },
      ],
      ['SECRET-REF', 'Private Bar'],
    );
  });
});
