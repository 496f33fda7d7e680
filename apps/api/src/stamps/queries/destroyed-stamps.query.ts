import { Query } from '@nestjs/cqrs';

export interface DestroyedStampsRecord {
  id: number;
  roll_id: number;
  prefix: string;
  /** The range asked for. */
  from: number;
  to: number;
  /** The stamps destroyed by the record (undo gives them back). */
  count: number;
  ranges: { from: number; to: number }[];
  note: string | null;
  destroyed_at: string;
  destroyed_by: string | null;
}

/** GET /stamp/destroyed: destroy records not undone yet, newest first (the undo-destroy tab). */
export class DestroyedStampsQuery extends Query<DestroyedStampsRecord[]> {
  constructor(readonly companyId: string) {
    super();
  }
}
