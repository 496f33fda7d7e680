export {
  ProjectionRunner,
  readProjectionStatus,
  type ProjectionLogger,
  type ProjectionRunnerOptions,
  type ProjectionStatus,
} from './projection-runner.js';
export {
  rebuildProjection,
  countsEvents,
  type CountsEvents,
  type RebuildOptions,
  type RebuildProgress,
  type RebuildResult,
} from './rebuild-projection.js';
export { rebuildWithProgressBar, printStatus, formatStatusTable } from './cli.js';
export {
  PROJECTION_CHECKPOINTS_SCHEMA,
  ensureProjectionSchema,
  type ProjectionState,
} from './projection-checkpoints.sql.js';
export {
  ProjectorError,
  RebuildInProgressError,
  isTransientDatabaseError,
} from './projection-transaction.js';
