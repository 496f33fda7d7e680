/**
 * Staff invitations: the owner invites by e-mail; the link signs the invitee up into the company as staff. Plain
 * table like users and sessions; the token is stored only as its SHA-256.
 */
export const STAFF_SCHEMA = `
CREATE TABLE IF NOT EXISTS staff_invitations (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  email text NOT NULL,
  name text,
  token_hash bytea NOT NULL UNIQUE,
  invited_by uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  accepted_at timestamptz,
  accepted_user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  revoked_at timestamptz
);
CREATE INDEX IF NOT EXISTS staff_invitations_company_idx ON staff_invitations (company_id, created_at DESC);

-- A user's notification preferences for placed orders (as the client specification asks). No row: both on.
CREATE TABLE IF NOT EXISTS user_notification_preferences (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  company_id uuid NOT NULL,
  email_notification boolean NOT NULL,
  app_notification boolean NOT NULL,
  updated_at timestamptz NOT NULL
);
`;
