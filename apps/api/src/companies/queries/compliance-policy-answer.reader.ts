import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { PG_POOL } from '#infra/projections.provider.js';
import { compliancePolicyResponse, readCompliancePolicy } from '../compliance-policy.reader.js';

/** The company's TABC compliance rules as GET/PUT /company/{id}/compliance answer them. */
@Injectable()
export class CompliancePolicyAnswerReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async read(companyId: string) {
    return compliancePolicyResponse(await readCompliancePolicy(this.pool, companyId));
  }
}
