import { Migration } from '@mikro-orm/migrations';
import { INVOICE_DELIVERY_SCHEMA } from '#projections/invoices/invoice.projection.js';

/**
 * Proof of delivery. The images a retailer's signature and the stop's photo are kept in `delivery_image` (a plain
 * table, written before the delivery's events are appended: named by the request's Idempotency-Key, so a retry writes
 * the same row again and changes nothing); the events name them by id. The invoice rows get the delivery date and the
 * proof of delivery; both come from a new event, so no row needs a rebuild.
 */
export const DELIVERY_IMAGE_SCHEMA = `
CREATE TABLE IF NOT EXISTS delivery_image (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  invoice_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('signature', 'photo')),
  mime_type text NOT NULL CHECK (mime_type IN ('image/png', 'image/jpeg')),
  bytes bytea NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS delivery_image_invoice_idx ON delivery_image (company_id, invoice_id);
`;

export class Migration20261130020000_invoice_delivery extends Migration {
  override name = 'Migration20261130020000_invoice_delivery';

  override up(): void {
    this.addSql(INVOICE_DELIVERY_SCHEMA);
    this.addSql(DELIVERY_IMAGE_SCHEMA);
  }
}
