import type {
  DeliverInvoiceBody,
  DeliveryAdjustmentBody,
  DeliveryConflictResponse,
  DriverDayResponse,
  DriverStop,
  SkipStopBody,
  StopStatus,
} from '#domain/contracts/route.contract';

/**
 * The driver's outbox, as pure functions: every action taken at a stop becomes a command kept on the device, shown at
 * once on the stored day, and sent to the server in the order taken, one at a time, each with the Idempotency-Key
 * made when the action was taken (a resend after a lost answer carries the same key, so the server does it once).
 */

export type CommandKind = 'deliver' | 'skip';

export interface OutboxCommand {
  /** The Idempotency-Key, made once when the driver took the action; also the command's id. */
  key: string;
  /** Order taken on this device: commands are sent lowest first. */
  seq: number;
  kind: CommandKind;
  /** Path under /api/v1. */
  url: string;
  body: DeliverInvoiceBody | SkipStopBody;
  created_at: string;
  route_id: string;
  stop_id: string;
  /** Failed sends so far (network error, 5xx): the next try waits longer. */
  attempts: number;
  /** Epoch ms before which it is not tried again. */
  retry_at: number;
}

/** What the driver did at a stop, as the device shows it until a new download replaces it. */
export interface StopLocal {
  stop_id: string;
  status: Exclude<StopStatus, 'planned'>;
  collected: number;
  at: string;
  note: string | null;
  /** 'waiting': in the outbox; 'sent': the server took it; 'attention': the server refused it (message). */
  state: 'waiting' | 'sent' | 'attention';
  message: string | null;
  /** Refused because the invoice changed in the office (409): only a new download can show it as it is now. */
  conflict?: boolean;
}

export interface DriverLocalState {
  queue: OutboxCommand[];
  stops: Record<string, StopLocal>;
}

export const emptyLocalState = (): DriverLocalState => ({ queue: [], stops: {} });

/** Cents-exact dollars. */
const round2 = (value: number) => Math.round(value * 100) / 100;

/** The invoice's lines before tax, at their downloaded quantities. */
const subtotalOf = (stop: DriverStop) =>
  stop.lines.reduce((sum, line) => sum + line.quantity * line.unit_price, 0);

/**
 * What the stop owes once the lines that came back are taken off: each returned bottle at its price, times the
 * invoice's tax (the amount due over the lines' subtotal when the invoice is unpaid; no more than the amount due).
 */
export function dueAfterAdjustments(stop: DriverStop, adjustments: DeliveryAdjustmentBody[]): number {
  const subtotal = subtotalOf(stop);
  const taxed = subtotal > 0 && stop.amount_due >= subtotal ? stop.amount_due / subtotal : 1;
  const credited = adjustments.reduce((sum, adjustment) => {
    const line = stop.lines.find((l) => l.line_id === adjustment.line_id);
    return sum + (line ? adjustment.quantity * line.unit_price * taxed : 0);
  }, 0);
  return Math.max(0, round2(stop.amount_due - credited));
}

/** A stop whose money is taken at the door: the stop says so, or a beer line does (beer is sold for cash). */
export const collectsOnDelivery = (stop: DriverStop) => stop.cod || stop.lines.some((line) => line.is_beer);

/** delivered: everything stayed; refused: nothing did; partially_delivered: some lines came back. */
export function outcomeOfDelivery(
  stop: DriverStop,
  adjustments: DeliveryAdjustmentBody[],
): 'delivered' | 'partially_delivered' | 'refused' {
  const returned = adjustments.reduce((sum, a) => sum + a.quantity, 0);
  if (returned === 0) return 'delivered';
  const carried = stop.lines.reduce((sum, line) => sum + line.quantity, 0);
  return returned >= carried ? 'refused' : 'partially_delivered';
}

/**
 * Why the stop cannot be closed yet, or null: a collect-on-delivery stop is closed only once the amount due after the
 * returns is taken; a check or money order needs its number; a signature and the signer's name are required.
 */
export function whyNotClosable(
  stop: DriverStop,
  input: {
    adjustments: DeliveryAdjustmentBody[];
    collected: number;
    signed: boolean;
    signerName: string;
    missingReference: boolean;
  },
): string | null {
  const due = dueAfterAdjustments(stop, input.adjustments);
  if (collectsOnDelivery(stop) && round2(input.collected) < due)
    return `Collect $${due.toFixed(2)} before closing this stop.`;
  if (input.missingReference) return 'Enter the check or money order number.';
  if (!input.signerName.trim()) return "Enter the signer's name.";
  if (!input.signed) return 'Ask the customer to sign.';
  return null;
}

/** Adds a command at the end of the queue and shows its stop as done, waiting to send. */
export function enqueue(state: DriverLocalState, command: OutboxCommand, local: StopLocal): DriverLocalState {
  return {
    queue: [...state.queue, command].sort((a, b) => a.seq - b.seq),
    stops: { ...state.stops, [local.stop_id]: local },
  };
}

/** The next seq: one past every command this device ever queued (kept with the queue). */
export const nextSeq = (state: DriverLocalState, last: number) =>
  Math.max(last, ...state.queue.map((command) => command.seq)) + 1;

/** The command to send now: the oldest, if its retry time has come. Later ones wait behind it (order is kept). */
export function nextToSend(state: DriverLocalState, now: number): OutboxCommand | null {
  const first = state.queue[0];
  return first && first.retry_at <= now ? first : null;
}

export type SendOutcome =
  | { type: 'sent' }
  | { type: 'retry' }
  | { type: 'signin' }
  | { type: 'rejected'; message: string; conflict: boolean };

const CONFLICT_MESSAGES: Record<DeliveryConflictResponse['reason'], string> = {
  cancelled: 'Cancelled in the office',
  revised: 'Changed in the office: download again',
  delivered: 'Already delivered in the office',
};

/** The server's message of an error answer (a string, or the first of a list). */
function messageOf(body: unknown): string | null {
  const message = (body as { message?: unknown } | null)?.message;
  if (typeof message === 'string' && message) return message;
  if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
  return null;
}

/**
 * What an answer means for the command: 2xx sent; no answer (network), 408, 429 or 5xx: try again later with the same
 * key; 401: kept until the driver signs in again; 409 and any other 4xx: refused, shown on the stop with the server's
 * word, never tried again.
 */
export function outcomeOf(status: number | 'network', body: unknown): SendOutcome {
  if (status === 'network' || status === 408 || status === 429 || status >= 500) return { type: 'retry' };
  if (status >= 200 && status < 300) return { type: 'sent' };
  if (status === 401) return { type: 'signin' };
  if (status === 409) {
    const reason = (body as Partial<DeliveryConflictResponse> | null)?.reason;
    const message = reason && CONFLICT_MESSAGES[reason];
    return {
      type: 'rejected',
      message: message ?? messageOf(body) ?? 'Changed in the office: download again',
      conflict: true,
    };
  }
  return { type: 'rejected', message: messageOf(body) ?? 'The office refused this stop.', conflict: false };
}

/** Seconds before the next try after `attempts` failed sends: 2, 4, 8 … at most a minute. */
export const retryDelayMs = (attempts: number) => Math.min(60_000, 2_000 * 2 ** Math.max(0, attempts - 1));

/** The state after the server's answer to the first command of the queue. */
export function afterOutcome(
  state: DriverLocalState,
  key: string,
  outcome: SendOutcome,
  now: number,
): DriverLocalState {
  const command = state.queue.find((c) => c.key === key);
  if (!command) return state;
  const rest = state.queue.filter((c) => c.key !== key);
  const local = state.stops[command.stop_id];
  switch (outcome.type) {
    case 'sent':
      return {
        queue: rest,
        stops: local ? { ...state.stops, [command.stop_id]: { ...local, state: 'sent' } } : state.stops,
      };
    case 'rejected':
      return {
        queue: rest,
        stops: local
          ? {
              ...state.stops,
              [command.stop_id]: {
                ...local,
                state: 'attention',
                message: outcome.message,
                conflict: outcome.conflict,
              },
            }
          : state.stops,
      };
    case 'retry': {
      const attempts = command.attempts + 1;
      const retried = { ...command, attempts, retry_at: now + retryDelayMs(attempts) };
      return { ...state, queue: state.queue.map((c) => (c.key === key ? retried : c)) };
    }
    case 'signin':
      return state;
  }
}

/**
 * After a new download the server's day is the truth for what it already has: stops it took or refused are shown
 * from the download; what is still waiting to send stays shown over it.
 */
export function afterDownload(state: DriverLocalState): DriverLocalState {
  const waiting = new Set(state.queue.map((c) => c.stop_id));
  return {
    queue: state.queue,
    stops: Object.fromEntries(Object.entries(state.stops).filter(([stopId]) => waiting.has(stopId))),
  };
}

/** The stored day with what the driver did on top: the stop lists show this. */
export function dayWithLocal(day: DriverDayResponse, state: DriverLocalState): DriverDayResponse {
  return {
    ...day,
    routes: day.routes.map((route) => ({
      ...route,
      stop_list: route.stop_list.map((stop) => {
        const local = state.stops[stop.id];
        if (!local || local.state === 'attention') return stop;
        return {
          ...stop,
          status: local.status,
          collected: round2(stop.collected + local.collected),
          delivered_at: local.at,
          note: local.note ?? stop.note,
        };
      }),
    })),
  };
}

export interface SyncView {
  online: boolean;
  waiting: number;
  /** While a send is under way: which of how many (1-based). */
  sending: { index: number; total: number } | null;
  /** Kept until the driver signs in again. */
  needsSignIn: boolean;
}

/** The sync indicator's words. */
export function syncLabel(view: SyncView): string {
  if (view.needsSignIn) return `Sign in to send — ${view.waiting} waiting`;
  if (!view.online) return view.waiting ? `Offline — ${view.waiting} waiting` : 'Offline — all sent';
  if (view.sending) return `Sending ${view.sending.index} of ${view.sending.total}…`;
  return view.waiting ? `${view.waiting} waiting to send` : 'All sent';
}
