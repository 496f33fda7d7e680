import type { ProductType } from '../products/product.rules.js';

/**
 * The licence guard: stamped liquor goes only to retailers holding an active, unexpired Mixed Beverage
 * (MB), Private Club Registration (N) or Private Club Exemption Certificate (NE) licence (Alco. Bev. Code §28.15;
 * research §3.1). Judged against the imported TABC licence list. Pure.
 */
export const STAMPED_LIQUOR_LICENCE_TYPES = ['MB', 'N', 'NE'] as const;

export interface ImportedLicence {
  licenceId: string;
  licenceType: string;
  primaryStatus: string | null;
  expirationOn: string | null;
}

/** What the guard found wrong, as recorded on an invoice the user went on with. */
export interface LicenceWarning {
  message: string;
  licenceId: string | null;
  licenceType: string | null;
  primaryStatus: string | null;
  expirationOn: string | null;
}

/** An invoice carrying liquor bottles (they carry stamps). */
export const carriesStampedLiquor = (lines: readonly { type: ProductType; qty: number }[]): boolean =>
  lines.some((line) => line.type === 'LIQUOR' && line.qty > 0);

/**
 * The problem with the customer's licence on the invoice date, or null when it may receive stamped liquor.
 * `listImported`: the licence list was imported at all (without it, no customer can be judged and nothing is said).
 */
export function licenceProblem(
  licence: ImportedLicence | null,
  invoiceOn: string,
  listImported: boolean,
): LicenceWarning | null {
  if (!licence) {
    return listImported
      ? {
          message:
            "No licence in the imported TABC list matches this customer's TABC id: stamped liquor goes only to an active MB, N or NE licence.",
          licenceId: null,
          licenceType: null,
          primaryStatus: null,
          expirationOn: null,
        }
      : null;
  }
  const type = licence.licenceType.trim().toUpperCase();
  const code = `${type} ${licence.licenceId}`;
  const facts = {
    licenceId: licence.licenceId,
    licenceType: type,
    primaryStatus: licence.primaryStatus,
    expirationOn: licence.expirationOn,
  };
  if (!(STAMPED_LIQUOR_LICENCE_TYPES as readonly string[]).includes(type)) {
    return {
      ...facts,
      message: `The customer's TABC licence ${code} is not an MB, N or NE: stamped liquor goes only to those.`,
    };
  }
  if ((licence.primaryStatus ?? '').trim().toLowerCase() !== 'active') {
    return {
      ...facts,
      message: `The customer's TABC licence ${code} is ${licence.primaryStatus?.trim() || 'without a status'}, not active.`,
    };
  }
  if (licence.expirationOn !== null && licence.expirationOn < invoiceOn) {
    return { ...facts, message: `The customer's TABC licence ${code} expired on ${licence.expirationOn}.` };
  }
  return null;
}
