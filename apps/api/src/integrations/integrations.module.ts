import { Module } from '@nestjs/common';
import { BottlePosExport } from './bottle-pos/bottle-pos.export.js';
import { FintechExportController } from './fintech/fintech.export.js';
import { FintechSyncController } from './fintech/fintech-sync.controller.js';
import { InvoiceConvertController } from './fintech/invoice-convert.controller.js';
import { MpowerController } from './mpower/mpower.controller.js';
import { IntegrationPartners } from './partners.provider.js';
import { SyncRunner } from './sync-runner.js';
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
  providers: [IntegrationPartners, SyncRunner, BottlePosExport],
  exports: [IntegrationPartners, SyncRunner],
})
export class IntegrationsModule {}
