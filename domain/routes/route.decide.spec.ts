import { deciderSpec } from '../shared/decider-spec.js';
import { decideRouteAndDay, routeDecider } from './route.decide.js';
import { routeDayDecider, type RouteDayEvent } from './route-day.js';
import { added, command, COMPANY, DATE, NOW, planned, stop } from './route.fixtures.js';
import type { RouteEvent } from './route.events.js';
import { evolve, initialState } from './route.state.js';

const given = deciderSpec(routeDecider);
const closed: RouteEvent = {
  type: 'RouteClosed',
  data: { routeId: 'r-1', companyId: COMPANY, closedAt: NOW },
};

describe('Route', () => {
  it('plans a route for a date, with its driver and truck', () => {
    given([])
      .when(command('PlanRoute', { date: DATE, name: ' North ', driverId: 'd-1', truck: 'Truck 2' }))
      .then([planned]);
  });

  it('refuses a route without a name or with a bad date', () => {
    given([])
      .when(command('PlanRoute', { date: '2026-13-40', name: 'North', driverId: null, truck: '' }))
      .thenThrows('Date must be a date (yyyy-MM-dd).');
    given([])
      .when(command('PlanRoute', { date: DATE, name: '  ', driverId: null, truck: '' }))
      .thenThrows('Route name is required (at most 60 characters).');
  });

  it('adds stops: invoices or placed orders with their customers', () => {
    given([planned])
      .when(command('AddStops', { stops: [stop(1), stop(2)] }))
      .then([added(1, 2)]);
  });

  it('refuses a cancelled invoice', () => {
    given([planned])
      .when(command('AddStops', { stops: [stop(1, { cancelled: true })] }))
      .thenThrows('A cancelled invoice cannot be added to a route.');
  });

  it('refuses an invoice on the route already', () => {
    given([planned, added(1)])
      .when(command('AddStops', { stops: [stop(1, { stopId: 's-9' })] }))
      .thenThrows('This invoice or order is on this route already.');
  });

  it('removes a stop', () => {
    given([planned, added(1, 2)])
      .when(command('RemoveStop', { stopId: 's-1' }))
      .then([{ type: 'RouteStopRemoved', data: { routeId: 'r-1', companyId: COMPANY, stopId: 's-1' } }]);
  });

  it('keeps a delivered stop on its route', () => {
    given([planned, added(1, 2)])
      .when(command('RemoveStop', { stopId: 's-1', delivered: true }))
      .thenThrows('A delivered stop stays on its route, with what was collected there.');
  });

  it('reorders with the full list of stop ids only', () => {
    given([planned, added(1, 2, 3)])
      .when(command('ReorderStops', { stopIds: ['s-3', 's-1', 's-2'] }))
      .then([
        {
          type: 'RouteStopsReordered',
          data: { routeId: 'r-1', companyId: COMPANY, stopIds: ['s-3', 's-1', 's-2'] },
        },
      ]);
    for (const stopIds of [['s-3', 's-1'], ['s-3', 's-1', 's-1'], ['s-3', 's-1', 's-9'], []])
      given([planned, added(1, 2, 3)])
        .when(command('ReorderStops', { stopIds }))
        .thenThrows('Send every stop of the route once, in the new order.');
  });

  it('assigns the driver and the truck', () => {
    given([planned])
      .when(command('AssignRoute', { name: 'North', driverId: 'd-2', truck: 'Truck 5' }))
      .then([
        {
          type: 'RouteAssigned',
          data: { routeId: 'r-1', companyId: COMPANY, name: 'North', driverId: 'd-2', truck: 'Truck 5' },
        },
      ]);
  });

  it('marks a planned route out when its driver downloads it, once', () => {
    given([planned])
      .when(command('MarkDownloaded', { driverId: 'd-1' }))
      .then([
        {
          type: 'RouteDownloaded',
          data: { routeId: 'r-1', companyId: COMPANY, driverId: 'd-1', downloadedAt: NOW },
        },
      ]);
    const downloaded: RouteEvent = {
      type: 'RouteDownloaded',
      data: { routeId: 'r-1', companyId: COMPANY, driverId: 'd-1', downloadedAt: NOW },
    };
    given([planned, downloaded])
      .when(command('MarkDownloaded', { driverId: 'd-1' }))
      .then([]);
  });

  it('skips a planned stop with a note and the device time', () => {
    const skip = {
      stopId: 's-1',
      note: ' Closed ',
      skippedAt: '2026-12-02T15:00:00.000Z',
      stopStatus: 'planned',
    };
    given([planned, added(1)])
      .when(command('SkipStop', skip))
      .then([
        {
          type: 'RouteStopSkipped',
          data: {
            routeId: 'r-1',
            companyId: COMPANY,
            stopId: 's-1',
            note: 'Closed',
            skippedAt: '2026-12-02T15:00:00.000Z',
            recordedAt: NOW,
          },
        },
      ]);
    given([planned, added(1)])
      .when(command('SkipStop', { ...skip, note: '' }))
      .thenThrows('A note is required to skip a stop (at most 500 characters).');
    given([planned, added(1)])
      .when(command('SkipStop', { ...skip, stopStatus: 'delivered' }))
      .thenThrows('Only a planned stop can be skipped.');
  });

  it('closes a route, and a closed route does not change', () => {
    given([planned, added(1)])
      .when(command('CloseRoute', {}))
      .then([closed]);
    given([planned, added(1), closed])
      .when(command('AddStops', { stops: [stop(2)] }))
      .thenThrows('This route is closed: it cannot change.');
    given([planned, added(1), closed])
      .when(command('RemoveStop', { stopId: 's-1' }))
      .thenThrows('This route is closed: it cannot change.');
  });

  it('answers not found for a route never planned', () => {
    given([])
      .when(command('AddStops', { stops: [stop(1)] }))
      .thenThrows('Route not found');
  });
});

describe('The day of routes: an invoice on one open route of a day', () => {
  const whenOver = (
    routeEvents: RouteEvent[],
    dayEvents: RouteDayEvent[],
    cmd: Parameters<typeof decideRouteAndDay>[1],
  ) =>
    decideRouteAndDay(
      {
        route: routeEvents.reduce(evolve, initialState()),
        day: dayEvents.reduce(routeDayDecider.evolve, routeDayDecider.initialState()),
      },
      cmd,
    );
  const claim = (routeId: string, invoiceIds: string[]): RouteDayEvent => ({
    type: 'RouteDayStopsClaimed',
    data: { companyId: COMPANY, date: DATE, routeId, invoiceIds, orderIds: [] },
  });

  it('claims the invoices of the stops added on the day', () => {
    expect(whenOver([planned], [], command('AddStops', { stops: [stop(1)] }))).toEqual({
      route: [added(1)],
      day: [claim('r-1', ['inv-1'])],
    });
  });

  it('refuses an invoice another open route of the day holds', () => {
    expect(() =>
      whenOver([planned], [claim('r-2', ['inv-1'])], command('AddStops', { stops: [stop(1)] })),
    ).toThrow('This invoice is on another open route of this day already.');
  });

  it('releases a removed stop, and every stop of a closed route', () => {
    expect(
      whenOver([planned, added(1)], [claim('r-1', ['inv-1'])], command('RemoveStop', { stopId: 's-1' })).day,
    ).toEqual([
      {
        type: 'RouteDayStopsReleased',
        data: { companyId: COMPANY, date: DATE, routeId: 'r-1', invoiceIds: ['inv-1'], orderIds: [] },
      },
    ]);
    const day = whenOver(
      [planned, added(1, 2)],
      [claim('r-1', ['inv-1', 'inv-2'])],
      command('CloseRoute', {}),
    ).day;
    expect(day).toEqual([
      {
        type: 'RouteDayStopsReleased',
        data: {
          companyId: COMPANY,
          date: DATE,
          routeId: 'r-1',
          invoiceIds: ['inv-1', 'inv-2'],
          orderIds: [],
        },
      },
    ]);
    // once released, another route of the day may take it
    const released = [claim('r-1', ['inv-1']), ...day];
    expect(() =>
      whenOver(
        [{ ...planned, data: { ...planned.data, routeId: 'r-2' } }],
        released,
        command('AddStops', { stops: [stop(1)] }, 'r-2'),
      ),
    ).not.toThrow();
  });
});
