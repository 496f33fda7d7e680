import { Query } from '@nestjs/cqrs';
import type { LogoResponse } from '#domain/contracts/company.contract.js';

export class ListLogosQuery extends Query<LogoResponse[]> {
  constructor(readonly companyId: string) {
    super();
  }
}
