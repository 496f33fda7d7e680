import { PartnerUnavailable } from '../partner.port.js';
import type { QboTokens } from './quickbooks.port.js';

/** The scope Stampline asks for: the Accounting API. */
export const QBO_SCOPE = 'com.intuit.quickbooks.accounting';

export interface QuickBooksOAuthOptions {
  /** Where the user authorizes (QuickBooks' authorization endpoint, or the contract server's). */
  authorizeUrl: string;
  /** The token endpoint (code exchange and refresh). */
  tokenUrl: string;
  clientId: string;
  clientSecret: string;
  /** Our callback, registered with QuickBooks as the app's redirect URI. */
  redirectUri: string;
  timeoutMs: number;
}

/**
 * OAuth 2 authorization-code flow of QuickBooks Online: the user authorizes at `authorizeUrl` (client_id, scope,
 * redirect_uri, response_type=code, state) and comes back to our callback with `code`, `state` and `realmId`; the
 * code is exchanged at the token endpoint (form-encoded, HTTP Basic with the client id and secret) for an access
 * token (about an hour) and a refresh token, and `grant_type=refresh_token` gets new ones (the refresh token may
 * change with each refresh: the newest is kept).
 */
export class QuickBooksOAuth {
  constructor(private readonly options: QuickBooksOAuthOptions) {}

  authorizationUrl(state: string): string {
    const url = new URL(this.options.authorizeUrl);
    url.search = new URLSearchParams({
      client_id: this.options.clientId,
      response_type: 'code',
      scope: QBO_SCOPE,
      redirect_uri: this.options.redirectUri,
      state,
    }).toString();
    return url.toString();
  }

  exchange(code: string): Promise<QboTokens> {
    return this.token({ grant_type: 'authorization_code', code, redirect_uri: this.options.redirectUri });
  }

  refresh(refreshToken: string): Promise<QboTokens> {
    return this.token({ grant_type: 'refresh_token', refresh_token: refreshToken });
  }

  /** One token call; every failure in our words (never the secret, the code or the answer's body). */
  private async token(form: Record<string, string>): Promise<QboTokens> {
    const basic = Buffer.from(`${this.options.clientId}:${this.options.clientSecret}`).toString('base64');
    let response: Response;
    try {
      response = await fetch(this.options.tokenUrl, {
        method: 'POST',
        headers: {
          accept: 'application/json',
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${basic}`,
        },
        body: new URLSearchParams(form).toString(),
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch {
      throw new PartnerUnavailable('QuickBooks could not be reached to renew the connection.');
    }
    const body = (await response.json().catch(() => null)) as {
      access_token?: unknown;
      refresh_token?: unknown;
      expires_in?: unknown;
    } | null;
    if (response.status === 400 || response.status === 401)
      throw new PartnerUnavailable('QuickBooks refused the connection; connect QuickBooks again.');
    if (!response.ok) throw new PartnerUnavailable(`QuickBooks failed with an error (${response.status}).`);
    if (typeof body?.access_token !== 'string' || typeof body.refresh_token !== 'string')
      throw new PartnerUnavailable('QuickBooks answered the token request without tokens.');
    const expiresIn = Number(body.expires_in);
    return {
      accessToken: body.access_token,
      refreshToken: body.refresh_token,
      expiresIn: Number.isFinite(expiresIn) && expiresIn > 0 ? expiresIn : 3600,
    };
  }
}
