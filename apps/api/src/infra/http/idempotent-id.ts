import { createHash, randomUUID } from 'node:crypto';
import { DomainError } from '#domain/shared/domain-error.js';

/**
 * The id of what a submit creates (an invoice, an order, a payment, a restock): derived from the Idempotency-Key (per
 * company and caller), so a retried or double-clicked submit names the same stream and creates it once; random
 * without a key.
 */
export function idempotentId(companyId: string, userId: string | null, key: string | undefined): string {
  if (!key) return randomUUID();
  const hex = createHash('sha256')
    .update(`${companyId}:${userId ?? ''}:${key}`)
    .digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** What an Idempotency-Key may be. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,128}$/;

/** The request's Idempotency-Key header, checked (400 when malformed); undefined when absent. */
export function idempotencyKeyOf(header: unknown): string | undefined {
  if (header === undefined || header === '') return undefined;
  if (typeof header !== 'string' || !IDEMPOTENCY_KEY.test(header)) {
    const message = 'Idempotency-Key must be 8 to 128 letters, digits or . _ : -';
    throw new DomainError('IDEMPOTENCY_KEY_INVALID', 'invalid', message, [
      { field: 'Idempotency-Key', message },
    ]);
  }
  return header;
}
