import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { TabcLookupService } from '../../tabc/tabc-lookup.service.js';
import { AutoFillSuggestionsQuery } from './auto-fill-suggestions.query.js';

@QueryHandler(AutoFillSuggestionsQuery)
export class AutoFillSuggestionsHandler implements IQueryHandler<AutoFillSuggestionsQuery> {
  constructor(@Inject(TabcLookupService) private readonly tabc: TabcLookupService) {}

  execute({ query }: AutoFillSuggestionsQuery) {
    return this.tabc.suggestions(query);
  }
}
