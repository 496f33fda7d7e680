import nodemailer from 'nodemailer';
import { DEFAULT_MAIL_FROM, type MailMessage, type MailPort } from './mail.port.js';

/** The address of 'Name <address>' (or the address alone). */
const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

/**
 * The MailPort over SMTP (nodemailer): `SMTP_URL` in production, the dev capture otherwise. Connections are pooled:
 * a mail goes over an open connection when one is free instead of a new connection and greeting per message
 * (settings in the URL's query, such as `?pool=false` or `maxConnections=2`, win).
 */
export class SmtpMailer implements MailPort {
  private readonly transport: ReturnType<typeof nodemailer.createTransport>;

  constructor(
    smtpUrl: string,
    private readonly from: string = DEFAULT_MAIL_FROM,
  ) {
    this.transport = nodemailer.createTransport({ pool: true, url: smtpUrl });
  }

  async send(message: MailMessage): Promise<{ messageId: string }> {
    const info = await this.transport.sendMail({
      from: message.fromName ? { name: message.fromName, address: addressOf(this.from) } : this.from,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      ...(message.messageId ? { messageId: message.messageId } : {}),
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      attachments: message.attachments?.map(({ filename, content, contentType }) => ({
        filename,
        content,
        contentType,
      })),
    });
    return { messageId: info.messageId };
  }

  /** Checks the connection and credentials (for /health and start-up). */
  async verify(): Promise<void> {
    await this.transport.verify();
  }

  close(): void {
    this.transport.close();
  }
}
