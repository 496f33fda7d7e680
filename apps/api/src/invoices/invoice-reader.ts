import { Inject, Injectable } from '@nestjs/common';
import { dueClock } from './invoice-due.js';
import type pg from 'pg';
import type { StampHolding } from '#domain/stamps/stamp-holding.js';
import { invoiceError } from '#domain/invoices/invoice.errors.js';
import { DUPLICATE_WINDOW_HOURS } from '#domain/invoices/invoice.rules.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import type { AnyEvent } from '#domain/shared/decider.js';
import { evolveInvoiceRow, type InvoiceRow } from '#projections/invoices/invoice.projection.js';
import { EventAppender } from '#engine';
import type { AppendResult, StoredEvent } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { holdingNow } from '../stamps/stamp-holdings.js';
import { findInvoiceRow, invoiceResponse } from './invoice.response.js';
import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';
import { Clock } from '../infra/clock.js';
import { companyTimeZone } from '../infra/company-time.js';

/** What a caller may know of an invoice already: the stamps it holds, the company's time zone. */
export interface KnownToCaller {
  held?: Pick<StampHolding, 'ranges' | 'reissued'>;
  timeZone?: string;
}

/** An invoice as the screens read it: its row, the stamps it holds (its holding stream) and the company's day. */
@Injectable()
export class InvoiceReader {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** The row of a current invoice of the company, else 404 'Invoice not found'. */
  async row(companyId: string, idOrNumber: string): Promise<InvoiceRow> {
    const row = await findInvoiceRow(this.pool, companyId, idOrNumber);
    if (!row) throw invoiceError('INVOICE_NOT_FOUND');
    return row;
  }

  /** The newest current invoice with this fingerprint created within the duplicate window before `now`. */
  async duplicateOf(companyId: string, fingerprint: string, now: string): Promise<string | undefined> {
    const [existing] = await tenantQuery<{ id: string }>(
      this.pool,
      companyId,
      `SELECT id FROM rm_invoice
       WHERE company_id = $1 AND fingerprint = $2 AND deleted_at IS NULL AND status <> 'cancelled'
         AND created_at > $3::timestamptz - make_interval(hours => $4)
       ORDER BY created_at DESC LIMIT 1`,
      [fingerprint, now, DUPLICATE_WINDOW_HOURS],
    );
    return existing?.id;
  }

  async read(companyId: string, idOrNumber: string, known: KnownToCaller = {}): Promise<InvoiceResponse> {
    return this.respond(companyId, await this.row(companyId, idOrNumber), known);
  }

  /**
   * A new invoice as its creation's append made it: the row the invoice projection writes for these events (its
   * own pure fold, `evolveInvoiceRow`, over the events as the store gives them back), not read back from the
   * table — the creation's answer costs no statement. A retried append (nothing appended) reads the row.
   */
  async created(
    companyId: string,
    invoiceId: string,
    stream: string,
    events: readonly AnyEvent[],
    appended: AppendResult | undefined,
    known: KnownToCaller = {},
  ): Promise<InvoiceResponse> {
    const last = appended?.revisions[stream];
    if (!appended || appended.duplicate || last === undefined || events.length === 0)
      return this.read(companyId, invoiceId, known);
    let row: InvoiceRow | undefined;
    const stored = JSON.parse(JSON.stringify(events)) as AnyEvent[];
    stored.forEach((event, i) => {
      const revision = last - BigInt(stored.length - 1 - i);
      row = evolveInvoiceRow(row, { ...event, revision } as unknown as StoredEvent);
    });
    return this.respond(companyId, row!, known);
  }

  /** `known`: what the caller has at hand already (a command that just decided), so it is not read again. */
  async respond(companyId: string, row: InvoiceRow, known: KnownToCaller = {}): Promise<InvoiceResponse> {
    // The invoice's own holding stream (a few events), not the company's stamp ledger.
    // The company's clock and its credit-law setting decide the due date and status shown (invoice-due.ts).
    const [held, clock] = await Promise.all([
      known.held ?? holdingNow(this.events, this.pool, companyId, row.id),
      dueClock(this.pool, companyId, this.clock.nowIso()),
    ]);
    return invoiceResponse(row, held, this.clock.nowIso(), clock.timeZone, clock.creditLaw);
  }

  async timeZone(companyId: string): Promise<string> {
    return companyTimeZone(this.pool, companyId);
  }
}
