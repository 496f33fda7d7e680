import type { CommandMetadata } from '../shared/decider.js';
import type { RouteCommand, StopInput } from './route.commands.js';
import type { RouteEvent, RoutePlanned } from './route.events.js';

export const NOW = '2026-12-01T14:00:00.000Z';
export const COMPANY = 'co-1';
export const DATE = '2026-12-02';
export const metadata: CommandMetadata = { companyId: COMPANY, userId: 'u-1', now: NOW };

export const planned: RoutePlanned = {
  type: 'RoutePlanned',
  data: {
    routeId: 'r-1',
    companyId: COMPANY,
    date: DATE,
    name: 'North',
    driverId: 'd-1',
    truck: 'Truck 2',
    plannedAt: NOW,
  },
};

export const stop = (n: number, extra: Partial<StopInput> = {}): StopInput => ({
  stopId: `s-${n}`,
  invoiceId: `inv-${n}`,
  orderId: null,
  customerId: `c-${n}`,
  cancelled: false,
  ...extra,
});

export const added = (...ns: number[]): RouteEvent => ({
  type: 'RouteStopsAdded',
  data: {
    routeId: 'r-1',
    companyId: COMPANY,
    date: DATE,
    stops: ns.map((n) => ({ stopId: `s-${n}`, invoiceId: `inv-${n}`, orderId: null, customerId: `c-${n}` })),
  },
});

export const command = <T extends RouteCommand['type']>(
  type: T,
  data: Omit<Extract<RouteCommand, { type: T }>['data'], 'routeId'>,
  routeId = 'r-1',
) => ({ type, data: { ...data, routeId }, metadata }) as unknown as Extract<RouteCommand, { type: T }>;
