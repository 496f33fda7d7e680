import { isBlank, optionalText, type FieldRule } from '../shared/field-rules.js';
import { basisPointsOf } from '../shared/money.js';

/**
 * Price tiers (as the client's specification asks). A tier raises the
 * base price by its percentage. Every company with tiers has one base tier: 'Base', 0 %, created with its first
 * tier; it stands for the list price and can be neither edited nor removed.
 */
export const DEFAULT_TIER_NAME = 'Tier 1';
export const DEFAULT_TIER_PERCENTAGE_BASIS_POINTS = 1000; // 10 %
export const BASE_TIER_NAME = 'Base';
export const TIER_PERCENTAGE = { min: 0, maxBasisPoints: 100_000 } as const; // 0 % to 1000 %
export const TIER_NAME_MAX = 50;

/** The colours a tier may have: Material palette 500 shades, without the greens (as the client's specification asks). */
export const PRICE_TIER_COLORS = {
  red: '#f44336',
  pink: '#e91e63',
  purple: '#9c27b0',
  deep_purple: '#673ab7',
  indigo: '#3f51b5',
  blue: '#2196f3',
  light_blue: '#03a9f4',
  cyan: '#00bcd4',
  amber: '#ffc107',
  orange: '#ff9800',
  deep_orange: '#ff5722',
  brown: '#795548',
  grey: '#9e9e9e',
  blue_grey: '#607d8b',
} as const;

export type PriceTierColor = keyof typeof PRICE_TIER_COLORS;
export const PRICE_TIER_COLOR_NAMES = Object.keys(PRICE_TIER_COLORS) as PriceTierColor[];
export const BASE_TIER_COLOR: PriceTierColor = 'grey';

export const isPriceTierColor = (value: unknown): value is PriceTierColor =>
  typeof value === 'string' && Object.hasOwn(PRICE_TIER_COLORS, value);

/** What tiers raise: the list price (default) or the last purchase price (cost-plus pricing). */
export const PRICE_TIER_BASES = ['list_price', 'last_purchase_price'] as const;
export type PriceTierBase = (typeof PRICE_TIER_BASES)[number];
export const isPriceTierBase = (value: unknown): value is PriceTierBase =>
  typeof value === 'string' && (PRICE_TIER_BASES as readonly string[]).includes(value);

export const PRICE_TIER_MESSAGES = {
  name: 'Tier name is required.',
  nameTaken: 'A price tier with this name exists already.',
  percentage: 'Percentage must be a number from 0 to 1000 with at most 2 decimals.',
  color: `Color must be one of: ${PRICE_TIER_COLOR_NAMES.join(', ')}.`,
  migratingTier: 'The tier to move customers to must be another price tier of the company.',
  tierBase: `Tier base must be one of: ${PRICE_TIER_BASES.join(', ')}.`,
  tierId: 'Price tier must be the id of a price tier.',
} as const;

/** One rule per field of the tier form, keyed by the API's field names. Left out: the default. */
export const priceTierRules = {
  name: ((value) =>
    value === undefined
      ? undefined
      : isBlank(value)
        ? PRICE_TIER_MESSAGES.name
        : optionalText(TIER_NAME_MAX, 'Tier name')(value)) satisfies FieldRule,
  percentage: ((value) =>
    value === undefined || tierPercentageBasisPoints(value) !== undefined
      ? undefined
      : PRICE_TIER_MESSAGES.percentage) satisfies FieldRule,
  color: ((value) =>
    value === undefined || isPriceTierColor(value)
      ? undefined
      : PRICE_TIER_MESSAGES.color) satisfies FieldRule,
  tier_base: ((value) =>
    isPriceTierBase(value) ? undefined : PRICE_TIER_MESSAGES.tierBase) satisfies FieldRule,
} satisfies Record<string, FieldRule>;

/** "12.5" → 1250; undefined when out of 0–1000 % or with more than 2 decimals. */
export function tierPercentageBasisPoints(value: unknown): number | undefined {
  const basisPoints = basisPointsOf(value);
  return basisPoints !== undefined && basisPoints >= 0 && basisPoints <= TIER_PERCENTAGE.maxBasisPoints
    ? basisPoints
    : undefined;
}

/** Names compare without case and repeated spaces: 'tier  1' is 'Tier 1'. */
export const tierNameKey = (name: string) => name.trim().replace(/\s+/g, ' ').toLowerCase();
