import { Module, type DynamicModule } from '@nestjs/common';
import { CompanyTimeZones } from './infra/company-time.js';
import { APP_FILTER, APP_INTERCEPTOR } from '@nestjs/core';
import { CqrsModule } from '@nestjs/cqrs';
import { join } from 'node:path';
import { ActivityController } from './activity/activity.controller.js';
import { HealthProbe } from './health/health.probe.js';
import { ActivityReader } from './activity/queries/activity.reader.js';
import { AlcoholSalesModule } from './reports/alcohol-sales/alcohol-sales.module.js';
import { ReportsController } from './reports/reports.controller.js';
import { ReportsReader } from './reports/queries/reports.reader.js';
import { AuthModule } from './auth/auth.module.js';
import { CompaniesModule } from './companies/companies.module.js';
import { CustomersModule } from './customers/customers.module.js';
import { FeaturesModule } from './features/features.module.js';
import { HealthController } from './health/health.controller.js';
import { Clock } from './infra/clock.js';
import { APP_CONFIG } from './infra/config/config.js';
import { EventAppender } from '#engine';
import { EVENT_STORE } from '#engine';
import { FILE_STORAGE } from './infra/files/file-storage.port.js';
import { LocalFileStorage } from './infra/files/local-file-storage.js';
import { ProblemFilter } from './infra/http/error-filter.js';
import { IdempotencyInterceptor } from './infra/http/idempotency.interceptor.js';
import { ProcessPresence } from './infra/http/process-presence.js';
import { MAIL_PORT } from './infra/mail/mail.port.js';
import { PG_POOL, PROJECTION_RUNNER } from '#infra/projections.provider.js';
import { ProductsModule } from './products/products.module.js';
import { InventoryModule } from './inventory/inventory.module.js';
import type { Runtime } from './runtime.js';
import { StaffModule } from './staff/staff.module.js';
import { StampsModule } from './stamps/stamps.module.js';
import { InvoicesModule } from './invoices/invoices.module.js';
import { CreditLawModule } from './invoices/compliance/credit-law.module.js';
import { LiveModule } from './live/live.module.js';
import { InvoiceDeliveryModule } from './invoices/delivery/invoice-delivery.module.js';
import { PaymentsModule } from './payments/payments.module.js';
import { StatementsModule } from './statements/statements.module.js';
import { CreditsModule } from './credits/credits.module.js';
import { RoutesModule } from './routes/routes.module.js';
import { AccountsModule } from './accounts/accounts.module.js';
import { TabcModule } from './tabc/tabc.module.js';
import { OrdersModule } from './orders/orders.module.js';
import { IntegrationsModule } from './integrations/integrations.module.js';

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
      { provide: Clock, useValue: runtime.clock },
      { provide: FILE_STORAGE, useValue: new LocalFileStorage(join(runtime.config.dataDir, 'files')) },
      EventAppender,
      CompanyTimeZones,
    ];
    return {
      module: InfraModule,
      global: true,
      providers,
      exports: providers.map((p) => ('provide' in p ? p.provide : p)),
    };
  }
}

@Module({})
export class AppModule {
  static forRoot(runtime: Runtime): DynamicModule {
    return {
      module: AppModule,
      imports: [
        InfraModule.forRoot(runtime),
        CqrsModule.forRoot(),
        AuthModule,
        StampsModule,
        InvoicesModule,
        CreditLawModule,
        InvoiceDeliveryModule,
        PaymentsModule,
        StatementsModule,
        CreditsModule,
        RoutesModule,
        AlcoholSalesModule,
        AccountsModule,
        CompaniesModule,
        FeaturesModule,
        StaffModule,
        CustomersModule,
        TabcModule,
        ProductsModule,
        OrdersModule,
        InventoryModule,
        IntegrationsModule,
        LiveModule,
      ],
      controllers: [HealthController, ActivityController, ReportsController],
      providers: [
        { provide: APP_FILTER, useClass: ProblemFilter },
        ProcessPresence,
        ActivityReader,
        HealthProbe,
        ReportsReader,
        { provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor },
      ],
    };
  }
}
