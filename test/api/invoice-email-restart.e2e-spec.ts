import { EventAppender } from '#engine';
import { InvoiceEmailService } from '../../apps/api/src/invoices/delivery/invoice-email.service.js';
import { startTestApp, type TestApp, type TestDatabase } from '../support/app.js';
import { createTestDatabase } from '../support/database.js';
import { aCompanyWithAnInvoice } from '../support/api-fixtures.js';
import { apiClient } from '../support/http.js';

const BUSY = 'busy@rustynail.test';
const GONE = 'gone@rustynail.test';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface LogEntry {
  id: string;
  emailed_to: string;
  status: string;
  attempts: number;
  error: string | null;
}

/**
 * Queued e-mails outlive the process that queued them: a new process (here two, started together on one database)
 * resumes them, each attempt is made by one process only, and the attempts made before the restart count.
 */
describe('Invoice e-mail retries across a restart (HTTP)', () => {
  let database: TestDatabase;
  const apps: TestApp[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('email_restart');
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

  it('sends a message queued before a restart exactly once, and fails one whose attempts were all made', async () => {
    // The first process: the mail server defers both recipients; its next retry would be a long way off.
    const first = await start({ EMAIL_RETRY_BASE_MS: '600000', EMAIL_RETRY_ATTEMPTS: '3' });
    const api = apiClient(first.baseUrl);
    const { token, companyId, invoiceId, number } = await aCompanyWithAnInvoice(api);
    expect((await api.post('company/feature', { name: 'email', active: true }, token)).status).toBe(200);

    first.mailbox.refuse({ code: 451, message: 'Try again later' });
    const sent = await api.post(
      `invoice/${invoiceId}/email`,
      { emails: [BUSY, GONE], notes: 'Friday delivery' },
      token,
    );
    expect(sent.status).toBe(202);
    expect(sent.body.recipients).toEqual([
      expect.objectContaining({ emailed_to: BUSY, status: 'queued' }),
      expect.objectContaining({ emailed_to: GONE, status: 'queued' }),
    ]);
    const queued: LogEntry[] = (await api.get(`invoice/${invoiceId}/email`, token)).body;
    const busy = queued.find((e) => e.emailed_to === BUSY)!;
    const gone = queued.find((e) => e.emailed_to === GONE)!;

    // GONE: an earlier process deferred attempt 2 and was cut off during attempt 3, the last, an hour ago.
    const anHourAgo = new Date(Date.now() - 3_600_000).toISOString();
    await first.app.get(EventAppender).record(
      `invoice-${invoiceId}`,
      [
        {
          type: 'InvoiceEmailRetryStarted',
          data: { emailId: gone.id, invoiceId, attempt: 2, startedAt: anHourAgo },
        },
        {
          type: 'InvoiceEmailDeferred',
          data: {
            emailId: gone.id,
            invoiceId,
            attempts: 2,
            error: '451 Try again later',
            deferredAt: anHourAgo,
          },
        },
        {
          type: 'InvoiceEmailRetryStarted',
          data: { emailId: gone.id, invoiceId, attempt: 3, startedAt: anHourAgo },
        },
      ],
      { companyId, userId: null, now: anHourAgo },
      { waitForProjections: true },
    );
    await first.close();
    apps.splice(apps.indexOf(first), 1);

    // Two processes start together on the same database, with a mail server that accepts everything.
    const [second, third] = await Promise.all([
      start({ EMAIL_RETRY_BASE_MS: '100', EMAIL_RETRY_ATTEMPTS: '3' }),
      start({ EMAIL_RETRY_BASE_MS: '100', EMAIL_RETRY_ATTEMPTS: '3' }),
    ]);
    const resumed = await Promise.all(
      [second!, third!].map((app) => app.app.get(InvoiceEmailService).resuming),
    );
    expect(Math.max(...resumed)).toBe(2); // the first to look finds both; the other, what is left

    const later = apiClient(second!.baseUrl);
    let log: LogEntry[] = [];
    for (let i = 0; i < 100; i++) {
      log = (await later.get(`invoice/${invoiceId}/email`, token)).body;
      if (log.every((e) => e.status !== 'queued')) break;
      await sleep(100);
    }
    await sleep(500); // a second send, if any, would have been made by now
    const delivered = [second!, third!].flatMap((app) => app.mailbox.messages());
    expect(delivered.map((mail) => mail.to)).toEqual([[BUSY]]);
    expect(delivered[0]!.subject).toContain(`Invoice #${number} from `);
    expect(delivered[0]!.text).toContain('Friday delivery');
    expect(delivered[0]!.text).toMatch(/\/invoice\/pdf\/[A-Za-z0-9_-]{43}/);

    expect(log.find((e) => e.id === busy.id)).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(log.find((e) => e.id === gone.id)).toMatchObject({
      status: 'failed',
      attempts: 3,
      error: 'Not delivered after 3 attempts: 451 Try again later',
    });

    const events: { type: string; emailId?: string; attempt?: number }[] = [];
    for await (const event of second!.runtime.store.readStream(`invoice-${invoiceId}`)) {
      const data = event.data as { emailId?: string; attempt?: number };
      events.push({ type: event.type, emailId: data.emailId, attempt: data.attempt });
    }
    const of = (emailId: string) => events.filter((e) => e.emailId === emailId).map((e) => e.type);
    expect(of(busy.id)).toEqual(['InvoiceEmailed', 'InvoiceEmailRetryStarted', 'InvoiceEmailDelivered']);
    expect(of(gone.id)).toEqual([
      'InvoiceEmailed',
      'InvoiceEmailRetryStarted',
      'InvoiceEmailDeferred',
      'InvoiceEmailRetryStarted',
      'InvoiceEmailFailed',
    ]);
  }, 60_000);
});
