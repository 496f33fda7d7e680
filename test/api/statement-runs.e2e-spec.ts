import { inflateRawSync } from 'node:zlib';
import type { StatementRunResponse } from '#domain/contracts/statement.contract.js';
import { monthDays, previousMonth } from '#domain/reports/alcohol-sales-report.js';
import { businessDate } from '#domain/shared/business-date.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { expectDocumentedAnswer, loadApiDocument, type ApiDocument } from '../support/documented-answers.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { pdfText } from '../support/pdf-text.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

const month = previousMonth(businessDate(new Date().toISOString()).slice(0, 7));
const { from } = monthDays(month);
const WINE = {
  product: 'House Red',
  product_type: 'wine',
  product_size: '750ml',
  product_price: 10,
  last_purchase_price: '5.00',
};

/** The entries of a zip (stored or deflated), read from its central directory. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const entries = new Map<string, Buffer>();
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  let at = zip.readUInt32LE(end + 16);
  for (let i = 0; i < zip.readUInt16LE(end + 10); i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString();
    const local = zip.readUInt32LE(at + 42);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    entries.set(name, method === 8 ? inflateRawSync(data) : data);
    at += 46 + nameLength + extra;
  }
  return entries;
}

describe('Monthly statement run (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let document: ApiDocument;
  let token: string;
  let otherToken: string;
  const ids: Record<string, string> = {};

  const finished = async (id: string, as = token): Promise<StatementRunResponse> => {
    for (;;) {
      const run = await api.get<StatementRunResponse>(`statements/runs/${id}`, as);
      expect(run.status).toBe(200);
      if (run.body.status !== 'running') return run.body;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    document = await loadApiDocument(app.baseUrl);
    ({ token } = await signUpOwner(api));
    otherToken = (await signUpOwner(api)).token;
    for (const as of [token, otherToken])
      expect((await api.post('company/feature', { name: 'payment', active: true }, as)).status).toBe(200);
    const wine = (await api.post('product', WINE, token)).body.id;
    const customer = async (key: string, fields: object) => {
      const created = await api.post(
        'customer',
        { ...RUSTY_NAIL, tabc_id: `MB${100000 + Object.keys(ids).length}`, ...fields },
        token,
      );
      expect(created.status).toBe(201);
      ids[key] = created.body.id;
    };
    await customer('mailed', { name: 'Alamo Bar', contact_email: 'ap@alamo.test' });
    await customer('noAddress', { name: 'Buffalo Bar' });
    await customer('refused', { name: 'Cactus Bar', contact_email: 'ghost@cactus.test' });
    await customer('quiet', { name: 'Dusty Bar', contact_email: 'ap@dusty.test' });
    await customer('never', { name: 'Empty Bar', contact_email: 'ap@empty.test' });
    const invoice = async (key: string, day = from) => {
      const created = await api.post(
        'invoice',
        {
          customer_id: ids[key],
          items: [{ product_id: wine, qty: 2, price: 10 }],
          invoiced_at: day,
          force: true,
        },
        token,
      );
      expect(created.status).toBe(201);
      return created.body as { number: string };
    };
    for (const key of ['mailed', 'noAddress', 'refused']) await invoice(key);
    // Cancelled the month before: no balance and no activity in the month.
    const cancelled = await invoice('quiet', monthDays(previousMonth(month)).from);
    expect((await api.put(`invoice/${cancelled.number}`, { status: 'cancelled' }, token)).status).toBe(200);
  });
  afterAll(async () => {
    await app.close();
  });

  it('e-mails each customer with a balance or activity, skips those without an address, counts refusals', async () => {
    app.mailbox.refuse({ code: 550, message: 'No such user', to: 'ghost@cactus.test' });
    const mark = app.mailbox.mark();
    let run: StatementRunResponse;
    try {
      const started = await api.post('statements/runs', { month, mode: 'email' }, token);
      expect(started.status).toBe(201);
      expectDocumentedAnswer(document, 'POST', 'statements/runs', started);
      expect(started.body).toMatchObject({ month, mode: 'email', status: 'running' });
      run = await finished(started.body.id);
    } finally {
      app.mailbox.refuse(null);
    }
    expect(run).toMatchObject({
      status: 'done',
      total: 4,
      done: 4,
      quiet: 1,
      requested: 2,
      sent: 1,
      queued: 0,
      skipped: 1,
      failed: 1,
      failures: [
        { customer_id: ids.refused, customer: 'Cactus Bar', message: expect.stringContaining('550') },
      ],
      file_url: null,
    });
    expectDocumentedAnswer(
      document,
      'GET',
      `statements/runs/${run.id}`,
      await api.get(`statements/runs/${run.id}`, token),
    );
    const mail = await app.mailbox.waitFor('ap@alamo.test', { after: mark });
    expect(mail.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
    expect(pdfText(mail.attachments[0]!.content as Buffer)).toContain('Alamo Bar');
    const received = app.mailbox.messages().slice(mark);
    expect(received.map((message) => message.to)).toEqual([['ap@alamo.test']]);
  });

  it('puts every statement in one zip to download', async () => {
    const started = await api.post('statements/runs', { month, mode: 'download' }, token);
    expect(started.status).toBe(201);
    const run = await finished(started.body.id);
    expect(run).toMatchObject({ status: 'done', total: 4, quiet: 1, sent: 3, skipped: 0, failed: 0 });
    expect(run.file_url).toBe(`/statements/runs/${run.id}/file`);
    const response = await fetch(`${app.baseUrl}/api/v1/statements/runs/${run.id}/file`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toContain(`statements_${month}.zip`);
    const entries = unzip(Buffer.from(await response.arrayBuffer()));
    expect([...entries.keys()].map((name) => name.replace(/_[0-9a-f]{8}_/, '_'))).toEqual([
      `statement_Alamo_Bar_${month}.pdf`,
      `statement_Buffalo_Bar_${month}.pdf`,
      `statement_Cactus_Bar_${month}.pdf`,
    ]);
    const [first] = [...entries.values()];
    expect(pdfText(first!)).toContain('Closing balance$21.65');
  });

  it('refuses a bad month or mode with 400 and starts nothing', async () => {
    for (const [body, field] of [
      [{ month: '2026-13', mode: 'email' }, 'month'],
      [{ month: '2999-01', mode: 'email' }, 'month'],
      [{ mode: 'email' }, 'month'],
      [{ month, mode: 'fax' }, 'mode'],
    ] as const) {
      const refused = await api.post('statements/runs', body, token);
      expect(refused.status).toBe(400);
      expect(refused.body.details[0].field).toBe(field);
    }
  });

  it('answers a run whose process died as failed, with what it did', async () => {
    const run = (await api.post('statements/runs', { month, mode: 'download' }, token))
      .body as StatementRunResponse;
    await finished(run.id);
    // As a run left by a process that died: still running, its heartbeat silent for three minutes.
    await app.runtime.pool.query(
      `UPDATE statement_run SET status = 'running', finished_at = NULL, heartbeat_at = now() - interval '3 minutes'
        WHERE id = $1`,
      [run.id],
    );
    const stopped = (await api.get(`statements/runs/${run.id}`, token)).body as StatementRunResponse;
    expect(stopped).toMatchObject({ status: 'failed', file_url: null });
    expect(stopped.finished_at).not.toBeNull();
    expect(stopped.done).toBe(stopped.total);
    // A heartbeat within the limit: still running.
    await app.runtime.pool.query(`UPDATE statement_run SET heartbeat_at = now() WHERE id = $1`, [run.id]);
    expect(((await api.get(`statements/runs/${run.id}`, token)).body as StatementRunResponse).status).toBe(
      'running',
    );
  });

  it('is 404 for another company and for an unknown run', async () => {
    const run = (await api.post('statements/runs', { month, mode: 'download' }, token))
      .body as StatementRunResponse;
    await finished(run.id);
    await expectOtherCompanyGets404(
      api,
      otherToken,
      [
        { method: 'GET', path: `statements/runs/${run.id}` },
        { method: 'GET', path: `statements/runs/${run.id}/file` },
      ],
      ['Alamo Bar'],
    );
    expect((await api.get('statements/runs/not-a-run', token)).status).toBe(404);
  });
});
