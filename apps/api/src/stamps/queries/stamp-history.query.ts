import type { StampHistoryResponse } from '#domain/contracts/stamp.contract.js';
import { Query } from '@nestjs/cqrs';

/** GET /stamp/history?prefix=&number= (or ?serial=): every transition of one stamp, oldest first. */
export class StampHistoryQuery extends Query<StampHistoryResponse> {
  constructor(
    readonly companyId: string,
    readonly prefix: string,
    readonly number: number,
    /** The serial as printed, instead of prefix and number. */
    readonly serial?: string,
  ) {
    super();
  }
}
