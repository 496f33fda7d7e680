import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Public } from '../auth/public.decorator.js';
import { ApiAnswer } from '../infra/http/api-answer.js';
import { APP_CONFIG, APP_VERSION, type AppConfig } from '../infra/config/config.js';
import { HealthProbe } from './health.probe.js';

@ApiTags('health')
@Controller()
export class HealthController {
  constructor(
    @Inject(HealthProbe) private readonly probe: HealthProbe,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Database, event store and each projection's lag; 503 when any is down or a projector has stopped. */
  @Public()
  @Get('health')
  @ApiAnswer(200, 'Everything is up (503 with the same shape and `status: degraded` when not)', {
    status: 'ok',
    version: APP_VERSION,
    database: { ok: true },
    eventStore: { ok: true },
    projections: [
      {
        name: 'invoice_grid',
        version: 3,
        codeVersion: 3,
        checkpoint: '1020:16',
        status: 'running',
        error: null,
        errorEventId: null,
        lag: 0,
        eventsApplied: 2042,
        updatedAt: '2026-11-25T17:16:02.996Z',
        runningHere: true,
        heldBy: 'api-host-1:4123',
        lastHolder: 'api-host-1:4123',
        heldSince: '2026-11-25T09:02:11.402Z',
        previousHolder: 'api-host-2:3310',
      },
    ],
  })
  async health(@Res({ passthrough: true }) reply: FastifyReply) {
    const { database, eventStore, projections } = await this.probe.run();
    const healthy = database.ok && eventStore.ok && projections.every((p) => p.status !== 'failed');
    void reply.status(healthy ? 200 : 503);
    return { status: healthy ? 'ok' : 'degraded', version: APP_VERSION, database, eventStore, projections };
  }

  /**
   * The client compares its version with the minimum and clears its cache when older (as the client's specification asks); the command
   * palette's Report Issue mails the provider's support address (PROVIDER_EMAIL).
   */
  @Public()
  @Get('meta')
  @ApiAnswer(200, "The server's version, the oldest client it accepts, the provider's support address", {
    version: APP_VERSION,
    minClientVersion: '3.98',
    supportEmail: 'support@stampline.local',
  })
  meta() {
    return {
      version: APP_VERSION,
      minClientVersion: this.config.minClientVersion,
      supportEmail: this.config.providerEmail,
    };
  }
}
