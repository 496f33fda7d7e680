import { CsvError, parse, type Options } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * CSV input (the state's open-data exports) through csv-parse (node-csv): RFC 4180 quoting, CRLF / LF / CR record
 * ends, a UTF-8 byte-order mark ignored, blank lines skipped, and lenient where real files are (a quote inside an
 * unquoted field is text; records may have different lengths). An unterminated quoted field is an error.
 */
export interface CsvRecord {
  /** 1-based line on which the record starts. */
  line: number;
  fields: string[];
}

export class CsvParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CsvParseError';
  }
}

const OPTIONS: Options = {
  bom: true,
  skip_empty_lines: true,
  skip_records_with_empty_values: true,
  record_delimiter: ['\r\n', '\n', '\r'],
  relax_quotes: true,
  relax_column_count: true,
  info: true,
  raw: true,
};

interface Parsed {
  record: string[];
  raw: string;
  info: { lines: number };
}

/** csv-parse counts the line a record ends on; line breaks inside quoted fields put its start earlier. */
function toRecord({ record, raw, info }: Parsed): CsvRecord {
  const breaks = raw.replace(/(\r\n|\r|\n)$/, '').match(/\r\n|\r|\n/g)?.length ?? 0;
  return { line: info.lines - breaks, fields: record };
}

function translate(error: unknown): unknown {
  return error instanceof CsvError ? new CsvParseError(error.message) : error;
}

/**
 * Records of a text or byte stream (e.g. `createReadStream(path)`), one at a time. A caller that stops early (or
 * throws, or destroys its stream) ends the whole chain: no stream is left to emit an error nobody listens to.
 */
export async function* readCsv(chunks: AsyncIterable<string | Buffer>): AsyncGenerator<CsvRecord> {
  const source = Readable.from(chunks);
  const parser = parse({ ...OPTIONS, encoding: 'utf8' } as Options);
  // Errors of either side reach the loop below through the parser; the pipeline's own verdict is not needed.
  pipeline(source, parser).catch(() => {});
  try {
    for await (const parsed of parser as AsyncIterable<Parsed>) yield toRecord(parsed);
  } catch (error) {
    throw translate(error);
  } finally {
    source.destroy();
  }
}

/** Parses a whole CSV text at once. */
export function parseCsv(text: string): CsvRecord[] {
  try {
    return (parseSync(text, OPTIONS) as unknown as Parsed[]).map(toRecord);
  } catch (error) {
    throw translate(error);
  }
}
