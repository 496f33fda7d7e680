import { HttpException, HttpStatus } from '@nestjs/common';

export const RATE_LIMITED_MESSAGE = 'Too many attempts. Please wait a few minutes and try again.';

/**
 * Fixed-window attempt counter per key (an e-mail or a client address), in process memory. With several API
 * processes each counts its own share; a shared store can replace it behind the same two methods.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Throws 429 when any key is at its limit; otherwise counts one attempt against each. */
  hit(...limits: { key: string; attempts: number }[]): void {
    const now = this.now();
    const windows = limits.map(({ key }) => {
      let window = this.windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + this.windowMs };
        this.windows.set(key, window);
      }
      return window;
    });
    if (windows.some((w, i) => w.count >= limits[i]!.attempts)) {
      throw new HttpException(
        { statusCode: 429, message: RATE_LIMITED_MESSAGE },
        HttpStatus.TOO_MANY_REQUESTS,
      );
    }
    for (const w of windows) w.count++;
    if (this.windows.size > 50_000) this.sweep(now);
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
  }
}
