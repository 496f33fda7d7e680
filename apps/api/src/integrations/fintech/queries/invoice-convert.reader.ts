import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { ConvertedInvoice } from '#domain/contracts/integration.contract.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';

/** What an invoice file's rows name in the company: its products by UPC and its customer. */
@Injectable()
export class InvoiceConvertReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /** The company's products with these UPCs (the first created of each), archived and deleted ones left out. */
  async productsByUpc(companyId: string, upcs: string[]) {
    return tenantQuery<{
      id: string;
      product: string;
      product_size: string;
      product_type: string;
      upc: string;
      last_purchase_price_cents: string;
    }>(
      this.pool,
      companyId,
      `SELECT DISTINCT ON (upc) id, product, product_size, product_type, upc, last_purchase_price_cents
         FROM rm_product
        WHERE company_id = $1 AND upc = ANY($2::text[]) AND deleted_at IS NULL AND NOT archived
        ORDER BY upc, created_at`,
      [upcs],
    );
  }

  /** The customer with this TABC ID, else (no TABC ID) the one with this name; the first created. */
  async customer(
    companyId: string,
    tabcId: string | null,
    name: string | null,
  ): Promise<ConvertedInvoice['customer']> {
    const [found] = await tenantQuery<NonNullable<ConvertedInvoice['customer']>>(
      this.pool,
      companyId,
      `SELECT id, name, city, display_tabc_id FROM rm_customer
        WHERE company_id = $1 AND removed_at IS NULL
          AND (($2::text IS NOT NULL AND (upper(display_tabc_id) = upper($2) OR upper(tabc_id) = upper($2)))
            OR ($2::text IS NULL AND lower(name) = lower($3)))
        ORDER BY created_at LIMIT 1`,
      [tabcId, name],
    );
    return found ?? null;
  }
}
