import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { StampStatusSettingsResponse } from '#domain/contracts/stamp.contract.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { readCompliancePolicy } from '../../../companies/compliance-policy.reader.js';

/** Whether the company records stamp statuses beyond destroyed (its compliance setting). */
@Injectable()
export class StampStatusSettingsReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async read(companyId: string): Promise<StampStatusSettingsResponse> {
    const policy = await readCompliancePolicy(this.pool, companyId);
    return { extended_stamp_statuses: policy.extendedStampStatuses };
  }
}
