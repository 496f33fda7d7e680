import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type pg from 'pg';
import { Public } from '../auth/public.decorator.js';
import { APP_CONFIG, APP_VERSION, type AppConfig } from '../infra/config/config.js';
import { EVENT_STORE, type EventStore } from '../infra/event-store/event-store.port.js';
import { PG_POOL, PROJECTION_RUNNER } from '../infra/projections.provider.js';
import type { ProjectionRunner } from '../../../../projections/runner/projection-runner.js';

async function check(probe: () => Promise<unknown>): Promise<{ ok: boolean; error?: string }> {
  try {
    await probe();
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PROJECTION_RUNNER) private readonly projections: ProjectionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Database, event store and each projection's lag; 503 when any is down or a projector has stopped. */
  @Public()
  @Get('health')
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const [database, eventStore] = await Promise.all([
      check(() => this.pool.query('SELECT 1')),
      check(() => this.store.ping()),
    ]);
    const projections = await this.projections.status().catch(() => []);
    const healthy = database.ok && eventStore.ok && projections.every((p) => p.status !== 'failed');
    void reply.status(healthy ? 200 : 503);
    return { status: healthy ? 'ok' : 'degraded', version: APP_VERSION, database, eventStore, projections };
  }

  /** The client compares its version with the minimum and clears its cache when older (spec 000 §2). */
  @Public()
  @Get('meta')
  meta() {
    return { version: APP_VERSION, minClientVersion: this.config.minClientVersion };
  }
}
