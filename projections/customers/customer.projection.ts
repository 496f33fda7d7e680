import { prepared, type PoolClient } from '#infra/db/database.js';
import type { StoredEvent } from '#engine';
import type { CustomerEvent, CustomerFields } from '#domain/customers/customer.events.js';
import type { DelinquentOverride } from '#domain/invoices/delinquent-list-gate.js';
import { displayTabcId, permitKey } from '#domain/customers/tabc-permit.js';
import { defineRowProjection, ident, isoOrNull as iso, upsertRows } from '../projection.js';

/**
 * One row per customer (`rm_customer`): the customer grid, the customer form and the lookups of other areas
 * (invoices print the customer). A removed customer keeps its row with removed_at set; lists leave it out.
 */
export const CUSTOMER_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_customer (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  name text NOT NULL,
  address text NOT NULL,
  city text NOT NULL,
  state text NOT NULL,
  zip text NOT NULL,
  tabc_id text NOT NULL,
  display_tabc_id text NOT NULL,
  tabc_key text NOT NULL, -- tabc_id in comparable form, to match the TABC public lists
  aims_id integer,
  aims_license_type text,
  ydk_est_id text,
  contact_name text,
  contact_email text,
  contact_phone text,
  cash_on_delivery boolean NOT NULL,
  fintech_option boolean NOT NULL,
  fintech_id text,
  product_price_tier_id uuid,
  service_start date,
  color_index smallint NOT NULL, -- which of the 13 avatar colours
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  removed_at timestamptz,
  revision bigint NOT NULL
);
CREATE INDEX IF NOT EXISTS rm_customer_company_name_idx ON rm_customer (company_id, name) WHERE removed_at IS NULL;
`;

/** The retailer's Comptroller taxpayer number (Migration20261127003000_comptroller_report). */
export const CUSTOMER_TAXPAYER_SCHEMA = `
ALTER TABLE rm_customer ADD COLUMN IF NOT EXISTS comptroller_taxpayer_number text;
`;

/** The customer's own payment terms; null: the company's (Migration20261129000100_payment_terms). */
export const CUSTOMER_PAYMENT_TERMS_SCHEMA = `
ALTER TABLE rm_customer ADD COLUMN IF NOT EXISTS payment_terms text;
`;

/** The owner's overrides of delinquent-list listings (Migration20261201030000_delinquent_gate). */
export const CUSTOMER_DELINQUENT_OVERRIDES_SCHEMA = `
ALTER TABLE rm_customer ADD COLUMN IF NOT EXISTS delinquent_overrides jsonb NOT NULL DEFAULT '[]'::jsonb;
-- the company's overrides (the stamp record's list): only the few customers that have one
CREATE INDEX IF NOT EXISTS rm_customer_delinquent_overrides_idx ON rm_customer (company_id)
  WHERE delinquent_overrides <> '[]'::jsonb;
`;

export interface CustomerRow {
  id: string;
  company_id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  tabc_id: string;
  display_tabc_id: string;
  tabc_key: string;
  aims_id: number | null;
  aims_license_type: string | null;
  ydk_est_id: string | null;
  contact_name: string | null;
  contact_email: string | null;
  contact_phone: string | null;
  cash_on_delivery: boolean;
  fintech_option: boolean;
  fintech_id: string | null;
  product_price_tier_id: string | null;
  service_start: string | null;
  comptroller_taxpayer_number: string | null;
  payment_terms: string | null;
  /** Absent in rows folded before the column existed: none. */
  delinquent_overrides?: DelinquentOverride[];
  color_index: number;
  created_at: string;
  updated_at: string;
  removed_at: string | null;
  revision: number;
}

export const CUSTOMER_COLOURS = 13;

/** The client's specification: each customer gets one of 13 avatar colours, the same every time (from its id). */
export function colourIndex(id: string): number {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (hash * 31 + id.charCodeAt(i)) >>> 0;
  return hash % CUSTOMER_COLOURS;
}

function fieldColumns(fields: CustomerFields) {
  return {
    name: fields.name,
    address: fields.address,
    city: fields.city,
    state: fields.state,
    zip: fields.zip,
    tabc_id: fields.tabcId,
    display_tabc_id: displayTabcId(fields),
    tabc_key: permitKey(fields.tabcId),
    aims_id: fields.aimsId,
    aims_license_type: fields.aimsLicenseType,
    ydk_est_id: fields.ydkEstId,
    contact_name: fields.contactName,
    contact_email: fields.contactEmail,
    contact_phone: fields.contactPhone,
    cash_on_delivery: fields.cashOnDelivery,
    fintech_option: fields.fintechOption,
    fintech_id: fields.fintechId,
    product_price_tier_id: fields.productPriceTierId,
    service_start: fields.serviceStartOn,
    comptroller_taxpayer_number: fields.comptrollerTaxpayerNumber ?? null,
    payment_terms: fields.paymentTerms ?? null,
  };
}

/** Pure: the customer row after one event (the same object when the event was applied already). */
export function evolveCustomerRow(row: CustomerRow | undefined, stored: StoredEvent): CustomerRow {
  const revision = Number(stored.revision);
  if (row && revision <= row.revision) return row;
  const event = stored as unknown as CustomerEvent;
  switch (event.type) {
    case 'CustomerCreated': {
      const { customerId, companyId, createdAt, ...fields } = event.data;
      return {
        id: customerId,
        company_id: companyId,
        ...fieldColumns(fields),
        color_index: colourIndex(customerId),
        delinquent_overrides: [],
        created_at: createdAt,
        updated_at: createdAt,
        removed_at: null,
        revision,
      };
    }
    case 'CustomerUpdated': {
      if (!row) throw new Error(`customer projection: ${stored.id} updates a customer never created`);
      const { customerId: _, companyId: __, updatedAt, ...fields } = event.data;
      return { ...row, ...fieldColumns(fields), updated_at: updatedAt, revision };
    }
    case 'CustomerRemoved':
      if (!row) throw new Error(`customer projection: ${stored.id} removes a customer never created`);
      return { ...row, removed_at: event.data.removedAt, updated_at: event.data.removedAt, revision };
    case 'CustomerPriceTierChanged':
      if (!row) throw new Error(`customer projection: ${stored.id} moves a customer never created`);
      return {
        ...row,
        product_price_tier_id: event.data.productPriceTierId,
        updated_at: event.data.changedAt,
        revision,
      };
    case 'DelinquentOverrideRecorded': {
      if (!row) throw new Error(`customer projection: ${stored.id} overrides for a customer never created`);
      const { customerId: _id, companyId: _co, ...override } = event.data;
      return { ...row, delinquent_overrides: [...(row.delinquent_overrides ?? []), override], revision };
    }
    default:
      return row as CustomerRow; // not ours: unchanged (undefined stays undefined: no row)
  }
}

const COLUMNS: readonly (keyof CustomerRow)[] = [
  'id',
  'company_id',
  'name',
  'address',
  'city',
  'state',
  'zip',
  'tabc_id',
  'display_tabc_id',
  'tabc_key',
  'aims_id',
  'aims_license_type',
  'ydk_est_id',
  'contact_name',
  'contact_email',
  'contact_phone',
  'cash_on_delivery',
  'fintech_option',
  'fintech_id',
  'product_price_tier_id',
  'service_start',
  'comptroller_taxpayer_number',
  'payment_terms',
  'delinquent_overrides',
  'color_index',
  'created_at',
  'updated_at',
  'removed_at',
  'revision',
];

export const customerProjection = defineRowProjection<CustomerRow>({
  name: 'customers',
  version: 1,
  // CustomerPriceTierChanged came with price tiers: no event of it predates this version, so
  // adding it needs no rebuild.
  // DelinquentOverrideRecorded came with the delinquent-list gate: none predates it either.
  handles: [
    'CustomerCreated',
    'CustomerUpdated',
    'CustomerRemoved',
    'CustomerPriceTierChanged',
    'DelinquentOverrideRecorded',
  ],
  rows: {
    table: 'rm_customer',
    keyOf: (event) => (event.data as { customerId?: string }).customerId,
    async load(tx: PoolClient, keys: string[], table: string) {
      const { rows } = await tx.query(prepared(`SELECT * FROM ${ident(table)} WHERE id = ANY($1::uuid[])`), [
        keys,
      ]);
      return new Map(
        rows.map((row) => [
          row.id as string,
          {
            ...row,
            created_at: iso(row.created_at)!,
            updated_at: iso(row.updated_at)!,
            removed_at: iso(row.removed_at),
            revision: Number(row.revision),
          } as CustomerRow,
        ]),
      );
    },
    evolve: evolveCustomerRow,
    async save(tx: PoolClient, rows: CustomerRow[], table: string) {
      await upsertRows(tx, table, COLUMNS, rows);
    },
  },
});
