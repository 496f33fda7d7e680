/**
 * The server's one source of the current instant. Controllers and services take it by injection (`@Inject(Clock)`)
 * and put `clock.nowIso()` on the command; nothing else in apps/api reads the system clock (the lint rule in
 * eslint.config.js holds that). Tests swap in a `SettableClock` to stand the server at a known instant.
 */
export abstract class Clock {
  abstract now(): Date;

  /** The current instant as commands and events carry it: an ISO string. */
  nowIso(): string {
    return this.now().toISOString();
  }
}

/** The system clock: what the server runs on. */
export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }
}

/**
 * A clock that follows the system clock until `set` stands it at an instant; it stays there (every reading answers
 * that instant) until `release` lets it follow the system clock again.
 */
export class SettableClock extends Clock {
  private fixed: Date | null = null;

  constructor(instant?: string | Date) {
    super();
    if (instant) this.set(instant);
  }

  set(instant: string | Date): void {
    this.fixed = new Date(instant);
  }

  release(): void {
    this.fixed = null;
  }

  now(): Date {
    return this.fixed ? new Date(this.fixed) : new Date();
  }
}
