import { Module } from '@nestjs/common';
import { TabcModule } from '../tabc/tabc.module.js';
import { CreateCustomerHandler } from './commands/create-customer.handler.js';
import { RecordDelinquentOverrideHandler } from './commands/record-delinquent-override.handler.js';
import { RemoveCustomerHandler } from './commands/remove-customer.handler.js';
import { UpdateCustomerHandler } from './commands/update-customer.handler.js';
import { CustomerReader } from './customer.reader.js';
import { CustomersController } from './customers.controller.js';
import { TaxpayerImportController } from './taxpayer-import.controller.js';
import { CustomerOverviewHandler } from './queries/customer-overview.handler.js';
import { AutoFillSuggestionsHandler } from './queries/auto-fill-suggestions.handler.js';
import { DelinquentOverridesHandler } from './queries/delinquent-overrides.handler.js';
import { CustomerDelinquencyHandler } from './queries/customer-delinquency.handler.js';
import { CustomerGridHandler } from './queries/customer-grid.handler.js';
import { GetCustomerHandler } from './queries/get-customer.handler.js';
import { ListCustomersHandler } from './queries/list-customers.handler.js';
import { TabcExpirationHandler } from './queries/tabc-expiration.handler.js';

@Module({
  imports: [TabcModule],
  controllers: [TaxpayerImportController, CustomersController],
  providers: [
    CreateCustomerHandler,
    UpdateCustomerHandler,
    RemoveCustomerHandler,
    RecordDelinquentOverrideHandler,
    GetCustomerHandler,
    ListCustomersHandler,
    CustomerGridHandler,
    AutoFillSuggestionsHandler,
    TabcExpirationHandler,
    CustomerDelinquencyHandler,
    DelinquentOverridesHandler,
    CustomerReader,
    CustomerOverviewHandler,
  ],
})
export class CustomersModule {}
