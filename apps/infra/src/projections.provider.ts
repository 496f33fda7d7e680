import type { Checkpoint } from '#engine';

/** What command handlers need of the projection runner: wait until a checkpoint is visible in read models. */
export interface ReadYourWrites {
  /** `projections`: the names of those to wait for (the command's response and next page read them); all when absent. */
  waitFor(checkpoint: Checkpoint, timeoutMs?: number, projections?: readonly string[]): Promise<boolean>;
}

export const PROJECTION_RUNNER = Symbol('PROJECTION_RUNNER');
export const PG_POOL = Symbol('PG_POOL');
