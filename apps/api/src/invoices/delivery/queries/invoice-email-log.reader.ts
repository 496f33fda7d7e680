import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { EmailGridRow } from '#domain/contracts/delivery.contract.js';
import { GridParams, runGrid } from '#infra/grid/index.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { emailGrid, emailLog } from '../invoice-email.log.js';

/** The e-mail log's reads: the `/emails` grid and one invoice's e-mails. */
@Injectable()
export class InvoiceEmailLogReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  grid(companyId: string, params: GridParams) {
    return runGrid<EmailGridRow>(this.pool, emailGrid, params, companyId);
  }

  ofInvoice(companyId: string, invoiceId: string) {
    return emailLog(this.pool, companyId, invoiceId);
  }
}
