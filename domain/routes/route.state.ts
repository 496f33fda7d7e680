import type { RouteStatus } from '../contracts/route.contract.js';
import type { PlannedStop, RouteEvent } from './route.events.js';

export interface RouteStop extends PlannedStop {
  skipped: boolean;
}

export interface Route {
  exists: boolean;
  routeId: string;
  companyId: string;
  date: string;
  name: string;
  driverId: string | null;
  truck: string;
  status: RouteStatus;
  /** In route order. */
  stops: RouteStop[];
}

export const initialState = (): Route => ({
  exists: false,
  routeId: '',
  companyId: '',
  date: '',
  name: '',
  driverId: null,
  truck: '',
  status: 'planned',
  stops: [],
});

export function evolve(state: Route, event: RouteEvent): Route {
  switch (event.type) {
    case 'RoutePlanned': {
      const { routeId, companyId, date, name, driverId, truck } = event.data;
      return { ...state, exists: true, routeId, companyId, date, name, driverId, truck, status: 'planned' };
    }
    case 'RouteStopsAdded':
      return {
        ...state,
        stops: [...state.stops, ...event.data.stops.map((s) => ({ ...s, skipped: false }))],
      };
    case 'RouteStopRemoved':
      return { ...state, stops: state.stops.filter((s) => s.stopId !== event.data.stopId) };
    case 'RouteStopsReordered': {
      const byId = new Map(state.stops.map((s) => [s.stopId, s]));
      return { ...state, stops: event.data.stopIds.flatMap((id) => byId.get(id) ?? []) };
    }
    case 'RouteAssigned':
      return { ...state, name: event.data.name, driverId: event.data.driverId, truck: event.data.truck };
    case 'RouteDownloaded':
      return state.status === 'planned' ? { ...state, status: 'out' } : state;
    case 'RouteStopSkipped':
      return {
        ...state,
        stops: state.stops.map((s) => (s.stopId === event.data.stopId ? { ...s, skipped: true } : s)),
      };
    case 'RouteClosed':
      return { ...state, status: 'closed' };
    default:
      return state;
  }
}
