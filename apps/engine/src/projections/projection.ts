import type { PoolClient } from '#infra/db/database.js';
import type { StoredEvent } from '../event-store/event-store.port.js';

/**
 * A projector owns read-model tables (`rm_…`, created by migrations) and turns events into row changes.
 *
 * - `apply` receives, in global order, only the events whose type is in `handles`, inside the transaction that
 *   also advances the checkpoint. It must be idempotent (upsert / update by id) and must take time only from
 *   the events (`metadata.occurredAt`), never from the clock.
 * - Table names are passed in (`t.rm_company`), because a rebuild fills shadow copies before swapping them in.
 * - Bump `version` when the projector's output changes: the runner then rebuilds it.
 */
export interface Projection {
  readonly name: string;
  readonly version: number;
  readonly handles: readonly string[];
  readonly tables: readonly string[];
  apply(tx: PoolClient, events: StoredEvent[], t: TableNames): Promise<void>;
  /**
   * Set by defineRowProjection: the projector is a fold of events into one row per key. A rebuild then keeps the
   * rows in memory across batches and writes each row once, instead of once per batch it appears in, without
   * calling `apply` (so a copy that replaces `apply` must drop `rows`).
   */
  readonly rows?: RowFold<unknown>;
}

/**
 * A read model with one row per key (usually per stream: an invoice, a customer), folded from its events.
 * `evolve` is pure and must return the row unchanged (the same object) for an event it has applied already,
 * for example by keeping the stream revision in the row; that makes re-delivery harmless.
 */
export interface RowFold<Row> {
  /** Canonical name of the table the rows live in (one of `tables`). */
  readonly table: string;
  /** The row an event belongs to; undefined when the event does not touch this table. */
  keyOf(event: StoredEvent): string | undefined;
  /** Current rows for these keys (missing keys: no row yet), from the physical table `table`. */
  load(tx: PoolClient, keys: string[], table: string): Promise<Map<string, Row>>;
  evolve(row: Row | undefined, event: StoredEvent): Row;
  /** Writes new and changed rows (one multi-row upsert). */
  save(tx: PoolClient, rows: Row[], table: string): Promise<void>;
}

/** Maps each owned table's canonical name to the physical table to write (the live one or its shadow). */
export type TableNames = Readonly<Record<string, string>>;
