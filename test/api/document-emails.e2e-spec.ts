import type { InvoiceEmailResponse } from '#domain/contracts/delivery.contract.js';
import type { StatementRunResponse } from '#domain/contracts/statement.contract.js';
import { monthDays, previousMonth } from '#domain/reports/alcohol-sales-report.js';
import { businessDate } from '#domain/shared/business-date.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { expectDocumentedAnswer, loadApiDocument, type ApiDocument } from '../support/documented-answers.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { captureServerErrors } from '../support/logs.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const month = previousMonth(businessDate(new Date().toISOString()).slice(0, 7));
const { from, to } = monthDays(month);

interface ActivityRow {
  module: string;
  type: string;
  success: boolean;
  kind: string;
  info: Record<string, unknown>;
  invoice: string | null;
  customer_id: string | null;
}

/**
 * Credit memos and statements are e-mailed through the machinery invoices use: each send is recorded with what the
 * mail server answered, in the e-mail log and the activity log; a deferred message is retried in the background with
 * the same backoff and sent once; the monthly statement run requests one e-mail per statement this way.
 */
describe('Credit memo and statement e-mails (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let document: ApiDocument;
  let token: string;
  let customerId: string;
  let invoice: { id: string; number: string };
  let memo: { id: string; number: string };
  let wineId: string;

  beforeAll(async () => {
    app = await startTestApp({
      EMAIL_RETRY_BASE_MS: '150',
      EMAIL_RETRY_ATTEMPTS: '4',
      EMAIL_SEND_TIMEOUT_MS: '5000',
    });
    api = apiClient(app.baseUrl);
    document = await loadApiDocument(app.baseUrl);
    ({ token } = await signUpOwner(api));
    for (const name of ['payment', 'email'])
      expect((await api.post('company/feature', { name, active: true }, token)).status).toBe(200);
    const customer = await api.post('customer', { ...RUSTY_NAIL, contact_email: 'ap@rustynail.test' }, token);
    customerId = customer.body.id;
    const wine = await api.post(
      'product',
      {
        product: 'House Red',
        product_type: 'wine',
        product_size: '750ml',
        product_price: 10,
        last_purchase_price: '5.00',
      },
      token,
    );
    wineId = wine.body.id;
    const created = await api.post(
      'invoice',
      {
        customer_id: customerId,
        items: [{ product_id: wineId, qty: 2, price: 10 }],
        invoiced_at: from,
        force: true,
      },
      token,
    );
    expect(created.status).toBe(201);
    invoice = created.body;
    const issued = await api.post(
      'credit-memo',
      { invoice: invoice.id, reason: 'pricing_error', amount: 5, note: 'Price was $7.50' },
      token,
    );
    expect(issued.status).toBe(201);
    memo = issued.body;
  });
  afterAll(async () => {
    await app.close();
  });

  const memoEmails = async () => {
    const log = await api.get<InvoiceEmailResponse[]>(`credit-memo/${memo.id}/email`, token);
    expect(log.status).toBe(200);
    return log.body;
  };

  const emailGrid = async (filterModel: object) => {
    const query = new URLSearchParams({
      startRow: '0',
      endRow: '50',
      filterModel: JSON.stringify(filterModel),
    });
    const grid = await api.get<{ rows: InvoiceEmailResponse[]; count: number }>(
      `invoice/email/grid?${query}`,
      token,
    );
    expect(grid.status).toBe(200);
    return grid.body.rows;
  };

  const emailActivity = async () => {
    const query = new URLSearchParams({
      startRow: '0',
      endRow: '100',
      filterModel: JSON.stringify({ kind: { filterType: 'set', values: ['email'] } }),
    });
    // The activity log catches up on its own (no write waits for it).
    for (let i = 0; ; i++) {
      await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint(), 5000);
      const grid = await api.get<{ rows: ActivityRow[] }>(`user/user-activity/grid?${query}`, token);
      expect(grid.status).toBe(200);
      if (i > 20 || grid.body.rows.length > 0) return grid.body.rows;
      await sleep(50);
    }
  };

  /** The types of the e-mail's own stream, in order. */
  const streamOf = async (emailId: string) => {
    const types: string[] = [];
    for await (const event of app.runtime.store.readStream(`document-email-${emailId}`))
      types.push(event.type);
    return types;
  };

  const settled = async (read: () => Promise<InvoiceEmailResponse | undefined>) => {
    for (let i = 0; i < 100; i++) {
      const entry = await read();
      if (entry && entry.status !== 'queued') return entry;
      await sleep(50);
    }
    throw new Error('The e-mail is still queued');
  };

  it('e-mails a credit memo and records it in the memo’s e-mails, the e-mail log and the activity log', async () => {
    const mark = app.mailbox.mark();
    const sent = await api.post(`credit-memo/${memo.id}/email`, { email: 'ap@rustynail.test' }, token);
    expect(sent.status).toBe(200);
    expectDocumentedAnswer(document, 'POST', `credit-memo/${memo.id}/email`, sent);
    expect(sent.body).toEqual({
      message: 'Your email has been sent',
      emailed_to: 'ap@rustynail.test',
      status: 'sent',
      email_id: expect.any(String),
    });
    const mail = await app.mailbox.waitFor('ap@rustynail.test', { after: mark });
    expect(mail.subject).toContain(`Credit memo ${memo.number}`);
    expect(mail.messageId).toContain(sent.body.email_id);

    const log = await api.get(`credit-memo/${memo.id}/email`, token);
    expectDocumentedAnswer(document, 'GET', `credit-memo/${memo.id}/email`, log);
    expect(log.body).toEqual([
      expect.objectContaining({
        id: sent.body.email_id,
        kind: 'credit_memo',
        number: memo.number,
        document_id: memo.id,
        customer_id: customerId,
        customer_name: 'The Rusty Nail',
        invoice_id: null,
        emailed_to: 'ap@rustynail.test',
        status: 'sent',
        attempts: 1,
        error: null,
      }),
    ]);
    const rows = await emailGrid({ kind: { filterType: 'set', values: ['credit_memo'] } });
    expect(rows).toEqual([
      expect.objectContaining({ id: sent.body.email_id, kind: 'credit_memo', number: memo.number }),
    ]);
    expect(await streamOf(sent.body.email_id)).toEqual(['DocumentEmailed']);

    const activity = await emailActivity();
    expect(activity).toEqual([
      expect.objectContaining({
        module: 'EMAIL',
        type: 'SEND',
        success: true,
        kind: 'email',
        customer_id: customerId,
        invoice: invoice.number,
        info: expect.objectContaining({
          documentKind: 'credit_memo',
          reference: memo.number,
          emailedTo: 'ap@rustynail.test',
          status: 'sent',
          customerName: 'The Rusty Nail',
        }),
      }),
    ]);
  });

  it('sends a retried request with the same Idempotency-Key once', async () => {
    const mark = app.mailbox.mark();
    const headers = { 'idempotency-key': 'memo-mail-twice-1' };
    const first = await api.post(
      `credit-memo/${memo.id}/email`,
      { email: 'twice@rustynail.test' },
      token,
      headers,
    );
    const again = await api.post(
      `credit-memo/${memo.id}/email`,
      { email: 'twice@rustynail.test' },
      token,
      headers,
    );
    expect([first.status, again.status]).toEqual([200, 200]);
    expect(again.body.email_id).toBe(first.body.email_id);
    await sleep(300);
    expect(
      app.mailbox
        .messages()
        .slice(mark)
        .filter((m) => m.to.includes('twice@rustynail.test')),
    ).toHaveLength(1);
  });

  it('retries a memo e-mail the mail server deferred, with backoff, and sends it once when it recovers', async () => {
    const mark = app.mailbox.mark();
    app.mailbox.refuse({ code: 451, message: 'Try again later', to: 'busy@rustynail.test' });
    let released = false;
    try {
      const queued = await api.post(`credit-memo/${memo.id}/email`, { email: 'busy@rustynail.test' }, token);
      expect(queued.status).toBe(202);
      expect(queued.body).toMatchObject({ status: 'queued', emailed_to: 'busy@rustynail.test' });
      const emailId = queued.body.email_id as string;
      const entry = (await memoEmails()).find((e) => e.id === emailId);
      expect(entry).toMatchObject({ status: 'queued', error: expect.stringContaining('451') });
      // The first retry (150 ms later) is deferred again; then the mail server recovers.
      for (let i = 0; i < 100 && (await streamOf(emailId)).length < 3; i++) await sleep(20);
      app.mailbox.refuse(null);
      released = true;
      const delivered = await settled(async () => (await memoEmails()).find((e) => e.id === emailId));
      expect(delivered).toMatchObject({ status: 'sent', error: null, attempts: 3 });
      await sleep(500); // a second send, if any, would have been made by now
      const received = app.mailbox
        .messages()
        .slice(mark)
        .filter((m) => m.to.includes('busy@rustynail.test'));
      expect(received).toHaveLength(1);
      expect(received[0]!.messageId).toContain(emailId);
      expect(await streamOf(emailId)).toEqual([
        'DocumentEmailed',
        'DocumentEmailRetryStarted',
        'DocumentEmailDeferred',
        'DocumentEmailRetryStarted',
        'DocumentEmailDelivered',
      ]);
      const activity = await emailActivity();
      expect(
        activity
          .filter((row) => row.info.emailId === emailId)
          .map((row) => row.type)
          .sort(),
      ).toEqual(['DEFER', 'DELIVER', 'SEND']);
    } finally {
      if (!released) app.mailbox.refuse(null);
    }
  });

  it('answers 502 when the mail server refuses a memo e-mail, and logs it as not delivered', async () => {
    app.mailbox.refuse({ code: 550, message: 'No such user', to: 'ghost@rustynail.test' });
    const errors = captureServerErrors();
    try {
      const refused = await api.post(
        `credit-memo/${memo.id}/email`,
        { email: 'ghost@rustynail.test' },
        token,
      );
      expect(refused.status).toBe(502);
      expect(refused.body.message).toBe(
        'Failed to send the credit memo. Please check the email address and try again',
      );
      expect(refused.body.details[0].message).toContain('550');
      // the operator sees the 502 in the server's log
      expect(errors.messages()).toEqual([
        expect.stringContaining('HttpException: Failed to send the credit memo.'),
      ]);
    } finally {
      errors.restore();
      app.mailbox.refuse(null);
    }
    expect((await memoEmails()).find((e) => e.emailed_to === 'ghost@rustynail.test')).toMatchObject({
      status: 'failed',
      error: expect.stringContaining('550'),
    });
    const failed = (await emailActivity()).find((row) => row.info.emailedTo === 'ghost@rustynail.test');
    expect(failed).toMatchObject({ type: 'SEND', success: false });
  });

  it('e-mails a statement through the same path: deferred, retried, sent once, in the e-mail log', async () => {
    const mark = app.mailbox.mark();
    app.mailbox.refuse({ code: 451, message: 'Try again later', to: 'slow@rustynail.test' });
    let released = false;
    try {
      const queued = await api.post(
        `customer/${customerId}/statement/email`,
        { email: 'slow@rustynail.test', from, to },
        token,
      );
      expect(queued.status).toBe(202);
      const emailId = queued.body.email_id as string;
      app.mailbox.refuse(null);
      released = true;
      const byId = async () =>
        (await emailGrid({ kind: { filterType: 'set', values: ['statement'] } })).find(
          (e) => e.id === emailId,
        );
      const delivered = await settled(byId);
      expect(delivered).toMatchObject({
        kind: 'statement',
        document_id: customerId,
        customer_name: 'The Rusty Nail',
        period_from: from,
        period_to: to,
        number: `${from}..${to}`,
        status: 'sent',
        attempts: 2,
      });
      await sleep(500);
      const received = app.mailbox
        .messages()
        .slice(mark)
        .filter((m) => m.to.includes('slow@rustynail.test'));
      expect(received).toHaveLength(1);
      expect(received[0]!.text).toMatch(/\/customer\/statement\/pdf\/[A-Za-z0-9_-]{43}/);
      expect(await streamOf(emailId)).toEqual([
        'DocumentEmailed',
        'DocumentEmailRetryStarted',
        'DocumentEmailDelivered',
      ]);
    } finally {
      if (!released) app.mailbox.refuse(null);
    }
  });

  it('records who issued and revoked the statement’s public links, on the customer’s stream', async () => {
    const link = await api.post(
      `customer/${customerId}/statement/link?from=${from}&to=${to}`,
      undefined,
      token,
    );
    expect(link.status).toBe(201);
    expect((await api.delete(`customer/${customerId}/statement/link`, token)).status).toBe(200);
    const events: { type: string; userId: string | null; data: Record<string, unknown> }[] = [];
    for await (const event of app.runtime.store.readStream(`customer-${customerId}`))
      if (event.type.startsWith('StatementLink'))
        events.push({
          type: event.type,
          userId: event.metadata.userId ?? null,
          data: event.data as Record<string, unknown>,
        });
    const me = (await api.get('validate_token', token)).body as { id: string };
    expect(events.filter((e) => e.data.purpose === 'share' || e.type === 'StatementLinksRevoked')).toEqual([
      {
        type: 'StatementLinkIssued',
        userId: me.id,
        data: expect.objectContaining({ purpose: 'share', period: { from, to }, customerId }),
      },
      {
        type: 'StatementLinksRevoked',
        userId: me.id,
        data: expect.objectContaining({ customerId, count: expect.any(Number) }),
      },
    ]);
    // The statement e-mails' links are recorded too, as the e-mail's.
    expect(events.some((e) => e.data.purpose === 'email')).toBe(true);
  });

  it('the monthly run requests one e-mail per statement through the e-mail log, counting requested, sent and failed', async () => {
    const other = await api.post(
      'customer',
      { ...RUSTY_NAIL, name: 'Cactus Bar', tabc_id: 'MB654321', contact_email: 'ghost@cactus.test' },
      token,
    );
    expect(
      (
        await api.post(
          'invoice',
          {
            customer_id: other.body.id,
            items: [{ product_id: wineId, qty: 1, price: 10 }],
            invoiced_at: from,
            force: true,
          },
          token,
        )
      ).status,
    ).toBe(201);
    const mark = app.mailbox.mark();
    app.mailbox.refuse({ code: 550, message: 'No such user', to: 'ghost@cactus.test' });
    let run: StatementRunResponse;
    try {
      const started = await api.post('statements/runs', { month, mode: 'email' }, token);
      expect(started.status).toBe(201);
      for (;;) {
        run = (await api.get<StatementRunResponse>(`statements/runs/${started.body.id}`, token)).body;
        if (run.status !== 'running') break;
        await sleep(50);
      }
    } finally {
      app.mailbox.refuse(null);
    }
    expect(run).toMatchObject({
      status: 'done',
      total: 2,
      requested: 2,
      sent: 1,
      queued: 0,
      failed: 1,
      failures: [
        { customer_id: other.body.id, customer: 'Cactus Bar', message: expect.stringContaining('550') },
      ],
    });
    const received = app.mailbox.messages().slice(mark);
    expect(received.map((m) => m.to)).toEqual([['ap@rustynail.test']]);
    const logged = (await emailGrid({ kind: { filterType: 'set', values: ['statement'] } })).filter(
      (row) =>
        row.period_from === from && ['ap@rustynail.test', 'ghost@cactus.test'].includes(row.emailed_to),
    );
    expect(logged.map((row) => [row.emailed_to, row.status]).sort()).toEqual([
      ['ap@rustynail.test', 'sent'],
      ['ghost@cactus.test', 'failed'],
    ]);
  });

  it('answers 404 to another company for the memo’s e-mails and the customer’s statement e-mail', async () => {
    const other = await signUpOwner(api);
    expect((await api.post('company/feature', { name: 'payment', active: true }, other.token)).status).toBe(
      200,
    );
    await expectOtherCompanyGets404(
      api,
      other.token,
      [
        { method: 'POST', path: `credit-memo/${memo.id}/email`, body: { email: 'x@example.test' } },
        { method: 'GET', path: `credit-memo/${memo.id}/email` },
        { method: 'POST', path: `customer/${customerId}/statement/email`, body: { email: 'x@example.test' } },
      ],
      ['The Rusty Nail', 'ap@rustynail.test', memo.number],
    );
    const theirs = await api.get<{ rows: unknown[] }>('invoice/email/grid?startRow=0&endRow=50', other.token);
    expect(theirs.status).toBe(403); // their e-mail log needs the email feature
    expect((await api.post('company/feature', { name: 'email', active: true }, other.token)).status).toBe(
      200,
    );
    expect(
      (await api.get<{ rows: unknown[] }>('invoice/email/grid?startRow=0&endRow=50', other.token)).body.rows,
    ).toEqual([]);
  });
});
