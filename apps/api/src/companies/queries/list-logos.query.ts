import { Query } from '@nestjs/cqrs';
import type { LogoResponse } from '../company.response.js';

export class ListLogosQuery extends Query<LogoResponse[]> {
  constructor(readonly companyId: string) {
    super();
  }
}
