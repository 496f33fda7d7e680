import {
  ForbiddenException,
  Inject,
  Injectable,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type pg from 'pg';
import { FEATURE_CATALOGUE, type FeatureName } from '#domain/companies/company.features.js';
import type { AuthUser } from '../auth/auth.types.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { isFeatureActive } from './feature-flags.js';

export const REQUIRED_FEATURE = 'stampline:required-feature';

export const featureOffMessage = (feature: FeatureName) =>
  `The ${FEATURE_CATALOGUE[feature].title} feature is not active for your company. ` +
  'You can activate it, or request access, on the Feature Extensions page.';

/**
 * The one server gate for feature-dependent routes: 403 with a clear message while the caller's
 * company has the feature off. Runs after the global auth guard, so the caller is known. Use `@RequiresFeature`.
 */
@Injectable()
export class FeatureGuard implements CanActivate {
  constructor(
    @Inject(Reflector) private readonly reflector: Reflector,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const feature = this.reflector.getAllAndOverride<FeatureName | undefined>(REQUIRED_FEATURE, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!feature) return true;
    const user = context.switchToHttp().getRequest<{ user?: AuthUser }>().user;
    const active = user?.activeFeatures
      ? user.activeFeatures.has(feature)
      : user !== undefined && (await isFeatureActive(this.pool, user.companyId, feature));
    if (!user || !active) {
      throw new ForbiddenException({ statusCode: 403, message: featureOffMessage(feature) });
    }
    return true;
  }
}
