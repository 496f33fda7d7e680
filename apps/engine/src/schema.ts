/**
 * The engine's tables and functions as the migrations create them (the append function's live version; its earlier
 * versions are frozen in the migrations that ran them).
 */
export {
  EVENT_CHAIN_BACKFILL,
  EVENT_CHAIN_SCHEMA,
  EVENT_STORE_APPEND_V4,
  EVENT_STORE_SCHEMA,
  STREAM_SNAPSHOTS_SCHEMA,
} from './event-store/postgres-event-store.sql.js';
export {
  PROJECTION_CHECKPOINTS_SCHEMA,
  PROJECTION_HOLDERS_SCHEMA,
} from './projections/projection-checkpoints.sql.js';
