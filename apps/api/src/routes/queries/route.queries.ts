import { Query } from '@nestjs/cqrs';
import type {
  LoadSheetResponse,
  RouteResponse,
  RouteSummary,
  UnroutedResponse,
} from '#domain/contracts/route.contract.js';

/** `date` undefined: the company's today. */
export class ListRoutesQuery extends Query<RouteSummary[]> {
  constructor(
    readonly companyId: string,
    readonly date: string | undefined,
    readonly now: string,
  ) {
    super();
  }
}

export class UnroutedQuery extends Query<UnroutedResponse> {
  constructor(
    readonly companyId: string,
    readonly date: string | undefined,
    readonly now: string,
  ) {
    super();
  }
}

export class GetRouteQuery extends Query<RouteResponse> {
  constructor(
    readonly companyId: string,
    readonly id: string,
  ) {
    super();
  }
}

export class LoadSheetQuery extends Query<LoadSheetResponse> {
  constructor(
    readonly companyId: string,
    readonly id: string,
  ) {
    super();
  }
}

/** GET /route/{id}/pdf: the route sheet and its load sheet, with the file's name. */
export class RoutePdfQuery extends Query<{ pdf: Buffer; filename: string }> {
  constructor(
    readonly companyId: string,
    readonly id: string,
  ) {
    super();
  }
}
