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
import { QuickBooksReader } from './quickbooks/queries/quickbooks.reader.js';
import { QuickBooksConnections } from './quickbooks/quickbooks.connections.js';
import { QuickBooksCallbackController, QuickBooksController } from './quickbooks/quickbooks.controller.js';
import { QuickBooksSync } from './quickbooks/quickbooks.sync.js';
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
    QuickBooksController,
    QuickBooksCallbackController,
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
    QuickBooksConnections,
    QuickBooksSync,
    QuickBooksReader,
  ],
  exports: [IntegrationPartners, SyncRunner, QuickBooksSync],
})
export class IntegrationsModule {}
