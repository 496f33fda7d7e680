import { businessDate } from '#domain/shared/business-date.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { expectDocumentedAnswer, loadApiDocument, type ApiDocument } from '../support/documented-answers.js';
import { anAccountCompany, RUSTY_NAIL, type AccountCompany } from '../support/api-fixtures.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

interface Entry {
  id: string;
  kind: string;
  amount: number;
  invoice_id: string | null;
  invoice_number: string | null;
  taken_back?: boolean;
  on_invoice?: boolean;
}

/** A payment applied from the customer's account taken back to its credit: POST /customer/{id}/credit/unapply. */
describe('Taking a payment from the account back to credit (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let document: ApiDocument;
  let token: string;
  let aCustomer: AccountCompany['aCustomer'];
  let anInvoice: AccountCompany['anInvoice'];
  let invoice: AccountCompany['invoice'];
  const today = businessDate(new Date().toISOString());

  const account = async (customerId: string) => (await api.get(`customer/${customerId}/account`, token)).body;
  /** A $400 check over invoices of $100, $200 and $50, oldest first: all three paid, $50 left as credit. */
  const paidByCheck = async (name: string) => {
    const customerId = await aCustomer(name);
    const invoices = [
      await anInvoice(customerId, 100),
      await anInvoice(customerId, 200),
      await anInvoice(customerId, 50),
    ];
    const received = await api.post(
      `customer/${customerId}/payment`,
      { amount: 400, method: 'check', reference: '1042', received_at: today },
      token,
    );
    expect(received.body).toMatchObject({ unapplied_credit: 50, applied: 350 });
    const share = (invoiceId: string) =>
      (received.body.entries as Entry[]).find((e) => e.kind === 'application' && e.invoice_id === invoiceId)!;
    return { customerId, invoices, share };
  };
  const unapply = (customerId: string, body: object, headers?: Record<string, string>, as: string = token) =>
    api.post(`customer/${customerId}/credit/unapply`, body, as, headers);

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    document = await loadApiDocument(app.baseUrl);
    ({ token, aCustomer, anInvoice, invoice } = await anAccountCompany(api));
  });
  afterAll(async () => {
    await app.close();
  });

  it('takes one of three shares back: the invoice owes it again, the credit grows, the statement says so', async () => {
    const { customerId, invoices, share } = await paidByCheck('Wrong Invoice Bar');
    const [a, b, c] = invoices as [
      { id: string; number: string },
      { id: string; number: string },
      { id: string; number: string },
    ];
    const taken = await unapply(customerId, { invoice_id: b.id, payment_id: share(b.id).id });
    expect(taken.status).toBe(201);
    expectDocumentedAnswer(document, 'POST', `customer/${customerId}/credit/unapply`, taken);
    expect(taken.body).toMatchObject({
      unapplied_credit: 250,
      received: 400,
      applied: 150,
      owing: 200,
      balance: -50,
    });
    expect(taken.body.entries[0]).toMatchObject({
      kind: 'unapplication',
      id: share(b.id).id,
      amount: 200,
      invoice_id: b.id,
      invoice_number: b.number,
      reference: '',
    });
    expect(
      (taken.body.entries as Entry[])
        .filter((e) => e.kind === 'application')
        .map((e) => [e.invoice_id, e.taken_back, e.on_invoice]),
    ).toEqual([
      [c.id, false, true],
      [b.id, true, false],
      [a.id, false, true],
    ]);
    expect(await invoice(b.id)).toMatchObject({ status: 'invoiced', paid: 0, balance: 200, payments: [] });
    expect(await invoice(a.id)).toMatchObject({ status: 'paid', balance: 0 });

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
      ['Payment on account · Check 1042', 0, 400],
      [`Credit applied to invoice ${a.number}: $100.00`, 0, 0],
      [`Credit applied to invoice ${b.number}: $200.00`, 0, 0],
      [`Credit applied to invoice ${c.number}: $50.00`, 0, 0],
      [`Taken back to credit from invoice ${b.number}: $200.00`, 0, 0],
    ]);
    // invoices − payments − credits + refunds: 350 − 400
    expect(statement.closing_balance).toBe(-50);
    expect(statement.aging.unapplied_credit).toBe(250);
    expect(statement.aging.current + statement.aging.days_1_30).toBe(200);
    const balance = (await api.get(`customer/${customerId}/balance`, token)).body;
    expect(balance.summary).toMatchObject({ owing: 200, unapplied_credit: 250, balance: -50 });

    // The invoice's payment rows: the share applied, then one row for its take-back (no deletion row of its own).
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const activity = (await api.get('user/user-activity/grid?startRow=0&endRow=50', token)).body.rows as {
      module: string;
      type: string;
      info: { invoiceId?: string };
    }[];
    expect(
      activity
        .filter((row) => row.module === 'PAYMENT' && row.info.invoiceId === b.id)
        .map((row) => row.type),
    ).toEqual(['TAKE_BACK_TO_CREDIT', 'CREATE']);

    // The credit applied again, to the right invoice.
    const again = await api.post(
      `customer/${customerId}/credit/apply`,
      { invoices: [{ invoice_id: b.id, amount: 200 }] },
      token,
    );
    expect(again.body).toMatchObject({ unapplied_credit: 50, applied: 350, owing: 0 });
    expect(await invoice(b.id)).toMatchObject({ status: 'paid', balance: 0 });
  });

  it('the same request twice at once with one Idempotency-Key takes back once; another key after it changes nothing', async () => {
    const { customerId, invoices, share } = await paidByCheck('Twice Bar');
    const a = invoices[0]!;
    const body = { invoice_id: a.id, payment_id: share(a.id).id };
    const headers = { 'Idempotency-Key': 'take-back-0001' };
    const answers = await Promise.all([
      unapply(customerId, body, headers),
      unapply(customerId, body, headers),
    ]);
    for (const answer of answers) expect([201, 409]).toContain(answer.status);
    expect(answers.some((answer) => answer.status === 201)).toBe(true);
    const after = await account(customerId);
    expect(after).toMatchObject({ unapplied_credit: 150, applied: 250 });
    expect((after.entries as Entry[]).filter((e) => e.kind === 'unapplication')).toHaveLength(1);

    const later = await unapply(customerId, body, { 'Idempotency-Key': 'take-back-0002' });
    expect(later.status).toBe(201);
    expect(later.body).toMatchObject({ unapplied_credit: 150, applied: 250 });
    expect((later.body.entries as Entry[]).filter((e) => e.kind === 'unapplication')).toHaveLength(1);
    expect(await invoice(a.id)).toMatchObject({ paid: 0, balance: 100 });
  });

  it('is the owner’s alone (403 for staff), and refuses a payment paid on the invoice itself and a cancelled invoice', async () => {
    const { customerId, invoices, share } = await paidByCheck('Refusing Take-back Bar');
    const [a, b] = invoices as [{ id: string; number: string }, { id: string; number: string }];
    const invited = await api.post(
      'company/staff/invitation',
      { name: 'Sam Staff', email: `takeback${Date.now()}@example.test` },
      token,
    );
    const staff = (
      await api.post('auth/invitation/accept', {
        token: new URL(invited.body.link).searchParams.get('invitation'),
        name: 'Sam Staff',
        title: 'Sales',
        password: 'staff-secret',
        confirm_password: 'staff-secret',
      })
    ).body.access_token as string;
    const byStaff = await unapply(
      customerId,
      { invoice_id: a.id, payment_id: share(a.id).id },
      undefined,
      staff,
    );
    expect(byStaff.status).toBe(403);
    expect(byStaff.body.message).toBe('Only the owner can edit or delete payments.');

    const own = await api.post(
      `invoice/${a.id}/payment`,
      { amount: 5, received_at: today, confirm: true },
      token,
    );
    expect(own.status).toBe(201);
    const ownId = (own.body.payments as { id: string; from_account?: boolean }[]).find(
      (p) => !p.from_account,
    )!.id;
    const notFromAccount = await unapply(customerId, { invoice_id: a.id, payment_id: ownId });
    expect(notFromAccount.status).toBe(409);
    expect(notFromAccount.body.message).toBe(
      `This payment on invoice ${a.number} was not applied from this customer's account: it is changed on the invoice.`,
    );

    expect((await api.put(`invoice/${b.id}`, { status: 'cancelled' }, token)).status).toBe(200);
    const onCancelled = await unapply(customerId, { invoice_id: b.id, payment_id: share(b.id).id });
    expect(onCancelled.status).toBe(409);
    expect(onCancelled.body.message).toBe(
      `Invoice ${b.number} is cancelled: its payments already became the customer's credit.`,
    );
    // the account says which shares can still be taken back: not the cancelled invoice's
    expect(
      ((await account(customerId)).entries as Entry[])
        .filter((e) => e.kind === 'application')
        .map((e) => [e.invoice_id, e.taken_back, e.on_invoice]),
    ).toEqual(
      expect.arrayContaining([
        [a.id, false, true],
        [b.id, false, false],
      ]),
    );

    const unknownPayment = await unapply(customerId, {
      invoice_id: a.id,
      payment_id: '00000000-0000-4000-8000-000000000000',
    });
    expect([unknownPayment.status, unknownPayment.body.message]).toEqual([404, 'Payment not found']);
    const unknownInvoice = await unapply(customerId, {
      invoice_id: '00000000-0000-4000-8000-000000000000',
      payment_id: share(a.id).id,
    });
    expect(unknownInvoice.status).toBe(404);
    expect((await unapply('not-a-customer', { invoice_id: a.id, payment_id: share(a.id).id })).status).toBe(
      404,
    );

    const malformed = await unapply(customerId, { invoice_id: 'nope', extra: 1 });
    expect(malformed.status).toBe(400);
    expect(malformed.body.details).toEqual(
      expect.arrayContaining([
        { field: 'invoice_id', message: 'invoice_id must be an invoice id.' },
        { field: 'payment_id', message: 'payment_id is required.' },
      ]),
    );

    // Nothing was taken back: the credit is what the check left and what the cancellation moved.
    expect(await account(customerId)).toMatchObject({ unapplied_credit: 250, applied: 350 });
    expect(await invoice(a.id)).toMatchObject({ paid: 105 });
  });

  it("another company gets 404 for the take-back of this customer's payment", async () => {
    const { customerId, invoices, share } = await paidByCheck('Private Take-back Bar');
    const a = invoices[0]!;
    const other = await signUpOwner(api, 'Other Owner');
    expect((await api.post('company/feature', { name: 'payment', active: true }, other.token)).status).toBe(
      200,
    );
    await expectOtherCompanyGets404(
      api,
      other.token,
      [
        {
          method: 'POST',
          path: `customer/${customerId}/credit/unapply`,
          body: { invoice_id: a.id, payment_id: share(a.id).id },
        },
      ],
      ['Private Take-back Bar'],
    );
    // Their own customer naming this company's invoice: the invoice is not found.
    const theirs = (await api.post('customer', { ...RUSTY_NAIL, name: 'Their Bar' }, other.token)).body.id;
    const cross = await api.post(
      `customer/${theirs}/credit/unapply`,
      { invoice_id: a.id, payment_id: share(a.id).id },
      other.token,
    );
    expect(cross.status).toBe(404);
    expect(await invoice(a.id)).toMatchObject({ status: 'paid', paid: 100 });
  });
});
