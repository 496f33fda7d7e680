import type { INestApplicationContext } from '@nestjs/common';
import cliProgress from 'cli-progress';
import { existsSync } from 'node:fs';
import type pg from 'pg';
import type { TaxpayerImportResult } from '#domain/contracts/customer.contract.js';
import { isUuid } from '#domain/shared/field-rules.js';
import { CsvParseError } from '../../api/src/infra/csv/csv-parser.js';
import { TabcFileError } from '../../api/src/tabc/tabc-columns.js';
import { TaxpayerImportService } from '../../api/src/tabc/taxpayer-import.service.js';

export const TAXPAYERS_IMPORT_USAGE = 'taxpayers:import --company <company id> --file <receipts.csv>';

/** `--company <id> --file <csv>`, or the problem with them. */
export function parseTaxpayersImportArgs(
  args: string[],
): { companyId: string; file: string } | { error: string } {
  const value = (flag: string) => {
    const at = args.indexOf(flag);
    return at === -1 ? undefined : args[at + 1];
  };
  const companyId = value('--company');
  const file = value('--file');
  if (!companyId || !isUuid(companyId))
    return { error: `--company needs a company id (a uuid). ${TAXPAYERS_IMPORT_USAGE}` };
  if (!file || file.startsWith('--'))
    return { error: `--file needs the receipts file. ${TAXPAYERS_IMPORT_USAGE}` };
  if (!existsSync(file)) return { error: `No such file: ${file}` };
  return { companyId: companyId.toLowerCase(), file };
}

/**
 * Fills the company's customers' empty Comptroller taxpayer numbers from the Comptroller's Mixed Beverage Gross
 * Receipts file (data.texas.gov naa9-5pif), matched by TABC permit, with a progress bar; never overwrites a number.
 */
export async function taxpayersImport(
  app: INestApplicationContext,
  pool: pg.Pool,
  args: string[],
): Promise<number> {
  const parsed = parseTaxpayersImportArgs(args);
  if ('error' in parsed) {
    console.error(parsed.error);
    return 1;
  }
  const { rows } = await pool.query('SELECT 1 FROM rm_company WHERE company_id = $1 AND id = $1', [
    parsed.companyId,
  ]);
  if (rows.length === 0) {
    console.error(`No company ${parsed.companyId}.`);
    return 1;
  }
  const bar = new cliProgress.SingleBar(
    { format: 'receipts   |{bar}| {percentage}% | {rows} rows', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let begun = false;
  try {
    const result = await app.get(TaxpayerImportService).importFile(
      parsed.file,
      { companyId: parsed.companyId, userId: null, now: new Date().toISOString() },
      {
        onProgress: ({ bytes, totalBytes, rows: read }) => {
          if (!begun) bar.start(Math.max(totalBytes, 1), 0, { rows: 0 });
          begun = true;
          bar.update(bytes, { rows: read });
        },
      },
    );
    bar.stop();
    report(result);
    return 0;
  } catch (error) {
    bar.stop();
    if (error instanceof TabcFileError || error instanceof CsvParseError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

/** The counts in words: matched, filled, kept, unmatched; the rows skipped with the first few reasons. */
export function taxpayerImportLines(result: TaxpayerImportResult): string[] {
  return [
    `Read ${result.rows} rows of ${result.file_name}${result.skipped ? `; skipped ${result.skipped}` : ''}.`,
    `Customers: ${result.matched} matched by TABC permit, ${result.filled} filled, ${result.kept} kept (a number was there already), ${result.unmatched} unmatched.`,
    ...result.examples.map(({ line, reason }) => `  line ${line}: ${reason}`),
  ];
}

function report(result: TaxpayerImportResult) {
  for (const line of taxpayerImportLines(result)) console.log(line);
}
