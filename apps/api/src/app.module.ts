import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { ActivityController } from './activity/activity.controller.js';
import { AuthModule } from './auth/auth.module.js';
import { CompaniesController } from './companies/companies.controller.js';
import { HealthController } from './health/health.controller.js';
import { APP_CONFIG } from './infra/config/config.js';
import { EventAppender } from './infra/event-store/event-appender.js';
import { EVENT_STORE } from './infra/event-store/event-store.port.js';
import { ProblemFilter } from './infra/http/error-filter.js';
import { IdempotencyInterceptor } from './infra/http/idempotency.interceptor.js';
import { MAIL_PORT } from './infra/mail/mail.port.js';
import { PG_POOL, PROJECTION_RUNNER } from './infra/projections.provider.js';
import type { Runtime } from './runtime.js';

/** The runtime's parts, provided to every module. */
@Module({})
export class InfraModule {
  static forRoot(runtime: Runtime): DynamicModule {
    const providers = [
      { provide: APP_CONFIG, useValue: runtime.config },
      { provide: PG_POOL, useValue: runtime.pool },
      { provide: EVENT_STORE, useValue: runtime.store },
      { provide: PROJECTION_RUNNER, useValue: runtime.projections },
      { provide: MAIL_PORT, useValue: runtime.mail },
      EventAppender,
    ];
    return { module: InfraModule, global: true, providers, exports: providers.map((p) => ('provide' in p ? p.provide : p)) };
  }
}

@Module({})
export class AppModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return {
      module: AppModule,
      imports: [InfraModule.forRoot(runtime), AuthModule],
      controllers: [HealthController, CompaniesController, ActivityController],
      providers: [
        { provide: APP_FILTER, useClass: ProblemFilter },
        { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
      ],
    };
  }
}
