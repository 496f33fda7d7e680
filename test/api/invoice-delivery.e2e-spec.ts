import { createHash } from 'node:crypto';
import { PdfRenderer } from '../../apps/api/src/infra/pdf/pdf-renderer.js';
import { PDF_ERROR, printOr503 } from '../../apps/api/src/invoices/pdf/invoice-pdf.service.js';
import { businessDate } from '#domain/shared/business-date.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { aCompanyWithAnInvoice as aCompanyWith, type CompanyWithAnInvoice } from '../support/api-fixtures.js';
import { apiClient, type ApiClient } from '../support/http.js';
import { png } from '../support/images.js';
import { captureServerErrors } from '../support/logs.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

const LINK_NOT_FOUND = 'This link is invalid or has expired.';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const today = () => businessDate(new Date().toISOString());
const fileDate = (date: string) => {
  const [y, m, d] = date.split('-');
  return `${d}_${MONTHS[Number(m) - 1]}_${y}`;
};

/** A fetch answer's JSON body, untyped as the assertions read it. */
const json = async (response: Response): Promise<any> => response.json();

type Company = CompanyWithAnInvoice;

describe('Delivering invoices (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let a: Company;
  let b: Company;

  beforeAll(async () => {
    app = await startTestApp({
      EMAIL_RETRY_BASE_MS: '150',
      EMAIL_RETRY_ATTEMPTS: '4',
      EMAIL_SEND_TIMEOUT_MS: '5000',
    });
    api = apiClient(app.baseUrl);
    a = await aCompanyWithAnInvoice();
    b = await aCompanyWithAnInvoice();
    expect((await api.post('company/feature', { name: 'email', active: true }, a.token)).status).toBe(200);
  });
  afterAll(async () => {
    await app.close();
  });

  const aCompanyWithAnInvoice = (): Promise<Company> =>
    aCompanyWith(api, {
      customer: { cash_on_delivery: 1 },
      invoice: { note: 'Deliver before noon', company_note: 'SECRET-INTERNAL-NOTE' },
    });

  const raw = (
    method: string,
    path: string,
    token?: string,
    body?: FormData | string,
    headers: Record<string, string> = {},
  ) =>
    fetch(`${app.baseUrl}/api/v1/${path}`, {
      method,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body,
    });

  const upload = (c: Company, name: string, content: Buffer, note = '') => {
    const form = new FormData();
    form.append('note', note);
    form.append('invoice_document', new Blob([new Uint8Array(content)]), name);
    return raw('POST', `invoice/${c.invoiceId}/document`, c.token, form);
  };

  async function streamTypes(invoiceId: string): Promise<string[]> {
    const types: string[] = [];
    for await (const event of app.runtime.store.readStream(`invoice-${invoiceId}`)) types.push(event.type);
    return types;
  }

  describe('PDF', () => {
    it('prints the invoice as application/pdf named invoice_{number}_{dd_MMM_yyyy}.pdf', async () => {
      const response = await raw('POST', 'invoice/pdf', a.token, JSON.stringify({ number: a.number }), {
        'content-type': 'application/json',
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toContain(
        `attachment; filename="invoice_${a.number}_${fileDate(today())}.pdf"`,
      );
      const pdf = Buffer.from(await response.arrayBuffer());
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it('answers 404 for an unknown number and a number of another company is the same', async () => {
      const unknown = await api.post('invoice/pdf', { number: '999' }, a.token);
      expect(unknown.status).toBe(404);
      expect(unknown.body.message).toBe('Invoice not found');
      expect((await api.post('invoice/pdf', { number: b.invoiceId }, a.token)).status).toBe(404);
    });

    it('prints 20 PDFs requested at once', async () => {
      const responses = await Promise.all(
        Array.from({ length: 20 }, () =>
          raw('POST', 'invoice/pdf', a.token, JSON.stringify({ number: a.number }), {
            'content-type': 'application/json',
          }),
        ),
      );
      const bodies = await Promise.all(responses.map(async (r) => Buffer.from(await r.arrayBuffer())));
      expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
      for (const body of bodies) expect(body.subarray(0, 5).toString()).toBe('%PDF-');
    });

    it("answers 503 'Error generating pdf' with the reason when Chromium is missing, and keeps serving", async () => {
      const renderer = new PdfRenderer({ executablePath: '/nonexistent/chromium' });
      const failure = await printOr503(renderer.render('<p>x</p>')).catch((error: unknown) => error);
      expect((failure as { getStatus(): number }).getStatus()).toBe(503);
      expect((failure as { getResponse(): unknown }).getResponse()).toEqual({
        statusCode: 503,
        message: PDF_ERROR,
        details: [
          {
            field: 'pdf',
            message: expect.stringContaining('Chromium was not found at /nonexistent/chromium'),
          },
        ],
      });
      await renderer.close();
      expect((await api.post('invoice/pdf', { number: a.number }, a.token)).status).toBe(200);
    });
  });

  describe('public links', () => {
    it('opens one invoice without sign-in, without the internal note or costs, and its PDF', async () => {
      const link = await api.post(`invoice/${a.number}/link`, undefined, a.token);
      expect(link.status).toBe(201);
      expect(link.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(link.body.url).toBe(`/invoice/pdf/${link.body.token}`);
      expect(Date.parse(link.body.expires_at) - Date.now()).toBeGreaterThan(29 * 86_400_000);

      const view = await api.get(`pdf/invoice/${link.body.token}`);
      expect(view.status).toBe(200);
      expect(view.headers.get('cache-control')).toBe('private, no-store');
      expect(view.body).toMatchObject({
        id: a.invoiceId,
        number: a.number,
        note: 'Deliver before noon',
        total: expect.any(Number),
        customer: { name: 'The Rusty Nail', display_tabc_id: 'MB123456', cash_on_delivery: true },
        company: { name: expect.any(String), tabc_id: expect.any(String) },
      });
      expect(JSON.stringify(view.body)).not.toContain('SECRET-INTERNAL-NOTE');
      expect(view.body).not.toHaveProperty('company_note');
      expect(view.body.items[0]).not.toHaveProperty('cost');

      const file = await raw('GET', `pdf/invoice/${link.body.token}/file`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('application/pdf');
      expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="invoice_/);

      // Only the hash is stored.
      const { rows } = await app.runtime.pool.query(
        'SELECT token_hash FROM public_link WHERE company_id = $1',
        [a.companyId],
      );
      expect(rows.map((r) => r.token_hash)).toContain(
        createHash('sha256').update(link.body.token).digest('hex'),
      );
      expect(JSON.stringify(rows)).not.toContain(link.body.token);
      expect(await streamTypes(a.invoiceId)).toContain('PublicLinkIssued');
    });

    it('answers the same 404 for a forged, malformed, expired, revoked or other-kind token', async () => {
      const expired = await api.post(`invoice/${a.invoiceId}/link`, undefined, a.token);
      await app.runtime.pool.query(
        `UPDATE public_link SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
        [createHash('sha256').update(expired.body.token).digest('hex')],
      );
      const revoked = await api.post(`invoice/${a.invoiceId}/link`, undefined, a.token);
      const revoke = await api.delete(`invoice/${a.invoiceId}/link`, a.token);
      expect(revoke.status).toBe(200);
      expect(revoke.body.revoked).toBeGreaterThanOrEqual(1);
      const order = await api.post(`invoice/${a.invoiceId}/link`, undefined, a.token);
      await app.runtime.pool.query(`UPDATE public_link SET kind = 'order' WHERE token_hash = $1`, [
        createHash('sha256').update(order.body.token).digest('hex'),
      ]);
      const forged = 'A'.repeat(43);
      for (const token of [forged, 'short', expired.body.token, revoked.body.token, order.body.token]) {
        for (const path of [`pdf/invoice/${token}`, `pdf/invoice/${token}/file`]) {
          const response = await api.get(path);
          expect({ path, status: response.status, body: response.body }).toEqual({
            path,
            status: 404,
            body: { statusCode: 404, message: LINK_NOT_FOUND },
          });
        }
      }
    });

    it("opens only the issuing company's invoice; another company cannot issue or revoke links to it", async () => {
      const theirs = await api.post(`invoice/${b.invoiceId}/link`, undefined, b.token);
      const view = await api.get(`pdf/invoice/${theirs.body.token}`);
      expect(view.body.id).toBe(b.invoiceId);
      expect((await api.post(`invoice/${b.invoiceId}/link`, undefined, a.token)).status).toBe(404);
      expect((await api.delete(`invoice/${b.invoiceId}/link`, a.token)).status).toBe(404);
      expect((await api.get(`pdf/invoice/${theirs.body.token}`)).status).toBe(200);
    });
  });

  describe('e-mail', () => {
    it('needs the email feature', async () => {
      const response = await api.post(`invoice/${b.number}/email`, { emails: ['x@example.test'] }, b.token);
      expect(response.status).toBe(403);
      expect((await api.get(`invoice/${b.invoiceId}/email`, b.token)).status).toBe(403);
      expect((await api.get('invoice/email/grid', b.token)).status).toBe(403);
    });

    it('validates the recipients', async () => {
      const empty = await api.post(`invoice/${a.number}/email`, { emails: [] }, a.token);
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('Email address cannot be empty');
      const invalid = await api.post(
        `invoice/${a.number}/email`,
        { emails: ['ok@example.test', 'nope'] },
        a.token,
      );
      expect(invalid.status).toBe(400);
      expect(invalid.body.message).toBe('Input valid email address');
      expect((await api.post(`invoice/${a.number}/email`, {}, a.token)).body.message).toBe(
        'Email address cannot be empty',
      );
    });

    it('sends the PDF and the public link to each address and logs them', async () => {
      const mark = app.mailbox.mark();
      const response = await api.post(
        `invoice/${a.number}/email`,
        { emails: ['buyer@rustynail.test', 'Owner@RustyNail.test'], notes: 'See you Friday', beer: false },
        a.token,
      );
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status: 'sent', message: 'Your email has been sent' });

      const mail = await app.mailbox.waitFor('buyer@rustynail.test', { after: mark });
      expect(mail.subject).toContain(`Invoice #${a.number}`);
      // From the company by name (the server's own address), answers to the company's owner: never a no-reply box.
      const me = (await api.get('validate_token', a.token)).body as {
        email: string;
        company: { name: string };
      };
      expect(mail.from).toMatch(new RegExp(`^${me.company.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} <`));
      expect(mail.replyTo).toEqual([`${me.company.name} <${me.email}>`]);
      expect(mail.text).toContain('See you Friday');
      expect(mail.attachments).toHaveLength(1);
      expect(mail.attachments[0]).toMatchObject({
        filename: `invoice_${a.number}_${fileDate(today())}.pdf`,
        contentType: 'application/pdf',
      });
      expect(mail.attachments[0]!.content.subarray(0, 5).toString()).toBe('%PDF-');
      const token = new RegExp(`${app.baseUrl}/invoice/pdf/([A-Za-z0-9_-]{43})`).exec(mail.text)![1]!;
      expect((await api.get(`pdf/invoice/${token}`)).body.number).toBe(a.number);
      await app.mailbox.waitFor('owner@rustynail.test', { after: mark });

      // the client's specification: GET /invoice/{id}/email answers the list, each with emailed_to
      const log = await api.get(`invoice/${a.invoiceId}/email`, a.token);
      expect(log.status).toBe(200);
      expect(Array.isArray(log.body)).toBe(true);
      expect(log.body).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            emailed_to: 'buyer@rustynail.test',
            notes: 'See you Friday',
            status: 'sent',
          }),
          expect.objectContaining({ emailed_to: 'Owner@RustyNail.test', status: 'sent', number: a.number }),
        ]),
      );
      expect(log.body.map((e: { emailed_to: string }) => e.emailed_to.toLowerCase()).sort()).toEqual([
        'buyer@rustynail.test',
        'owner@rustynail.test',
      ]);

      const grid = await api.get('invoice/email/grid?startRow=0&endRow=25', a.token);
      expect(grid.status).toBe(200);
      expect(grid.body.count).toBe(2);
      expect(grid.body.rows[0]).toMatchObject({ number: a.number, notes: 'See you Friday', status: 'sent' });
      expect(grid.body.rows[0]).toHaveProperty('created_at');
      expect(await streamTypes(a.invoiceId)).toEqual(
        expect.arrayContaining(['InvoiceEmailed', 'PublicLinkIssued']),
      );

      // the activity log has one E-mail row per recipient, with the invoice's number (it catches up on its own)
      await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint(), 5000);
      const activity = await api.get(
        `user/user-activity/grid?${new URLSearchParams({
          startRow: '0',
          endRow: '25',
          filterModel: JSON.stringify({ kind: { filterType: 'set', values: ['email'] } }),
        })}`,
        a.token,
      );
      expect(activity.status).toBe(200);
      const rows = activity.body.rows as {
        module: string;
        type: string;
        success: boolean;
        invoice: string;
        info: Record<string, unknown>;
      }[];
      expect(rows.map((row) => String(row.info.emailedTo).toLowerCase()).sort()).toEqual([
        'buyer@rustynail.test',
        'owner@rustynail.test',
      ]);
      for (const row of rows)
        expect(row).toMatchObject({
          module: 'EMAIL',
          type: 'SEND',
          success: true,
          invoice: a.number,
          info: { documentKind: 'invoice', invoiceNumber: a.number, status: 'sent' },
        });
      // opened, it shows the e-mail's facts under the invoice e-mail's own event type
      const opened = await api.get(
        `user/user-activity/${(rows[0] as unknown as { id: string }).id}`,
        a.token,
      );
      expect(opened.status).toBe(200);
      expect(opened.body.event_type).toBe('InvoiceEmailed');
    });

    it('reports a refused message as not sent and logs it as failed', async () => {
      app.mailbox.refuse({ code: 550, message: 'No such user', to: 'ghost@rustynail.test' });
      const errors = captureServerErrors();
      try {
        const response = await api.post(
          `invoice/${a.number}/email`,
          { emails: ['ghost@rustynail.test'] },
          a.token,
        );
        expect(response.status).toBe(502);
        expect(response.body.message).toBe(
          'Failed to send email. Please make sure the email addresses are valid and try again',
        );
        expect(response.body.details[0].message).toContain('550');
        // the operator sees the 502 in the server's log
        expect(errors.messages()).toEqual([expect.stringContaining('HttpException: Failed to send email.')]);
      } finally {
        errors.restore();
        app.mailbox.refuse(null);
      }
      const log = await api.get(`invoice/${a.invoiceId}/email`, a.token);
      expect(
        log.body.find((e: { emailed_to: string }) => e.emailed_to === 'ghost@rustynail.test'),
      ).toMatchObject({ status: 'failed' });
    });

    it('retries a deferred message in the background and logs its delivery once the server accepts', async () => {
      const mark = app.mailbox.mark();
      app.mailbox.refuse({ code: 451, message: 'Try again later', to: 'busy@rustynail.test' });
      let released = false;
      try {
        const response = await api.post(
          `invoice/${a.number}/email`,
          { emails: ['busy@rustynail.test'] },
          a.token,
        );
        expect(response.status).toBe(202);
        expect(response.body).toMatchObject({ status: 'queued', recipients: [{ status: 'queued' }] });
        const queued = await api.get(`invoice/${a.invoiceId}/email`, a.token);
        expect(
          queued.body.find((e: { emailed_to: string }) => e.emailed_to === 'busy@rustynail.test'),
        ).toMatchObject({ status: 'queued' });
        await new Promise((resolve) => setTimeout(resolve, 400)); // one more deferred attempt meanwhile
        app.mailbox.refuse(null);
        released = true;
        await app.mailbox.waitFor('busy@rustynail.test', { after: mark, timeoutMs: 5000 });
      } finally {
        if (!released) app.mailbox.refuse(null);
      }
      let entry: { status: string; attempts: number; delivered_at: string | null } | undefined;
      for (let i = 0; i < 50 && entry?.status !== 'sent'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const log = await api.get(`invoice/${a.invoiceId}/email`, a.token);
        entry = log.body.find((e: { emailed_to: string }) => e.emailed_to === 'busy@rustynail.test');
      }
      expect(entry).toMatchObject({ status: 'sent', delivered_at: expect.any(String) });
      expect(entry!.attempts).toBeGreaterThanOrEqual(2);
      expect(await streamTypes(a.invoiceId)).toEqual(
        expect.arrayContaining(['InvoiceEmailDeferred', 'InvoiceEmailDelivered']),
      );
    });
  });

  describe('documents and private notes', () => {
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]);

    it('attaches, lists, previews, renames and deletes a document', async () => {
      const response = await upload(a, 'receipt.pdf', Buffer.from('%PDF-1.7\n%%EOF\n'), 'Signed receipt');
      expect(response.status).toBe(201);
      const document = await json(response);
      expect(document).toMatchObject({
        originalname: 'receipt.pdf',
        mimetype: 'application/pdf',
        note: 'Signed receipt',
        filename: expect.stringMatching(/^[0-9a-f-]{36}\.pdf$/),
        updatedAt: expect.any(String),
      });

      const list = await api.get(`invoice/${a.number}/document`, a.token);
      expect(list.body.documents).toEqual([
        expect.objectContaining({ id: document.id, originalname: 'receipt.pdf' }),
      ]);

      const preview = await raw('GET', `invoice/document/${document.id}/preview`, a.token);
      expect(preview.status).toBe(200);
      expect(preview.headers.get('content-type')).toBe('application/pdf');
      expect(preview.headers.get('content-disposition')).toMatch(/^inline; filename="receipt.pdf"/);
      expect(preview.headers.get('x-content-type-options')).toBe('nosniff');
      expect(preview.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
      expect(Buffer.from(await preview.arrayBuffer()).toString()).toBe('%PDF-1.7\n%%EOF\n');

      const empty = await api.put(`invoice/document/${document.id}`, { originalname: '  ' }, a.token);
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('File name can not be empty');
      const renamed = await api.put(
        `invoice/document/${document.id}`,
        { originalname: 'Delivery receipt.pdf', note: 'Signed by Joe' },
        a.token,
      );
      expect(renamed.status).toBe(200);
      expect(renamed.body).toMatchObject({
        success: true,
        document: { originalname: 'Delivery receipt.pdf', note: 'Signed by Joe' },
      });

      expect((await api.delete(`invoice/document/${document.id}`, a.token)).status).toBe(204);
      expect((await raw('GET', `invoice/document/${document.id}/preview`, a.token)).status).toBe(404);
      expect((await api.get(`invoice/${a.number}/document`, a.token)).body.documents).toEqual([]);
      expect(await streamTypes(a.invoiceId)).toEqual(
        expect.arrayContaining(['DocumentAttached', 'DocumentRenamed', 'DocumentRemoved']),
      );
    });

    it('saves a camera photo as .jpeg and previews images inline with their type', async () => {
      const response = await upload(a, 'image', jpeg);
      expect(response.status).toBe(201);
      const photo = await json(response);
      expect(photo).toMatchObject({ originalname: 'image.jpeg', mimetype: 'image/jpeg' });
      const preview = await raw('GET', `invoice/document/${photo.id}/preview`, a.token);
      expect(preview.headers.get('content-type')).toBe('image/jpeg');
      const logo = await upload(a, 'logo.png', png(20, 10));
      expect((await json(logo)).mimetype).toBe('image/png');
    });

    it('refuses HTML and SVG, whatever their name, and serves text so that no script can run', async () => {
      for (const [name, content] of [
        ['page.html', '<!doctype html><script>alert(1)</script>'],
        ['drawing.svg', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
        ['photo.png', '<svg onload="alert(1)"/>'],
        ['list.csv', '<html><body onload="alert(1)">'],
      ] as const) {
        const response = await upload(a, name, Buffer.from(content));
        expect({ name, status: response.status }).toEqual({ name, status: 400 });
        expect((await json(response)).message).toContain('This file type is not allowed');
      }
      const csv = await upload(a, 'orders.csv', Buffer.from('name,comment\nJoe,<script>alert(1)</script>\n'));
      expect(csv.status).toBe(201);
      const { id } = await json(csv);
      const preview = await raw('GET', `invoice/document/${id}/preview`, a.token);
      expect(preview.headers.get('content-type')).toBe('application/octet-stream');
      expect(preview.headers.get('content-disposition')).toMatch(/^attachment; filename="orders.csv"/);
      expect(preview.headers.get('x-content-type-options')).toBe('nosniff');
      expect(preview.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    });

    it('refuses a 6 MB upload cleanly and a request without a file', async () => {
      const response = await upload(
        a,
        'big.pdf',
        Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(6 * 1024 * 1024)]),
      );
      expect(response.status).toBe(413);
      expect((await json(response)).message).toBe('Request body is too large (limit 5 MB)');
      const form = new FormData();
      form.append('note', 'no file');
      const missing = await raw('POST', `invoice/${a.invoiceId}/document`, a.token, form);
      expect(missing.status).toBe(400);
      expect((await json(missing)).message).toBe('Please choose a file to upload.');
    });

    it('adds and deletes private notes', async () => {
      const empty = await api.post(`invoice/${a.number}/note`, { note: '   ' }, a.token);
      expect(empty.status).toBe(400);
      expect(empty.body.message).toBe('Note can not be empty');
      const added = await api.post(`invoice/${a.number}/note`, { note: 'Customer disputes line 2' }, a.token);
      expect(added.status).toBe(201);
      expect(added.body).toEqual([
        { id: expect.any(String), note: 'Customer disputes line 2', createdAt: expect.any(String) },
      ]);
      const listed = await api.get(`invoice/${a.invoiceId}/document`, a.token);
      expect(listed.body.notes).toEqual(added.body);
      const removed = await api.call('DELETE', `invoice/${a.invoiceId}/note`, {
        token: a.token,
        body: added.body[0],
      });
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual([]);
      expect(
        (await api.call('DELETE', `invoice/${a.invoiceId}/note?id=${added.body[0].id}`, { token: a.token }))
          .status,
      ).toBe(404);
      expect(await streamTypes(a.invoiceId)).toEqual(
        expect.arrayContaining(['PrivateNoteAdded', 'PrivateNoteRemoved']),
      );
    });

    it('deletes a private note named by the note itself, as the notes list shows it (no id)', async () => {
      const remove = (body: unknown) =>
        api.call('DELETE', `invoice/${a.invoiceId}/note`, { token: a.token, body });
      await api.post(`invoice/${a.number}/note`, { note: 'Left at the back door' }, a.token);
      await api.post(`invoice/${a.number}/note`, { note: 'Left at the back door' }, a.token);
      const notes = (await api.post(`invoice/${a.number}/note`, { note: 'Paid in cash' }, a.token)).body;
      const [first, , cash] = notes;
      // by its text and time: that one (its twin, written the same moment or later, stays)
      const byTime = await remove({ note: first.note, createdAt: first.createdAt });
      expect(byTime.status).toBe(200);
      expect(byTime.body.map((n: { note: string }) => n.note)).toEqual([
        'Left at the back door',
        'Paid in cash',
      ]);
      const second = byTime.body[0];
      // by its text alone
      expect((await remove({ note: cash.note })).body).toEqual([second]);
      // no note with that text (or that time): 404, nothing removed
      expect((await remove({ note: 'Never written' })).status).toBe(404);
      expect((await remove({ note: second.note, createdAt: '2020-01-01T00:00:00.000Z' })).status).toBe(404);
      expect((await remove({ note: second.note, createdAt: 'yesterday' })).status).toBe(404);
      expect((await api.get(`invoice/${a.invoiceId}/document`, a.token)).body.notes).toEqual([second]);
      expect((await remove({ note: second.note })).body).toEqual([]);
    });
  });

  it("answers 404 to another company for every route naming this company's invoice, documents and notes", async () => {
    const doc = await json(await upload(a, 'secret.pdf', Buffer.from('%PDF-1.7 SECRET-DOC')));
    const notes = await api.post(`invoice/${a.invoiceId}/note`, { note: 'SECRET-PRIVATE-NOTE' }, a.token);
    expect((await api.post('company/feature', { name: 'email', active: true }, b.token)).status).toBe(200);
    await expectOtherCompanyGets404(
      api,
      b.token,
      [
        { method: 'POST', path: 'invoice/pdf', body: { number: a.invoiceId } },
        { method: 'POST', path: `invoice/${a.invoiceId}/link` },
        { method: 'DELETE', path: `invoice/${a.invoiceId}/link` },
        { method: 'GET', path: `invoice/${a.invoiceId}/email` },
        { method: 'POST', path: `invoice/${a.invoiceId}/email`, body: { emails: ['x@example.test'] } },
        { method: 'GET', path: `invoice/${a.invoiceId}/document` },
        { method: 'GET', path: `invoice/document/${doc.id}/preview` },
        { method: 'PUT', path: `invoice/document/${doc.id}`, body: { originalname: 'mine.pdf' } },
        { method: 'DELETE', path: `invoice/document/${doc.id}` },
        { method: 'POST', path: `invoice/${a.invoiceId}/note`, body: { note: 'hi' } },
        { method: 'DELETE', path: `invoice/${a.invoiceId}/note`, body: { id: notes.body[0].id } },
      ],
      ['SECRET-DOC', 'SECRET-PRIVATE-NOTE', 'SECRET-INTERNAL-NOTE', 'secret.pdf', 'The Rusty Nail'],
    );
    const upload404 = await upload({ ...a, token: b.token }, 'x.pdf', Buffer.from('%PDF-1.7'));
    expect(upload404.status).toBe(404);
    const grid = await api.get('invoice/email/grid?startRow=0&endRow=25', b.token);
    expect(grid.body.count).toBe(0);
  });
});
