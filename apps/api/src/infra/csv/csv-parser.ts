/**
 * A streaming CSV parser for RFC 4180 files (the state's open-data exports): comma-separated fields, records ending
 * in CRLF, LF or CR, fields in double quotes holding commas, line breaks and doubled quotes (""), a UTF-8 byte-order
 * mark ignored, blank lines skipped. Lenient where real files are: a quote inside an unquoted field is kept as text,
 * and text after a closing quote is appended. An unterminated quoted field at the end is an error.
 */
export interface CsvRecord {
  /** 1-based line on which the record starts. */
  line: number;
  fields: string[];
}

const COMMA = 0x2c;
const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;

type State = 'start' | 'unquoted' | 'quoted' | 'quote_in_quoted';

export class CsvParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvParseError';
  }
}

export class CsvParser {
  private field = '';
  private fields: string[] = [];
  private state: State = 'start';
  private skipLf = false;
  private line = 1;
  private recordLine = 1;
  private quoteLine = 1;
  private started = false;

  /** Parses the next piece of text; returns the records it completed. */
  push(chunk: string): CsvRecord[] {
    const records: CsvRecord[] = [];
    let i = 0;
    if (!this.started && chunk.length > 0) {
      this.started = true;
      if (chunk.charCodeAt(0) === 0xfeff) i = 1;
    }
    const n = chunk.length;
    while (i < n) {
      const c = chunk.charCodeAt(i);
      if (this.skipLf) {
        this.skipLf = false;
        if (c === LF) {
          i++;
          continue;
        }
      }
      if (this.state === 'quoted') {
        const close = chunk.indexOf('"', i);
        const end = close === -1 ? n : close;
        const text = chunk.slice(i, end);
        this.field += text;
        this.line += countLineBreaks(text);
        i = end;
        if (close !== -1) {
          this.state = 'quote_in_quoted';
          i++;
        }
        continue;
      }
      if (this.state === 'quote_in_quoted') {
        if (c === QUOTE) {
          this.field += '"';
          this.state = 'quoted';
          i++;
          continue;
        }
        this.state = 'unquoted'; // the field's quotes are closed; what follows is handled as plain text
      }
      if (c === QUOTE && this.state === 'start') {
        this.state = 'quoted';
        this.quoteLine = this.line;
        i++;
        continue;
      }
      if (c === COMMA) {
        this.endField();
        i++;
        continue;
      }
      if (c === CR || c === LF) {
        this.endField();
        this.endRecord(records);
        this.line++;
        this.recordLine = this.line;
        if (c === CR) this.skipLf = true;
        i++;
        continue;
      }
      let j = i + 1;
      while (j < n) {
        const d = chunk.charCodeAt(j);
        if (d === COMMA || d === CR || d === LF) break;
        j++;
      }
      this.field += chunk.slice(i, j);
      this.state = 'unquoted';
      i = j;
    }
    return records;
  }

  /** Ends the input: returns the last record, if the text did not end with a line break. */
  end(): CsvRecord[] {
    if (this.state === 'quoted') {
      throw new CsvParseError(`Line ${this.quoteLine}: a quoted field is never closed.`);
    }
    const records: CsvRecord[] = [];
    if (this.state !== 'start' || this.fields.length > 0) {
      this.endField();
      this.endRecord(records);
    }
    return records;
  }

  private endField(): void {
    this.fields.push(this.field);
    this.field = '';
    this.state = 'start';
  }

  private endRecord(records: CsvRecord[]): void {
    const fields = this.fields;
    this.fields = [];
    if (fields.length === 1 && fields[0] === '') return; // a blank line
    records.push({ line: this.recordLine, fields });
  }
}

function countLineBreaks(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) count++;
  }
  return count;
}

/** Records of a text stream (e.g. `createReadStream(path, 'utf8')`), one at a time. */
export async function* readCsv(chunks: AsyncIterable<string | Buffer>): AsyncGenerator<CsvRecord> {
  const parser = new CsvParser();
  const decoder = new TextDecoder('utf-8');
  for await (const chunk of chunks) {
    const text = typeof chunk === 'string' ? chunk : decoder.decode(chunk, { stream: true });
    yield* parser.push(text);
  }
  const rest = decoder.decode();
  if (rest) yield* parser.push(rest);
  yield* parser.end();
}

/** Parses a whole CSV text at once. */
export function parseCsv(text: string): CsvRecord[] {
  const parser = new CsvParser();
  return [...parser.push(text), ...parser.end()];
}
