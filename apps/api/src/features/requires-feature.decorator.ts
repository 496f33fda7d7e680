import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import type { FeatureName } from '#domain/companies/company.features.js';
import { FeatureGuard, REQUIRED_FEATURE } from './feature.guard.js';

/** Gates a route or a whole controller on a company feature: `@RequiresFeature('payment')`. */
export const RequiresFeature = (feature: FeatureName) =>
  applyDecorators(SetMetadata(REQUIRED_FEATURE, feature), UseGuards(FeatureGuard));
