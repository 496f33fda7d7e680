import type { StampRollResponse } from '#domain/contracts/stamp.contract.js';
import type { Queryable } from '#infra/db/database.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { STAMP_ROLL_COLUMNS, toStampRoll, type StampRollRow } from './stamp.responses.js';

/** Read-model reads shared by the stamp queries and the command answers. Every one filters by company. */
export async function readRolls(db: Queryable, companyId: string): Promise<StampRollResponse[]> {
  const rows = await tenantQuery<StampRollRow & Record<string, unknown>>(
    db,
    companyId,
    `SELECT ${STAMP_ROLL_COLUMNS} FROM rm_stamp_roll WHERE company_id = $1 ORDER BY received_on, roll_id`,
  );
  return rows.map(toStampRoll);
}

export async function readRoll(
  db: Queryable,
  companyId: string,
  rollId: number,
): Promise<StampRollResponse | undefined> {
  const [row] = await tenantQuery<StampRollRow & Record<string, unknown>>(
    db,
    companyId,
    `SELECT ${STAMP_ROLL_COLUMNS} FROM rm_stamp_roll WHERE company_id = $1 AND roll_id = $2`,
    [rollId],
  );
  return row ? toStampRoll(row) : undefined;
}
