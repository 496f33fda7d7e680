import { createConnection, createServer, type AddressInfo } from 'node:net';
import { startMailCapture, type MailCapture } from './mail-capture.js';
import { escapeHtml, renderInbox, renderMessage } from './mail-inbox.js';
import { DEFAULT_MAIL_FROM } from './mail.port.js';
import { openMail } from './open-mail.js';
import { SmtpMailer } from './smtp.mailer.js';

describe('Mail', () => {
  let capture: MailCapture;
  let mailer: SmtpMailer;

  beforeAll(async () => {
    capture = await startMailCapture({ host: '127.0.0.1', limit: 3 });
    mailer = new SmtpMailer(capture.smtpUrl, 'Acme Distributing <billing@acme.test>');
  });

  afterAll(async () => {
    mailer.close();
    await capture.close();
  });

  beforeEach(() => capture.clear());

  it('delivers subject, text, html, recipients and attachments over SMTP', async () => {
    const pdf = Buffer.from('%PDF-1.7 fake invoice');
    const { messageId } = await mailer.send({
      to: ['Ann Buyer <ann@example.test>', 'bob@example.test'],
      subject: 'Invoice 1042 — €12.50',
      text: 'Your invoice is attached.\nThank you.',
      html: '<p>Your invoice is <b>attached</b>.</p>',
      attachments: [{ filename: 'invoice-1042.pdf', content: pdf, contentType: 'application/pdf' }],
    });

    const mail = await capture.waitFor('bob@example.test', { subjectIncludes: 'Invoice 1042' });
    expect(mail).toMatchObject({
      envelope: { from: 'billing@acme.test', to: ['ann@example.test', 'bob@example.test'] },
      from: 'Acme Distributing <billing@acme.test>',
      to: ['Ann Buyer <ann@example.test>', 'bob@example.test'],
      subject: 'Invoice 1042 — €12.50',
      text: 'Your invoice is attached.\nThank you.',
      html: '<p>Your invoice is <b>attached</b>.</p>',
      messageId,
    });
    expect(mail.attachments).toEqual([
      { filename: 'invoice-1042.pdf', contentType: 'application/pdf', content: pdf },
    ]);
    await expect(capture.waitFor('ANN@example.test', { timeoutMs: 10 })).resolves.toBe(mail);
  });

  it('waits for a message that has not arrived yet', async () => {
    const waiting = capture.waitFor('late@example.test', { subjectIncludes: 'Reset', timeoutMs: 5000 });
    await mailer.send({ to: 'other@example.test', subject: 'Reset your password', text: 'not for late' });
    await mailer.send({ to: 'late@example.test', subject: 'Welcome', text: 'wrong subject' });
    await mailer.send({ to: 'late@example.test', subject: 'Reset your password', text: 'this one' });
    await expect(waiting).resolves.toMatchObject({ text: 'this one' });
  });

  it('reports a clear error when no message arrives in time', async () => {
    await expect(
      capture.waitFor('nobody@example.test', { timeoutMs: 50, subjectIncludes: 'Invoice' }),
    ).rejects.toThrow('No mail to nobody@example.test with a subject containing "Invoice" within 50 ms');
  });

  it('ignores older messages when asked for mail after a mark', async () => {
    await mailer.send({ to: 'ann@example.test', subject: 'Sign-in link', text: 'first' });
    const waiting = capture.waitFor('ann@example.test', {
      after: capture.mark(),
      subjectIncludes: 'Sign-in link',
    });
    await mailer.send({ to: 'ann@example.test', subject: 'Sign-in link', text: 'second' });
    await expect(waiting).resolves.toMatchObject({ text: 'second' });
  });

  it('keeps only the newest messages', async () => {
    for (const n of [1, 2, 3, 4])
      await mailer.send({ to: 'ann@example.test', subject: `Message ${n}`, text: String(n) });
    expect(capture.messages().map((m) => m.subject)).toEqual(['Message 2', 'Message 3', 'Message 4']);
    expect(capture.message(capture.messages()[0]!.id)?.subject).toBe('Message 2');
  });

  it('cannot be tricked into extra headers by line breaks in the subject', async () => {
    await mailer.send({ to: 'ann@example.test', subject: 'Hello\r\nBcc: eve@example.test', text: 'x' });
    const mail = await capture.waitFor('ann@example.test', { timeoutMs: 1000 });
    expect(mail.envelope.to).toEqual(['ann@example.test']);
    expect(mail.subject).not.toContain('\n');
  });

  it('sends from MAIL_FROM, defaulting to Stampline no-reply, through the capture when SMTP_URL is unset', async () => {
    const mail = await openMail({});
    try {
      expect(mail.capture).toBeDefined();
      await mail.mailer.send({ to: 'ann@example.test', subject: 'Default sender', text: 'x' });
      expect(await mail.capture!.waitFor('ann@example.test')).toMatchObject({ from: DEFAULT_MAIL_FROM });
    } finally {
      await mail.close();
    }
    const configured = await openMail({
      SMTP_URL: capture.smtpUrl,
      MAIL_FROM: 'Billing <billing@acme.test>',
    });
    try {
      expect(configured.capture).toBeUndefined();
      await configured.mailer.send({ to: 'ann@example.test', subject: 'Configured sender', text: 'x' });
      expect(await capture.waitFor('ann@example.test', { subjectIncludes: 'Configured' })).toMatchObject({
        from: 'Billing <billing@acme.test>',
      });
    } finally {
      await configured.close();
    }
  });

  it('sends one mail after another over one pooled connection, not a connection per mail', async () => {
    // a relay in front of the capture counts the connections the mailer opens
    let connections = 0;
    const port = Number(new URL(capture.smtpUrl).port);
    const relay = createServer((client) => {
      connections += 1;
      const server = createConnection(port, '127.0.0.1');
      client.pipe(server).pipe(client);
      const end = () => (client.destroy(), server.destroy());
      client.on('error', end).on('close', end);
      server.on('error', end).on('close', end);
    });
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
    const pooled = new SmtpMailer(`smtp://127.0.0.1:${(relay.address() as AddressInfo).port}`);
    try {
      for (const n of [1, 2, 3])
        await pooled.send({ to: `pool${n}@example.test`, subject: `Pooled ${n}`, text: 'x' });
      await capture.waitFor('pool3@example.test', { subjectIncludes: 'Pooled 3' });
      expect(connections).toBe(1);
    } finally {
      pooled.close();
      await new Promise((resolve) => relay.close(resolve));
    }
  });
});

describe('Mail inbox pages', () => {
  const hostile = '<script>alert("x")</script>&\'';
  const mail = {
    id: '7',
    receivedAt: '2024-05-01T12:00:00.000Z',
    envelope: { from: 'a@example.test', to: ['b@example.test'] },
    from: `${hostile} <a@example.test>`,
    to: [`${hostile} <b@example.test>`],
    cc: [],
    replyTo: [],
    subject: hostile,
    text: hostile,
    html: `<p onclick="steal()">hi</p><script>steal()</script>"`,
    attachments: [{ filename: `${hostile}.pdf`, contentType: 'application/pdf', content: Buffer.from('x') }],
  };

  it('escapes every character that could open markup', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });

  it('lists messages newest first, escaped, linking to each message', () => {
    const older = { ...mail, id: '6', subject: 'Older' };
    const html = renderInbox([older, mail], { basePath: '/dev/mail' });
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
    expect(html.indexOf('href="/dev/mail/7"')).toBeLessThan(html.indexOf('href="/dev/mail/6"'));
    expect(renderInbox([])).toContain('No mail yet');
  });

  it('shows a message with its HTML only inside a sandboxed iframe', () => {
    const html = renderMessage(mail);
    expect(html).not.toMatch(/<script|onclick="/);
    expect(html).toContain('<iframe title="HTML body" sandbox=""');
    expect(html).toContain(
      'srcdoc="&lt;p onclick=&quot;steal()&quot;&gt;hi&lt;/p&gt;&lt;script&gt;steal()&lt;/script&gt;&quot;"',
    );
    expect(html).toContain('<pre>&lt;script&gt;');
    expect(html).toContain(
      '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;.pdf (application/pdf, 1 bytes)',
    );
  });
});
