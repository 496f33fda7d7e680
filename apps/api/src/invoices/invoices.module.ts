import { Module } from '@nestjs/common';
import { TabcModule } from '../tabc/tabc.module.js';
import { DelinquentGateService } from './compliance/delinquent-gate.service.js';
import { LicenceGuardService } from './compliance/licence-guard.service.js';
import { CreateInvoiceHandler } from './commands/create-invoice.handler.js';
import { NewInvoiceDrafts } from './commands/new-invoice-drafts.js';
import { DeleteInvoiceHandler } from './commands/delete-invoice.handler.js';
import { ReplaceInvoiceHandler } from './commands/replace-invoice.handler.js';
import { UpdateInvoiceHandler } from './commands/update-invoice.handler.js';
import { DeliverInvoiceHandler } from './commands/deliver-invoice.handler.js';
import { DeliveryImages } from './proof-of-delivery/delivery-images.js';
import { InvoiceContext } from './invoice-context.js';
import { InvoiceReader } from './invoice-reader.js';
import { InvoicesController } from './invoices.controller.js';
import { NumberingProofController } from './numbering/numbering-proof.controller.js';
import { NumberingProofService } from './numbering/numbering-proof.service.js';
import {
  GetInvoiceHandler,
  InvoiceCsvHandler,
  InvoiceGridHandler,
  LastInvoiceHandler,
  NewInvoiceNumberHandler,
  QuickSearchHandler,
  RecentInvoicesHandler,
} from './queries/invoice.handlers.js';
import { InvoiceListsReader } from './queries/invoice-lists.reader.js';

/** Invoices: creation with numbers and stamps, edits, status, delivery, delete, the grid and its exports. */
@Module({
  imports: [TabcModule],
  controllers: [NumberingProofController, InvoicesController],
  providers: [
    InvoiceContext,
    InvoiceReader,
    InvoiceListsReader,
    NumberingProofService,
    CreateInvoiceHandler,
    NewInvoiceDrafts,
    UpdateInvoiceHandler,
    DeleteInvoiceHandler,
    ReplaceInvoiceHandler,
    DeliverInvoiceHandler,
    DeliveryImages,
    GetInvoiceHandler,
    InvoiceGridHandler,
    RecentInvoicesHandler,
    LastInvoiceHandler,
    NewInvoiceNumberHandler,
    QuickSearchHandler,
    InvoiceCsvHandler,
    LicenceGuardService,
    DelinquentGateService,
  ],
  exports: [InvoiceReader, InvoiceContext, LicenceGuardService, DelinquentGateService],
})
export class InvoicesModule {}
