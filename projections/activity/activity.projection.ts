import type { PoolClient } from '#infra/db/database.js';
import type { StoredEvent } from '#engine';
import { FEATURE_CATALOGUE, isFeatureName } from '#domain/companies/company.features.js';
import { defineProjection, ident } from '../projection.js';

/**
 * The company activity log (`rm_activity`): one row per fact, with the module (`category`)
 * and type (`action`) the activity screen shows, and `details` as the spec's info (invoiceNumber and beer for
 * invoice and payment activity). It takes user facts from `activity-{companyId}` streams, invoice, payment and
 * private-note events from `invoice-{id}` streams, feature switches from `company-{id}` streams, and credit memo
 * and statement e-mails from `document-email-{id}` streams. Insert-only, keyed by event id, so applying an event
 * twice changes nothing.
 *
 * Invoice events after InvoiceCreated do not carry the invoice number: the projection finds it in its own
 * INVOICE CREATE row (earlier in the batch, or in the table), so it reads no other projection's tables.
 */
export const ACTIVITY_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_activity (
  event_id uuid PRIMARY KEY,
  company_id text NOT NULL,
  user_id text,
  category text NOT NULL,
  action text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  occurred_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS rm_activity_company_occurred_idx ON rm_activity (company_id, occurred_at DESC);
`;

/** The activity log's Status column (Success or Error): failed syncs are its first errors. */
export const ACTIVITY_SUCCESS_COLUMN = `
ALTER TABLE rm_activity ADD COLUMN IF NOT EXISTS success boolean NOT NULL DEFAULT true;
`;

/**
 * The activity log's filters, each on an index that keeps the newest first: sign-ins and the account's own events
 * (`account`) apart from business events, the kind of event, who did it, the customer and the invoice it is about.
 */
export const ACTIVITY_FILTER_COLUMNS = `
ALTER TABLE rm_activity ADD COLUMN IF NOT EXISTS kind text NOT NULL DEFAULT '';
ALTER TABLE rm_activity ADD COLUMN IF NOT EXISTS account boolean NOT NULL DEFAULT false;
ALTER TABLE rm_activity ADD COLUMN IF NOT EXISTS customer_id text;
ALTER TABLE rm_activity ADD COLUMN IF NOT EXISTS invoice_id text;
ALTER TABLE rm_activity ADD COLUMN IF NOT EXISTS invoice_number text;
CREATE INDEX IF NOT EXISTS rm_activity_account_idx
  ON rm_activity (company_id, account, occurred_at DESC NULLS LAST);
CREATE INDEX IF NOT EXISTS rm_activity_kind_idx ON rm_activity (company_id, kind, occurred_at DESC NULLS LAST);
CREATE INDEX IF NOT EXISTS rm_activity_user_idx ON rm_activity (company_id, user_id, occurred_at DESC NULLS LAST);
CREATE INDEX IF NOT EXISTS rm_activity_customer_idx
  ON rm_activity (company_id, customer_id, occurred_at DESC NULLS LAST) WHERE customer_id IS NOT NULL;
CREATE INDEX IF NOT EXISTS rm_activity_invoice_idx
  ON rm_activity (company_id, lower(invoice_number), occurred_at DESC NULLS LAST) WHERE invoice_number IS NOT NULL;
CREATE INDEX IF NOT EXISTS rm_activity_company_newest_idx ON rm_activity (company_id, occurred_at DESC NULLS LAST);
DROP INDEX IF EXISTS rm_activity_company_occurred_idx;

CREATE TABLE IF NOT EXISTS rm_activity_count (
  company_id text NOT NULL,
  kind text NOT NULL,
  n bigint NOT NULL,
  PRIMARY KEY (company_id, kind)
);
`;
// The grid sorts newest first with NULLS LAST: an index on `occurred_at DESC` (NULLS FIRST) cannot give that order,
// so each index names it. rm_activity_count: each company's rows per kind, so the two usual views (business events,
// sign-ins), whole or by kind, are counted without reading the rows.

/** rm_activity as the projector writes it today: the first migration's table and the columns added since. */
export const ACTIVITY_TABLES = ACTIVITY_SCHEMA + ACTIVITY_SUCCESS_COLUMN + ACTIVITY_FILTER_COLUMNS;

/**
 * The lookup of an invoice's number by its id, for activity on an existing invoice (projection v2). Unique (an
 * invoice stream has one InvoiceCreated), so a rebuild creates it with the shadow table and lookups stay indexed.
 */
export const ACTIVITY_INVOICE_INDEX = `
CREATE UNIQUE INDEX IF NOT EXISTS rm_activity_invoice_created_key ON rm_activity ((details ->> 'invoiceId'))
  WHERE category = 'INVOICE' AND action = 'CREATE';
`;

type Source = 'activity' | 'invoice' | 'company' | 'integrations' | 'account' | 'email';

interface ActivityMapping {
  category: string;
  action: string;
  /** The stream family the event must come from. */
  source: Source;
}

const PREFIX: Record<Source, string> = {
  activity: 'activity-',
  invoice: 'invoice-',
  company: 'company-',
  integrations: 'integrations-',
  account: 'customer-account-',
  email: 'document-email-',
};

/** Event type → what the activity log shows. Add a type here (bump the version to backfill). */
export const ACTIVITY_ACTIONS: Readonly<Record<string, ActivityMapping>> = {
  UserSignedIn: { category: 'AUTH', action: 'SIGN_IN', source: 'activity' },
  UserSignedUp: { category: 'AUTH', action: 'SIGN_UP', source: 'activity' },
  UserSignedOut: { category: 'AUTH', action: 'SIGN_OUT', source: 'activity' },
  PasswordReset: { category: 'AUTH', action: 'PASSWORD_RESET', source: 'activity' },
  ProfileUpdated: { category: 'USER', action: 'PROFILE_UPDATE', source: 'activity' },
  InvoiceCreated: { category: 'INVOICE', action: 'CREATE', source: 'invoice' },
  InvoiceRevised: { category: 'INVOICE', action: 'UPDATE', source: 'invoice' },
  InvoiceDeleted: { category: 'INVOICE', action: 'DELETE', source: 'invoice' },
  // Every status change, a cancellation among them, and those that followed the payments.
  InvoiceStatusChanged: { category: 'INVOICE', action: 'UPDATE', source: 'invoice' },
  // A new type (no event of it predates this line, so no backfill); the replacement's number in details
  InvoiceReplaced: { category: 'INVOICE', action: 'REPLACE', source: 'invoice' },
  PrivateNoteAdded: { category: 'INVOICE', action: 'ADD_PRIVATE_NOTE', source: 'invoice' },
  PrivateNoteRemoved: { category: 'INVOICE', action: 'DELETE_PRIVATE_NOTE', source: 'invoice' },
  PaymentLogged: { category: 'PAYMENT', action: 'CREATE', source: 'invoice' },
  PaymentUpdated: { category: 'PAYMENT', action: 'UPDATE', source: 'invoice' },
  PaymentDeleted: { category: 'PAYMENT', action: 'DELETE', source: 'invoice' },
  // Credit memos (new types, no backfill): the memo's number and money in details
  CreditMemoIssued: { category: 'CREDIT_MEMO', action: 'CREATE', source: 'invoice' },
  CreditMemoVoided: { category: 'CREDIT_MEMO', action: 'VOID', source: 'invoice' },
  // Payments on account (new types, no backfill): the money received for the customer and its refunds; each
  // share applied to an invoice is a payment of that invoice above.
  PaymentReceivedOnAccount: { category: 'PAYMENT', action: 'RECEIVE_ON_ACCOUNT', source: 'account' },
  AccountCreditRefunded: { category: 'PAYMENT', action: 'REFUND_CREDIT', source: 'account' },
  // A share taken back to credit (a new type, no backfill): one row; its payment's deletion is not a row of its own.
  AccountCreditUnapplied: { category: 'PAYMENT', action: 'TAKE_BACK_TO_CREDIT', source: 'account' },
  FeatureActivated: { category: 'FEATURE', action: 'FEATURE_ON', source: 'company' },
  FeatureDeactivated: { category: 'FEATURE', action: 'FEATURE_OFF', source: 'company' },
  // A customer user's access to the ordering app: ENABLE (enabled, reactivated) or DISABLE (disabled, revoked).
  CustomerUserAccessChanged: { category: 'AUTH', action: 'ENABLE', source: 'activity' },
  // One row per sync: module BOTTLE_POS or CLOVER, type INVOICE_SYNC or PRODUCT_SYNC, Success or Error.
  SyncCompleted: { category: 'SYNC', action: 'SYNC', source: 'integrations' },
  // Credit memo and statement e-mails (new types, no backfill): sent (or deferred, or refused) at the first send,
  // deferred again by a retry, delivered by a retry, failed for good; the document and its customer in details.
  DocumentEmailed: { category: 'EMAIL', action: 'SEND', source: 'email' },
  DocumentEmailDeferred: { category: 'EMAIL', action: 'DEFER', source: 'email' },
  DocumentEmailDelivered: { category: 'EMAIL', action: 'DELIVER', source: 'email' },
  DocumentEmailFailed: { category: 'EMAIL', action: 'FAIL', source: 'email' },
  // Invoice e-mails, on the invoice's stream: the same four rows as a memo's (a retry's claim is no row).
  InvoiceEmailed: { category: 'EMAIL', action: 'SEND', source: 'invoice' },
  InvoiceEmailDeferred: { category: 'EMAIL', action: 'DEFER', source: 'invoice' },
  InvoiceEmailDelivered: { category: 'EMAIL', action: 'DELIVER', source: 'invoice' },
  InvoiceEmailFailed: { category: 'EMAIL', action: 'FAIL', source: 'invoice' },
};

const SYNC_MODULES: Readonly<Record<string, string>> = {
  bottle_pos: 'BOTTLE_POS',
  clover: 'CLOVER',
  mpower: 'MPOWER',
  fintech: 'INVOICE', // The client specification: an invoice's sync
};
/** A Clover inventory push sets products' stock levels: a product sync of the activity log (its details say inventory). */
const SYNC_TYPES: Readonly<Record<string, string>> = {
  invoices: 'INVOICE_SYNC',
  products: 'PRODUCT_SYNC',
  inventory: 'PRODUCT_SYNC',
};

/** Features that are a module of the client's specification's Activity log under that module; the others under FEATURE. */
const FEATURE_MODULES: Readonly<Record<string, string>> = {
  bottle_pos: 'BOTTLE_POS',
  clover: 'CLOVER',
  mpower: 'MPOWER',
  payment: 'PAYMENT',
};

/** What the activity log's Kind filter offers; `account` kinds are the user's own, apart from business events. */
export const ACTIVITY_KINDS = [
  'invoice',
  'status',
  'payment',
  'credit',
  'note',
  'feature',
  'sync',
  'access',
  'email',
  'sign_in',
  'profile',
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];
const ACCOUNT_KINDS: ReadonlySet<string> = new Set<ActivityKind>(['sign_in', 'profile']);
/** Sign-ins and the user's own profile: shown apart from business events. */
export const isAccountKind = (kind: string): boolean => ACCOUNT_KINDS.has(kind);

const KIND_OF: Readonly<Record<string, ActivityKind>> = {
  UserSignedIn: 'sign_in',
  UserSignedUp: 'sign_in',
  UserSignedOut: 'sign_in',
  PasswordReset: 'sign_in',
  ProfileUpdated: 'profile',
  InvoiceCreated: 'invoice',
  InvoiceRevised: 'invoice',
  InvoiceDeleted: 'invoice',
  InvoiceReplaced: 'invoice',
  InvoiceStatusChanged: 'status',
  PrivateNoteAdded: 'note',
  PrivateNoteRemoved: 'note',
  PaymentLogged: 'payment',
  PaymentUpdated: 'payment',
  PaymentDeleted: 'payment',
  CreditMemoIssued: 'credit',
  CreditMemoVoided: 'credit',
  PaymentReceivedOnAccount: 'payment',
  AccountCreditRefunded: 'payment',
  AccountCreditUnapplied: 'payment',
  FeatureActivated: 'feature',
  FeatureDeactivated: 'feature',
  SyncCompleted: 'sync',
  CustomerUserAccessChanged: 'access',
  DocumentEmailed: 'email',
  DocumentEmailDeferred: 'email',
  DocumentEmailDelivered: 'email',
  DocumentEmailFailed: 'email',
  InvoiceEmailed: 'email',
  InvoiceEmailDeferred: 'email',
  InvoiceEmailDelivered: 'email',
  InvoiceEmailFailed: 'email',
};

export interface ActivityRow {
  eventId: string;
  companyId: string;
  userId: string | null;
  category: string;
  action: string;
  details: Record<string, unknown>;
  occurredAt: string;
  /** The Status column: false for a sync that failed or left records failed. */
  success: boolean;
  kind: ActivityKind;
  /** Sign-ins and the user's own account: shown apart from business events. */
  account: boolean;
  customerId: string | null;
  invoiceId: string | null;
  invoiceNumber: string | null;
}

/**
 * The invoice as the log shows it (spec: info carries invoiceNumber and the beer flag), and the customer it was made
 * out to, so every later row of the invoice names them.
 */
export interface InvoiceRef {
  invoiceNumber: string;
  beer: boolean;
  customerId?: string;
  customerName?: string;
}

type Data = Record<string, unknown>;

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

/**
 * The number an InvoiceCreated gives its invoice; undefined without a displayed number, so the batch and the
 * table lookup (which skips such rows) always agree, and a rebuild equals the live rows.
 */
function createdRef(data: Data): InvoiceRef | undefined {
  const number = data.number as { display?: unknown; beer?: unknown } | undefined;
  if (typeof number?.display !== 'string') return undefined;
  return { invoiceNumber: number.display, beer: number.beer === true, ...customerOf(data) };
}

/** The customer an invoice's content names (creations and revisions carry it whole). */
function customerOf(data: Data): Pick<InvoiceRef, 'customerId' | 'customerName'> {
  const customer = data.customer as { id?: unknown; name?: unknown } | undefined;
  return typeof customer?.id === 'string'
    ? {
        customerId: customer.id,
        ...(typeof customer.name === 'string' ? { customerName: customer.name } : {}),
      }
    : {};
}

/** What an e-mail's event says of it: the message, its recipients, the mail server's answer and the attempts. */
function emailInfo(data: Data): Data {
  const info: Data = { emailId: data.emailId };
  if (typeof data.to === 'string') info.emailedTo = data.to;
  if (typeof data.status === 'string') info.status = data.status;
  if (typeof data.attempts === 'number') info.attempts = data.attempts;
  if (typeof data.error === 'string') info.error = data.error;
  if (typeof data.runId === 'string') info.runId = data.runId;
  return info;
}

/** The info of an invoice-stream or company-stream event: ids and the few values a sentence needs. */
function infoOf(event: StoredEvent, invoice: InvoiceRef | undefined): Data {
  const data = event.data as Data;
  switch (ACTIVITY_ACTIONS[event.type]?.source) {
    case 'invoice': {
      const info: Data = { invoiceId: data.invoiceId, ...invoice };
      if (event.type === 'InvoiceCreated') Object.assign(info, createdRef(data));
      if (event.type === 'InvoiceRevised') Object.assign(info, customerOf(data));
      if (event.type === 'InvoiceStatusChanged')
        Object.assign(info, { from: data.from, to: data.to, reason: data.reason });
      if (typeof data.paymentId === 'string') info.paymentId = data.paymentId;
      if (typeof data.amountCents === 'number') info.amountCents = data.amountCents;
      if (typeof data.noteId === 'string') info.noteId = data.noteId;
      if (typeof data.creditMemoId === 'string') {
        const number = data.number as { display?: unknown } | string | undefined;
        info.creditMemoId = data.creditMemoId;
        info.creditMemoNumber = typeof number === 'string' ? number : number?.display;
        const totals = data.totals as { totalCents?: unknown } | undefined;
        if (typeof totals?.totalCents === 'number') info.amountCents = totals.totalCents;
        if (event.type === 'CreditMemoIssued')
          Object.assign(info, customerOf({ customer: { id: data.customerId, name: data.customerName } }));
        // The tax stamps that came back on its bottles, as serials (AB1003-AB1004), and what became of them.
        const stamps = data.stamps as
          { disposition: string; ranges: { prefix: string; from: number; to: number }[] }[] | undefined;
        if (Array.isArray(stamps) && stamps.length > 0)
          info.stamps = stamps.map((r) => ({
            disposition: r.disposition,
            serials: r.ranges
              .map((x) =>
                x.from === x.to ? `${x.prefix}${x.from}` : `${x.prefix}${x.from}-${x.prefix}${x.to}`,
              )
              .join(', '),
          }));
      }
      if (ACTIVITY_ACTIONS[event.type]?.category === 'EMAIL')
        Object.assign(info, emailInfo(data), { documentKind: 'invoice' });
      const replacement = data.replacement as { number?: unknown } | undefined;
      if (typeof replacement?.number === 'string') info.replacementNumber = replacement.number;
      return info;
    }
    case 'company': {
      const feature = data.feature;
      const title = isFeatureName(feature) ? FEATURE_CATALOGUE[feature].title : String(feature);
      return { feature, title, by: data.by };
    }
    case 'account': {
      const { customerId, amountCents, method, reference } = data;
      // A share taken back names its invoice (the invoice filter finds it); the others name none.
      if (event.type === 'AccountCreditUnapplied')
        return { customerId, amountCents, invoiceId: data.invoiceId, invoiceNumber: data.number };
      return { customerId, amountCents, method, reference };
    }
    case 'email': {
      // The document e-mailed and its customer (a memo's invoice too, so the invoice filter finds its e-mails).
      const document = data.document as
        | {
            kind?: unknown;
            id?: unknown;
            reference?: unknown;
            customerId?: unknown;
            customerName?: unknown;
            invoiceId?: unknown;
            invoiceNumber?: unknown;
            period?: unknown;
          }
        | undefined;
      const info: Data = {
        documentKind: document?.kind,
        documentId: document?.id,
        reference: document?.reference,
        customerId: document?.customerId,
        customerName: document?.customerName,
      };
      if (typeof document?.invoiceId === 'string') info.invoiceId = document.invoiceId;
      if (typeof document?.invoiceNumber === 'string') info.invoiceNumber = document.invoiceNumber;
      if (document?.period) info.period = document.period;
      return Object.assign(info, emailInfo(data));
    }
    case 'integrations': {
      // Counts and our own reason only: events never carry credentials or the partner's raw answers.
      const { syncId, partner, kind, outcome, error, synced, failed } = data;
      return { syncId, partner, kind, outcome, error, synced, failed };
    }
    default: {
      const { userId: _user, ...details } = data;
      return details;
    }
  }
}

/**
 * Pure: the row an activity event becomes (undefined for events of other streams). `invoice` is the number of the
 * invoice an invoice-stream event is about, when known.
 */
export function toActivityRow(event: StoredEvent, invoice?: InvoiceRef): ActivityRow | undefined {
  const mapping = ACTIVITY_ACTIONS[event.type];
  if (!mapping || !event.streamId.startsWith(PREFIX[mapping.source])) return undefined;
  // A share taken back to credit is one row, the account's: its payment leaving the invoice is part of it.
  if (event.type === 'PaymentDeleted' && (event.data as Data).takenBackToCredit === true) return undefined;
  if (mapping.source === 'invoice' && event.streamId.startsWith('invoice-numbers-')) return undefined;
  const data = event.data as Data;
  const companyId =
    mapping.source === 'activity' || mapping.source === 'integrations'
      ? event.streamId.slice(PREFIX[mapping.source].length)
      : (str(data.companyId) ?? event.metadata?.companyId);
  const occurredAt = event.metadata?.occurredAt;
  if (!companyId) throw new Error(`Activity event ${event.id} without a company id (${event.streamId})`);
  if (typeof occurredAt !== 'string')
    throw new Error(`Activity event ${event.id} has no metadata.occurredAt`);
  const userId =
    mapping.source === 'activity' ? (data.userId ?? event.metadata.userId) : event.metadata.userId;
  const sync = mapping.source === 'integrations';
  const details = infoOf(event, invoice);
  const kind = KIND_OF[event.type]!;
  return {
    eventId: event.id,
    companyId,
    userId: userId == null ? null : String(userId),
    category:
      mapping.source === 'company'
        ? (FEATURE_MODULES[String(data.feature)] ?? mapping.category)
        : sync
          ? (SYNC_MODULES[String(data.partner)] ?? mapping.category)
          : mapping.category,
    action: sync
      ? (SYNC_TYPES[String(data.kind)] ?? mapping.action)
      : kind === 'access'
        ? data.access === 'disabled' || data.access === 'revoked'
          ? 'DISABLE'
          : 'ENABLE'
        : mapping.action,
    details,
    occurredAt,
    success: sync
      ? data.outcome === 'success' && data.failed === 0
      : mapping.category === 'EMAIL'
        ? mapping.action !== 'FAIL' && data.status !== 'failed'
        : true,
    kind,
    account: ACCOUNT_KINDS.has(kind),
    customerId: str(details.customerId) ?? null,
    invoiceId: str(details.invoiceId) ?? null,
    invoiceNumber: str(details.invoiceNumber) ?? null,
  };
}

/** Invoice numbers of these invoices, from their INVOICE CREATE rows in `table`. */
async function invoiceRefs(
  tx: PoolClient,
  table: string,
  invoiceIds: string[],
): Promise<Map<string, InvoiceRef>> {
  const refs = new Map<string, InvoiceRef>();
  if (invoiceIds.length === 0) return refs;
  const { rows } = await tx.query<{
    invoice_id: string;
    number: string;
    beer: boolean | null;
    customer_id: string | null;
    customer_name: string | null;
  }>(
    `SELECT details ->> 'invoiceId' AS invoice_id, details ->> 'invoiceNumber' AS number,
            (details ->> 'beer')::boolean AS beer, details ->> 'customerId' AS customer_id,
            details ->> 'customerName' AS customer_name
       FROM ${ident(table)}
      WHERE category = 'INVOICE' AND action = 'CREATE' AND details ->> 'invoiceId' = ANY($1::text[])
        AND details ->> 'invoiceNumber' IS NOT NULL`,
    [invoiceIds],
  );
  for (const row of rows)
    refs.set(row.invoice_id, {
      invoiceNumber: row.number,
      beer: row.beer === true,
      ...(row.customer_id ? { customerId: row.customer_id } : {}),
      ...(row.customer_name ? { customerName: row.customer_name } : {}),
    });
  return refs;
}

export const activityProjection = defineProjection({
  name: 'activity',
  // v2: invoice, payment, private-note and feature events, with invoiceNumber and beer in details.
  // v3: status changes and customer users' access; the kind, account, customer and invoice columns of the filters.
  // v4: invoice e-mails.
  version: 4,
  handles: Object.keys(ACTIVITY_ACTIONS),
  tables: ['rm_activity', 'rm_activity_count'],
  async apply(tx, events, t) {
    const table = t.rm_activity!;
    const counts = t.rm_activity_count!;
    const refs = new Map<string, InvoiceRef>();
    const missing = new Set<string>();
    for (const event of events) {
      const data = event.data as Data;
      if (ACTIVITY_ACTIONS[event.type]?.source !== 'invoice' || typeof data.invoiceId !== 'string') continue;
      if (event.type === 'InvoiceCreated') {
        const ref = createdRef(data);
        if (ref) refs.set(data.invoiceId, ref);
      } else if (!refs.has(data.invoiceId)) missing.add(data.invoiceId);
    }
    for (const [id, ref] of await invoiceRefs(tx, table, [...missing])) if (!refs.has(id)) refs.set(id, ref);

    const rows = events
      .map((event) => toActivityRow(event, refs.get(String((event.data as Data).invoiceId))))
      .filter((row): row is ActivityRow => row !== undefined);
    if (rows.length === 0) return;
    // One statement per batch: parallel arrays unnested into rows; the rows it inserted (not those applied before)
    // counted per company and kind.
    await tx.query(
      `WITH inserted AS (
         INSERT INTO ${ident(table)} (event_id, company_id, user_id, category, action, details, occurred_at, success,
                                      kind, account, customer_id, invoice_id, invoice_number)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[],
                              $7::timestamptz[], $8::boolean[], $9::text[], $10::boolean[], $11::text[], $12::text[],
                              $13::text[])
         ON CONFLICT (event_id) DO NOTHING
         RETURNING company_id, kind
       )
       INSERT INTO ${ident(counts)} AS c (company_id, kind, n)
       SELECT company_id, kind, count(*) FROM inserted GROUP BY company_id, kind
       ON CONFLICT (company_id, kind) DO UPDATE SET n = c.n + excluded.n`,
      [
        rows.map((r) => r.eventId),
        rows.map((r) => r.companyId),
        rows.map((r) => r.userId),
        rows.map((r) => r.category),
        rows.map((r) => r.action),
        rows.map((r) => JSON.stringify(r.details)),
        rows.map((r) => r.occurredAt),
        rows.map((r) => r.success),
        rows.map((r) => r.kind),
        rows.map((r) => r.account),
        rows.map((r) => r.customerId),
        rows.map((r) => r.invoiceId),
        rows.map((r) => r.invoiceNumber),
      ],
    );
  },
});
