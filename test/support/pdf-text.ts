import { inflateSync } from 'node:zlib';

/**
 * The text of a PDF printed by Chromium (Skia) or written by PDFKit, line by line, for tests that check what a
 * document says.
 *
 * Enough for those two only: objects are not compressed into object streams, content and CMap streams are
 * FlateDecode, text is shown as hex glyph ids (`<002B0048> Tj`, `[<..> 12 <..>] TJ`) in Type0 fonts whose
 * `/ToUnicode` CMap maps glyph ids back to characters. A change of baseline (`Tm`/`Td` with another y) starts a
 * new line; pieces on one line are joined as printed (spaces are glyphs of their own).
 */
export function pdfText(pdf: Buffer): string {
  const source = pdf.toString('latin1');
  const objects = new Map<string, { dict: string; stream: string | null }>();
  for (const match of source.matchAll(/(\d+) 0 obj([\s\S]*?)endobj/g)) {
    const body = match[2]!;
    const at = body.indexOf('stream');
    if (at < 0) {
      objects.set(match[1]!, { dict: body, stream: null });
      continue;
    }
    const bodyStart = match.index! + match[0].indexOf(body);
    let start = bodyStart + at + 'stream'.length;
    if (source[start] === '\r') start++;
    if (source[start] === '\n') start++;
    const end = bodyStart + body.lastIndexOf('endstream');
    const raw = pdf.subarray(start, end);
    const dict = body.slice(0, at);
    objects.set(match[1]!, { dict, stream: inflated(raw, dict.includes('/FlateDecode')) });
  }

  const cmaps = new Map<string, Map<number, string>>(); // font resource name → glyph id → text
  for (const { dict } of objects.values()) {
    const fonts = /\/Font\s*<<([^>]*)>>/.exec(dict)?.[1];
    if (!fonts) continue;
    for (const [, name, ref] of fonts.matchAll(/\/(\w+)\s+(\d+) 0 R/g)) {
      const toUnicode = /\/ToUnicode\s+(\d+) 0 R/.exec(objects.get(ref!)?.dict ?? '')?.[1];
      const cmap = toUnicode ? objects.get(toUnicode)?.stream : null;
      if (cmap) cmaps.set(name!, parseCmap(cmap));
    }
  }

  const lines: string[] = [];
  let line = '';
  let y: number | null = null;
  const newline = () => {
    if (line.trim()) lines.push(line.replace(/\s+/g, ' ').trim());
    line = '';
  };
  for (const { stream } of objects.values()) {
    if (!stream || !/\bBT\b/.test(stream)) continue;
    let font: Map<number, string> | undefined;
    const tokens =
      /\/(\w+)\s+[\d.]+\s+Tf|([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+Tm|([-\d.]+)\s+([-\d.]+)\s+Td|<([0-9A-Fa-f]*)>/g;
    for (const token of stream.matchAll(tokens)) {
      if (token[1] !== undefined) font = cmaps.get(token[1]);
      else if (token[7] !== undefined) {
        const next = Number(token[7]);
        if (y !== null && Math.abs(next - y) > 0.5) newline();
        y = next;
      } else if (token[9] !== undefined) {
        if (Math.abs(Number(token[9])) > 0.5) newline();
        if (y !== null) y += Number(token[9]);
      } else if (token[10] !== undefined && font) {
        const hex = token[10];
        for (let i = 0; i + 4 <= hex.length; i += 4)
          line += font.get(parseInt(hex.slice(i, i + 4), 16)) ?? '';
      }
    }
    newline();
    y = null;
  }
  return lines.join('\n');
}

/** A stream's bytes as text; null when it cannot be inflated (an image or font program in another filter). */
function inflated(raw: Buffer, flate: boolean): string | null {
  try {
    return (flate ? inflateSync(raw) : raw).toString('latin1');
  } catch {
    return null;
  }
}

function parseCmap(cmap: string): Map<number, string> {
  const map = new Map<number, string>();
  const text = (hex: string) =>
    String.fromCodePoint(...(hex.match(/.{4}/g) ?? []).map((unit) => parseInt(unit, 16)));
  for (const [, block] of cmap.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, from, to] of block!.matchAll(/<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g))
      map.set(parseInt(from!, 16), text(to!));
  }
  for (const [, block] of cmap.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, from, to, first] of block!.matchAll(
      /<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>/g,
    )) {
      const start = parseInt(first!, 16);
      for (let code = parseInt(from!, 16); code <= parseInt(to!, 16); code++)
        map.set(code, String.fromCodePoint(start + code - parseInt(from!, 16)));
    }
    // The array form (PDFKit): `<from> <to> [<text> <text> …]`, one text per code.
    for (const [, from, list] of block!.matchAll(/<([0-9A-Fa-f]+)>\s*<[0-9A-Fa-f]+>\s*\[([^\]]*)\]/g)) {
      const texts = [...list!.matchAll(/<([0-9A-Fa-f ]*)>/g)].map(([, hex]) => hex!.replace(/ /g, ''));
      texts.forEach((hex, i) => map.set(parseInt(from!, 16) + i, text(hex)));
    }
  }
  return map;
}
