import { paymentTermsOr } from '#domain/invoices/payment-terms.js';
import { prepared, type PoolClient } from '#infra/db/database.js';
import type { StoredEvent } from '#engine';
import type { CompanyDetails, CompanyEvent } from '#domain/companies/company.events.js';
import { isFeatureName } from '#domain/companies/company.features.js';
import type { CompliancePolicy } from '#domain/companies/compliance-policy.js';
import { defaultDetails, detailsComplete, percentFromBasisPoints } from '#domain/companies/company.rules.js';
import { defineRowProjection, ident, upsertRows } from '../projection.js';

/** The first version's table (Migration20261121000300); kept as it was. */
export const COMPANY_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_company (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL, -- the same as id: every read model carries company_id for the tenancy filter
  name text NOT NULL,
  owner_user_id uuid NOT NULL,
  time_zone text NOT NULL,
  details_complete boolean NOT NULL DEFAULT false,
  registered_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
`;

/** Settings, features and the default logo (as the client's specification asks), added by Migration20261122000400. */
export const COMPANY_SCHEMA_V2 = `
ALTER TABLE rm_company
  ADD COLUMN IF NOT EXISTS address text NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS city text NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS state text NOT NULL DEFAULT 'TX',
  ADD COLUMN IF NOT EXISTS zip text NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS tabc_id text NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS subdomain text,
  ADD COLUMN IF NOT EXISTS default_invoice_note text NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS starting_invoice_number integer NOT NULL DEFAULT 1,
  ADD COLUMN IF NOT EXISTS default_invoice_status text NOT NULL DEFAULT 'invoiced',
  ADD COLUMN IF NOT EXISTS has_fintech boolean NOT NULL DEFAULT false,
  ADD COLUMN IF NOT EXISTS fintech_id text,
  ADD COLUMN IF NOT EXISTS show_prices boolean NOT NULL DEFAULT true,
  ADD COLUMN IF NOT EXISTS sort_inv_products boolean NOT NULL DEFAULT false,
  ADD COLUMN IF NOT EXISTS stamp_threshold integer NOT NULL DEFAULT 500,
  ADD COLUMN IF NOT EXISTS tax_rate numeric(5, 2) NOT NULL DEFAULT 8.25,
  ADD COLUMN IF NOT EXISTS cash_on_delivery boolean NOT NULL DEFAULT false,
  ADD COLUMN IF NOT EXISTS default_logo_id uuid,
  -- { "<feature>": { "active", "ignore_pricing", "switched_off", "requested_at" } }
  ADD COLUMN IF NOT EXISTS features jsonb NOT NULL DEFAULT '{}',
  ADD COLUMN IF NOT EXISTS revision bigint NOT NULL DEFAULT -1;
`;

/**
 * The TABC compliance rules, added by Migration20261127002200: the policy of the last
 * CompliancePolicyChanged, as the event carries it (camelCase); null until the first change (the defaults).
 * Read it with `readCompliancePolicy` (apps/api/src/companies/compliance-policy.reader.ts), which fills in defaults.
 */
export const COMPANY_SCHEMA_V3 = `
ALTER TABLE rm_company ADD COLUMN IF NOT EXISTS compliance jsonb;
`;

/**
 * Payment terms (Migration20261129000100_payment_terms): 'on_delivery', 'net_N' or 'credit_law'. Companies whose
 * settings were saved before it read as on delivery, the default, so no rebuild is needed.
 */
export const COMPANY_PAYMENT_TERMS_SCHEMA = `
ALTER TABLE rm_company ADD COLUMN IF NOT EXISTS payment_terms text NOT NULL DEFAULT 'on_delivery';
`;

/**
 * The default means of delivery and carrier (Migration20261130020100_company_delivery): companies saved before read as
 * their own vehicle with no carrier, the defaults, so no rebuild is needed.
 */
export const COMPANY_DELIVERY_SCHEMA = `
ALTER TABLE rm_company
  ADD COLUMN IF NOT EXISTS delivery_means text NOT NULL DEFAULT 'own_vehicle',
  ADD COLUMN IF NOT EXISTS carrier_name text NOT NULL DEFAULT '',
  ADD COLUMN IF NOT EXISTS carrier_permit text NOT NULL DEFAULT '';
`;

export interface CompanyFeatureRow {
  active: boolean;
  ignore_pricing: boolean;
  switched_off: boolean;
  requested_at: string | null;
}

export interface CompanyRow {
  id: string;
  company_id: string;
  name: string;
  owner_user_id: string;
  time_zone: string;
  details_complete: boolean;
  registered_at: string;
  updated_at: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  tabc_id: string;
  subdomain: string | null;
  default_invoice_note: string;
  starting_invoice_number: number;
  default_invoice_status: string;
  has_fintech: boolean;
  fintech_id: string | null;
  show_prices: boolean;
  sort_inv_products: boolean;
  stamp_threshold: number;
  tax_rate: number;
  cash_on_delivery: boolean;
  payment_terms: string;
  delivery_means: string;
  carrier_name: string;
  carrier_permit: string;
  default_logo_id: string | null;
  features: Record<string, CompanyFeatureRow>;
  compliance: CompliancePolicy | null;
  /** Revision of the last company event applied: an event at or below it is a re-delivery. */
  revision: number;
}

const COMPANY_EVENTS = [
  'CompanyRegistered',
  'CompanyDetailsUpdated',
  'FeatureActivated',
  'FeatureDeactivated',
  'FeatureAccessRequested',
  'DefaultLogoChosen',
  'CompliancePolicyChanged',
] as const;

function detailsColumns(details: CompanyDetails) {
  return {
    name: details.name,
    address: details.address,
    city: details.city,
    state: details.state,
    zip: details.zip,
    tabc_id: details.tabcId,
    subdomain: details.subdomain,
    default_invoice_note: details.defaultInvoiceNote,
    starting_invoice_number: details.startingInvoiceNumber,
    default_invoice_status: details.defaultInvoiceStatus,
    has_fintech: details.hasFintech,
    fintech_id: details.fintechId,
    show_prices: details.showPrices,
    sort_inv_products: details.sortInvProducts,
    stamp_threshold: details.stampThreshold,
    tax_rate: percentFromBasisPoints(details.taxRateBasisPoints),
    cash_on_delivery: details.cashOnDelivery,
    payment_terms: paymentTermsOr(details.paymentTerms),
    delivery_means: details.deliveryMeans ?? 'own_vehicle',
    carrier_name: details.carrierName ?? '',
    carrier_permit: details.carrierPermit ?? '',
    time_zone: details.timeZone,
    details_complete: detailsComplete(details),
  };
}

const NO_FEATURE: CompanyFeatureRow = {
  active: false,
  ignore_pricing: false,
  switched_off: false,
  requested_at: null,
};

/** Pure: the company row after one event (the same object when the event was applied already). */
export function evolveCompanyRow(row: CompanyRow | undefined, stored: StoredEvent): CompanyRow {
  const revision = Number(stored.revision);
  if (row && revision <= row.revision) return row;
  const event = stored as unknown as CompanyEvent;
  const at = stored.metadata.occurredAt;
  if (event.type === 'CompanyRegistered') {
    const { companyId, ownerUserId, registeredAt, name, timeZone } = event.data;
    return {
      id: companyId,
      company_id: companyId,
      owner_user_id: ownerUserId,
      registered_at: registeredAt,
      updated_at: registeredAt,
      ...detailsColumns(defaultDetails(name, timeZone)),
      default_logo_id: null,
      features: {},
      compliance: null,
      revision,
    };
  }
  if (!row)
    throw new Error(`company projection: ${stored.type} ${stored.id} arrived before CompanyRegistered`);
  const feature = (
    name: string,
    change: (f: CompanyFeatureRow) => Partial<CompanyFeatureRow>,
  ): CompanyRow => {
    if (!isFeatureName(name)) return { ...row, revision };
    const current = row.features[name] ?? NO_FEATURE;
    return {
      ...row,
      features: { ...row.features, [name]: { ...current, ...change(current) } },
      updated_at: at,
      revision,
    };
  };
  switch (event.type) {
    case 'CompanyDetailsUpdated': {
      const { companyId: _, updatedAt, ...details } = event.data;
      return { ...row, ...detailsColumns(details), updated_at: updatedAt, revision };
    }
    case 'FeatureActivated':
      return feature(event.data.feature, () => ({
        active: true,
        ignore_pricing: event.data.ignorePricing,
        requested_at: null,
      }));
    case 'FeatureDeactivated':
      return feature(event.data.feature, () => ({ active: false, switched_off: true }));
    case 'FeatureAccessRequested':
      return feature(event.data.feature, () => ({ requested_at: event.data.requestedAt }));
    case 'DefaultLogoChosen':
      return { ...row, default_logo_id: event.data.logoId, updated_at: at, revision };
    case 'CompliancePolicyChanged':
      return { ...row, compliance: event.data.policy, updated_at: event.data.changedAt, revision };
    default:
      return { ...row, revision };
  }
}

const COLUMNS: readonly (keyof CompanyRow)[] = [
  'id',
  'company_id',
  'name',
  'owner_user_id',
  'time_zone',
  'details_complete',
  'registered_at',
  'updated_at',
  'address',
  'city',
  'state',
  'zip',
  'tabc_id',
  'subdomain',
  'default_invoice_note',
  'starting_invoice_number',
  'default_invoice_status',
  'has_fintech',
  'fintech_id',
  'show_prices',
  'sort_inv_products',
  'stamp_threshold',
  'tax_rate',
  'cash_on_delivery',
  'payment_terms',
  'delivery_means',
  'carrier_name',
  'carrier_permit',
  'default_logo_id',
  'features',
  'compliance',
  'revision',
];

/**
 * One row per company (`rm_company`): what the shell, settings, the feature guard and every company-scoped query
 * read. A fold of the `company-{id}` stream, keyed by company id.
 */
export const companyProjection = defineRowProjection<CompanyRow>({
  name: 'company',
  // 3: the compliance column (CompliancePolicyChanged), so a process that ran the old code past such an event
  // rebuilds it.
  version: 3,
  handles: COMPANY_EVENTS,
  rows: {
    table: 'rm_company',
    keyOf: (event) => (event.data as { companyId?: string }).companyId,
    async load(tx: PoolClient, keys: string[], table: string) {
      const { rows } = await tx.query(prepared(`SELECT * FROM ${ident(table)} WHERE id = ANY($1::uuid[])`), [
        keys,
      ]);
      return new Map(
        rows.map((row) => [
          row.id as string,
          {
            ...row,
            registered_at: new Date(row.registered_at).toISOString(),
            updated_at: new Date(row.updated_at).toISOString(),
            tax_rate: Number(row.tax_rate),
            revision: Number(row.revision),
          } as CompanyRow,
        ]),
      );
    },
    evolve: evolveCompanyRow,
    async save(tx: PoolClient, rows: CompanyRow[], table: string) {
      await upsertRows(tx, table, COLUMNS, rows);
    },
  },
});
