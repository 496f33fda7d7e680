import { Inject } from '@nestjs/common';
import { QueryBus, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import type { LoadSheetLine } from '#domain/contracts/route.contract.js';
import { lineStamps } from '#domain/invoices/invoice.rules.js';
import { businessDate } from '#domain/shared/business-date.js';
import { formatRange } from '#domain/stamps/intervals.js';
import { firstStamps, stampsUnion } from '#domain/stamps/stamp-ranges.js';
import type { StampRange } from '#domain/stamps/stamp.events.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { companyTimeZone } from '../../infra/company-time.js';
import { holdingNow } from '../../stamps/stamp-holdings.js';
import { writeRoutePdf } from '../pdf/route-pdf.writer.js';
import {
  GetRouteQuery,
  ListRoutesQuery,
  LoadSheetQuery,
  RoutePdfQuery,
  UnroutedQuery,
} from './route.queries.js';
import { RouteReader } from './route.reader.js';

/** A query of one delivery day: the day asked, else the company's today. */
abstract class DayHandler {
  constructor(
    @Inject(RouteReader) protected readonly reader: RouteReader,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  protected async dayOf({
    companyId,
    date,
    now,
  }: {
    companyId: string;
    date: string | undefined;
    now: string;
  }) {
    return date || businessDate(now, await companyTimeZone(this.pool, companyId));
  }
}

@QueryHandler(ListRoutesQuery)
export class ListRoutesHandler extends DayHandler implements IQueryHandler<ListRoutesQuery> {
  async execute(query: ListRoutesQuery) {
    return this.reader.summaries(query.companyId, await this.dayOf(query));
  }
}

@QueryHandler(UnroutedQuery)
export class UnroutedHandler extends DayHandler implements IQueryHandler<UnroutedQuery> {
  async execute(query: UnroutedQuery) {
    return this.reader.unrouted(query.companyId, await this.dayOf(query));
  }
}

@QueryHandler(GetRouteQuery)
export class GetRouteHandler implements IQueryHandler<GetRouteQuery> {
  constructor(@Inject(RouteReader) private readonly reader: RouteReader) {}

  execute({ companyId, id }: GetRouteQuery) {
    return this.reader.read(companyId, id);
  }
}

/**
 * What goes on the truck: every product of the route's invoices (cancelled ones left out) with its bottles, and the
 * stamp serials those bottles carry: each invoice's stamps are handed to its liquor lines in line order, as they were
 * allocated.
 */
@QueryHandler(LoadSheetQuery)
export class LoadSheetHandler implements IQueryHandler<LoadSheetQuery> {
  constructor(
    @Inject(RouteReader) private readonly reader: RouteReader,
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ companyId, id }: LoadSheetQuery) {
    const route = await this.reader.read(companyId, id);
    const invoices = await this.reader.loadLines(companyId, id);
    const products = new Map<string, LoadSheetLine & { ranges: StampRange[] }>();
    for (const invoice of invoices) {
      let held = (await holdingNow(this.events, this.pool, companyId, invoice.invoice_id)).ranges;
      for (const line of [...invoice.lines].sort((a, b) => a.lineNo - b.lineNo)) {
        const { taken, rest } = firstStamps(held, lineStamps(line));
        held = rest;
        const entry = products.get(line.productId) ?? {
          product_id: line.productId,
          product: line.size ? `${line.name} ${line.size}` : line.name,
          sku: invoice.sku[line.productId] ?? line.upc ?? '',
          quantity: 0,
          stamps: [],
          ranges: [],
        };
        entry.quantity += line.qty;
        entry.ranges = stampsUnion(entry.ranges, taken);
        products.set(line.productId, entry);
      }
    }
    const lines = [...products.values()]
      .map(({ ranges, ...line }) => ({
        ...line,
        stamps: ranges.map((r) => formatRange(r.prefix, r.from, r.to)),
      }))
      .sort((a, b) => a.product.localeCompare(b.product));
    const { stop_list: _stops, ...summary } = route;
    return { route: summary, lines };
  }
}

/** The route sheet as a PDF: the route as the board reads it and its load sheet. */
@QueryHandler(RoutePdfQuery)
export class RoutePdfHandler implements IQueryHandler<RoutePdfQuery> {
  constructor(
    @Inject(RouteReader) private readonly reader: RouteReader,
    @Inject(QueryBus) private readonly queries: QueryBus,
  ) {}

  async execute({ companyId, id }: RoutePdfQuery) {
    const route = await this.queries.execute(new GetRouteQuery(companyId, id));
    const [sheet, company] = await Promise.all([
      this.queries.execute(new LoadSheetQuery(companyId, id)),
      this.reader.companyName(companyId),
    ]);
    const name = route.name.replace(/[^A-Za-z0-9]+/g, '_').replace(/^_|_$/g, '') || 'route';
    return { pdf: await writeRoutePdf(company, route, sheet), filename: `route_${name}_${route.date}.pdf` };
  }
}
