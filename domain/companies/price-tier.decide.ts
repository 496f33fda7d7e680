import { problemsOf, type FieldProblem } from '../shared/field-rules.js';
import type {
  AddPriceTier,
  ChoosePriceTierBase,
  RemovePriceTier,
  UpdatePriceTier,
} from './company.commands.js';
import { companyError, priceTierInvalid } from './company.errors.js';
import type {
  PriceTierAdded,
  PriceTierBaseChosen,
  PriceTierFields,
  PriceTierRemoved,
  PriceTierUpdated,
} from './company.events.js';
import { isFeatureActive, type Company, type PriceTier, type RegisteredCompany } from './company.state.js';
import {
  BASE_TIER_COLOR,
  BASE_TIER_NAME,
  DEFAULT_TIER_NAME,
  DEFAULT_TIER_PERCENTAGE_BASIS_POINTS,
  PRICE_TIER_COLOR_NAMES,
  PRICE_TIER_MESSAGES,
  priceTierRules,
  tierNameKey,
  tierPercentageBasisPoints,
  type PriceTierBase,
  type PriceTierColor,
} from './price-tier.rules.js';

/** The caller's company with tiered pricing on: another company's is "not found", the feature off is forbidden. */
function tieredCompany(state: Company, companyId: string, callerCompanyId: string): RegisteredCompany {
  if (state.status !== 'registered' || state.id !== companyId || companyId !== callerCompanyId) {
    throw companyError('COMPANY_NOT_FOUND');
  }
  if (!isFeatureActive(state, 'tiered_pricing')) throw companyError('TIERED_PRICING_OFF');
  return state;
}

function tierOf(company: RegisteredCompany, tierId: string): PriceTier {
  const tier = company.priceTiers.find((t) => t.id === tierId);
  if (!tier) throw companyError('PRICE_TIER_NOT_FOUND');
  return tier;
}

/** 'Tier 1', else the first 'Tier n' no tier is named yet. */
function defaultName(tiers: PriceTier[]): string {
  const taken = new Set(tiers.map((tier) => tierNameKey(tier.name)));
  for (let n = 1; ; n++) {
    const name = n === 1 ? DEFAULT_TIER_NAME : `Tier ${n}`;
    if (!taken.has(tierNameKey(name))) return name;
  }
}

/** The first colour no other tier has, else the first colour. */
function defaultColor(tiers: PriceTier[]): PriceTierColor {
  const used = new Set(tiers.filter((tier) => !tier.isBaseTier).map((tier) => tier.color));
  return PRICE_TIER_COLOR_NAMES.find((color) => !used.has(color)) ?? PRICE_TIER_COLOR_NAMES[0]!;
}

/** Checks the form (every broken field at once) and answers the tier's fields after it. */
function tierFields(
  input: { name?: string; percentage?: number | string; color?: string },
  current: PriceTierFields,
  others: PriceTier[],
): PriceTierFields {
  const name = input.name === undefined ? current.name : input.name.trim().replace(/\s+/g, ' ');
  const problems: FieldProblem[] = problemsOf([
    ['name', priceTierRules.name, input.name],
    [
      'name',
      (value) =>
        typeof value === 'string' && others.some((tier) => tierNameKey(tier.name) === tierNameKey(value))
          ? PRICE_TIER_MESSAGES.nameTaken
          : undefined,
      name,
    ],
    ['percentage', priceTierRules.percentage, input.percentage],
    ['color', priceTierRules.color, input.color],
  ]);
  if (problems.length > 0) throw priceTierInvalid(problems);
  return {
    name,
    percentageBasisPoints:
      input.percentage === undefined
        ? current.percentageBasisPoints
        : tierPercentageBasisPoints(input.percentage)!,
    color: input.color === undefined ? current.color : (input.color as PriceTierColor),
  };
}

export const addPriceTier = ({ data, metadata }: AddPriceTier, state: Company): PriceTierAdded[] => {
  const company = tieredCompany(state, data.companyId, metadata.companyId);
  if (company.priceTiers.some((tier) => tier.id === data.tierId)) return []; // a retried request
  const base: PriceTierAdded[] = company.priceTiers.some((tier) => tier.isBaseTier)
    ? []
    : [
        {
          type: 'PriceTierAdded',
          data: {
            companyId: company.id,
            tierId: data.baseTierId,
            name: BASE_TIER_NAME,
            percentageBasisPoints: 0,
            color: BASE_TIER_COLOR,
            isBaseTier: true,
            addedAt: metadata.now,
          },
        },
      ];
  const tiers = [
    ...company.priceTiers,
    ...base.map((added) => ({ ...added.data, id: added.data.tierId })),
  ] as PriceTier[];
  const fields = tierFields(
    data,
    {
      name: defaultName(tiers),
      percentageBasisPoints: DEFAULT_TIER_PERCENTAGE_BASIS_POINTS,
      color: defaultColor(tiers),
    },
    tiers,
  );
  return [
    ...base,
    {
      type: 'PriceTierAdded',
      data: {
        companyId: company.id,
        tierId: data.tierId,
        ...fields,
        isBaseTier: false,
        addedAt: metadata.now,
      },
    },
  ];
};

export const updatePriceTier = ({ data, metadata }: UpdatePriceTier, state: Company): PriceTierUpdated[] => {
  const company = tieredCompany(state, data.companyId, metadata.companyId);
  const tier = tierOf(company, data.tierId);
  if (tier.isBaseTier) throw companyError('PRICE_TIER_BASE_NOT_EDITABLE');
  const fields = tierFields(
    data,
    tier,
    company.priceTiers.filter((other) => other.id !== tier.id),
  );
  if (
    fields.name === tier.name &&
    fields.percentageBasisPoints === tier.percentageBasisPoints &&
    fields.color === tier.color
  ) {
    return [];
  }
  return [
    {
      type: 'PriceTierUpdated',
      data: { companyId: company.id, tierId: tier.id, ...fields, updatedAt: metadata.now },
    },
  ];
};

export const removePriceTier = ({ data, metadata }: RemovePriceTier, state: Company): PriceTierRemoved[] => {
  const company = tieredCompany(state, data.companyId, metadata.companyId);
  const tier = tierOf(company, data.tierId);
  if (company.priceTiers.length <= 1) throw companyError('PRICE_TIER_LAST');
  if (tier.isBaseTier) throw companyError('PRICE_TIER_BASE_NOT_REMOVABLE');
  const chosen = data.migratingTierId ?? null;
  if (chosen !== null && (chosen === tier.id || !company.priceTiers.some((t) => t.id === chosen))) {
    throw priceTierInvalid([
      { field: 'migrating_price_tier_id', message: PRICE_TIER_MESSAGES.migratingTier },
    ]);
  }
  const baseTier = company.priceTiers.find((t) => t.isBaseTier)!;
  return [
    {
      type: 'PriceTierRemoved',
      data: {
        companyId: company.id,
        tierId: tier.id,
        migratedToTierId: chosen ?? baseTier.id,
        removedAt: metadata.now,
      },
    },
  ];
};

export const choosePriceTierBase = (
  { data, metadata }: ChoosePriceTierBase,
  state: Company,
): PriceTierBaseChosen[] => {
  const company = tieredCompany(state, data.companyId, metadata.companyId);
  const problem = priceTierRules.tier_base(data.base);
  if (problem) throw priceTierInvalid([{ field: 'tier_base', message: problem }]);
  if (company.priceTierBase === data.base) return [];
  return [
    {
      type: 'PriceTierBaseChosen',
      data: { companyId: company.id, base: data.base as PriceTierBase, chosenAt: metadata.now },
    },
  ];
};
