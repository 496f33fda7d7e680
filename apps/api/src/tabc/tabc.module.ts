import { Module } from '@nestjs/common';
import { TabcImportService } from './tabc-import.service.js';
import { TabcLookupService } from './tabc-lookup.service.js';
import { TaxpayerImportService } from './taxpayer-import.service.js';

/**
 * The TABC's public licence and delinquent lists: imported by the CLI, read by the customer screens. And the
 * Comptroller's mixed beverage receipts file, which fills customers' taxpayer numbers.
 */
@Module({
  providers: [TabcImportService, TabcLookupService, TaxpayerImportService],
  exports: [TabcImportService, TabcLookupService, TaxpayerImportService],
})
export class TabcModule {}
