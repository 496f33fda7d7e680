import { HttpException, HttpStatus } from '@nestjs/common';
import type pg from 'pg';

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * Fixed-window attempt counters shared by every API process through Postgres (rate-limits.sql.ts: the table and
 * the function that counts).
 */
export interface RateLimit {
  key: string;
  attempts: number;
}

/** Expired windows are deleted now and then (every SWEEP_EVERY hits of a process), a bounded batch at a time. */
const SWEEP_EVERY = 500;
const SWEEP = `DELETE FROM rate_limits WHERE key IN (
  SELECT key FROM rate_limits WHERE reset_at <= clock_timestamp() - interval '1 minute' LIMIT 1000)`;

/** Fixed-window attempt counters per key (an e-mail, a client address), shared by every process on the database. */
export class RateLimiter {
  private hits = 0;

  constructor(
    private readonly pool: Pick<pg.Pool, 'query'>,
    private readonly windowMs: number,
  ) {}

  /** Throws 429 when any key is at its limit (counting nothing); otherwise counts one attempt against each. */
  async hit(...limits: RateLimit[]): Promise<void> {
    const { rows } = await this.pool.query<{ allowed: boolean }>({
      name: 'stampline_rate_limit_hit',
      text: 'SELECT rate_limit_hit($1::text[], $2::int[], $3::bigint) AS allowed',
      values: [limits.map((l) => l.key), limits.map((l) => l.attempts), this.windowMs],
    });
    if (++this.hits % SWEEP_EVERY === 0) this.pool.query(SWEEP).catch(() => {});
    if (!rows[0]!.allowed)
      throw new HttpException(
        { statusCode: 429, message: RATE_LIMITED_MESSAGE },
        HttpStatus.TOO_MANY_REQUESTS,
      );
  }

  /** Forgets a key's attempts (a successful sign-in clears its e-mail's failures). */
  async reset(key: string): Promise<void> {
    await this.pool.query('DELETE FROM rate_limits WHERE key = $1', [key]);
  }
}
