/**
 * A product's container volume read from its size as typed ('750ml', '1.75 L', '12oz 6pk', '50 mL'):
 * (one stamp per case for 375 mL or less) and §7 (the Comptroller report's container size). Only a number followed
 * by a unit counts (mL, cL, L, fl oz / oz); a bare number ('375') or anything else is unknown (null), so a size the
 * rules cannot read never makes a product a small format.
 */
const UNITS: Record<string, number> = {
  ml: 1,
  cl: 10,
  l: 1000,
  ltr: 1000,
  liter: 1000,
  litre: 1000,
  oz: 29.5735,
  floz: 29.5735,
};

const VOLUME = /(\d+(?:\.\d+)?|\.\d+)\s*(ml|cl|ltr|liter|litre|l|fl\.?\s*oz|oz)(?![a-z])/i;

/** The first volume in the size, in millilitres (to 0.1 mL); null when the size names none. */
export function containerMillilitres(size: string): number | null {
  const match = VOLUME.exec(size);
  if (!match) return null;
  const unit = match[2]!.toLowerCase().replace(/[.\s]/g, '');
  const factor = UNITS[unit];
  const amount = Number(match[1]);
  if (factor === undefined || !Number.isFinite(amount) || amount <= 0) return null;
  return Math.round(amount * factor * 10) / 10;
}

/** TABC's small formats: cases of containers of 375 mL or less may carry one stamp per case. */
export const SMALL_FORMAT_MAX_ML = 375;

/** A container of 375 mL or less, read from the size; false when the size names no volume. */
export function isSmallFormat(size: string): boolean {
  const ml = containerMillilitres(size);
  return ml !== null && ml <= SMALL_FORMAT_MAX_ML;
}
