import { Inject, Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type pg from 'pg';
import { businessDate } from '#domain/shared/business-date.js';
import { FILE_STORAGE, type FileStorage } from '../../infra/files/file-storage.port.js';
import { PdfRenderer } from '../../infra/pdf/pdf-renderer.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { InvoiceReader } from '../../invoices/invoice-reader.js';
import { CompanyHeaders } from '../../infra/pdf/company-header.js';
import { printOr503 } from '../../invoices/pdf/invoice-pdf.service.js';
import type { CompanyHeader } from '#domain/contracts/public.contract.js';
import type { CustomerBalanceResponse as CustomerBalance } from '#domain/contracts/payment.contract.js';
import { CustomerBalanceQuery } from '../queries/payment.queries.js';
import { balanceFileName, balanceFooter, balancePdfView, renderBalanceHtml } from './balance-pdf.template.js';
import { Clock } from '../../infra/clock.js';

export interface BalancePdf {
  balance: CustomerBalance;
  filename: string;
  pdf: Buffer;
}

/**
 * A customer's balance as a document (as the client's specification asks): the balance read
 * model (CustomerBalanceQuery), the distributor's header, balance.hbs, printed by the warm Chromium. Chromium
 * missing, failing or too busy → 503 'Error generating pdf' with the reason.
 */
@Injectable()
export class BalancePdfService {
  private readonly headers: CompanyHeaders;

  constructor(
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(PdfRenderer) private readonly renderer: PdfRenderer,
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
    @Inject(PG_POOL) pool: pg.Pool,
    @Inject(FILE_STORAGE) files: FileStorage,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.headers = new CompanyHeaders(pool, files);
  }

  /** The balance (404 'Customer Not Found' for an unknown or another company's customer). */
  balance(companyId: string, customerId: string): Promise<CustomerBalance> {
    return this.queries.execute(new CustomerBalanceQuery(companyId, customerId.toLowerCase()));
  }

  async header(companyId: string): Promise<CompanyHeader> {
    return (await this.headers.read(companyId, null)).header;
  }

  async print(companyId: string, customerId: string, now = this.clock.now()): Promise<BalancePdf> {
    const [balance, { header }, timeZone] = await Promise.all([
      this.balance(companyId, customerId),
      this.headers.read(companyId, null),
      this.reader.timeZone(companyId),
    ]);
    const today = businessDate(now.toISOString(), timeZone);
    const html = renderBalanceHtml(balancePdfView(balance, header, today));
    const pdf = await printOr503(
      this.renderer.render(html, { footerHtml: balanceFooter(balance.customer.name) }),
    );
    return { balance, pdf, filename: balanceFileName(balance.customer.id, today, now, timeZone) };
  }
}
