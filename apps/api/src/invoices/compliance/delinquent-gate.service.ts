import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { InvoiceChecksResponse } from '#domain/contracts/credit-law.contract.js';
import { delinquentListMessage } from '#domain/invoices/credit-law.js';
import {
  DELINQUENT_OVERRIDE_REASON_LABELS,
  delinquentDeliveryRefusal,
  delinquentSaleRefusal,
  listingInEffect,
  overrideFor,
  sellsLiquorOrWineOnCredit,
  type DelinquentListing,
  type DelinquentOverride,
  type GateSubject,
} from '#domain/invoices/delinquent-list-gate.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { displayDate } from '../../infra/pdf/pdf-format.js';
import { overrideAnswer } from '../../customers/customer.response.js';
import { TabcLookupService, type PermitHolder } from '../../tabc/tabc-lookup.service.js';
import type { InvoiceRow } from '#projections/invoices/invoice.projection.js';

/** The refusal: 409 with the reason and until when, on the customer field. */
export const delinquentListRefusal = (message: string) =>
  new DomainError('DELINQUENT_LIST', 'conflict', message, [{ field: 'customer_id', message }]);

/**
 * The credit-law delinquent list as a gate, by the pure rule (`domain/invoices/delinquent-list-gate.ts`): the
 * customer's listing in the imported list, its overrides, the company's clock and time zone.
 */
@Injectable()
export class DelinquentGateService {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(TabcLookupService) private readonly tabc: TabcLookupService,
  ) {}

  /** The customer's listing on the imported list, if any. */
  async listingOf(holder: PermitHolder): Promise<DelinquentListing | null> {
    const entry = await this.tabc.delinquencyOf(holder);
    return entry
      ? { permit: entry.permit, effectiveOn: entry.effective_date, listNumber: entry.list_number }
      : null;
  }

  /** The owner's overrides recorded on the customer (its read model), oldest first. */
  async overridesOf(companyId: string, customerId: string): Promise<DelinquentOverride[]> {
    const [row] = await tenantQuery<{ delinquent_overrides: DelinquentOverride[] | null }>(
      this.pool,
      companyId,
      'SELECT delinquent_overrides FROM rm_customer WHERE company_id = $1 AND id = $2',
      [customerId],
    );
    return row?.delinquent_overrides ?? [];
  }

  /**
   * What the builder says of the customer before saving: its listing, whether a liquor or wine sale on credit is
   * refused now (a cash-on-delivery customer never is), and the override that lifts it, if any.
   */
  async builderCheck(
    companyId: string,
    customer: PermitHolder & { id: string; cash_on_delivery: boolean },
    invoicedOn: string,
    now: string,
    timeZone: string,
  ): Promise<InvoiceChecksResponse['delinquent']> {
    const listing = await this.listingOf(customer);
    if (!listing) return null;
    const overrides = await this.overridesOf(companyId, customer.id);
    const judgement = { listing, overrides, now, timeZone, formatDate: displayDate };
    const refusal = delinquentSaleRefusal(
      { beer: false, cashOnDelivery: Boolean(customer.cash_on_delivery), lineTypes: ['LIQUOR'] },
      judgement,
    );
    const override = overrideFor(listing, overrides);
    return {
      permit: listing.permit,
      effective_date: listing.effectiveOn,
      list_number: listing.listNumber,
      in_effect: listingInEffect(listing.effectiveOn, now, timeZone),
      refused: refusal !== null,
      message:
        refusal ??
        (override
          ? `This customer (${listing.permit}) is on the TABC credit-law delinquent list, but the owner recorded an override (${DELINQUENT_OVERRIDE_REASON_LABELS[override.reason]}): it may be sold to on credit.`
          : delinquentListMessage(listing, invoicedOn, displayDate)),
      override: override ? overrideAnswer(override) : null,
    };
  }

  /** A new invoice: refused (409) when it sells liquor or wine on credit to a listed retailer now. */
  async guardNewInvoice(
    holder: PermitHolder,
    overrides: readonly DelinquentOverride[],
    sale: GateSubject,
    now: string,
    timeZone: string,
  ): Promise<void> {
    // beer, cash on delivery or no liquor and wine: nothing to refuse, so the list is not read
    if (!sellsLiquorOrWineOnCredit(sale)) return;
    if (!holder.tabc_key && holder.aims_id === null) return;
    const listing = await this.listingOf(holder);
    const refusal = delinquentSaleRefusal(sale, {
      listing,
      overrides,
      now,
      timeZone,
      formatDate: displayDate,
    });
    if (refusal) throw delinquentListRefusal(refusal);
  }

  /**
   * A delivery: refused (409) when it hands liquor or wine on credit to a listed retailer now, outside the first
   * day's morning window for an invoice made before the listing; paid in full (before or at the delivery) it goes.
   */
  async guardDelivery(
    invoice: InvoiceRow,
    collectedCents: number,
    customerCashOnDelivery: boolean,
    now: string,
    timeZone: string,
  ): Promise<void> {
    const [customer] = await tenantQuery<{
      aims_id: number | null;
      tabc_key: string;
      delinquent_overrides: DelinquentOverride[] | null;
    }>(
      this.pool,
      invoice.company_id,
      'SELECT aims_id, tabc_key, delinquent_overrides FROM rm_customer WHERE company_id = $1 AND id = $2',
      [invoice.customer_id],
    );
    if (!customer) return;
    const listing = await this.listingOf(customer);
    const balance = invoice.total_cents - invoice.paid_cents - invoice.credited_cents;
    const refusal = delinquentDeliveryRefusal(
      {
        beer: invoice.beer,
        cashOnDelivery: customerCashOnDelivery || invoice.content.customer.cashOnDelivery,
        lineTypes: invoice.content.lines.map((line) => line.type),
        paidInFull: invoice.status === 'paid' || balance <= collectedCents,
        invoiceCreatedAt: invoice.created_at,
      },
      { listing, overrides: customer.delinquent_overrides ?? [], now, timeZone, formatDate: displayDate },
    );
    if (refusal) throw delinquentListRefusal(refusal);
  }
}
