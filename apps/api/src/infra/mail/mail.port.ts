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
}

/** Sends e-mail. The sender address is the adapter's (MAIL_FROM), never the caller's. */
export interface MailPort {
  send(message: MailMessage): Promise<{ messageId: string }>;
}

export const MAIL_PORT = Symbol('MAIL_PORT');

export const DEFAULT_MAIL_FROM = 'Stampline <no-reply@stampline.local>';
