import type { RouteCommand } from '#domain/routes/route.commands.js';
import { decideRouteAndDay } from '#domain/routes/route.decide.js';
import { routeDayDecider, routeDayStream } from '#domain/routes/route-day.js';
import { routeStream } from '#domain/routes/route.events.js';
import { evolve, initialState } from '#domain/routes/route.state.js';
import { declareDecision, streamDecision } from '#engine';
import { WAITS_FOR } from '../../read-your-writes.js';

/**
 * Every change of a route: the route's stream and its company's day stream (`route-day-{companyId}-{date}`), where
 * the stops added claim their invoices and orders in the same atomic append; a decision that appends nothing to the
 * day (a reorder, a skip) leaves it unchecked.
 */
export function routeDecision(command: RouteCommand, date: string) {
  return declareDecision({
    streams: {
      route: streamDecision(routeStream(command.data.routeId), { evolve, initialState }),
      day: streamDecision(routeDayStream(command.metadata.companyId, date), routeDayDecider),
    },
    decide: (states) => decideRouteAndDay(states, command),
    waitFor: WAITS_FOR.route,
  });
}
