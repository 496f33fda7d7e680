import { BadRequestException } from '@nestjs/common';
import type pg from 'pg';
import { serialReadings } from '#domain/stamps/stamp-serial.js';
import { tenantQuery } from '#infra/db/tenant-query.js';

export const SERIAL_INVALID = 'serial must be a stamp serial such as AB1050.';

/**
 * The stamp a request names: its prefix and number, or its serial as printed ("TX4210067", "TX 4210067"), read the
 * way that names one of the company's rolls (a prefix may end with digits, so several readings are tried, the
 * likeliest first); a serial no roll holds is read the likeliest way (the answer then says no such stamp).
 */
export async function stampOfRequest(
  pool: pg.Pool,
  companyId: string,
  params: { prefix?: string; number?: number; serial?: string },
): Promise<{ prefix: string; number: number }> {
  if (params.serial === undefined) return { prefix: params.prefix ?? '', number: params.number! };
  const readings = serialReadings(params.serial).filter((reading) => reading.number <= 2_000_000_000);
  if (readings.length === 0)
    throw new BadRequestException({
      statusCode: 400,
      message: SERIAL_INVALID,
      details: [{ field: 'serial', message: SERIAL_INVALID }],
    });
  const [held] = await tenantQuery<{ prefix: string; number: string }>(
    pool,
    companyId,
    `SELECT r.prefix, r.number FROM unnest($2::text[], $3::bigint[]) WITH ORDINALITY AS r(prefix, number, k)
      WHERE EXISTS (SELECT 1 FROM rm_stamp_roll s
                     WHERE s.company_id = $1 AND s.prefix = r.prefix AND s.range_from <= r.number
                       AND s.range_to >= r.number)
      ORDER BY r.k LIMIT 1`,
    [readings.map((r) => r.prefix), readings.map((r) => r.number)],
  );
  return held ? { prefix: held.prefix, number: Number(held.number) } : readings[0]!;
}
