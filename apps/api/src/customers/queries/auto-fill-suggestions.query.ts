import { Query } from '@nestjs/cqrs';
import type { Establishment } from '../../tabc/tabc-lookup.service.js';

/** Establishments from the TABC licence list for the customer form (as the client's specification asks). */
export class AutoFillSuggestionsQuery extends Query<Establishment[]> {
  constructor(readonly query: string) {
    super();
  }
}
