import type { Decider } from '../shared/decider.js';
import type { AddStops, RouteCommand } from './route.commands.js';
import { dayEventsFor, type RouteDay, type RouteDayEvent } from './route-day.js';
import { routeError, routeInvalid } from './route.errors.js';
import type { RouteEvent } from './route.events.js';
import { MAX_STOPS, planProblems, ROUTE_MESSAGES, skipNoteProblem, instantProblem } from './route.rules.js';
import { evolve, initialState, type Route } from './route.state.js';

/** A route that may change: it exists (else not found) and is not closed. */
function open(state: Route): Route {
  if (!state.exists) throw routeError('ROUTE_NOT_FOUND');
  if (state.status === 'closed') throw routeError('ROUTE_CLOSED');
  return state;
}

function stopsToAdd(state: Route, command: AddStops): RouteEvent[] {
  const { stops } = command.data;
  if (stops.length === 0) throw routeInvalid([{ field: 'invoice_ids', message: ROUTE_MESSAGES.stops }]);
  if (state.stops.length + stops.length > MAX_STOPS)
    throw routeInvalid([{ field: 'invoice_ids', message: ROUTE_MESSAGES.tooManyStops }]);
  const seen = new Set(state.stops.flatMap((s) => [s.invoiceId, s.orderId]).filter(Boolean));
  for (const stop of stops) {
    if (stop.cancelled) throw routeError('INVOICE_CANCELLED');
    for (const id of [stop.invoiceId, stop.orderId]) {
      if (!id) continue;
      if (seen.has(id)) throw routeError('ALREADY_ON_ROUTE');
    }
    for (const id of [stop.invoiceId, stop.orderId]) if (id) seen.add(id);
  }
  return [
    {
      type: 'RouteStopsAdded',
      data: {
        routeId: state.routeId,
        companyId: state.companyId,
        date: state.date,
        stops: stops.map(({ stopId, invoiceId, orderId, customerId }) => ({
          stopId,
          invoiceId,
          orderId,
          customerId,
        })),
      },
    },
  ];
}

/** What the route's own stream decides. The day's claims follow in `decideRouteAndDay`. */
export function decide(command: RouteCommand, state: Route): RouteEvent[] {
  const { companyId, now } = command.metadata;
  const routeId = command.data.routeId;
  switch (command.type) {
    case 'PlanRoute': {
      if (state.exists) throw routeError('ROUTE_EXISTS');
      const data = { ...command.data, name: command.data.name.trim(), truck: command.data.truck.trim() };
      const problems = planProblems(data);
      if (problems.length > 0) throw routeInvalid(problems);
      return [{ type: 'RoutePlanned', data: { ...data, companyId, plannedAt: now } }];
    }
    case 'AddStops':
      return stopsToAdd(open(state), command);
    case 'RemoveStop': {
      open(state);
      if (!state.stops.some((s) => s.stopId === command.data.stopId)) throw routeError('STOP_NOT_FOUND');
      if (command.data.delivered) throw routeError('STOP_DELIVERED');
      return [{ type: 'RouteStopRemoved', data: { routeId, companyId, stopId: command.data.stopId } }];
    }
    case 'ReorderStops': {
      open(state);
      const ids = command.data.stopIds;
      const current = new Set(state.stops.map((s) => s.stopId));
      if (
        ids.length !== current.size ||
        new Set(ids).size !== ids.length ||
        ids.some((id) => !current.has(id))
      )
        throw routeError('ORDER_NOT_LIST');
      if (ids.every((id, i) => state.stops[i]!.stopId === id)) return [];
      return [{ type: 'RouteStopsReordered', data: { routeId, companyId, stopIds: ids } }];
    }
    case 'AssignRoute': {
      open(state);
      const name = command.data.name.trim();
      const truck = command.data.truck.trim();
      const problems = planProblems({ date: state.date, name, truck });
      if (problems.length > 0) throw routeInvalid(problems);
      const { driverId } = command.data;
      if (name === state.name && truck === state.truck && driverId === state.driverId) return [];
      return [{ type: 'RouteAssigned', data: { routeId, companyId, name, driverId, truck } }];
    }
    case 'MarkDownloaded': {
      if (!state.exists) throw routeError('ROUTE_NOT_FOUND');
      if (state.status !== 'planned') return [];
      return [
        {
          type: 'RouteDownloaded',
          data: { routeId, companyId, driverId: command.data.driverId, downloadedAt: now },
        },
      ];
    }
    case 'SkipStop': {
      open(state);
      const stop = state.stops.find((s) => s.stopId === command.data.stopId);
      if (!stop) throw routeError('STOP_NOT_FOUND');
      const problems = [
        ['note', skipNoteProblem(command.data.note)],
        ['skipped_at', instantProblem(command.data.skippedAt)],
      ].flatMap(([field, message]) => (message ? [{ field: field!, message }] : []));
      if (problems.length > 0) throw routeInvalid(problems);
      if (stop.skipped || command.data.stopStatus !== 'planned') throw routeError('STOP_NOT_PLANNED');
      return [
        {
          type: 'RouteStopSkipped',
          data: {
            routeId,
            companyId,
            stopId: stop.stopId,
            note: command.data.note.trim(),
            skippedAt: command.data.skippedAt,
            recordedAt: now,
          },
        },
      ];
    }
    case 'CloseRoute':
      open(state);
      return [{ type: 'RouteClosed', data: { routeId, companyId, closedAt: now } }];
  }
}

export const routeDecider: Decider<Route, RouteCommand, RouteEvent> = { decide, evolve, initialState };

/**
 * A route's decision with its day's claims, appended together: the route's events, and on the day's stream the
 * claims of the stops added (refused when another open route of the day holds one of them) or the release of the
 * stops removed and of every stop of a route closed.
 */
export function decideRouteAndDay(
  states: { route: Route; day: RouteDay },
  command: RouteCommand,
): { route: RouteEvent[]; day: RouteDayEvent[] } {
  const { route } = states;
  const events = decide(command, route);
  const released = (stops: Route['stops']) => ({
    invoiceIds: stops.flatMap((s) => (s.invoiceId ? [s.invoiceId] : [])),
    orderIds: stops.flatMap((s) => (!s.invoiceId && s.orderId ? [s.orderId] : [])),
  });
  let gone: Route['stops'] = [];
  for (const event of events) {
    if (event.type === 'RouteStopRemoved') gone = route.stops.filter((s) => s.stopId === event.data.stopId);
    if (event.type === 'RouteClosed') gone = route.stops;
  }
  const date = route.exists ? route.date : command.type === 'PlanRoute' ? command.data.date : '';
  return {
    route: events,
    day: dayEventsFor(states.day, events, released(gone), command.metadata.companyId, date),
  };
}
