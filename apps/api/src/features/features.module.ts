import { Module } from '@nestjs/common';
import { RequestFeatureAccessHandler } from './commands/request-feature-access.handler.js';
import { SwitchFeatureHandler } from './commands/switch-feature.handler.js';
import { FeatureGuard } from './feature.guard.js';
import { FeaturesController } from './features.controller.js';
import { ListFeaturesHandler } from './queries/list-features.handler.js';

/**
 * Feature extensions: the cards, switching and access requests. `@RequiresFeature(name)` (requires-feature.decorator.ts)
 * gates a route in any module; its guard needs only the database pool, so no import of this module is needed.
 */
@Module({
  controllers: [FeaturesController],
  providers: [SwitchFeatureHandler, RequestFeatureAccessHandler, ListFeaturesHandler, FeatureGuard],
  exports: [FeatureGuard],
})
export class FeaturesModule {}
