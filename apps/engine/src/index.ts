/**
 * The engine: the event store (its port and the Postgres and KurrentDB adapters), the appender that runs a
 * decision over streams (state from cache, snapshot and events; retries; group commit) and the projection runner
 * (checkpoints, the shared pass, rebuilds). Features use only what this file exports; see the folder's README.
 */
export {
  EVENT_STORE,
  START,
  WrongExpectedRevisionError,
  type AppendResult,
  type Checkpoint,
  type EventMetadata,
  type EventStore,
  type NewEvent,
  type StoredEvent,
  type StreamAppend,
  type Subscription,
} from './event-store/event-store.port.js';
export {
  EventAppender,
  declareDecision,
  streamDecision,
  type Actor,
  type Decision,
  type StreamDecision,
} from './event-store/event-appender.js';
export { PostgresEventStore } from './event-store/postgres.event-store.js';
export { KurrentDBEventStore } from './event-store/kurrentdb.event-store.js';
export { chainHeadOf } from './event-store/event-chain.js';
export type { Projection, RowFold, TableNames } from './projections/projection.js';
export {
  ProjectionRunner,
  type ProjectionLogger,
  type ProjectionRunnerOptions,
  type ProjectionStatus,
} from './projections/projection-runner.js';
export { rebuildProjection } from './projections/rebuild-projection.js';
export { ensureProjectionSchema } from './projections/projection-checkpoints.sql.js';
export { formatStatusTable, printStatus, rebuildWithProgressBar } from './projections/cli.js';
