import { Query } from '@nestjs/cqrs';
import type { StampRollResponse } from '../stamp.responses.js';

/** Spec 000 §3 Stamp remaining summary, with what the dashboard's low-stamp warning needs. */
export interface StampRemainingResponse {
  /** Stamps left in active, unfinished rolls: what auto-allocation can use. */
  availableStampCount: number;
  /** The next stamp auto-allocation takes (of currentRoll); null without an active roll. */
  firstAvailableStamp: number | null;
  /** Stamps in the active, unfinished rolls. */
  totalStampCount: number;
  /** The roll auto-allocation takes from next (the active-roll banner); null without one. */
  currentRoll: StampRollResponse | null;
  /** The company's stamp threshold (default 500). */
  threshold: number;
  /** True when availableStampCount is under the threshold: the dismissible low-stamp warning. */
  low: boolean;
  /** Rolls received (0: the 'Register new roll' prompt). */
  rollCount: number;
}

/** GET /stamp/remaining. */
export class StampRemainingQuery extends Query<StampRemainingResponse> {
  constructor(readonly companyId: string) {
    super();
  }
}
