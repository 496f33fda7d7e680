import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { CreditMemoResponse } from '#domain/contracts/credit-memo.contract.js';
import { creditMemoError } from '#domain/credits/credit-memo.errors.js';
import { isUuid } from '#domain/shared/field-rules.js';
import { prepared } from '#infra/db/database.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { normalizeCreditMemoRow, type CreditMemoRow } from '#projections/credits/credit-memo.projection.js';
import { creditMemoResponse } from '../credit-memo.response.js';

/** A credit memo as the screens read it (rm_credit_memo), always within the caller's company. */
@Injectable()
export class CreditMemoReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** The memo's row, or undefined (another company's memo is never found). */
  async find(companyId: string, id: string): Promise<CreditMemoRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await tenantQuery(
      this.pool,
      companyId,
      prepared('SELECT * FROM rm_credit_memo WHERE company_id = $1 AND id = $2::uuid'),
      [id],
    );
    return row ? normalizeCreditMemoRow(row) : undefined;
  }

  /** The memo's row, else 404 'Credit memo not found'. */
  async row(companyId: string, id: string): Promise<CreditMemoRow> {
    const row = await this.find(companyId, id);
    if (!row) throw creditMemoError('CREDIT_MEMO_NOT_FOUND');
    return row;
  }

  async read(companyId: string, id: string): Promise<CreditMemoResponse> {
    return creditMemoResponse(await this.row(companyId, id));
  }
}
