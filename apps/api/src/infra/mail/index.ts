export {
  DEFAULT_MAIL_FROM,
  MAIL_PORT,
  type MailAttachment,
  type MailMessage,
  type MailPort,
} from './mail.port.js';
export { SmtpMailer } from './smtp.mailer.js';
export {
  startMailCapture,
  type CapturedMail,
  type MailCapture,
  type MailCaptureOptions,
  type RefusalReply,
  type WaitForMailOptions,
} from './mail-capture.js';
export { escapeHtml, renderInbox, renderMessage, type InboxOptions } from './mail-inbox.js';
export { openMail, type OpenedMail } from './open-mail.js';
