import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { parseCsv, readCsv } from './csv-parser.js';

const fields = (text: string) => parseCsv(text).map((record) => record.fields);

describe('CSV input (csv-parse)', () => {
  it('splits records on CRLF and fields on commas', () =>
    expect(fields('a,b,c\r\n1,2,3\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['1', '2', '3'],
    ]));

  it('accepts LF and CR line ends and a last record without one', () =>
    expect(fields('a,b\n1,2\r3,4')).toEqual([
      ['a', 'b'],
      ['1', '2'],
      ['3', '4'],
    ]));

  it('keeps empty fields, including a trailing one', () =>
    expect(fields('a,,c,\n')).toEqual([['a', '', 'c', '']]));

  it('reads quoted fields with commas, line breaks and doubled quotes', () =>
    expect(fields('name,note\r\n"Smith, John","He said ""hi""\r\nthen left"\r\n')).toEqual([
      ['name', 'note'],
      ['Smith, John', 'He said "hi"\r\nthen left'],
    ]));

  it('reads an empty quoted field', () => expect(fields('"",x\n')).toEqual([['', 'x']]));

  it('ignores a byte-order mark and blank lines', () =>
    expect(fields('\uFEFFa,b\n\n1,2\n\r\n')).toEqual([
      ['a', 'b'],
      ['1', '2'],
    ]));

  it('keeps a quote inside an unquoted field as text (O\'Brien\'s "Pub")', () =>
    expect(fields('O\'Brien\'s "Pub",x\n')).toEqual([['O\'Brien\'s "Pub"', 'x']]));

  it('reports the line a record starts on, counting line breaks inside quotes', () =>
    expect(parseCsv('h\n"a\nb"\nc\n').map((r) => r.line)).toEqual([1, 2, 4]));

  it('refuses an unterminated quoted field with its line', () =>
    expect(() => parseCsv('a\n"open,\nstill open')).toThrow(/Quote Not Closed/));

  it('gives the same records however the text is split into chunks', () =>
    fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(fc.string({ unit: fc.constantFrom('a', ',', '"', '\n', '\r', ' ', 'é') }), {
            minLength: 1,
            maxLength: 4,
          }),
          {
            minLength: 1,
            maxLength: 5,
          },
        ),
        fc.array(fc.nat(60), { maxLength: 6 }),
        async (rows, cuts) => {
          const text = rows.map((row) => row.map((f) => `"${f.replace(/"/g, '""')}"`).join(',')).join('\r\n');
          const whole = fields(text);
          const points = [...new Set(cuts.map((c) => Math.min(c, text.length)))].sort((a, b) => a - b);
          const slices = [0, ...points].map((start, i) => text.slice(start, [...points, text.length][i]));
          async function* chunks() {
            yield* slices;
          }
          const pieces = [];
          for await (const record of readCsv(chunks())) pieces.push(record.fields);
          expect(pieces).toEqual(whole);
          // Records whose every field is blank are skipped, like blank lines.
          expect(whole).toEqual(rows.filter((row) => row.some((field) => field.trim() !== '')));
        },
      ),
    ));

  it('reads a stream of byte chunks, even when one splits a multi-byte character', async () => {
    const bytes = Buffer.from('name\nCafé Olé\n');
    const split = bytes.indexOf(0xc3) + 1; // inside the two bytes of é
    async function* chunks() {
      yield bytes.subarray(0, split);
      yield bytes.subarray(split);
    }
    const records = [];
    for await (const record of readCsv(chunks())) records.push(record.fields);
    expect(records).toEqual([['name'], ['Café Olé']]);
  });

  it('ends cleanly when the reader stops at the first record and destroys its file stream', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'csv-parser-'));
    const path = join(dir, 'bad.csv');
    writeFileSync(path, 'Name,City\nX,Y\n');
    const errors: string[] = [];
    try {
      for (let i = 0; i < 200; i++) {
        const stream = createReadStream(path);
        try {
          for await (const record of readCsv(stream)) throw new Error(`stopped at ${record.fields[0]}`);
        } catch (error) {
          errors.push((error as Error).message);
        } finally {
          stream.destroy();
        }
      }
      await new Promise((resolve) => setTimeout(resolve, 50)); // a late 'error' event would surface here
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(new Set(errors)).toEqual(new Set(['stopped at Name']));
  });
});
