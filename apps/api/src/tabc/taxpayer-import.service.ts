import { Inject, Injectable } from '@nestjs/common';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type pg from 'pg';
import type { TaxpayerImportResult } from '#domain/contracts/customer.contract.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import { EventAppender } from '#engine';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { customerDecision } from '../customers/commands/customer.decisions.js';
import { readCsv } from '../infra/csv/csv-parser.js';
import { TabcFileError } from './tabc-columns.js';
import type { ImportProgress } from './tabc-import.service.js';
import { receiptsColumns, receiptsRow, RECEIPTS_LABEL, type ReceiptsRow } from './taxpayer-columns.js';

type CustomerPermit = {
  id: string;
  tabc_key: string;
  legacy_clp_key: string | null;
  aims_key: string | null;
  comptroller_taxpayer_number: string | null;
};

/** A customer's permit as the file may name it: its TABC id, the legacy permit of its AIMS licence, the licence id. */
const keysOf = (customer: CustomerPermit): string[] =>
  [customer.tabc_key, customer.legacy_clp_key, customer.aims_key].filter((key): key is string => !!key);

/**
 * Fills customers' Comptroller taxpayer numbers from the Comptroller's Mixed Beverage Gross Receipts file, matched
 * by TABC permit (the customer's TABC id, the legacy permit the licence list gives its AIMS licence id, or that id). Only an
 * empty number is filled, through the customer's own write (FillTaxpayerNumber: the decider keeps a number already
 * there, even one typed while the import ran). The file is read as a stream and only rows of the company's
 * customers are kept, so a statewide file costs its reading time, not its size in memory.
 */
@Injectable()
export class TaxpayerImportService {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(EventAppender) private readonly events: EventAppender,
  ) {}

  async importFile(
    path: string,
    metadata: CommandMetadata,
    options: { onProgress?: (progress: ImportProgress) => void; waitForProjections?: boolean } = {},
  ): Promise<TaxpayerImportResult> {
    const { onProgress, waitForProjections = false } = options;
    const customers = await this.customers(metadata.companyId);
    const byKey = new Map<string, CustomerPermit[]>();
    for (const customer of customers)
      for (const key of new Set(keysOf(customer))) byKey.set(key, [...(byKey.get(key) ?? []), customer]);
    const { latest, rows, skipped, examples } = await this.read(path, byKey, onProgress);
    const result: TaxpayerImportResult = {
      file_name: basename(path),
      rows,
      skipped,
      examples,
      customers: customers.length,
      matched: 0,
      filled: 0,
      kept: 0,
      unmatched: 0,
    };
    for (const customer of customers) {
      const found = keysOf(customer)
        .map((key) => latest.get(key))
        .find((row) => row !== undefined);
      if (!found) {
        result.unmatched++;
        continue;
      }
      result.matched++;
      const filled =
        !customer.comptroller_taxpayer_number &&
        (await this.fill(customer.id, found, metadata, waitForProjections));
      if (!filled) result.kept++;
      else result.filled++;
    }
    return result;
  }

  /** The company's current customers with the permits they are matched by (one indexed read of its customers). */
  private customers(companyId: string): Promise<CustomerPermit[]> {
    return tenantQuery<CustomerPermit>(
      this.pool,
      companyId,
      `SELECT c.id, c.tabc_key, l.legacy_clp_key, c.aims_id::text AS aims_key, c.comptroller_taxpayer_number
       FROM rm_customer c
       LEFT JOIN tabc_license l ON c.aims_id IS NOT NULL AND l.license_id = c.aims_id::text
       WHERE c.company_id = $1 AND c.removed_at IS NULL`,
    );
  }

  /** Each wanted permit's latest row (by obligation month); the rows read and those skipped, with examples. */
  private async read(
    path: string,
    wanted: ReadonlyMap<string, unknown>,
    onProgress?: (progress: ImportProgress) => void,
  ) {
    const totalBytes = (await stat(path)).size;
    const stream = createReadStream(path, { highWaterMark: 1 << 20 });
    const latest = new Map<string, ReceiptsRow>();
    const examples: { line: number; reason: string }[] = [];
    let rows = 0;
    let skipped = 0;
    let map: ReturnType<typeof receiptsColumns> | undefined;
    try {
      for await (const record of readCsv(stream)) {
        if (!map) {
          map = receiptsColumns(record.fields);
          continue;
        }
        rows++;
        const row = receiptsRow(record.fields, map);
        if (typeof row === 'string') {
          skipped++;
          if (examples.length < 10) examples.push({ line: record.line, reason: row });
        } else if (wanted.has(row.permitKey)) {
          const before = latest.get(row.permitKey);
          if (!before || row.obligationEndOn >= before.obligationEndOn) latest.set(row.permitKey, row);
        }
        if (rows % 5000 === 0) onProgress?.({ bytes: stream.bytesRead, totalBytes, rows });
      }
    } finally {
      stream.destroy();
    }
    if (!map) throw new TabcFileError(`The ${RECEIPTS_LABEL} ${basename(path)} is empty.`);
    onProgress?.({ bytes: totalBytes, totalBytes, rows });
    return { latest, rows, skipped, examples };
  }

  /** The customer's write: true when the number was filled, false when the customer had one already. */
  private async fill(
    customerId: string,
    row: ReceiptsRow,
    metadata: CommandMetadata,
    waitForProjections: boolean,
  ): Promise<boolean> {
    const command = {
      type: 'FillTaxpayerNumber' as const,
      data: { customerId, comptrollerTaxpayerNumber: row.taxpayerNumber },
      metadata,
    };
    const { events } = await this.events.run(customerDecision(customerId, command), metadata, {
      waitForProjections,
    });
    return events.customer.length > 0;
  }
}
