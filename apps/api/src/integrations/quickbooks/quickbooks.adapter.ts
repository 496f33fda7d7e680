import type { QuickBooksObjectKind } from '#domain/contracts/quickbooks.contract.js';
import { PartnerHttp, requireId } from '../partner-http.js';
import { PartnerUnavailable } from '../partner.port.js';
import { QBO_ENTITY } from './quickbooks.mapping.js';
import type { QboRef, QuickBooksPort } from './quickbooks.port.js';

/** The Accounting API's minor version every call names. */
export const QBO_MINOR_VERSION = '75';
const TITLE = 'QuickBooks';

export interface QuickBooksAdapterOptions {
  /** The API host (QBO_URL), e.g. QuickBooks' production or sandbox host, or the local contract server. */
  baseUrl: string;
  realmId: string;
  /** The connection's current access token, and how to refresh it (after a 401). */
  accessToken: () => string;
  refresh: () => Promise<void>;
  timeoutMs: number;
  ratePerSecond: number;
}

const faultCode = (body: unknown): string | undefined => {
  const fault = (body as { Fault?: { Error?: { code?: unknown }[] } } | null)?.Fault;
  const code = fault?.Error?.[0]?.code;
  return typeof code === 'string' || typeof code === 'number' ? String(code) : undefined;
};

/** A query's string literal: QuickBooks' query language quotes with ' and escapes it with a backslash. */
const literal = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/**
 * QuickBooks Online Accounting API v3: `{base}/v3/company/{realmId}/{object}` in JSON with `minorversion`, bearer
 * OAuth 2 access token; a create is a POST with `requestid`, an update a POST of the whole object with its Id and
 * SyncToken, a look-up a GET of `query` (QuickBooks' SQL-like query language). Answers are `{ Customer: {...} }`,
 * `{ QueryResponse: { Customer: [...] } }`, or `{ Fault: { Error: [{ code }] } }`.
 */
export class QuickBooksAdapter implements QuickBooksPort {
  private readonly http: PartnerHttp;

  constructor(private readonly options: QuickBooksAdapterOptions) {
    this.http = new PartnerHttp({
      title: TITLE,
      baseUrl: options.baseUrl,
      headers: () => ({ authorization: `Bearer ${options.accessToken()}` }),
      timeoutMs: options.timeoutMs,
      ratePerSecond: options.ratePerSecond,
      onUnauthorized: options.refresh,
      faultCode,
    });
  }

  private path(object: string, query: Record<string, string> = {}): string {
    const params = new URLSearchParams({ ...query, minorversion: QBO_MINOR_VERSION });
    return `/v3/company/${encodeURIComponent(this.options.realmId)}/${object}?${params.toString()}`;
  }

  private refOf(kind: QuickBooksObjectKind, answer: unknown): QboRef {
    const object = (answer as Record<string, { Id?: unknown; SyncToken?: unknown } | undefined> | null)?.[
      QBO_ENTITY[kind]
    ];
    return { id: requireId(TITLE, object?.Id), syncToken: requireId(TITLE, object?.SyncToken) };
  }

  async create(kind: QuickBooksObjectKind, body: Record<string, unknown>, requestId: string) {
    const entity = QBO_ENTITY[kind].toLowerCase();
    return this.refOf(kind, await this.http.json('POST', this.path(entity, { requestid: requestId }), body));
  }

  async update(kind: QuickBooksObjectKind, ref: QboRef, body: Record<string, unknown>, requestId: string) {
    const entity = QBO_ENTITY[kind].toLowerCase();
    const whole = { ...body, Id: ref.id, SyncToken: ref.syncToken };
    return this.refOf(kind, await this.http.json('POST', this.path(entity, { requestid: requestId }), whole));
  }

  async read(kind: QuickBooksObjectKind, id: string) {
    const entity = QBO_ENTITY[kind].toLowerCase();
    return this.refOf(kind, await this.http.json('GET', this.path(`${entity}/${encodeURIComponent(id)}`)));
  }

  async findByName(kind: 'customer' | 'item', name: string): Promise<QboRef | null> {
    const entity = QBO_ENTITY[kind];
    const field = kind === 'customer' ? 'DisplayName' : 'Name';
    const rows = await this.query(`SELECT * FROM ${entity} WHERE ${field} = ${literal(name)}`, entity);
    const first = rows[0];
    return first ? { id: requireId(TITLE, first.Id), syncToken: requireId(TITLE, first.SyncToken) } : null;
  }

  async incomeAccount(): Promise<string> {
    const rows = await this.query(
      "SELECT * FROM Account WHERE AccountType = 'Income' AND Active = true MAXRESULTS 1",
      'Account',
    );
    if (!rows[0]) throw new PartnerUnavailable('QuickBooks has no income account for the items to post to.');
    return requireId(TITLE, rows[0].Id);
  }

  private async query(statement: string, entity: string) {
    const answer = await this.http.json<{ QueryResponse?: Record<string, unknown> }>(
      'GET',
      this.path('query', { query: statement }),
    );
    const rows = answer?.QueryResponse?.[entity];
    return (Array.isArray(rows) ? rows : []) as { Id?: unknown; SyncToken?: unknown }[];
  }
}
