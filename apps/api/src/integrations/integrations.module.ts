import { Module } from '@nestjs/common';
import { BottlePosExport } from './bottle-pos/bottle-pos.export.js';
import { FintechExportController } from './fintech/fintech.export.js';
import { FintechSyncController } from './fintech/fintech-sync.controller.js';
import { InvoiceConvertController } from './fintech/invoice-convert.controller.js';
import { FintechSyncReader } from './fintech/queries/fintech-sync.reader.js';
import { FintechExportReader } from './fintech/queries/fintech-export.reader.js';
import { InvoiceConvertReader } from './fintech/queries/invoice-convert.reader.js';
import { MpowerController } from './mpower/mpower.controller.js';
import { MpowerReader } from './mpower/queries/mpower.reader.js';
import { IntegrationPartners } from './partners.provider.js';
import { SyncRunner } from './sync-runner.js';
import { SyncHistoryReader } from './queries/sync-history.reader.js';
import { BottlePosController, CloverController } from './sync.controller.js';

/** Bottle POS and Clover: ports, local contract servers, syncs and their history (as the client's specification asks). */
@Module({
  controllers: [
    BottlePosController,
    CloverController,
    FintechExportController,
    FintechSyncController,
    InvoiceConvertController,
    MpowerController,
  ],
  providers: [
    IntegrationPartners,
    SyncRunner,
    BottlePosExport,
    SyncHistoryReader,
    MpowerReader,
    FintechSyncReader,
    InvoiceConvertReader,
    FintechExportReader,
  ],
  exports: [IntegrationPartners, SyncRunner],
})
export class IntegrationsModule {}
