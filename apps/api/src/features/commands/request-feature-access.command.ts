import { Command } from '@nestjs/cqrs';
import type { FeatureName } from '#domain/companies/company.features.js';
import type { CommandMetadata } from '#domain/shared/decider.js';

/** 'Request Access' on a feature card: recorded, and e-mailed to the provider's team (PROVIDER_EMAIL). */
export class RequestFeatureAccessCommand extends Command<void> {
  constructor(
    readonly feature: FeatureName,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}
