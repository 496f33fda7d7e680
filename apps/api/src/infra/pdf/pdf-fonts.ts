import { existsSync, readFileSync } from 'node:fs';
import { create, type Font } from 'fontkit';

/*
 * The fonts of the documents PDFKit writes (statements, route sheets): Liberation Sans, as Chromium prints the other
 * documents, embedded; the standard Helvetica where it is not installed.
 */

const FONT_DIR = process.env.PDF_FONT_DIR ?? '/usr/share/fonts/truetype/liberation';
const FONT_FILES = {
  regular: 'LiberationSans-Regular.ttf',
  bold: 'LiberationSans-Bold.ttf',
  italic: 'LiberationSans-Italic.ttf',
} as const;
export type Face = keyof typeof FONT_FILES;
const STANDARD: Record<Face, string> = {
  regular: 'Helvetica',
  bold: 'Helvetica-Bold',
  italic: 'Helvetica-Oblique',
};

let loaded: Record<Face, Font> | null | undefined;

/**
 * The fonts, read and opened once per process (null where they are not installed): every document shares them, so
 * the glyphs one document looked up are ready for the next.
 */
function fontData(): Record<Face, Font> | null {
  if (loaded !== undefined) return loaded;
  const present = Object.values(FONT_FILES).every((file) => existsSync(`${FONT_DIR}/${file}`));
  const open = (face: Face) => create(readFileSync(`${FONT_DIR}/${FONT_FILES[face]}`)) as Font;
  loaded = present ? { regular: open('regular'), bold: open('bold'), italic: open('italic') } : null;
  return loaded;
}

/** Liberation Sans embedded (as Chromium prints it), or the standard Helvetica where the fonts are not installed. */
export function fonts(doc: PDFKit.PDFDocument): (name: Face) => string {
  const data = fontData();
  if (!data) return (name) => STANDARD[name];
  // PDFKit takes an opened fontkit font as it takes the file's bytes.
  for (const [name, font] of Object.entries(data)) doc.registerFont(name, font as unknown as Buffer);
  return (name) => name;
}
