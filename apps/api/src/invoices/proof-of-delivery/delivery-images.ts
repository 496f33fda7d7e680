import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { DomainError } from '#domain/shared/domain-error.js';
import type { Queryable } from '#infra/db/database.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import type { DeliveryMeans } from '#domain/contracts/route.contract.js';
import type { DataImage } from '#domain/invoices/invoice-delivered.rules.js';
import { InvoiceReader } from '../invoice-reader.js';
import { invoiceError } from '#domain/invoices/invoice.errors.js';

export interface StoredImage {
  mimeType: string;
  bytes: Buffer;
}

/** The signature of a delivered invoice as a data URL (the PDF inlines it); null when there is none. */
export async function signatureOf(
  db: Queryable,
  companyId: string,
  invoiceId: string,
): Promise<string | null> {
  const [row] = await tenantQuery<{ mime_type: string; data: string }>(
    db,
    companyId,
    `SELECT i.mime_type, encode(i.bytes, 'base64') AS data
       FROM rm_invoice r JOIN delivery_image i ON i.id = (r.delivery ->> 'signatureId')::uuid AND i.company_id = r.company_id
      WHERE r.company_id = $1 AND r.id = $2`,
    [invoiceId],
  );
  return row ? `data:${row.mime_type};base64,${row.data.replace(/\s+/g, '')}` : null;
}

export interface DeliveryDefaults {
  means: DeliveryMeans;
  carrier: { name: string; permit: string } | null;
}

/** The company's default means of delivery, with its carrier when a carrier delivers (Settings → Invoicing). */
export async function deliveryDefaults(db: Queryable, companyId: string): Promise<DeliveryDefaults> {
  const [row] = await tenantQuery<{
    delivery_means: DeliveryMeans;
    carrier_name: string;
    carrier_permit: string;
  }>(
    db,
    companyId,
    'SELECT delivery_means, carrier_name, carrier_permit FROM rm_company WHERE company_id = $1 AND id = $1',
  );
  const means = row?.delivery_means ?? 'own_vehicle';
  const carrier =
    means === 'carrier' && row?.carrier_name && row.carrier_permit
      ? { name: row.carrier_name, permit: row.carrier_permit }
      : null;
  return { means, carrier };
}

/**
 * The images of proofs of delivery (`delivery_image`): the signature and the photo, stored before the delivery's
 * events are appended, by ids the request's Idempotency-Key names, so a retry writes nothing new. Served only to the
 * invoice's own company, and only the images its delivery names.
 */
@Injectable()
export class DeliveryImages {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(InvoiceReader) private readonly invoices: InvoiceReader,
  ) {}

  /** The signature or photo of a delivered invoice of the company (GET /invoice/{id}/delivery/…), else 404. */
  async ofInvoice(companyId: string, idOrNumber: string, kind: 'signature' | 'photo'): Promise<StoredImage> {
    const invoice = await this.invoices.row(companyId, idOrNumber);
    const id = kind === 'signature' ? invoice.delivery?.signatureId : invoice.delivery?.photoId;
    return this.read(companyId, invoice.id, id);
  }

  async save(
    companyId: string,
    invoiceId: string,
    id: string,
    kind: 'signature' | 'photo',
    image: DataImage,
    now: string,
  ): Promise<void> {
    await this.pool.query(
      `INSERT INTO delivery_image (company_id, id, invoice_id, kind, mime_type, bytes, created_at)
       VALUES ($1, $2, $3, $4, $5, decode($6, 'base64'), $7) ON CONFLICT (id) DO NOTHING`,
      [companyId, id, invoiceId, kind, image.mimeType, image.base64, now],
    );
  }

  /** The image of an invoice of the company, else 404. */
  async read(companyId: string, invoiceId: string, id: string | null | undefined): Promise<StoredImage> {
    const [row] = id
      ? await tenantQuery<{ mime_type: string; bytes: Buffer }>(
          this.pool,
          companyId,
          'SELECT mime_type, bytes FROM delivery_image WHERE company_id = $1 AND id = $2 AND invoice_id = $3',
          [id, invoiceId],
        )
      : [];
    if (!row) throw new DomainError('DELIVERY_IMAGE_NOT_FOUND', 'not_found', 'Image not found');
    return { mimeType: row.mime_type, bytes: row.bytes };
  }

  defaults(companyId: string): Promise<DeliveryDefaults> {
    return deliveryDefaults(this.pool, companyId);
  }

  /** The customer is marked cash on delivery now (false when it is gone). */
  async customerCod(companyId: string, customerId: string): Promise<boolean> {
    const [row] = await tenantQuery<{ cash_on_delivery: boolean }>(
      this.pool,
      companyId,
      'SELECT cash_on_delivery FROM rm_customer WHERE company_id = $1 AND id = $2',
      [customerId],
    );
    return row?.cash_on_delivery === true;
  }

  /**
   * A driver delivers only what their routes carry: the invoice is a stop of one of their routes not closed yet;
   * otherwise it is not theirs to see (404, as another company's invoice).
   */
  async onDriversRoute(companyId: string, driverId: string, invoiceId: string): Promise<void> {
    const [row] = await tenantQuery<{ found: number }>(
      this.pool,
      companyId,
      `SELECT 1 AS found FROM rm_route_stop s JOIN rm_route r ON r.id = s.route_id
        WHERE s.company_id = $1 AND s.invoice_id = $2 AND r.company_id = $1 AND r.driver_id = $3
          AND r.status <> 'closed'
        LIMIT 1`,
      [invoiceId, driverId],
    );
    if (!row) throw invoiceError('INVOICE_NOT_FOUND');
  }
}
