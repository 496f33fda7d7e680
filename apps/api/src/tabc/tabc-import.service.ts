import { Inject, Injectable } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type pg from 'pg';
import { inTransaction } from '#infra/db/database.js';
import { readCsv } from '../infra/csv/csv-parser.js';
import { PG_POOL } from '#infra/projections.provider.js';
import {
  delinquentRow,
  DELINQUENT_COLUMNS,
  licenceRow,
  LICENCE_COLUMNS,
  mapColumns,
  TabcFileError,
  type DelinquentRow,
  type LicenceRow,
} from './tabc-columns.js';

export interface ImportProgress {
  bytes: number;
  totalBytes: number;
  rows: number;
}

export interface ImportResult {
  list: 'licenses' | 'delinquent';
  imported: number;
  skipped: number;
  /** The first few skipped records, with their line and why. */
  examples: { line: number; reason: string }[];
}

const BATCH = 2000;

const LICENCE_FIELDS: (keyof LicenceRow)[] = [
  'license_id',
  'master_file_id',
  'license_type',
  'primary_status',
  'secondary_status',
  'original_issue_date',
  'current_issued_date',
  'status_change_date',
  'expiration_date',
  'trade_name',
  'owner',
  'address',
  'address_2',
  'city',
  'state',
  'zip',
  'county',
  'phone',
  'legacy_clp',
  'legacy_clp_key',
  'establishment_key',
];

const DELINQUENT_FIELDS: (keyof DelinquentRow)[] = [
  'permit',
  'permit_key',
  'license_id',
  'trade_name',
  'owner',
  'address',
  'city',
  'zip',
  'effective_date',
  'list_number',
];

/**
 * Loads the TABC's public lists from files the operator downloaded (never from the network at run time). An import
 * replaces the list in one transaction: readers see the old list until it commits, never a half-loaded one.
 */
@Injectable()
export class TabcImportService {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  importLicences(path: string, onProgress?: (progress: ImportProgress) => void): Promise<ImportResult> {
    return this.importFile(path, 'licenses', onProgress);
  }

  importDelinquent(path: string, onProgress?: (progress: ImportProgress) => void): Promise<ImportResult> {
    return this.importFile(path, 'delinquent', onProgress);
  }

  private async importFile(
    path: string,
    list: 'licenses' | 'delinquent',
    onProgress?: (progress: ImportProgress) => void,
  ): Promise<ImportResult> {
    const totalBytes = (await stat(path)).size;
    const stream = createReadStream(path, { highWaterMark: 1 << 20 });
    const label = list === 'licenses' ? 'licence file' : 'delinquent list';
    const result: ImportResult = { list, imported: 0, skipped: 0, examples: [] };
    const skip = (line: number, reason: string) => {
      result.skipped++;
      if (result.examples.length < 10) result.examples.push({ line, reason });
    };
    try {
      await inTransaction(this.pool, async (tx) => {
        await tx.query(list === 'licenses' ? 'DELETE FROM tabc_license' : 'DELETE FROM tabc_delinquent');
        let toRow: ((fields: string[]) => LicenceRow | DelinquentRow | string) | undefined;
        let batch: (LicenceRow | DelinquentRow)[] = [];
        const flush = async () => {
          if (batch.length === 0) return;
          if (list === 'licenses') await insertLicences(tx, dedupe(batch as LicenceRow[]));
          else await insertDelinquent(tx, batch as DelinquentRow[]);
          result.imported += batch.length;
          batch = [];
          onProgress?.({ bytes: stream.bytesRead, totalBytes, rows: result.imported });
        };
        for await (const record of readCsv(stream)) {
          if (!toRow) {
            toRow = rowReader(list, record.fields, label);
            continue;
          }
          const row = toRow(record.fields);
          if (typeof row === 'string') skip(record.line, row);
          else batch.push(row);
          if (batch.length >= BATCH) await flush();
        }
        if (!toRow) throw new TabcFileError(`The ${label} ${basename(path)} is empty.`);
        await flush();
        await tx.query(
          `INSERT INTO tabc_import (list, file_name, rows, skipped, imported_at) VALUES ($1, $2, $3, $4, now())
           ON CONFLICT (list) DO UPDATE SET file_name = EXCLUDED.file_name, rows = EXCLUDED.rows,
             skipped = EXCLUDED.skipped, imported_at = EXCLUDED.imported_at`,
          [list, basename(path), result.imported, result.skipped],
        );
      });
    } finally {
      stream.destroy();
    }
    await this.pool.query(list === 'licenses' ? 'ANALYZE tabc_license' : 'ANALYZE tabc_delinquent');
    onProgress?.({ bytes: totalBytes, totalBytes, rows: result.imported });
    return result;
  }
}

/** Turns records into rows, by the columns the header line names. */
function rowReader(list: 'licenses' | 'delinquent', headers: string[], label: string) {
  if (list === 'licenses') {
    const map = mapColumns(
      headers,
      LICENCE_COLUMNS,
      { all: ['license_id', 'license_type'], oneOf: ['trade_name', 'owner'] },
      label,
    );
    return (fields: string[]) => licenceRow(fields, map);
  }
  const map = mapColumns(headers, DELINQUENT_COLUMNS, { all: ['permit'] }, label);
  return (fields: string[]) => delinquentRow(fields, map);
}

/** A licence listed twice in one batch: the later line wins (as it would across batches). */
function dedupe(rows: LicenceRow[]): LicenceRow[] {
  return [...new Map(rows.map((row) => [row.license_id, row])).values()];
}

async function insertLicences(tx: pg.PoolClient, rows: LicenceRow[]) {
  await tx.query(
    `INSERT INTO tabc_license (${LICENCE_FIELDS.join(', ')})
     SELECT ${LICENCE_FIELDS.join(', ')} FROM jsonb_populate_recordset(NULL::tabc_license, $1::jsonb)
     ON CONFLICT (license_id) DO UPDATE SET ${LICENCE_FIELDS.filter((f) => f !== 'license_id')
       .map((f) => `${f} = EXCLUDED.${f}`)
       .join(', ')}`,
    [JSON.stringify(rows)],
  );
}

async function insertDelinquent(tx: pg.PoolClient, rows: DelinquentRow[]) {
  await tx.query(
    `INSERT INTO tabc_delinquent (${DELINQUENT_FIELDS.join(', ')})
     SELECT ${DELINQUENT_FIELDS.join(', ')} FROM jsonb_populate_recordset(NULL::tabc_delinquent, $1::jsonb)`,
    [JSON.stringify(rows)],
  );
}
