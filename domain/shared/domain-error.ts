/**
 * A broken business rule. `kind` decides the HTTP status once, in the API's exception filter:
 * invalid → 400, not_found → 404, conflict → 409, forbidden → 403. `extra` adds fields to the answer (e.g. the
 * existing product a duplicate names); it never replaces statusCode, message or details.
 */
export type DomainErrorKind = 'invalid' | 'not_found' | 'conflict' | 'forbidden';

export class DomainError extends Error {
  constructor(
    readonly code: string,
    readonly kind: DomainErrorKind,
    message: string,
    readonly details?: { field: string; message: string }[],
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'DomainError';
  }
}

/** Builds a typed error factory from a Record of codes, so the compiler checks every code has a kind and text. */
export function errorCatalogue<Code extends string>(
  catalogue: Record<Code, { kind: DomainErrorKind; message: string }>,
) {
  return (code: Code, details?: { field: string; message: string }[]) =>
    new DomainError(code, catalogue[code].kind, catalogue[code].message, details);
}
