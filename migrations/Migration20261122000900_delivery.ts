import { Migration } from '@mikro-orm/migrations';
import { INVOICE_DOCUMENTS_SCHEMA } from '#projections/invoices/invoice-documents.projection.js';
import { INVOICE_EMAIL_SCHEMA } from '#projections/invoices/invoice-email.projection.js';

/**
 * Delivering invoices: public links (a plain table, not a read model: tokens are stored only as their
 * sha256 and must survive a projection rebuild), the e-mail log, documents and private notes.
 */
export const PUBLIC_LINK_SCHEMA = `
CREATE TABLE IF NOT EXISTS public_link (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('invoice', 'order', 'customer_balance')),
  subject_id uuid NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX IF NOT EXISTS public_link_subject_idx ON public_link (company_id, kind, subject_id);
`;

export class Migration20261122000900_delivery extends Migration {
  override name = 'Migration20261122000900_delivery';

  override up(): void {
    this.addSql(PUBLIC_LINK_SCHEMA);
    this.addSql(INVOICE_EMAIL_SCHEMA);
    this.addSql(INVOICE_DOCUMENTS_SCHEMA);
  }
}
