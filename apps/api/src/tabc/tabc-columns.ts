import { permitKey } from '#domain/customers/tabc-permit.js';

/**
 * Maps the columns of the TABC's files onto ours by header name (README "TABC public data"). Headers are compared
 * in a normal form — lower case, every run of other characters one underscore — so the Texas Open Data Portal's
 * API names (`license_id`) and its CSV export's display names ("License ID") both match. Order doesn't matter;
 * unknown columns are ignored.
 */
export const normaliseHeader = (header: string): string =>
  header
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');

type ColumnSpec<F extends string> = Record<F, readonly string[]>;

/** Licence list (data.texas.gov 7hf9-qc9f "TABC License Information"): our column ← accepted headers. */
export const LICENCE_COLUMNS = {
  license_id: [
    'license_id',
    'licence_id',
    'license_number',
    'licence_number',
    'license_no',
    'aims_license_id',
  ],
  master_file_id: ['master_file_id', 'master_file', 'masterfile_id'],
  license_type: ['license_type', 'licence_type', 'license_type_code', 'permit_type', 'type'],
  primary_status: ['primary_status', 'license_status', 'status'],
  secondary_status: ['secondary_status'],
  original_issue_date: ['original_issue_date', 'original_issued_date', 'issue_date'],
  current_issued_date: ['current_issued_date', 'current_issue_date'],
  status_change_date: ['status_change_date'],
  expiration_date: ['expiration_date', 'expiry_date', 'license_expiration_date', 'expiration'],
  trade_name: ['trade_name', 'dba', 'dba_name', 'business_name'],
  owner: ['owner', 'owner_name', 'licensee', 'legal_name'],
  address: ['address', 'address_1', 'location_address', 'street_address'],
  address_2: ['address_2', 'address2'],
  city: ['city', 'location_city'],
  state: ['state', 'location_state'],
  zip: ['zip', 'zip_code', 'zipcode', 'postal_code', 'location_zip'],
  county: ['county'],
  phone: ['phone', 'phone_number'],
  legacy_clp: [
    'legacy_clp',
    'legacy_clp_number',
    'legacy_permit',
    'legacy_license_number',
    'clp',
    'permit_number',
  ],
} as const satisfies ColumnSpec<string>;

/** Credit-law delinquent list (data.texas.gov ix8u-msb9; exact columns unverified, so several names are accepted). */
export const DELINQUENT_COLUMNS = {
  permit: [
    'permit',
    'permit_number',
    'permit_no',
    'tabc_permit',
    'clp_no',
    'clp_no_related',
    'clp_number',
    'legacy_clp',
    'license_id',
    'license_number',
    'licence_number',
  ],
  trade_name: ['trade_name', 'dba', 'business_name', 'retailer', 'retailer_name', 'name'],
  owner: ['owner', 'owner_name', 'licensee'],
  address: ['address', 'address_1', 'location_address'],
  city: ['city'],
  zip: ['zip', 'zip_code', 'zipcode'],
  effective_date: ['effective_date', 'list_effective_date', 'date_effective', 'effective'],
  list_number: ['list_number', 'list_no', 'list'],
} as const satisfies ColumnSpec<string>;

export type LicenceField = keyof typeof LICENCE_COLUMNS;
export type DelinquentField = keyof typeof DELINQUENT_COLUMNS;

export class TabcFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TabcFileError';
  }
}

/** Which position each of our columns has in the file; fails on a file without a required column. */
export function mapColumns<F extends string>(
  headers: string[],
  spec: ColumnSpec<F>,
  required: { all: F[]; oneOf?: F[] },
  fileLabel: string,
): Partial<Record<F, number>> {
  const positions = new Map(headers.map((header, index) => [normaliseHeader(header), index] as const));
  const map: Partial<Record<F, number>> = {};
  for (const field of Object.keys(spec) as F[]) {
    const found = spec[field].find((name) => positions.has(name));
    if (found !== undefined) map[field] = positions.get(found)!;
  }
  const missing = required.all.filter((field) => map[field] === undefined);
  if (missing.length > 0) {
    throw new TabcFileError(
      `The ${fileLabel} has no ${missing.map((f) => `${f} column (one of: ${spec[f].join(', ')})`).join('; no ')}.`,
    );
  }
  if (required.oneOf && !required.oneOf.some((field) => map[field] !== undefined)) {
    throw new TabcFileError(`The ${fileLabel} needs one of these columns: ${required.oneOf.join(', ')}.`);
  }
  return map;
}

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * 'YYYY-MM-DD', 'YYYY-MM-DDThh:mm:ss…' (Socrata's API), 'MM/DD/YYYY[ time]' (its CSV export), 'YYYY Mon DD[ time]'
 * or 'Mon DD, YYYY' → 'YYYY-MM-DD'; anything else, or a day that does not exist, → null.
 */
const DATE_FORMATS: [RegExp, (m: RegExpExecArray) => [string, string, string]][] = [
  [/^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/, (m) => [m[1]!, m[2]!, m[3]!]],
  [/^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s.*)?$/, (m) => [m[3]!, m[1]!, m[2]!]],
  [/^(\d{4}) ([A-Za-z]{3})[a-z]* (\d{1,2})(?:\s.*)?$/, (m) => [m[1]!, month(m[2]!), m[3]!]],
  [/^([A-Za-z]{3})[a-z]* (\d{1,2}), (\d{4})$/, (m) => [m[3]!, month(m[1]!), m[2]!]],
];

export function parseDate(value: string | undefined): string | null {
  const text = (value ?? '').trim();
  for (const [pattern, toParts] of DATE_FORMATS) {
    const match = pattern.exec(text);
    if (!match) continue;
    const [year, monthNumber, day] = toParts(match);
    const iso = `${year}-${monthNumber.padStart(2, '0')}-${day.padStart(2, '0')}`;
    const date = new Date(`${iso}T00:00:00Z`);
    return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso ? null : iso;
  }
  return null;
}

function month(name: string): string {
  return String(MONTHS.indexOf(name.toLowerCase()) + 1);
}

/** Licence ids arrive as "200202829" or, from some exports, "200202829.0". */
export function parseLicenceId(value: string | undefined): string | null {
  const text = (value ?? '').trim().replace(/\.0+$/, '');
  return /^[A-Za-z0-9-]{1,40}$/.test(text) ? text.toUpperCase() : null;
}

const text = (value: string | undefined, max = 300): string | null => {
  const trimmed = (value ?? '').trim().replace(/\s+/g, ' ');
  return trimmed ? trimmed.slice(0, max) : null;
};

export interface LicenceRow {
  license_id: string;
  master_file_id: string | null;
  license_type: string;
  primary_status: string | null;
  secondary_status: string | null;
  original_issue_date: string | null;
  current_issued_date: string | null;
  status_change_date: string | null;
  expiration_date: string | null;
  trade_name: string | null;
  owner: string | null;
  address: string | null;
  address_2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  county: string | null;
  phone: string | null;
  legacy_clp: string | null;
  legacy_clp_key: string | null;
  establishment_key: string;
}

/** One licence from a record, or the reason it is skipped. */
export function licenceRow(
  fields: string[],
  map: Partial<Record<LicenceField, number>>,
): LicenceRow | string {
  const get = (field: LicenceField) => (map[field] === undefined ? undefined : fields[map[field]!]);
  const licenseId = parseLicenceId(get('license_id'));
  if (!licenseId) return 'no licence id';
  const licenseType = text(get('license_type'), 10)?.toUpperCase();
  if (!licenseType) return 'no licence type';
  const tradeName = text(get('trade_name'));
  const owner = text(get('owner'));
  if (!tradeName && !owner) return 'neither trade name nor owner';
  const legacy = text(get('legacy_clp'), 20)?.toUpperCase() ?? null;
  const masterFileId = parseLicenceId(get('master_file_id'));
  const address = text(get('address'));
  const zip = text(get('zip'), 10);
  return {
    license_id: licenseId,
    master_file_id: masterFileId,
    license_type: licenseType,
    primary_status: text(get('primary_status'), 60),
    secondary_status: text(get('secondary_status'), 60),
    original_issue_date: parseDate(get('original_issue_date')),
    current_issued_date: parseDate(get('current_issued_date')),
    status_change_date: parseDate(get('status_change_date')),
    expiration_date: parseDate(get('expiration_date')),
    trade_name: tradeName,
    owner,
    address,
    address_2: text(get('address_2')),
    city: text(get('city'), 100),
    state: text(get('state'), 20)?.toUpperCase() ?? null,
    zip,
    county: text(get('county'), 100),
    phone: text(get('phone'), 40),
    legacy_clp: legacy,
    legacy_clp_key: legacy ? permitKey(legacy) || null : null,
    establishment_key: [masterFileId ?? licenseId, permitKey(address ?? ''), (zip ?? '').slice(0, 5)].join(
      '|',
    ),
  };
}

export interface DelinquentRow {
  permit: string;
  permit_key: string | null;
  license_id: string | null;
  trade_name: string | null;
  owner: string | null;
  address: string | null;
  city: string | null;
  zip: string | null;
  effective_date: string | null;
  list_number: string | null;
}

const PERMIT_IN_TEXT = /\b([A-Za-z]{1,3})-?(\d{6,9})\b/;

/** One delinquent-list entry: its permit as a legacy code (MB123456) and/or an AIMS licence id. */
export function delinquentRow(
  fields: string[],
  map: Partial<Record<DelinquentField, number>>,
): DelinquentRow | string {
  const get = (field: DelinquentField) => (map[field] === undefined ? undefined : fields[map[field]!]);
  const permit = text(get('permit'), 100);
  if (!permit) return 'no permit';
  const code = PERMIT_IN_TEXT.exec(permit);
  const digits = /^\d{6,12}(\.0+)?$/.test(permit) ? parseLicenceId(permit) : null;
  if (!code && !digits) return 'no permit code or licence id in the permit column';
  return {
    permit,
    permit_key: code ? permitKey(`${code[1]}${code[2]}`) : null,
    license_id: digits,
    trade_name: text(get('trade_name')),
    owner: text(get('owner')),
    address: text(get('address')),
    city: text(get('city'), 100),
    zip: text(get('zip'), 10),
    effective_date: parseDate(get('effective_date')),
    list_number: text(get('list_number'), 40),
  };
}
