import { Migration } from '@mikro-orm/migrations';

/**
 * Users, sessions and one-time tokens are plain tables, not streams: credentials don't belong in an immutable
 * log. Tokens are stored only as SHA-256 hashes.
 */
export class Migration20261121000200_accounts extends Migration {
  override name = 'Migration20261121000200_accounts';

  override up(): void {
    this.addSql(`
      CREATE TABLE users (
        id uuid PRIMARY KEY,
        company_id uuid NOT NULL,
        email text NOT NULL,
        name text NOT NULL,
        title text NOT NULL DEFAULT '',
        password_hash text NOT NULL,
        role text NOT NULL CHECK (role IN ('owner', 'staff')),
        disabled_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX users_email_key ON users (lower(email));
      CREATE INDEX users_company_idx ON users (company_id);

      CREATE TABLE sessions (
        token_hash bytea PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        revoked_at timestamptz,
        ip text,
        user_agent text
      );
      CREATE INDEX sessions_user_idx ON sessions (user_id);

      CREATE TABLE auth_tokens (
        token_hash bytea PRIMARY KEY,
        user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('password_reset', 'login')),
        created_at timestamptz NOT NULL DEFAULT now(),
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      );

      CREATE TABLE idempotency_keys (
        scope text NOT NULL,
        key text NOT NULL,
        request_hash text NOT NULL,
        status_code int,
        response jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (scope, key)
      );
    `);
  }
}
