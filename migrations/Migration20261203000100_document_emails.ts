import { Migration } from '@mikro-orm/migrations';
import { DOCUMENT_EMAIL_COLUMNS } from '#projections/invoices/invoice-email.projection.js';

/**
 * Credit memo and statement e-mails join the e-mail log (its kind, document, customer, statement period and run), and
 * a statement run counts the e-mails it requested. No event of theirs predates the columns, so no rebuild is needed.
 */
export class Migration20261203000100_document_emails extends Migration {
  override name = 'Migration20261203000100_document_emails';

  override up(): void {
    this.addSql(DOCUMENT_EMAIL_COLUMNS);
    this.addSql(`ALTER TABLE statement_run ADD COLUMN IF NOT EXISTS requested integer NOT NULL DEFAULT 0;`);
  }
}
