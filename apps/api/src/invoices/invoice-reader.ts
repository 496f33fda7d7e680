import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { invoiceError } from '../../../../domain/invoices/invoice.errors.js';
import { DEFAULT_TIME_ZONE } from '../../../../domain/shared/business-date.js';
import { stampLedgerDecider } from '../../../../domain/stamps/stamp.decide.js';
import { invoiceAllocationId, stampsStream } from '../../../../domain/stamps/stamp.events.js';
import { holdingOf, toStampRanges } from '../../../../domain/stamps/stamp.rules.js';
import type { InvoiceRow } from '../../../../projections/invoices/invoice.projection.js';
import { tenantQuery } from '../infra/db/tenant-query.js';
import { EventAppender } from '../infra/event-store/event-appender.js';
import { PG_POOL } from '../infra/projections.provider.js';
import { findInvoiceRow, invoiceResponse } from './invoice.response.js';
import type { InvoiceResponse } from '../../../../domain/contracts/invoice.contract.js';

/** An invoice as the screens read it: its row, the stamps it holds (from the ledger) and the company's day. */
@Injectable()
export class InvoiceReader {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  /** The row of a current invoice of the company, else 404 'Invoice not found'. */
  async row(companyId: string, idOrNumber: string): Promise<InvoiceRow> {
    const row = await findInvoiceRow(this.pool, companyId, idOrNumber);
    if (!row) throw invoiceError('INVOICE_NOT_FOUND');
    return row;
  }

  async read(companyId: string, idOrNumber: string): Promise<InvoiceResponse> {
    return this.respond(companyId, await this.row(companyId, idOrNumber));
  }

  async respond(companyId: string, row: InvoiceRow): Promise<InvoiceResponse> {
    const [{ state }, timeZone] = await Promise.all([
      this.events.load(stampsStream(companyId), stampLedgerDecider),
      this.timeZone(companyId),
    ]);
    const stamps = holdingOf(state, invoiceAllocationId(row.id)).flatMap(({ roll, stamps }) =>
      toStampRanges(roll, stamps),
    );
    return invoiceResponse(row, stamps, new Date().toISOString(), timeZone);
  }

  async timeZone(companyId: string): Promise<string> {
    const [row] = await tenantQuery<{ time_zone: string | null }>(
      this.pool,
      companyId,
      'SELECT time_zone FROM rm_company WHERE company_id = $1 AND id = $1',
    );
    return row?.time_zone || DEFAULT_TIME_ZONE;
  }
}
