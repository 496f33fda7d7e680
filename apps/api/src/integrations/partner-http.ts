import { setTimeout as sleep } from 'node:timers/promises';
import { PartnerRefused, PartnerUnavailable } from './partner.port.js';

export interface PartnerHttpOptions {
  /** The partner's name in messages ('Bottle POS', 'Clover'). */
  title: string;
  baseUrl: string;
  /** Headers with the credentials: sent, never logged, never put in a message. */
  headers: () => Record<string, string>;
  timeoutMs: number;
  /** Requests per second toward the partner (from this process). */
  ratePerSecond: number;
  /**
   * Called on a 401 before giving up: a partner with expiring tokens (QuickBooks) refreshes them here, and the request
   * is sent once more with the new headers.
   */
  onUnauthorized?: () => Promise<void>;
  /** The partner's own error code in a 4xx answer (e.g. QuickBooks' fault code), kept on the PartnerRefused. */
  faultCode?: (body: unknown) => string | undefined;
}

/** Waits at most this long for a partner's Retry-After on a 429 before giving up on the sync. */
const MAX_RETRY_AFTER_MS = 5_000;

/**
 * JSON over HTTP to a partner with a timeout per request, a rate limit (evenly spaced requests per process) and one
 * wait on a 429. Every failure becomes a PartnerUnavailable or PartnerRefused with our own words: the URL (which may
 * carry a merchant id), the headers and the answer's body never reach a message, an event or a log.
 */
export class PartnerHttp {
  private next = 0;

  constructor(private readonly options: PartnerHttpOptions) {}

  async json<T>(
    method: string,
    path: string,
    body?: unknown,
    extraHeaders?: Record<string, string>,
  ): Promise<T> {
    const { title } = this.options;
    let refreshed = false;
    let waited = false;
    for (;;) {
      await this.turn();
      let response: Response;
      const signal = AbortSignal.timeout(this.options.timeoutMs);
      try {
        response = await fetch(new URL(path, this.options.baseUrl), {
          method,
          headers: {
            accept: 'application/json',
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
            ...extraHeaders,
            ...this.options.headers(),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal,
        });
      } catch {
        const timedOut = signal.aborted;
        throw new PartnerUnavailable(
          timedOut
            ? `${title} did not answer within ${Math.round(this.options.timeoutMs / 100) / 10} s.`
            : `${title} could not be reached.`,
        );
      }
      const text = await response.text().catch(() => '');
      if (signal.aborted)
        throw new PartnerUnavailable(
          `${title} did not answer within ${Math.round(this.options.timeoutMs / 100) / 10} s.`,
        );
      if (response.status === 429 && !waited) {
        waited = true;
        const wait = Number(response.headers.get('retry-after') ?? '1') * 1000;
        if (Number.isFinite(wait) && wait <= MAX_RETRY_AFTER_MS) {
          await sleep(Math.max(wait, 0));
          continue;
        }
      }
      if (response.status === 401 && this.options.onUnauthorized && !refreshed) {
        refreshed = true;
        await this.options.onUnauthorized();
        continue;
      }
      if (response.status === 401 || response.status === 403)
        throw new PartnerUnavailable(`${title} refused the credentials (${response.status}).`);
      if (response.status === 429)
        throw new PartnerUnavailable(`${title} is limiting requests (429); try again later.`);
      if (response.status >= 500)
        throw new PartnerUnavailable(`${title} failed with an error (${response.status}).`);
      if (response.status >= 400) {
        const code = this.faultCodeOf(text);
        throw new PartnerRefused(
          `${title} refused it (${response.status}${code ? `, error ${code}` : ''}).`,
          code,
        );
      }
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new PartnerUnavailable(`${title} answered something that is not JSON.`);
      }
    }
  }

  private faultCodeOf(text: string): string | undefined {
    if (!this.options.faultCode) return undefined;
    try {
      const code = this.options.faultCode(JSON.parse(text));
      // only a short code of letters and digits reaches a message: never the partner's prose
      return code && /^[A-Za-z0-9_-]{1,20}$/.test(code) ? code : undefined;
    } catch {
      return undefined;
    }
  }

  /** Evenly spaced requests: at most ratePerSecond per second from this process (on the monotonic timer). */
  private async turn(): Promise<void> {
    const gap = 1000 / this.options.ratePerSecond;
    const now = performance.now();
    const at = Math.max(now, this.next);
    this.next = at + gap;
    if (at > now) await sleep(at - now);
  }
}

/** A field the partner must have answered: a missing or wrong-typed one is garbage, and stops the sync. */
export function requireId(title: string, value: unknown): string {
  if ((typeof value === 'string' && value !== '') || typeof value === 'number') return String(value);
  throw new PartnerUnavailable(`${title} answered without the id of what it saved.`);
}
