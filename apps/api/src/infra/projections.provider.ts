import type { Checkpoint } from './event-store/event-store.port.js';

/** What command handlers need of the projection runner: wait until a checkpoint is visible in read models. */
export interface ReadYourWrites {
  waitFor(checkpoint: Checkpoint, timeoutMs?: number): Promise<boolean>;
}

export const PROJECTION_RUNNER = Symbol('PROJECTION_RUNNER');
export const PG_POOL = Symbol('PG_POOL');
