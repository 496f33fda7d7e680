import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { EVENT_STORE, type EventStore, type ProjectionRunner } from '#engine';
import { PG_POOL, PROJECTION_RUNNER } from '#infra/projections.provider.js';

async function check(probe: () => Promise<unknown>): Promise<{ ok: boolean; error?: string }> {
  try {
    await probe();
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/** Whether the database and the event store answer, and each projection's status (none when it cannot be read). */
@Injectable()
export class HealthProbe {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
  ) {}

  async run() {
    const [database, eventStore] = await Promise.all([
      check(() => this.pool.query('SELECT 1')),
      check(() => this.store.ping()),
    ]);
    const projections = await this.projections.status().catch(() => []);
    return { database, eventStore, projections };
  }
}
