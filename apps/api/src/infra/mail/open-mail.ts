import { startMailCapture, type MailCapture } from './mail-capture.js';
import { DEFAULT_MAIL_FROM } from './mail.port.js';
import { SmtpMailer } from './smtp.mailer.js';

export interface OpenedMail {
  mailer: SmtpMailer;
  /** Present when SMTP_URL is unset: mount its inbox at /dev/mail and print the address. */
  capture?: MailCapture;
  close(): Promise<void>;
}

/** SMTP_URL when set; otherwise a local capture on a free loopback port. MAIL_FROM sets the sender. */
export async function openMail(env: NodeJS.ProcessEnv = process.env): Promise<OpenedMail> {
  const from = env.MAIL_FROM || DEFAULT_MAIL_FROM;
  if (env.SMTP_URL) {
    const mailer = new SmtpMailer(env.SMTP_URL, from);
    return { mailer, close: async () => mailer.close() };
  }
  const capture = await startMailCapture({ host: '127.0.0.1' });
  const mailer = new SmtpMailer(capture.smtpUrl, from);
  return {
    mailer,
    capture,
    close: async () => {
      mailer.close();
      await capture.close();
    },
  };
}
