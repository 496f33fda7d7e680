import type { RouteStopResponse, StopStatus } from './routes.api';

/** How each stop's status reads on the board, and its chip's colour. */
export const STOP_STATUS: Readonly<
  Record<StopStatus, { label: string; color: 'default' | 'success' | 'warning' | 'error' | 'info' }>
> = {
  planned: { label: 'Planned', color: 'default' },
  delivered: { label: 'Delivered', color: 'success' },
  partially_delivered: { label: 'Partly delivered', color: 'warning' },
  refused: { label: 'Refused', color: 'error' },
  skipped: { label: 'Skipped', color: 'info' },
};

export const ROUTE_STATUS = { planned: 'Planned', out: 'Out', closed: 'Closed' } as const;

/** The stop ids with the stop at `from` moved to `to` (both 0-based). */
export function moved(ids: readonly string[], from: number, to: number): string[] {
  if (from === to || from < 0 || to < 0 || from >= ids.length || to >= ids.length) return [...ids];
  const next = [...ids];
  const [stop] = next.splice(from, 1);
  next.splice(to, 0, stop!);
  return next;
}

/** Stops the driver did not deliver: what the office moves to the next day when it closes the route. */
export const undelivered = (stops: readonly RouteStopResponse[]) =>
  stops.filter((stop) => (stop.status === 'planned' || stop.status === 'skipped') && !stop.invoice_cancelled);

/** Dollars typed in a field, or 0. */
export function dollars(text: string): number {
  const value = Number(text.replace(/[$,\s]/g, ''));
  return Number.isFinite(value) ? value : 0;
}
