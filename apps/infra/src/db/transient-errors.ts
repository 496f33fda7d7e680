// SQLSTATE classes and codes that say "try again", not "this event is bad": connection trouble, the server
// shutting down or out of resources, serialization failures, deadlocks, lock timeouts, and a write refused by a
// read-only server (25006: a standby, or a former leader during a failover, reached before the new leader).
const TRANSIENT_SQLSTATE = /^(08|53|57P0[1-4]|40001|40P01|55P03|58030|25006)/;
const TRANSIENT_NODE_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
const TRANSIENT_MESSAGES =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Client was closed|connection error|ended by the server|not currently accepting connections|in a read-only transaction|during recovery|recovery is in progress/i;

// The KurrentDB client's errors for a node that cannot serve now (down, electing a leader, a follower, too slow).
const TRANSIENT_KURRENTDB_ERRORS = new Set([
  'UnavailableError',
  'NotLeaderError',
  'DeadlineExceededError',
  'TimeoutError',
]);

/**
 * True for failures of the database or event store themselves (connection lost, server shutting down or out of
 * resources, serialization failures, deadlocks, a standby refusing a write, a KurrentDB node without a leader): "try again", never "this input
 * is bad". The projection runner retries them; the API answers 503 with Retry-After.
 */
export function isTransientStoreError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (TRANSIENT_KURRENTDB_ERRORS.has(error.constructor.name)) return true;
  const code = (error as Error & { code?: unknown }).code;
  if (typeof code === 'string') {
    if (TRANSIENT_NODE_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code) && TRANSIENT_SQLSTATE.test(code)) return true;
  }
  return TRANSIENT_MESSAGES.test(error.message);
}
