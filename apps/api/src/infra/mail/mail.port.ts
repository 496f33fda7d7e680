export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** Where answers go (the company's address), when not to the sender address. */
  replyTo?: { name: string; address: string };
  /** The sender's name shown (the company's), with the adapter's own address. */
  fromName?: string;
  /** The Message-ID header (`<id@host>`): every attempt of one recorded e-mail carries the same. */
  messageId?: string;
}

/**
 * Sends e-mail. The sender address is the adapter's (MAIL_FROM), never the caller's (mail servers refuse to send as
 * another domain); the caller may name the sender and say where answers go (Reply-To).
 */
export interface MailPort {
  send(message: MailMessage): Promise<{ messageId: string }>;
}

export const MAIL_PORT = Symbol('MAIL_PORT');

export const DEFAULT_MAIL_FROM = 'Stampline <no-reply@stampline.local>';
