import { Query } from '@nestjs/cqrs';
import type { Establishment } from '../../tabc/tabc-lookup.service.js';

/** Establishments from the TABC licence list for the customer form (spec 000 §7 auto-fill-suggestions). */
export class AutoFillSuggestionsQuery extends Query<Establishment[]> {
  constructor(readonly query: string) {
    super();
  }
}
