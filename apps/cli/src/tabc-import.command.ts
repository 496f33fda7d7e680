import type { INestApplicationContext } from '@nestjs/common';
import cliProgress from 'cli-progress';
import { existsSync } from 'node:fs';
import { TabcFileError } from '../../api/src/tabc/tabc-columns.js';
import {
  TabcImportService,
  type ImportProgress,
  type ImportResult,
} from '../../api/src/tabc/tabc-import.service.js';
import { CsvParseError } from '../../api/src/infra/csv/csv-parser.js';

export const TABC_IMPORT_USAGE = 'tabc:import <licenses.csv> [--delinquent <list.csv>]';

export function parseTabcImportArgs(
  args: string[],
): { licences?: string; delinquent?: string } | { error: string } {
  const at = args.indexOf('--delinquent');
  const delinquent = at === -1 ? undefined : args[at + 1];
  if (at !== -1 && (!delinquent || delinquent.startsWith('--')))
    return { error: `--delinquent needs a file. ${TABC_IMPORT_USAGE}` };
  const positional = args.filter((arg, i) => !arg.startsWith('--') && (at === -1 || i !== at + 1));
  if (positional.length > 1) return { error: `One licence file at a time. ${TABC_IMPORT_USAGE}` };
  const licences = positional[0];
  if (!licences && !delinquent)
    return { error: `Name the licence file, the delinquent list, or both. ${TABC_IMPORT_USAGE}` };
  for (const file of [licences, delinquent])
    if (file && !existsSync(file)) return { error: `No such file: ${file}` };
  return { licences, delinquent };
}

/** Loads the TABC licence list and/or delinquent list (replacing the previous ones) with a progress bar. */
export async function tabcImport(app: INestApplicationContext, args: string[]): Promise<number> {
  const parsed = parseTabcImportArgs(args);
  if ('error' in parsed) {
    console.error(parsed.error);
    return 1;
  }
  const service = app.get(TabcImportService);
  try {
    if (parsed.licences)
      report(await withBar('licences', (onProgress) => service.importLicences(parsed.licences!, onProgress)));
    if (parsed.delinquent)
      report(
        await withBar('delinquent', (onProgress) => service.importDelinquent(parsed.delinquent!, onProgress)),
      );
  } catch (error) {
    if (error instanceof TabcFileError || error instanceof CsvParseError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  return 0;
}

async function withBar(
  label: string,
  run: (onProgress: (p: ImportProgress) => void) => Promise<ImportResult>,
) {
  const bar = new cliProgress.SingleBar(
    {
      format: `${label.padEnd(10)} |{bar}| {percentage}% | {rows} rows | {speed} rows/s | ETA {eta_formatted}`,
      hideCursor: true,
    },
    cliProgress.Presets.shades_classic,
  );
  const started = Date.now();
  let begun = false;
  try {
    return await run(({ bytes, totalBytes, rows }) => {
      const speed = Math.round(rows / Math.max((Date.now() - started) / 1000, 0.001));
      if (!begun) {
        bar.start(Math.max(totalBytes, 1), 0, { rows: 0, speed: 0 });
        begun = true;
      }
      bar.update(bytes, { rows, speed });
    });
  } finally {
    bar.stop();
  }
}

function report(result: ImportResult) {
  const list = result.list === 'licenses' ? 'licences' : 'delinquent-list entries';
  console.log(`Imported ${result.imported} ${list}${result.skipped ? `; skipped ${result.skipped}` : ''}.`);
  for (const { line, reason } of result.examples) console.log(`  line ${line}: ${reason}`);
}
