import type { EmailStatus } from '#domain/contracts/delivery.contract';

/** The client's specification's E-mail dialog and Documents and notes, §8 E-mail and Documents, §9 limits. */
export const EMAIL_MESSAGES = {
  sent: 'Your email has been sent',
  sentHint: 'Every e-mail sent is listed in the Email log.',
  queued:
    'The mail server deferred the e-mail; it is retried in the background and the Email log shows when it is delivered.',
  failed: 'Failed to send email. Please make sure the email addresses are valid and try again',
  invalid: 'Input valid email address',
  empty: 'Email address cannot be empty',
  noEmailsSent: 'No e-mails sent',
  noEmailsSentHint: 'E-mails of this invoice to your customers show here.',
  noMemoEmailsSentHint: 'E-mails of this credit memo to your customer show here.',
  queuedShort: 'The mail server is busy: the e-mail is sent again shortly. Its status shows below.',
  noEmailHistory: 'No e-mail history',
  noMatch: 'No e-mails match these filters.',
  loadFailed: 'Error loading e-mails',
} as const;

/** An e-mail's status as the screens name it, and its chip's colour. */
export const EMAIL_STATUS: Record<EmailStatus, { label: string; color: 'success' | 'warning' | 'error' }> = {
  sent: { label: 'Sent', color: 'success' },
  queued: { label: 'Retrying', color: 'warning' },
  failed: { label: 'Not delivered', color: 'error' },
};

export const DOCUMENT_MESSAGES = {
  uploadFailed: 'Error occurred while uploading file.',
  previewFailed: 'Error occurred while generating preview',
  noteAddFailed: 'Error adding a note',
  noteDeleteFailed: 'Error deleting a note',
  updateFailed: 'Error updating file',
  updated: 'File updated',
  loadFailed: 'Error Uploading/Removing/Loading Documents',
  nameRequired: 'File name can not be empty',
  noDocuments: 'No documents or notes',
  noDocumentsHint:
    'Attach receipts, photos or signed copies, and keep private notes your customer never sees.',
  chooseFile: 'Please choose a file to upload.',
  typeNotAllowed:
    'This file type is not allowed. Please upload a PDF, an image (JPEG, PNG, GIF, WebP, HEIC), a CSV or text file, or an office document.',
} as const;

/** The client's specification: the request body limit is 5 MB. */
export const MAX_DOCUMENT_BYTES = 5 * 1024 * 1024;

/** The client's specification: ticks every 50 ms up to 90, 100 on success, the dialog closes 1.5 s later. */
export const UPLOAD_TICK_MS = 50;
export const UPLOAD_TICK_STEP = 5;
export const UPLOAD_CAP = 90;
export const UPLOAD_CLOSE_MS = 1500;

/** A standard e-mail pattern (the top-level domain is not checked). */
const EMAIL_PATTERN = /^[^\s@"(),:;<>[\]\\]+@[^\s@"(),:;<>[\]\\]+\.[^\s@"(),:;<>[\]\\]+$/;

export const isEmail = (value: string): boolean => EMAIL_PATTERN.test(value.trim());

/** Typed or pasted text split into addresses (commas, semicolons, spaces, new lines). */
export const splitAddresses = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((part) => part.trim())
    .filter(Boolean);

/** The recipients' error, or null when every address is valid and there is at least one. */
export function recipientsError(emails: readonly string[]): string | null {
  if (emails.length === 0) return EMAIL_MESSAGES.empty;
  if (emails.some((email) => !isEmail(email))) return EMAIL_MESSAGES.invalid;
  return null;
}

/** The listed addresses the invoice was already sent to (the log keeps them lower-case). */
export const alreadySentTo = (emails: readonly string[], alreadySent: readonly string[]): string[] => {
  const sent = new Set(alreadySent.map((email) => email.toLowerCase()));
  return emails.filter((email) => sent.has(email.trim().toLowerCase()));
};

const ALLOWED_EXTENSIONS = new Set([
  'pdf',
  'jpg',
  'jpeg',
  'png',
  'gif',
  'webp',
  'heic',
  'heif',
  'csv',
  'txt',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
]);

const extensionOf = (name: string) => /\.([A-Za-z0-9]{1,8})$/.exec(name.trim())?.[1]?.toLowerCase() ?? '';

/**
 * Camera photos are saved as .jpeg (as the client's specification asks): a JPEG named 'image.jpg', 'image' or a blob name without an
 * extension gets '.jpeg'. Other files keep their name.
 */
export function documentFileName(name: string, type: string): string {
  const trimmed = name.trim() || 'image';
  if (type !== 'image/jpeg') return trimmed;
  const ext = extensionOf(trimmed);
  if (ext === 'jpeg') return trimmed;
  if (ext === 'jpg' || ext === 'jpe') return `${trimmed.slice(0, -ext.length)}jpeg`;
  if (ext === '' || ext === 'blob') return `${trimmed.replace(/\.blob$/i, '')}.jpeg`;
  return trimmed;
}

/** The file to upload, renamed as the server saves it. */
export const asDocumentFile = (file: File): File => {
  const name = documentFileName(file.name, file.type);
  return name === file.name
    ? file
    : new File([file], name, { type: file.type, lastModified: file.lastModified });
};

/** '1.2 MB', '830 KB', '12 bytes' */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Why a chosen file cannot be uploaded (type or size, checked before the upload), or null. */
export function documentFileProblem(file: { name: string; type: string; size: number }): string | null {
  const ext = extensionOf(documentFileName(file.name, file.type));
  const image = /^image\/(jpeg|png|gif|webp|heic|heif)$/.test(file.type);
  if (!ALLOWED_EXTENSIONS.has(ext) && !image) return DOCUMENT_MESSAGES.typeNotAllowed;
  if (file.size === 0) return 'The file is empty.';
  if (file.size > MAX_DOCUMENT_BYTES)
    return `The file is too large (${formatBytes(file.size)}). Files can be at most 5 MB.`;
  return null;
}

/** How the preview shows a document: images inline, PDFs in a frame, anything else downloads. */
export const previewKind = (mimetype: string): 'image' | 'pdf' | 'download' =>
  /^image\/(jpeg|png|gif|webp)$/.test(mimetype)
    ? 'image'
    : mimetype === 'application/pdf'
      ? 'pdf'
      : 'download';

/** /emails, prefiltered on one invoice when a number is given. */
export const emailLogPath = (number?: string) =>
  number ? `/emails?invoice=${encodeURIComponent(number)}` : '/emails';

/** /emails, prefiltered on one credit memo's e-mails. */
export const memoEmailLogPath = (number: string) => `/emails?memo=${encodeURIComponent(number)}`;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A statement's period, short: 'Oct 2026' for a whole month, '01 Oct – 15 Oct, 2026' within a year, else both dates
 * in full. The days are business dates (YYYY-MM-DD), read as they are.
 */
export function periodLabel(from: string | null, to: string | null): string {
  if (!from || !to) return '';
  const [fy, fm, fd] = from.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = to.split('-').map(Number) as [number, number, number];
  const month = (m: number) => MONTHS[m - 1] ?? '';
  const lastDay = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  if (fy === ty && fm === tm && fd === 1 && td === lastDay) return `${month(fm)} ${fy}`;
  if (fy === ty)
    return `${String(fd).padStart(2, '0')} ${month(fm)} – ${String(td).padStart(2, '0')} ${month(tm)}, ${ty}`;
  return `${String(fd).padStart(2, '0')} ${month(fm)}, ${fy} – ${String(td).padStart(2, '0')} ${month(tm)}, ${ty}`;
}
