import { Global, Inject, Module, type OnModuleDestroy } from '@nestjs/common';
import { DocumentEmails } from '../../delivery/document-emails.js';
import { PublicLinks } from '../../delivery/public-links.js';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config.js';
import { PdfRenderer } from '../../infra/pdf/pdf-renderer.js';
import { InvoiceDocumentsController } from '../documents/invoice-documents.controller.js';
import { InvoiceDocumentsService } from '../documents/invoice-documents.service.js';
import { InvoiceReader } from '../invoice-reader.js';
import { InvoicePdfService } from '../pdf/invoice-pdf.service.js';
import { InvoiceDeliveryController } from './invoice-delivery.controller.js';
import { InvoiceEmailService } from './invoice-email.service.js';
import { PublicInvoiceController } from './public-invoice.controller.js';
import { InvoiceEmailLogReader } from './queries/invoice-email-log.reader.js';

/**
 * Delivering invoices: PDF, public links, e-mail with its log, documents and private notes. Global so
 * that later areas (orders, balances) print with the same warm Chromium and issue links with the same service, and
 * credit memos and statements are e-mailed through the same machinery (DocumentEmails).
 */
@Global()
@Module({
  controllers: [InvoiceDeliveryController, PublicInvoiceController, InvoiceDocumentsController],
  providers: [
    {
      provide: PdfRenderer,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) =>
        new PdfRenderer({
          executablePath: config.pdf.chromiumPath,
          concurrency: config.pdf.concurrency,
          queueLimit: config.pdf.queueLimit,
          timeoutMs: config.pdf.timeoutMs,
        }),
    },
    PublicLinks,
    DocumentEmails,
    InvoiceReader,
    InvoicePdfService,
    InvoiceEmailService,
    InvoiceDocumentsService,
    InvoiceEmailLogReader,
  ],
  exports: [PdfRenderer, PublicLinks, DocumentEmails, InvoiceReader, InvoicePdfService],
})
export class InvoiceDeliveryModule implements OnModuleDestroy {
  constructor(@Inject(PdfRenderer) private readonly pdf: PdfRenderer) {}

  /** No Chromium outlives the app. */
  onModuleDestroy(): Promise<void> {
    return this.pdf.close();
  }
}
