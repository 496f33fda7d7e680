import { Query } from '@nestjs/cqrs';
import type { StampRollResponse } from '../stamp.responses.js';

export type StampStatus = 'AVAILABLE' | 'INVOICED' | 'DESTROYED';

export interface StampTransition {
  at: string;
  /** received | allocated | released | destroyed | restored */
  kind: string;
  /** The stamp's status after the transition. */
  status: StampStatus;
  /** The range the transition covered (the stamp is in it). */
  from: number;
  to: number;
  user_id: string | null;
  user_name: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  customer_id: string | null;
  customer_name: string | null;
  customer_tabc_id: string | null;
  note: string | null;
  destroy_id: number | null;
}

export interface StampHistoryResponse {
  prefix: string;
  number: number;
  /** As printed: prefix and number. */
  stamp: string;
  status: StampStatus;
  roll: StampRollResponse;
  transitions: StampTransition[];
}

/** GET /stamp/history?prefix=&number=: every transition of one stamp, oldest first (issue 5 §4). */
export class StampHistoryQuery extends Query<StampHistoryResponse> {
  constructor(
    readonly companyId: string,
    readonly prefix: string,
    readonly number: number,
  ) {
    super();
  }
}
