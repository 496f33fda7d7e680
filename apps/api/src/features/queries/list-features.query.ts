import { Query } from '@nestjs/cqrs';
import type { FeatureCardResponse } from '../feature-cards.js';

export class ListFeaturesQuery extends Query<FeatureCardResponse[]> {
  constructor(readonly companyId: string) {
    super();
  }
}
