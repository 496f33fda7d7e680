import { isBusinessDate } from '../shared/business-date.js';
import type { FieldProblem } from '../shared/field-rules.js';

export const MAX_ROUTE_NAME = 60;
export const MAX_TRUCK = 40;
export const MAX_SKIP_NOTE = 500;
export const MAX_STOPS = 200;

export const ROUTE_MESSAGES = {
  date: 'Date must be a date (yyyy-MM-dd).',
  name: `Route name is required (at most ${MAX_ROUTE_NAME} characters).`,
  truck: `Truck must be at most ${MAX_TRUCK} characters.`,
  note: `A note is required to skip a stop (at most ${MAX_SKIP_NOTE} characters).`,
  skippedAt: 'Skipped at must be a date and time.',
  stops: 'Choose at least one invoice or order.',
  tooManyStops: `A route holds at most ${MAX_STOPS} stops.`,
} as const;

export const routeNameProblem = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' && value.trim().length <= MAX_ROUTE_NAME
    ? undefined
    : ROUTE_MESSAGES.name;

export const truckProblem = (value: unknown): string | undefined =>
  value === undefined || value === null || (typeof value === 'string' && value.trim().length <= MAX_TRUCK)
    ? undefined
    : ROUTE_MESSAGES.truck;

export const routeDateProblem = (value: unknown): string | undefined =>
  isBusinessDate(value) ? undefined : ROUTE_MESSAGES.date;

export const skipNoteProblem = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' && value.trim().length <= MAX_SKIP_NOTE
    ? undefined
    : ROUTE_MESSAGES.note;

export const instantProblem = (value: unknown): string | undefined =>
  typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && !Number.isNaN(Date.parse(value))
    ? undefined
    : ROUTE_MESSAGES.skippedAt;

export function planProblems(data: { date: string; name: string; truck: string }): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const date = routeDateProblem(data.date);
  if (date) problems.push({ field: 'date', message: date });
  const name = routeNameProblem(data.name);
  if (name) problems.push({ field: 'name', message: name });
  const truck = truckProblem(data.truck);
  if (truck) problems.push({ field: 'truck', message: truck });
  return problems;
}

/** An address as it sorts for a suggested stop order: ZIP, then street name, then house number. */
export interface StopAddress {
  stopId: string;
  address: string;
  zip: string;
}

/** Splits "1200 N Lamar Blvd" into the house number (1200) and the street ("n lamar blvd"). */
export function streetParts(address: string): { street: string; number: number } {
  const line = (address.split(/[\n,]/)[0] ?? '').trim();
  const match = /^(\d+)[A-Za-z]?\s+(.*)$/.exec(line);
  if (!match) return { street: line.toLowerCase(), number: Number.POSITIVE_INFINITY };
  return { street: match[2]!.toLowerCase().replace(/\s+/g, ' '), number: Number(match[1]) };
}

/**
 * The suggested order of a route's stops: by ZIP, then street name, then house number (stops without a ZIP last,
 * and without a number last on their street); stops that compare equal keep their order.
 */
export function suggestStopOrder(stops: readonly StopAddress[]): string[] {
  return stops
    .map((stop, index) => ({ stop, index, ...streetParts(stop.address) }))
    .sort(
      (a, b) =>
        Number(!a.stop.zip) - Number(!b.stop.zip) ||
        a.stop.zip.localeCompare(b.stop.zip) ||
        a.street.localeCompare(b.street) ||
        a.number - b.number ||
        a.index - b.index,
    )
    .map(({ stop }) => stop.stopId);
}
