import { Command } from '@nestjs/cqrs';
import type { FeatureSwitchedBy } from '#domain/companies/company.events.js';
import type { FeatureName } from '#domain/companies/company.features.js';
import type { CommandMetadata } from '#domain/shared/decider.js';

/** On or off, by a company user (POST /company/feature) or the provider's team (`features:set`). */
export class SwitchFeatureCommand extends Command<void> {
  constructor(
    readonly data: { feature: FeatureName; active: boolean; by: FeatureSwitchedBy; ignorePricing?: boolean },
    readonly metadata: CommandMetadata,
    readonly options: { waitForProjections?: boolean } = {},
  ) {
    super();
  }
}
