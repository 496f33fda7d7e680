import { randomBytes } from 'node:crypto';
import { ContractServer, type ContractRequest } from '../contract-server.js';

/** The app credentials of the local stand-in (no QBO_CLIENT_ID / QBO_CLIENT_SECRET configured). */
export const LOCAL_QBO_CLIENT_ID = 'local-quickbooks-client';
export const LOCAL_QBO_CLIENT_SECRET = 'local-quickbooks-secret';
/** The income account every local company has. */
export const LOCAL_INCOME_ACCOUNT = '79';

type Entity = 'Customer' | 'Item' | 'Invoice' | 'Payment' | 'CreditMemo';
type QboObject = Record<string, unknown> & { Id: string; SyncToken: string };
type Answer = { status: number; body: unknown; headers?: Record<string, string> };

interface Realm {
  objects: Record<Entity, Map<string, QboObject>>;
  nextId: number;
  /** The first answer to each requestid: a repeated write answers it again and changes nothing. */
  answered: Map<string, Answer>;
}

const ENTITIES: Record<string, Entity> = {
  customer: 'Customer',
  item: 'Item',
  invoice: 'Invoice',
  payment: 'Payment',
  creditmemo: 'CreditMemo',
};

const fault = (status: number, code: string, message: string, type = 'ValidationFault'): Answer => ({
  status,
  body: { Fault: { Error: [{ Message: message, Detail: message, code }], type } },
});

/**
 * A QuickBooks Online stand-in with the behaviour our adapter relies on (after Intuit's published Accounting API v3
 * and OAuth 2): the authorization endpoint (it authorizes at once, a new realm each time, and redirects to the
 * callback with code, state and realmId), the token endpoint (code exchange and refresh, HTTP Basic client
 * credentials, rotating refresh tokens), and per realm Customer (unique DisplayName), Item (unique Name, NonInventory
 * or Inventory with an IncomeAccountRef), Invoice, Payment (linked to an invoice) and CreditMemo: create and full
 * update (Id + current SyncToken, else fault 5010), read by id, and `query` by name and for the income account.
 * `requestid` makes a repeated write answer as the first one did.
 *
 * Tests drive it: `throttle` answers the next N API calls 429 with Retry-After 0; `expireAccessTokens()` makes every
 * access token answer 401 (the adapter refreshes); the shared faults (`fault`, `failAfter`) cover 500s after N
 * creates and lost answers; `count()` counts a realm's objects.
 */
export class QuickBooksContractServer extends ContractServer {
  readonly realms = new Map<string, Realm>();
  /** API calls (not OAuth) still to answer 429 with Retry-After: 0. */
  throttle = 0;
  /** Seconds an access token lives (tests shorten nothing: expireAccessTokens() ends them). */
  accessTokenSeconds = 3600;
  private readonly codes = new Map<string, string>();
  private readonly access = new Map<string, string>();
  private readonly refreshTokens = new Map<string, string>();
  private realmSequence = 4620816365000000;

  constructor() {
    // the handlers reach this server once it exists (requests come after start)
    const self: { server?: QuickBooksContractServer } = {};
    super(
      (request) => self.server!.answer(request),
      (request) => self.server!.authorizes(request),
    );
    self.server = this;
  }

  private authorizes(request: ContractRequest): boolean {
    if (request.path.startsWith('/oauth2/') || request.path === '/connect/oauth2') return true;
    return this.access.has((request.headers.authorization ?? '').replace(/^Bearer /, ''));
  }

  /** Every access token issued so far stops working (401), as one that expired. */
  expireAccessTokens(): void {
    this.access.clear();
  }

  /** How many objects of a kind a realm holds. */
  count(realmId: string, entity: Entity): number {
    return this.realms.get(realmId)?.objects[entity].size ?? 0;
  }

  objects(realmId: string, entity: Entity): QboObject[] {
    return [...(this.realms.get(realmId)?.objects[entity].values() ?? [])];
  }

  /** Creates an object as someone would by hand in QuickBooks (tests: a customer that is there already). */
  seed(realmId: string, entity: Entity, fields: Record<string, unknown>): QboObject {
    const realm = this.realm(realmId);
    const object = { ...fields, Id: String(realm.nextId++), SyncToken: '0' };
    realm.objects[entity].set(object.Id, object);
    return object;
  }

  override reset(): void {
    super.reset();
    this.throttle = 0;
  }

  private realm(realmId: string): Realm {
    let realm = this.realms.get(realmId);
    if (!realm) {
      realm = {
        objects: {
          Customer: new Map(),
          Item: new Map(),
          Invoice: new Map(),
          Payment: new Map(),
          CreditMemo: new Map(),
        },
        nextId: 1,
        answered: new Map(),
      };
      this.realms.set(realmId, realm);
    }
    return realm;
  }

  private answer(request: ContractRequest): Answer {
    if (request.path === '/connect/oauth2') return this.authorize(request);
    if (request.path === '/oauth2/v1/tokens/bearer') return this.token(request);
    if (this.throttle > 0) {
      this.throttle--;
      return { ...fault(429, '003001', 'ThrottleExceeded', 'SERVICE'), headers: { 'retry-after': '0' } };
    }
    const match = /^\/v3\/company\/([^/]+)\/([a-z]+)(?:\/([^/]+))?$/.exec(request.path);
    if (!match) return fault(404, '610', 'Object Not Found');
    const realmId = decodeURIComponent(match[1]!);
    const realm = this.realm(realmId);
    const [, , object, id] = match;
    if (object === 'query' && request.method === 'GET')
      return this.query(realm, request.query.get('query') ?? '');
    const entity = ENTITIES[object!];
    if (!entity) return fault(400, '2010', 'Unsupported object');
    if (request.method === 'GET' && id) {
      const found = realm.objects[entity].get(decodeURIComponent(id));
      return found ? { status: 200, body: { [entity]: found } } : fault(400, '610', 'Object Not Found');
    }
    if (request.method !== 'POST' || id) return fault(405, '405', 'Method not allowed');
    const requestId = request.query.get('requestid');
    if (requestId && realm.answered.has(requestId)) return realm.answered.get(requestId)!;
    const answer = this.write(realm, entity, (request.body ?? {}) as Record<string, unknown>);
    if (requestId && answer.status < 400) realm.answered.set(requestId, answer);
    return answer;
  }

  private authorize(request: ContractRequest): Answer {
    const redirect = request.query.get('redirect_uri');
    if (request.query.get('client_id') !== LOCAL_QBO_CLIENT_ID || !redirect)
      return fault(400, 'invalid_client', 'Unknown client');
    const code = randomBytes(12).toString('hex');
    const realmId = String(++this.realmSequence);
    this.codes.set(code, realmId);
    const back = new URL(redirect);
    back.searchParams.set('code', code);
    back.searchParams.set('state', request.query.get('state') ?? '');
    back.searchParams.set('realmId', realmId);
    return { status: 302, body: null, headers: { location: back.toString() } };
  }

  private token(request: ContractRequest): Answer {
    const basic = Buffer.from(`${LOCAL_QBO_CLIENT_ID}:${LOCAL_QBO_CLIENT_SECRET}`).toString('base64');
    if (request.headers.authorization !== `Basic ${basic}`)
      return { status: 401, body: { error: 'invalid_client' } };
    const form = (request.body ?? {}) as Record<string, string>;
    let realmId: string | undefined;
    if (form.grant_type === 'authorization_code') {
      realmId = this.codes.get(form.code ?? '');
      this.codes.delete(form.code ?? '');
    } else if (form.grant_type === 'refresh_token') {
      realmId = this.refreshTokens.get(form.refresh_token ?? '');
      this.refreshTokens.delete(form.refresh_token ?? '');
    }
    if (!realmId) return { status: 400, body: { error: 'invalid_grant' } };
    const accessToken = randomBytes(16).toString('hex');
    const refreshToken = randomBytes(16).toString('hex');
    this.access.set(accessToken, realmId);
    this.refreshTokens.set(refreshToken, realmId);
    return {
      status: 200,
      body: {
        token_type: 'bearer',
        access_token: accessToken,
        refresh_token: refreshToken,
        expires_in: this.accessTokenSeconds,
        x_refresh_token_expires_in: 8_726_400,
      },
    };
  }

  private query(realm: Realm, statement: string): Answer {
    if (/^SELECT \* FROM Account WHERE AccountType = 'Income'/i.test(statement))
      return {
        status: 200,
        body: {
          QueryResponse: {
            Account: [
              {
                Id: LOCAL_INCOME_ACCOUNT,
                SyncToken: '0',
                Name: 'Sales of Product Income',
                AccountType: 'Income',
              },
            ],
          },
        },
      };
    const byName = /^SELECT \* FROM (Customer|Item) WHERE (DisplayName|Name) = '((?:[^'\\]|\\.)*)'$/i.exec(
      statement,
    );
    if (!byName) return fault(400, '4000', 'Error parsing query');
    const entity = byName[1] as Entity;
    const name = byName[3]!.replace(/\\(.)/g, '$1');
    const field = entity === 'Customer' ? 'DisplayName' : 'Name';
    const found = [...realm.objects[entity].values()].filter((object) => object[field] === name);
    return { status: 200, body: { QueryResponse: found.length ? { [entity]: found } : {} } };
  }

  private write(realm: Realm, entity: Entity, body: Record<string, unknown>): Answer {
    const problem = this.invalid(realm, entity, body);
    if (problem) return problem;
    const objects = realm.objects[entity];
    if (body.Id !== undefined) {
      const current = objects.get(String(body.Id));
      if (!current) return fault(400, '610', 'Object Not Found');
      if (String(body.SyncToken) !== current.SyncToken) return fault(400, '5010', 'Stale Object Error');
      const updated = { ...body, Id: current.Id, SyncToken: String(Number(current.SyncToken) + 1) };
      objects.set(current.Id, updated);
      return { status: 200, body: { [entity]: updated } };
    }
    const created = { ...body, Id: String(realm.nextId++), SyncToken: '0' };
    objects.set(created.Id, created);
    return { status: 200, body: { [entity]: created } };
  }

  /** The validation QuickBooks applies that our adapter must satisfy. */
  private invalid(realm: Realm, entity: Entity, body: Record<string, unknown>): Answer | undefined {
    const ref = (value: unknown) => (value as { value?: unknown } | undefined)?.value;
    const exists = (kind: Entity, id: unknown) => typeof id === 'string' && realm.objects[kind].has(id);
    const other = (object: QboObject) => String(object.Id) !== String(body.Id);
    if (entity === 'Customer') {
      if (typeof body.DisplayName !== 'string' || body.DisplayName === '')
        return fault(400, '6000', 'DisplayName is required');
      if ([...realm.objects.Customer.values()].some((c) => c.DisplayName === body.DisplayName && other(c)))
        return fault(400, '6240', 'Duplicate Name Exists Error');
    }
    if (entity === 'Item') {
      if (typeof body.Name !== 'string' || body.Name === '') return fault(400, '6000', 'Name is required');
      if (body.Type !== 'NonInventory' && body.Type !== 'Inventory')
        return fault(400, '2050', 'Invalid Type');
      if (ref(body.IncomeAccountRef) !== LOCAL_INCOME_ACCOUNT)
        return fault(400, '2050', 'IncomeAccountRef is required');
      if ([...realm.objects.Item.values()].some((i) => i.Name === body.Name && other(i)))
        return fault(400, '6240', 'Duplicate Name Exists Error');
    }
    if (entity === 'Invoice' || entity === 'CreditMemo' || entity === 'Payment') {
      if (!exists('Customer', ref(body.CustomerRef))) return fault(400, '2500', 'Invalid Reference Id');
    }
    if (entity === 'Invoice' || entity === 'CreditMemo') {
      const lines = body.Line as { SalesItemLineDetail?: { ItemRef?: unknown } }[] | undefined;
      if (!Array.isArray(lines) || lines.length === 0) return fault(400, '6000', 'A line is required');
      if (lines.some((line) => !exists('Item', ref(line.SalesItemLineDetail?.ItemRef))))
        return fault(400, '2500', 'Invalid Reference Id');
    }
    if (entity === 'Payment') {
      if (typeof body.TotalAmt !== 'number') return fault(400, '6000', 'TotalAmt is required');
      const lines = body.Line as { LinkedTxn?: { TxnId?: unknown; TxnType?: unknown }[] }[] | undefined;
      const linked = (lines ?? []).flatMap((line) => line.LinkedTxn ?? []);
      if (linked.some((txn) => txn.TxnType !== 'Invoice' || !exists('Invoice', txn.TxnId)))
        return fault(400, '2500', 'Invalid Reference Id');
    }
    return undefined;
  }
}

export const quickBooksContractServer = () => new QuickBooksContractServer();
