import type { AddressInfo } from 'node:net';
import PostalMime, { type Address } from 'postal-mime';
import { SMTPServer, type SMTPServerDataStream, type SMTPServerSession } from 'smtp-server';

/**
 * A development SMTP server that keeps what it receives in memory (the newest `limit` messages) instead of
 * delivering it. `npm start` runs it when SMTP_URL is unset; tests use it to receive real SMTP mail.
 */
export interface CapturedMail {
  /** Sequential, unique for the capture's lifetime; used in inbox links. */
  id: string;
  receivedAt: string;
  /** SMTP envelope: who actually receives the message (includes Bcc). */
  envelope: { from: string; to: string[] };
  from: string;
  to: string[];
  cc: string[];
  /** Where answers go ('Name <address>'), when the message names it. */
  replyTo: string[];
  subject: string;
  text: string;
  html?: string;
  messageId?: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface WaitForMailOptions {
  /** Default 5000. */
  timeoutMs?: number;
  subjectIncludes?: string;
  /** Only messages received after this `mark()` (default: any, newest first). */
  after?: number;
}

export interface MailCapture {
  smtpUrl: string;
  host: string;
  port: number;
  /** Oldest first. */
  messages(): CapturedMail[];
  message(id: string): CapturedMail | undefined;
  /** A marker for `waitFor(…, { after })`: messages received from now on come after it. */
  mark(): number;
  /** The newest matching message already received, or the next one to arrive. */
  waitFor(to: string, options?: WaitForMailOptions): Promise<CapturedMail>;
  clear(): void;
  /**
   * Makes the server answer RCPT TO with an SMTP error instead of accepting, until called with null: a 4xx code
   * defers (the sender should retry), a 5xx code refuses. `to` limits it to one recipient (any when absent).
   */
  refuse(reply: RefusalReply | null): void;
  close(): Promise<void>;
}

export interface RefusalReply {
  /** 4xx (deferred) or 5xx (refused). */
  code: number;
  message?: string;
  to?: string;
}

export interface MailCaptureOptions {
  /** Default 0: a free port. */
  smtpPort?: number;
  host: string;
  /** Messages kept; default 500. */
  limit?: number;
  /** Largest message accepted, in bytes; default 25 MB. */
  maxMessageBytes?: number;
}

interface Waiter {
  matches(mail: CapturedMail): boolean;
  resolve(mail: CapturedMail): void;
}

export async function startMailCapture(options: MailCaptureOptions): Promise<MailCapture> {
  const limit = options.limit ?? 500;
  const inbox: CapturedMail[] = [];
  const waiters = new Set<Waiter>();
  let sequence = 0;
  let refusal: RefusalReply | null = null;

  const store = (mail: CapturedMail) => {
    inbox.push(mail);
    if (inbox.length > limit) inbox.splice(0, inbox.length - limit);
    for (const waiter of waiters) if (waiter.matches(mail)) waiter.resolve(mail);
  };

  const server = new SMTPServer({
    name: 'stampline-mail-capture',
    banner: 'Stampline development mail capture: nothing is delivered',
    logger: false,
    authOptional: true,
    allowInsecureAuth: true,
    hideSTARTTLS: true,
    disableReverseLookup: true,
    size: options.maxMessageBytes ?? 25 * 1024 * 1024,
    rejectOversized: true,
    // Any credentials are fine: SMTP_URL values with a user and password work against the capture too.
    onAuth: (_auth, _session, callback) => callback(null, { user: 'capture' }),
    onRcptTo: (address, _session, callback) => {
      const reply = refusal;
      if (reply && (reply.to === undefined || reply.to.toLowerCase() === address.address.toLowerCase())) {
        const text =
          reply.message ?? (reply.code < 500 ? 'Mailbox busy, try again later' : 'Mailbox unavailable');
        return callback(Object.assign(new Error(text), { responseCode: reply.code }));
      }
      callback();
    },
    onData: (stream, session, callback) => {
      readMessage(stream, session, String(++sequence))
        .then((mail) => {
          store(mail);
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  const port = await listen(server, options.smtpPort ?? 0, options.host);

  return {
    smtpUrl: `smtp://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`,
    host: options.host,
    port,
    messages: () => [...inbox],
    message: (id) => inbox.find((mail) => mail.id === id),
    mark: () => sequence,
    waitFor: (to, waitOptions = {}) => waitForMail(inbox, waiters, to, waitOptions),
    clear: () => void inbox.splice(0),
    refuse: (reply) => {
      refusal = reply;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

function listen(server: SMTPServer, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      // A listening server's later errors (a client dropping mid-message) must not crash the process.
      server.on('error', () => {});
      resolve((server.server.address() as AddressInfo).port);
    });
  });
}

async function readMessage(
  stream: SMTPServerDataStream,
  session: SMTPServerSession,
  id: string,
): Promise<CapturedMail> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  if (stream.sizeExceeded) throw Object.assign(new Error('Message too large'), { responseCode: 552 });
  const email = await PostalMime.parse(Buffer.concat(chunks));
  const { mailFrom, rcptTo } = session.envelope;
  return {
    id,
    // When the capture (an SMTP stand-in) received the message: transport time, not a business instant.
    // eslint-disable-next-line no-restricted-syntax
    receivedAt: new Date().toISOString(),
    envelope: { from: mailFrom ? mailFrom.address : '', to: rcptTo.map((r) => r.address) },
    from: email.from ? formatAddresses([email.from])[0]! : '',
    to: formatAddresses(email.to),
    cc: formatAddresses(email.cc),
    replyTo: formatAddresses(email.replyTo),
    subject: email.subject ?? '',
    text: withoutFinalNewline(email.text) ?? '',
    html: withoutFinalNewline(email.html),
    messageId: email.messageId,
    attachments: email.attachments.map((a) => ({
      filename: a.filename ?? 'attachment',
      contentType: a.mimeType,
      content:
        typeof a.content === 'string'
          ? Buffer.from(a.content, 'base64')
          : Buffer.from(a.content as ArrayBuffer),
    })),
  };
}

/** MIME ends every body part with a line break the sender did not write. */
function withoutFinalNewline(body: string | undefined): string | undefined {
  return body?.replace(/\r?\n$/, '');
}

function formatAddresses(addresses: Address[] | undefined): string[] {
  return (addresses ?? [])
    .flatMap((address) => (address.group ? address.group : [address]))
    .map(formatMailbox);
}

function formatMailbox({ name, address }: { name: string; address?: string }): string {
  return name ? `${name} <${address ?? ''}>` : (address ?? '');
}

function addressedTo(mail: CapturedMail, to: string): boolean {
  const wanted = to.trim().toLowerCase();
  const bare = (value: string) => (/<([^>]*)>\s*$/.exec(value)?.[1] ?? value).trim().toLowerCase();
  return [...mail.envelope.to, ...mail.to, ...mail.cc].some((value) => bare(value) === wanted);
}

function waitForMail(
  inbox: readonly CapturedMail[],
  waiters: Set<Waiter>,
  to: string,
  { timeoutMs = 5000, subjectIncludes, after }: WaitForMailOptions,
): Promise<CapturedMail> {
  const matches = (mail: CapturedMail) =>
    addressedTo(mail, to) &&
    (subjectIncludes === undefined || mail.subject.includes(subjectIncludes)) &&
    (after === undefined || Number(mail.id) > after);
  const existing = [...inbox].reverse().find(matches);
  if (existing) return Promise.resolve(existing);
  return new Promise((resolve, reject) => {
    const waiter: Waiter = {
      matches,
      resolve: (mail) => {
        clearTimeout(timer);
        waiters.delete(waiter);
        resolve(mail);
      },
    };
    const timer = setTimeout(() => {
      waiters.delete(waiter);
      const about = subjectIncludes === undefined ? '' : ` with a subject containing "${subjectIncludes}"`;
      reject(new Error(`No mail to ${to}${about} within ${timeoutMs} ms`));
    }, timeoutMs);
    waiters.add(waiter);
  });
}
