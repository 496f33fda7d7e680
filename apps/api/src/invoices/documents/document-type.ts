import { sniffImage } from '../../infra/files/image-sniffer.js';

/**
 * What an invoice document may be (as the client's specification asks): a PDF, an image (JPEG, PNG, GIF, WebP, HEIC), a CSV
 * or text file, or an office document. The type is recognised from the content (magic numbers) wherever the format
 * has them; the file name's extension only tells apart formats that share a container (ZIP for .docx/.xlsx, OLE for
 * .doc/.xls, plain text for .csv/.txt). HTML, SVG, XML and scripts are never accepted, whatever they are called.
 */
export interface DocumentType {
  mimeType: string;
  extension: string;
  /** Shown in the browser by the preview (images and PDFs); everything else downloads. */
  inline: boolean;
}

export const DOCUMENT_TYPE_NOT_ALLOWED =
  'This file type is not allowed. Please upload a PDF, an image (JPEG, PNG, GIF, WebP, HEIC), a CSV or text file, or an office document.';

const ZIP_OFFICE: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
};

const OLE_OFFICE: Record<string, string> = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
};

const TEXT: Record<string, string> = { csv: 'text/csv', txt: 'text/plain' };

const HEIF_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs', 'mif1', 'msf1']);

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((byte, i) => bytes[offset + i] === byte);

export function extensionOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,8})$/.exec(fileName.trim());
  return match ? match[1]!.toLowerCase() : '';
}

export function sniffDocument(bytes: Buffer, fileName: string): DocumentType | null {
  const ext = extensionOf(fileName);
  if (bytes.length >= 5 && bytes.toString('latin1', 0, 5) === '%PDF-')
    return { mimeType: 'application/pdf', extension: 'pdf', inline: true };
  const image = sniffImage(bytes);
  if (image) {
    // Camera photos are saved as .jpeg (as the client's specification asks).
    const extension = image.extension === 'jpg' ? 'jpeg' : image.extension;
    return { mimeType: image.mimeType, extension, inline: true };
  }
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 4, 8) === 'ftyp' &&
    HEIF_BRANDS.has(bytes.toString('latin1', 8, 12))
  )
    return { mimeType: 'image/heic', extension: 'heic', inline: false };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) && ZIP_OFFICE[ext])
    return { mimeType: ZIP_OFFICE[ext], extension: ext, inline: false };
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]) && OLE_OFFICE[ext])
    return { mimeType: OLE_OFFICE[ext], extension: ext, inline: false };
  if (TEXT[ext] && isPlainText(bytes)) return { mimeType: TEXT[ext], extension: ext, inline: false };
  return null;
}

/** UTF-8 without NUL bytes, and not markup (a browser sniffing it could take it for HTML or SVG). */
export function isPlainText(bytes: Buffer): boolean {
  if (bytes.includes(0)) return false;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return false;
  }
  const start = text
    .replace(/^\uFEFF/, '')
    .trimStart()
    .slice(0, 64)
    .toLowerCase();
  return !/^<(!doctype|html|svg|\?xml|script|head|body|iframe|!--)/.test(start);
}

/** A file name to keep: its last segment, printable, at most 200 characters, with the extension of its real type. */
export function documentName(name: string | undefined, type: DocumentType): string {
  const last = (name ?? '').split(/[\\/]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const printable = last.replace(/[\u0000-\u001f\u007f"]/g, '');
  const clean = printable.trim().slice(0, 190) || 'document';
  const ext = extensionOf(clean);
  const fits = ext === type.extension || (type.extension === 'jpeg' && ext === 'jpg');
  return fits ? clean : `${clean}.${type.extension}`;
}
