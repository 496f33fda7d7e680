/**
 * The TABC's public data: the licence list and the credit-law delinquent
 * list, loaded by `npm run cli -- tabc:import`. Public reference data shared by every company, so no company_id;
 * plain tables replaced by each import, not read models of events.
 */
export const TABC_SCHEMA = `
CREATE TABLE IF NOT EXISTS tabc_license (
  license_id text PRIMARY KEY,
  master_file_id text,
  license_type text NOT NULL,
  primary_status text,
  secondary_status text,
  original_issue_date date,
  current_issued_date date,
  status_change_date date,
  expiration_date date,
  trade_name text,
  owner text,
  address text,
  address_2 text,
  city text,
  state text,
  zip text,
  county text,
  phone text,
  legacy_clp text,
  legacy_clp_key text, -- legacy_clp in comparable form (MB-123456 → MB123456)
  establishment_key text NOT NULL -- licences of one business at one address share it
);
CREATE INDEX IF NOT EXISTS tabc_license_legacy_clp_idx ON tabc_license (legacy_clp_key);
CREATE INDEX IF NOT EXISTS tabc_license_establishment_idx ON tabc_license (establishment_key);

CREATE TABLE IF NOT EXISTS tabc_delinquent (
  id serial PRIMARY KEY,
  permit text NOT NULL,
  permit_key text, -- a legacy permit in comparable form, when the list names one
  license_id text, -- an AIMS licence id, when the list names one
  trade_name text,
  owner text,
  address text,
  city text,
  zip text,
  effective_date date,
  list_number text
);
CREATE INDEX IF NOT EXISTS tabc_delinquent_permit_idx ON tabc_delinquent (permit_key);
CREATE INDEX IF NOT EXISTS tabc_delinquent_license_idx ON tabc_delinquent (license_id);

CREATE TABLE IF NOT EXISTS tabc_import (
  list text PRIMARY KEY CHECK (list IN ('licenses', 'delinquent')),
  file_name text NOT NULL,
  rows integer NOT NULL,
  skipped integer NOT NULL,
  imported_at timestamptz NOT NULL
);

-- Name and address search (auto-fill suggestions, the customer grid's name filter) uses trigram indexes when the server has pg_trgm; without it the
-- same queries still work, only slower.
DO $$
BEGIN
  CREATE EXTENSION IF NOT EXISTS pg_trgm;
EXCEPTION WHEN OTHERS THEN
  RAISE NOTICE 'pg_trgm is not available: TABC name search runs without a trigram index';
END $$;
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX IF NOT EXISTS tabc_license_trade_name_trgm ON tabc_license USING gin (trade_name gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS tabc_license_owner_trgm ON tabc_license USING gin (owner gin_trgm_ops)';
    EXECUTE 'CREATE INDEX IF NOT EXISTS tabc_license_address_trgm ON tabc_license USING gin (address gin_trgm_ops)';
    -- The customer grid's "name contains" filter (ILIKE '%…%').
    EXECUTE 'CREATE INDEX IF NOT EXISTS rm_customer_name_trgm ON rm_customer USING gin (name gin_trgm_ops)';
  END IF;
END $$;
`;
