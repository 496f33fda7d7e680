import { isUuid } from '#domain/shared/field-rules.js';
import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FEATURE_NAMES, isFeatureName, type FeatureName } from '#domain/companies/company.features.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { SwitchFeatureCommand } from '../../api/src/features/commands/switch-feature.command.js';

export const FEATURES_SET_USAGE =
  'features:set --company <company id> --feature <name> --on|--off [--ignore-pricing]';

export interface FeaturesSetArgs {
  companyId: string;
  feature: FeatureName;
  active: boolean;
  ignorePricing?: boolean;
}

/** `--company <id> --feature <name> --on|--off [--ignore-pricing]`, or the problem with them. */
export function parseFeaturesSetArgs(args: string[]): FeaturesSetArgs | { error: string } {
  const value = (flag: string) => {
    const at = args.indexOf(flag);
    return at === -1 ? undefined : args[at + 1];
  };
  const companyId = value('--company');
  const feature = value('--feature');
  const on = args.includes('--on');
  const off = args.includes('--off');
  if (!companyId || !isUuid(companyId))
    return { error: `--company needs a company id (a uuid). ${FEATURES_SET_USAGE}` };
  if (!isFeatureName(feature)) return { error: `--feature must be one of: ${FEATURE_NAMES.join(', ')}` };
  if (on === off) return { error: `Give exactly one of --on and --off. ${FEATURES_SET_USAGE}` };
  if (off && args.includes('--ignore-pricing')) return { error: '--ignore-pricing goes with --on' };
  return {
    companyId: companyId.toLowerCase(),
    feature,
    active: on,
    ...(on ? { ignorePricing: args.includes('--ignore-pricing') } : {}),
  };
}

/**
 * The provider's team switches any feature of a company on or off (paid features are activated on
 * request). Recorded as the provider's, with no user. The API's projections pick it up (immediately if it runs).
 */
export async function featuresSet(app: INestApplicationContext, args: string[]): Promise<number> {
  const parsed = parseFeaturesSetArgs(args);
  if ('error' in parsed) {
    console.error(parsed.error);
    return 1;
  }
  try {
    await app.get(CommandBus).execute(
      new SwitchFeatureCommand(
        {
          feature: parsed.feature,
          active: parsed.active,
          by: 'provider',
          ignorePricing: parsed.ignorePricing,
        },
        { companyId: parsed.companyId, userId: null, now: new Date().toISOString() },
        { waitForProjections: false },
      ),
    );
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(`${error.message} (${parsed.companyId})`);
      return 1;
    }
    throw error;
  }
  console.log(`${parsed.feature} is ${parsed.active ? 'on' : 'off'} for company ${parsed.companyId}.`);
  return 0;
}
