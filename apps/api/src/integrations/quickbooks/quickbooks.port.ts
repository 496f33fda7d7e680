import type { QuickBooksObjectKind } from '#domain/contracts/quickbooks.contract.js';

/** An object as QuickBooks keeps it: its Id and the SyncToken an update must carry. */
export interface QboRef {
  id: string;
  syncToken: string;
}

/**
 * One QuickBooks company (realm) through the Accounting API. Every write carries a `requestid`: QuickBooks answers a
 * repeated one with the first answer, so a retried write never makes a second object.
 *
 * Errors, as the other partners: `PartnerUnavailable` (down, slow, 5xx, 429 after waiting, garbage, refused
 * credentials after a token refresh) stops the sync; `PartnerRefused` (a 4xx about this object, with QuickBooks'
 * fault code) fails that object only.
 */
export interface QuickBooksPort {
  create(kind: QuickBooksObjectKind, body: Record<string, unknown>, requestId: string): Promise<QboRef>;
  /** A full update of the object `ref` (its SyncToken must be the current one). */
  update(
    kind: QuickBooksObjectKind,
    ref: QboRef,
    body: Record<string, unknown>,
    requestId: string,
  ): Promise<QboRef>;
  /** The object's current Id and SyncToken (after QuickBooks answered a stale SyncToken). */
  read(kind: QuickBooksObjectKind, id: string): Promise<QboRef>;
  /** A customer by DisplayName or an item by Name, when QuickBooks has one (names are unique there). */
  findByName(kind: 'customer' | 'item', name: string): Promise<QboRef | null>;
  /** The income account items post their sales to: the first active Income account. */
  incomeAccount(): Promise<string>;
}

/** The tokens of a connection as OAuth 2 answers them. */
export interface QboTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds the access token lives. */
  expiresIn: number;
}

/** QuickBooks' fault codes we act on: a name in use (Customer DisplayName, Item Name) and a stale SyncToken. */
export const QBO_DUPLICATE_NAME = '6240';
export const QBO_STALE_OBJECT = '5010';
