import type { CommandMetadata } from '../shared/decider.js';

/** A stop to add, as the office read it: the invoice's or order's customer, and whether the invoice is cancelled. */
export interface StopInput {
  stopId: string;
  invoiceId: string | null;
  orderId: string | null;
  customerId: string;
  cancelled: boolean;
}

type Cmd<T extends string, D> = { type: T; data: D & { routeId: string }; metadata: CommandMetadata };

export type PlanRoute = Cmd<
  'PlanRoute',
  { date: string; name: string; driverId: string | null; truck: string }
>;
export type AddStops = Cmd<'AddStops', { stops: StopInput[] }>;
/**
 * `delivered`: the stop's invoice was delivered on it (the delivery is on the invoice's stream, so the caller reads it
 * from the board); a delivered stop stays on its route, with what it collected.
 */
export type RemoveStop = Cmd<'RemoveStop', { stopId: string; delivered?: boolean }>;
export type ReorderStops = Cmd<'ReorderStops', { stopIds: string[] }>;
export type AssignRoute = Cmd<'AssignRoute', { name: string; driverId: string | null; truck: string }>;
export type MarkDownloaded = Cmd<'MarkDownloaded', { driverId: string }>;
/** `stopStatus`: the stop as the office sees it now (a delivery is recorded on the invoice's stream). */
export type SkipStop = Cmd<
  'SkipStop',
  { stopId: string; note: string; skippedAt: string; stopStatus: string }
>;
export type CloseRoute = Cmd<'CloseRoute', Record<never, never>>;

export type RouteCommand =
  PlanRoute | AddStops | RemoveStop | ReorderStops | AssignRoute | MarkDownloaded | SkipStop | CloseRoute;
