import { Query } from '@nestjs/cqrs';
import type { StatementResponse } from '#domain/contracts/statement.contract.js';

/** A customer's statement for the period asked (both days, or neither: the current month in the company's zone). */
export class CustomerStatementQuery extends Query<StatementResponse> {
  constructor(
    readonly companyId: string,
    readonly customerId: string,
    readonly asked: { from?: string; to?: string },
    /** The instant the statement is made at (the injected Clock's). */
    readonly now: string,
  ) {
    super();
  }
}
