import { activityProjection } from './activity/activity.projection.js';
import { companyProjection } from './companies/company.projection.js';
import type { Projection } from './projection.js';

/** Every projection the runner runs and `projections:rebuild` knows, by name. */
export const allProjections: readonly Projection[] = [companyProjection, activityProjection];

export { activityProjection, ACTIVITY_SCHEMA } from './activity/activity.projection.js';
export { companyProjection, COMPANY_SCHEMA } from './companies/company.projection.js';
