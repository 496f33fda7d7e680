import { Module } from '@nestjs/common';
import { TabcModule } from '../../tabc/tabc.module.js';
import { InvoicesModule } from '../invoices.module.js';
import { CreditLawController } from './credit-law.controller.js';
import { CreditLawService } from './credit-law.service.js';

/** The credit-law calendar, the builder's checks and the delinquency notices. */
@Module({
  imports: [InvoicesModule, TabcModule],
  controllers: [CreditLawController],
  providers: [CreditLawService],
})
export class CreditLawModule {}
