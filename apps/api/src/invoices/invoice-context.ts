import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import type pg from 'pg';
import { companyDecider, companyStream } from '#domain/companies/company.decide.js';
import { isFeatureActive, type Company, type RegisteredCompany } from '#domain/companies/company.state.js';
import { customerDecider, customerStream } from '#domain/customers/customer.decide.js';
import type { Customer } from '#domain/customers/customer.state.js';
import { invoiceDecider } from '#domain/invoices/invoice.decider.js';
import { invoiceStream } from '#domain/invoices/invoice.events.js';
import type { Invoice } from '#domain/invoices/invoice.state.js';
import type { AnyEvent } from '#domain/shared/decider.js';
import { stampHoldingDecider, stampHoldingStream } from '#domain/stamps/stamp-holding.js';
import { displayTabcId } from '#domain/customers/tabc-permit.js';
import type { InvoiceSettings, LineInput } from '#domain/invoices/invoice.commands.js';
import { INVOICE_MESSAGES, invoiceInvalid } from '#domain/invoices/invoice.errors.js';
import type { InvoiceCustomer } from '#domain/invoices/invoice.events.js';
import { fingerprintText } from '#domain/invoices/invoice.rules.js';
import type { ProductType } from '#domain/products/product.rules.js';
import type { FieldProblem } from '#domain/shared/field-rules.js';
import { centsOf } from '#domain/shared/money.js';
import { lastPriceOf } from '#projections/invoices/last-invoiced-prices.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { EventAppender, streamDecision, type StreamDecision } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import type { InvoiceItemBody } from './dto/invoice.body.js';

function registered(companyId: string, state: Company): RegisteredCompany {
  if (state.status !== 'registered') throw new Error(`company ${companyId} is not registered`);
  return state;
}

/**
 * What an invoice decision needs from outside the invoice's own streams, looked up before deciding: the company's
 * settings (from its stream: consistent with what was just saved), the customer as invoiced, and the products of
 * the lines with the customer's last invoiced prices.
 */
@Injectable()
export class InvoiceContext {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async company(companyId: string): Promise<RegisteredCompany> {
    const { state } = await this.events.load(companyStream(companyId), companyDecider);
    return registered(companyId, state);
  }

  /**
   * For a new invoice, in one read of the store: whether the invoice's stream exists already (a retried request),
   * the company, and the customer's state (checked by `customerOf` only when the invoice is new). The invoice's
   * stamp holding stream is read with them, so the creation's decision finds both new streams in the cache.
   */
  async forNewInvoice(companyId: string, customerId: string, invoiceId: string) {
    const [invoice, company, customer] = await this.events.loadMany([
      streamDecision(invoiceStream(invoiceId), invoiceDecider),
      streamDecision(companyStream(companyId), companyDecider),
      streamDecision(customerStream(customerId), customerDecider),
      streamDecision(stampHoldingStream(invoiceId), stampHoldingDecider),
    ] as StreamDecision<unknown, AnyEvent>[]);
    return {
      exists: (invoice!.state as Invoice).status !== 'none',
      company: registered(companyId, company!.state as Company),
      customer: () => this.customerOf(companyId, customer!.state as Customer),
      /** The customer's state, for the licence guard. */
      customerState: customer!.state as Customer,
    };
  }

  settings(company: RegisteredCompany): InvoiceSettings {
    return {
      taxRateBasisPoints: company.details.taxRateBasisPoints,
      defaultStatus: company.details.defaultInvoiceStatus,
      startingNumber: company.details.startingInvoiceNumber,
      perCustomerNumbering: isFeatureActive(company, 'customer_invoice_numbering'),
      sortLines: company.details.sortInvProducts,
      timeZone: company.details.timeZone,
      smallFormatStamps: company.compliance.smallFormatStamps,
    };
  }

  /** The customer's state as its stream holds it (the licence guard's permit). */
  async customerState(customerId: string): Promise<Customer> {
    return (await this.events.load(customerStream(customerId), customerDecider)).state;
  }

  /** A current customer of the company as invoiced, or 'Customer Not Found' on customer_id. */
  async customer(companyId: string, customerId: string): Promise<InvoiceCustomer> {
    const { state } = await this.events.load(customerStream(customerId), customerDecider);
    return this.customerOf(companyId, state);
  }

  /** A current customer of the company as invoiced, or 'Customer Not Found' on customer_id. */
  customerOf(companyId: string, state: Customer): InvoiceCustomer {
    if (state.status !== 'active' || state.companyId !== companyId) {
      throw invoiceInvalid([{ field: 'customer_id', message: INVOICE_MESSAGES.customerNotFound }]);
    }
    const { fields } = state;
    return {
      id: state.id,
      name: fields.name,
      tabcId: displayTabcId(fields),
      address: fields.address,
      city: fields.city,
      state: fields.state,
      zip: fields.zip,
      cashOnDelivery: fields.cashOnDelivery,
    };
  }

  /** A logo of the company (or none), else 'Logo not found' on logo_id. */
  logo(company: RegisteredCompany, logoId: string | null | undefined): string | null | undefined {
    if (logoId === undefined || logoId === null) return logoId;
    if (!company.logos.some((logo) => logo.id === logoId))
      throw invoiceInvalid([{ field: 'logo_id', message: INVOICE_MESSAGES.logoNotFound }]);
    return logoId;
  }

  /**
   * The lines with their products (every product must be the company's; archived ones are fine) and what the
   * customer last paid for each. `known` keeps the last invoiced price a line had on the invoice being edited.
   */
  async lines(
    companyId: string,
    customerId: string,
    items: InvoiceItemBody[],
    known: Map<string, number | null> = new Map(),
  ): Promise<LineInput[]> {
    const ids = [...new Set(items.map((item) => item.product_id.toLowerCase()))];
    // The products and what the customer last paid for each, in one statement.
    const products = await tenantQuery<{
      id: string;
      product: string;
      product_size: string;
      product_type: ProductType;
      upc: string | null;
      case_size: number | null;
      last_purchase_price_cents: string;
      last_price_cents: string | null;
    }>(
      this.pool,
      companyId,
      `SELECT p.id, p.product, p.product_size, p.product_type, p.upc, p.case_size, p.last_purchase_price_cents,
              l.price_cents AS last_price_cents
         FROM rm_product p
         LEFT JOIN LATERAL (${lastPriceOf('$3', 'p.id')}) l ON true
        WHERE p.company_id = $1 AND p.id = ANY($2::uuid[]) AND p.deleted_at IS NULL`,
      [ids, customerId],
    );
    const byId = new Map(products.map((product) => [product.id, product]));
    const problems: FieldProblem[] = [];
    const lines = items.map((item, index): LineInput | undefined => {
      const product = byId.get(item.product_id.toLowerCase());
      const priceCents = centsOf(item.price);
      if (!product)
        problems.push({ field: `items.${index}.product_id`, message: INVOICE_MESSAGES.productNotFound });
      if (priceCents === undefined || priceCents < 0)
        problems.push({ field: `items.${index}.price`, message: INVOICE_MESSAGES.price });
      if (!product || priceCents === undefined) return undefined;
      return {
        productId: product.id,
        name: product.product,
        size: product.product_size,
        type: product.product_type,
        upc: product.upc,
        caseSize: product.case_size,
        costCents: Number(product.last_purchase_price_cents),
        lastInvoicedPriceCents: known.has(product.id)
          ? known.get(product.id)!
          : product.last_price_cents === null
            ? null
            : Number(product.last_price_cents),
        qty: item.qty,
        priceCents,
        taxable: item.taxable ?? true,
        onDeal: item.on_deal ?? false,
      };
    });
    if (problems.length > 0) throw invoiceInvalid(problems);
    return lines as LineInput[];
  }
}

/** A hash of the customer and the lines (as the client's specification asks): identical invoices share it. */
export function fingerprintOf(customerId: string, lines: readonly LineInput[]): string {
  return createHash('sha256').update(fingerprintText(customerId, lines)).digest('hex').slice(0, 32);
}
