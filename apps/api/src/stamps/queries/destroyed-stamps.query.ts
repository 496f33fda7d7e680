import type { DestroyedStampsRecord } from '#domain/contracts/stamp.contract.js';
import { Query } from '@nestjs/cqrs';

/** GET /stamp/destroyed: destroy records not undone yet, newest first (the undo-destroy tab). */
export class DestroyedStampsQuery extends Query<DestroyedStampsRecord[]> {
  constructor(readonly companyId: string) {
    super();
  }
}
