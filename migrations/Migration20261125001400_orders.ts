import { Migration } from '@mikro-orm/migrations';
import { ORDER_SCHEMA } from '#projections/orders/order.projection.js';

/**
 * Orders: the order read model, and customer users with their invitations and sessions. Customer users
 * are their own kind of account (plain tables like users: credentials stay out of the event log); their sessions
 * live in their own table, so a customer user's token can never open a back-office route.
 */
export class Migration20261125001400_orders extends Migration {
  override name = 'Migration20261125001400_orders';

  override up(): void {
    this.addSql(ORDER_SCHEMA);
    this.addSql(`
      CREATE TABLE customer_users (
        id uuid PRIMARY KEY,
        company_id uuid NOT NULL,
        customer_id uuid NOT NULL,
        email text NOT NULL,
        name text NOT NULL,
        tabc_id text,
        phone_number text,
        password_hash text,
        is_enable boolean NOT NULL DEFAULT true,
        revoked_at timestamptz,
        invited_at timestamptz NOT NULL,
        first_signed_in_at timestamptz,
        app_notification boolean NOT NULL DEFAULT true,
        email_notification boolean NOT NULL DEFAULT true,
        sms_notification boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      );
      CREATE UNIQUE INDEX customer_users_email_key ON customer_users (lower(email));
      CREATE INDEX customer_users_company_customer_idx ON customer_users (company_id, customer_id);

      CREATE TABLE customer_user_invitations (
        token_hash bytea PRIMARY KEY,
        customer_user_id uuid NOT NULL REFERENCES customer_users (id) ON DELETE CASCADE,
        company_id uuid NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        revoked_at timestamptz
      );
      CREATE INDEX customer_user_invitations_user_idx ON customer_user_invitations (customer_user_id);

      CREATE TABLE customer_user_sessions (
        token_hash bytea PRIMARY KEY,
        customer_user_id uuid NOT NULL REFERENCES customer_users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz
      );
      CREATE INDEX customer_user_sessions_user_idx ON customer_user_sessions (customer_user_id);

    `);
  }
}
