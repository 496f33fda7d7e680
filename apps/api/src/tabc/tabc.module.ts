import { Module } from '@nestjs/common';
import { TabcImportService } from './tabc-import.service.js';
import { TabcLookupService } from './tabc-lookup.service.js';

/** The TABC's public licence and delinquent lists: imported by the CLI, read by the customer screens. */
@Module({
  providers: [TabcImportService, TabcLookupService],
  exports: [TabcImportService, TabcLookupService],
})
export class TabcModule {}
