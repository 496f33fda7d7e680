import { Query } from '@nestjs/cqrs';
import type { CompanyResponse } from '#domain/contracts/company.contract.js';

/** The caller's company; another company's id finds nothing. */
export class GetCompanyQuery extends Query<CompanyResponse> {
  constructor(
    readonly companyId: string,
    readonly id: string,
  ) {
    super();
  }
}
