import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { QuickBooksSettings } from '#domain/contracts/quickbooks.contract.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { isFeatureActive } from '../../features/feature-flags.js';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config.js';
import { PartnerUnavailable } from '../partner.port.js';
import { QuickBooksAdapter } from './quickbooks.adapter.js';
import {
  LOCAL_QBO_CLIENT_ID,
  LOCAL_QBO_CLIENT_SECRET,
  QuickBooksContractServer,
} from './quickbooks.contract-server.js';
import { QuickBooksOAuth } from './quickbooks-oauth.js';
import type { QboTokens, QuickBooksPort } from './quickbooks.port.js';
import { TokenCipher } from './token-cipher.js';

/** How long a connect flow's state is good for. */
const STATE_MINUTES = 15;
/** An access token this close to its expiry is refreshed before a sync uses it. */
const REFRESH_MARGIN_MS = 60_000;

/** A connected company's QuickBooks: its realm and the adapter to use. */
export interface QuickBooksSession {
  realmId: string;
  port: QuickBooksPort;
}

/**
 * The QuickBooks connections: the OAuth 2 connect flow, the tokens (sealed with AES-256-GCM in qbo_company, refreshed
 * when expired or answered 401, the newest refresh token kept), and an adapter per sync. Without QBO_CLIENT_ID and
 * QBO_CLIENT_SECRET a local contract server (started on first use, on 127.0.0.1) plays QuickBooks, its authorization
 * endpoint included, so `npm start` and the tests run the real flow end to end.
 */
@Injectable()
export class QuickBooksConnections implements OnModuleDestroy {
  /** The local stand-in, once started (tests inject faults through it). */
  local: QuickBooksContractServer | undefined;
  private starting: Promise<QuickBooksContractServer> | undefined;
  private readonly cipher: TokenCipher;
  private readonly logger = new Logger('QuickBooks');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {
    this.cipher = new TokenCipher(config.integrations.quickbooks.tokenKey);
  }

  isLocal(): boolean {
    const { clientId, clientSecret } = this.config.integrations.quickbooks;
    return !(clientId && clientSecret);
  }

  /** The local contract server, started if needed (tests). */
  async localServer(): Promise<QuickBooksContractServer> {
    if (!this.isLocal())
      throw new Error('QuickBooks is configured with credentials: no local contract server');
    this.starting ??= new QuickBooksContractServer().start().then((server) => {
      this.local = server;
      this.logger.debug(`no QuickBooks credentials set, using the local contract server at ${server.url}`);
      return server;
    });
    return this.starting;
  }

  private async endpoints() {
    const { quickbooks, timeoutMs } = this.config.integrations;
    const appUrl = this.config.appUrl ?? `http://localhost:${this.config.port}`;
    const redirectUri = quickbooks.redirectUri ?? `${appUrl}/api/v1/quickbooks/callback`;
    if (!this.isLocal())
      return {
        apiUrl: quickbooks.url,
        oauth: new QuickBooksOAuth({
          authorizeUrl: quickbooks.authorizeUrl,
          tokenUrl: quickbooks.tokenUrl,
          clientId: quickbooks.clientId!,
          clientSecret: quickbooks.clientSecret!,
          redirectUri,
          timeoutMs,
        }),
      };
    const server = await this.localServer();
    return {
      apiUrl: server.url,
      oauth: new QuickBooksOAuth({
        authorizeUrl: `${server.url}/connect/oauth2`,
        tokenUrl: `${server.url}/oauth2/v1/tokens/bearer`,
        clientId: LOCAL_QBO_CLIENT_ID,
        clientSecret: LOCAL_QBO_CLIENT_SECRET,
        redirectUri,
        timeoutMs,
      }),
    };
  }

  /** The company's row, made with the default settings on first use (documents from the first of last month). */
  async ensureRow(companyId: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO qbo_company (company_id, sync_from, updated_at)
       VALUES ($1, (date_trunc('month', now()) - interval '1 month')::date, now())
       ON CONFLICT (company_id) DO NOTHING`,
      [companyId],
    );
  }

  /** Saves the settings; a schedule switched on (or changed) counts from now, switched off nothing is due. */
  async saveSettings(companyId: string, settings: QuickBooksSettings): Promise<void> {
    await this.ensureRow(companyId);
    await tenantQuery(
      this.pool,
      companyId,
      `UPDATE qbo_company SET invoices = $2, payments = $3, credit_memos = $4, sync_from = $5::date,
              next_run_at = CASE WHEN $6 = 'off' THEN NULL
                                 WHEN schedule = $6 AND next_run_at IS NOT NULL THEN next_run_at
                                 WHEN $6 = 'hourly' THEN now() + interval '1 hour'
                                 ELSE now() + interval '1 day' END,
              schedule = $6, updated_at = now()
        WHERE company_id = $1`,
      [settings.invoices, settings.payments, settings.creditMemos, settings.syncFrom, settings.schedule],
    );
  }

  /** Whether the company has the quickbooks feature on (the callback comes without a signed-in user). */
  featureOn(companyId: string): Promise<boolean> {
    return isFeatureActive(this.pool, companyId, 'quickbooks');
  }

  /** Starts the connect flow: a state tied to the company (good for 15 minutes) and QuickBooks' authorize URL. */
  async connectUrl(companyId: string): Promise<string> {
    await this.ensureRow(companyId);
    const state = randomBytes(24).toString('base64url');
    await tenantQuery(
      this.pool,
      companyId,
      `UPDATE qbo_company SET oauth_state = $2, oauth_state_expires_at = now() + interval '${STATE_MINUTES} minutes',
              updated_at = now()
        WHERE company_id = $1`,
      [state],
    );
    return (await this.endpoints()).oauth.authorizationUrl(state);
  }

  /** The company a connect flow's state belongs to (the state is used once), or undefined. */
  async companyOfState(state: string): Promise<string | undefined> {
    const { rows } = await this.pool.query<{ company_id: string }>(
      `UPDATE qbo_company SET oauth_state = NULL, oauth_state_expires_at = NULL
        WHERE oauth_state = $1 AND oauth_state_expires_at > now() RETURNING company_id`,
      [state],
    );
    return rows[0]?.company_id;
  }

  /** The callback: the code exchanged for tokens, kept sealed with the realm. */
  async complete(companyId: string, code: string, realmId: string): Promise<void> {
    const tokens = await (await this.endpoints()).oauth.exchange(code);
    // another QuickBooks company than before: the ids we kept belong to the old one
    await tenantQuery(
      this.pool,
      companyId,
      `DELETE FROM qbo_object WHERE company_id = $1 AND realm_id <> $2`,
      [realmId],
    );
    await this.store(companyId, tokens, realmId);
  }

  async disconnect(companyId: string): Promise<void> {
    await tenantQuery(
      this.pool,
      companyId,
      `UPDATE qbo_company SET realm_id = NULL, access_token = NULL, refresh_token = NULL, access_expires_at = NULL,
              connected_at = NULL, updated_at = now()
        WHERE company_id = $1`,
    );
  }

  private async store(companyId: string, tokens: QboTokens, realmId?: string): Promise<void> {
    await tenantQuery(
      this.pool,
      companyId,
      `UPDATE qbo_company SET access_token = $2, refresh_token = $3,
              access_expires_at = now() + make_interval(secs => $4),
              ${realmId ? 'realm_id = $5, connected_at = now(),' : ''} updated_at = now()
        WHERE company_id = $1`,
      [
        this.cipher.seal(tokens.accessToken),
        this.cipher.seal(tokens.refreshToken),
        tokens.expiresIn,
        ...(realmId ? [realmId] : []),
      ],
    );
  }

  /**
   * An adapter on the company's connection for one sync: the access token refreshed first when it expires within a
   * minute, and again when QuickBooks answers 401.
   */
  async session(companyId: string): Promise<QuickBooksSession> {
    const [row] = await tenantQuery<{
      realm_id: string | null;
      access_token: string | null;
      refresh_token: string | null;
      expires_in_ms: number | null;
    }>(
      this.pool,
      companyId,
      `SELECT realm_id, access_token, refresh_token,
              (extract(epoch FROM access_expires_at - now()) * 1000)::float8 AS expires_in_ms
         FROM qbo_company WHERE company_id = $1`,
    );
    if (!row?.realm_id || !row.access_token || !row.refresh_token)
      throw new PartnerUnavailable('QuickBooks is not connected.');
    const { apiUrl, oauth } = await this.endpoints();
    let accessToken = this.cipher.open(row.access_token);
    let refreshToken = this.cipher.open(row.refresh_token);
    const refresh = async () => {
      const tokens = await oauth.refresh(refreshToken);
      accessToken = tokens.accessToken;
      refreshToken = tokens.refreshToken;
      await this.store(companyId, tokens);
    };
    if ((row.expires_in_ms ?? 0) < REFRESH_MARGIN_MS) await refresh();
    const { timeoutMs, ratePerSecond } = this.config.integrations;
    return {
      realmId: row.realm_id,
      port: new QuickBooksAdapter({
        baseUrl: apiUrl,
        realmId: row.realm_id,
        accessToken: () => accessToken,
        refresh,
        timeoutMs,
        ratePerSecond,
      }),
    };
  }

  async onModuleDestroy(): Promise<void> {
    await this.local?.close();
  }
}
