import type { InvoiceEmailResponse } from '#domain/contracts/delivery.contract.js';
import { DocumentEmails } from '../../apps/api/src/delivery/document-emails.js';
import { startTestApp, type TestApp, type TestDatabase } from '../support/app.js';
import { aCompanyWithAnInvoice } from '../support/api-fixtures.js';
import { createTestDatabase } from '../support/database.js';
import { apiClient } from '../support/http.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A credit memo's or a statement's e-mail left queued by a process that stopped is resumed by the next one, put
 * together again by its kind (the memo's PDF, the statement's PDF and a new link), and sent once.
 */
describe('Credit memo and statement e-mail retries across a restart (HTTP)', () => {
  let database: TestDatabase;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('document_email_restart');
  });
  afterAll(async () => {
    for (const app of apps) await app.close().catch(() => {});
    await database.drop();
  });

  const start = async (env: Record<string, string>) => {
    const app = await startTestApp({ EMAIL_SEND_TIMEOUT_MS: '5000', ...env }, { database });
    apps.push(app);
    return app;
  };

  it('sends a memo and a statement e-mail queued before a restart once each, rebuilt as they are', async () => {
    const first = await start({ EMAIL_RETRY_BASE_MS: '600000', EMAIL_RETRY_ATTEMPTS: '3' });
    const api = apiClient(first.baseUrl);
    const { token, invoiceId } = await aCompanyWithAnInvoice(api);
    expect((await api.post('company/feature', { name: 'payment', active: true }, token)).status).toBe(200);
    const memo = await api.post(
      'credit-memo',
      { invoice: invoiceId, reason: 'pricing_error', amount: 2, note: 'Priced high' },
      token,
    );
    expect(memo.status).toBe(201);
    const customerId = (await api.get(`credit-memo/${memo.body.id}`, token)).body.customer_id as string;

    first.mailbox.refuse({ code: 451, message: 'Try again later' });
    const memoMail = await api.post(
      `credit-memo/${memo.body.id}/email`,
      { email: 'ap@rustynail.test' },
      token,
    );
    const statementMail = await api.post(
      `customer/${customerId}/statement/email`,
      { email: 'books@rustynail.test' },
      token,
    );
    expect([memoMail.status, statementMail.status]).toEqual([202, 202]);
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    const second = await start({ EMAIL_RETRY_BASE_MS: '100', EMAIL_RETRY_ATTEMPTS: '3' });
    expect(await second.app.get(DocumentEmails).resuming).toBe(2);
    const later = apiClient(second.baseUrl);
    const entry = async (id: string) =>
      (
        await later.get<{ rows: InvoiceEmailResponse[] }>(
          `invoice/email/grid?startRow=0&endRow=10&filterModel=${encodeURIComponent(
            JSON.stringify({ kind: { filterType: 'set', type: 'in', values: ['credit_memo', 'statement'] } }),
          )}`,
          token,
        )
      ).body.rows?.find((row) => row.id === id);
    expect((await later.post('company/feature', { name: 'email', active: true }, token)).status).toBe(200);
    for (let i = 0; i < 100; i++) {
      const states = await Promise.all([entry(memoMail.body.email_id), entry(statementMail.body.email_id)]);
      if (states.every((row) => row?.status === 'sent')) break;
      await sleep(100);
    }
    expect(await entry(memoMail.body.email_id)).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await entry(statementMail.body.email_id)).toMatchObject({ status: 'sent', attempts: 2 });
    await sleep(500); // a second send, if any, would have been made by now

    const received = second.mailbox.messages();
    expect(received.map((mail) => mail.to).sort()).toEqual([['ap@rustynail.test'], ['books@rustynail.test']]);
    const memoReceived = received.find((mail) => mail.to.includes('ap@rustynail.test'))!;
    expect(memoReceived.subject).toContain(`Credit memo ${memo.body.number}`);
    expect(memoReceived.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
    expect(memoReceived.messageId).toContain(memoMail.body.email_id);
    const statementReceived = received.find((mail) => mail.to.includes('books@rustynail.test'))!;
    expect(statementReceived.text).toMatch(/\/customer\/statement\/pdf\/[A-Za-z0-9_-]{43}/);
  }, 60_000);
});
