import type { Logger } from '@nestjs/common';
import type { Socket } from 'socket.io';
import type { AppConfig } from '../infra/config/config.js';

export const LOG_BACK_IN = 'Please log back in.';
export const ORIGIN_REFUSED = 'Origin not allowed.';

/** What a socket's user must carry for its session to be checked and to end at its token's expiry. */
export interface SessionUser {
  tokenHash: Buffer;
  expiresAt?: string;
}

type SessionSocket<U extends SessionUser> = Socket & { data: { user: U; expiry?: NodeJS.Timeout } };

/** A refused handshake: the client's `connect_error` carries the message and `data.statusCode`. */
export function refusal(statusCode: number, message: string): Error {
  return Object.assign(new Error(message), { data: { statusCode, message } });
}

export function bearerOf(socket: Socket): string | null {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token) return auth.token;
  const match = /^Bearer\s+(\S+)$/i.exec(socket.handshake.headers.authorization ?? '');
  return match ? match[1]! : null;
}

/** Same origin as the address the browser used, the configured APP_URL, or one of LIVE_ORIGINS. */
export function originAllowed(origin: string, host: string | undefined, config: AppConfig): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return false;
  if (host && parsed.host === host.toLowerCase()) return true;
  const allowed = [...config.live.origins, ...(config.appUrl ? [config.appUrl] : [])];
  return allowed.some((candidate) => {
    try {
      return new URL(candidate).origin === parsed.origin;
    } catch {
      return false;
    }
  });
}

/**
 * The handshake middleware of a gateway: a browser's Origin must be the app's own, and the bearer token must
 * authenticate (as `authenticate` checks it: a staff token on the back office's namespace, a customer user's on the
 * ordering app's); the user lands in `socket.data.user`.
 */
export function admitter<U>(
  config: AppConfig,
  authenticate: (token: string) => Promise<U | null>,
): (socket: Socket, next: (error?: Error) => void) => void {
  const admit = async (socket: Socket) => {
    const origin = socket.handshake.headers.origin;
    if (origin && !originAllowed(origin, socket.handshake.headers.host, config))
      throw refusal(403, ORIGIN_REFUSED);
    const token = bearerOf(socket);
    const user = token ? await authenticate(token) : null;
    if (!user) throw refusal(401, LOG_BACK_IN);
    (socket.data as { user: U }).user = user;
  };
  return (socket, next) => {
    admit(socket).then(
      () => next(),
      (error: Error) => next(error),
    );
  };
}

/**
 * The connected sockets of one gateway, grouped by a key (a user, a company), whose sessions end when their token
 * stops authenticating: checked for some keys when the feed says a session may have ended, for all of them every
 * `checkEveryMs`, and at each token's expiry. Both gateways (back office and ordering app) keep theirs here.
 */
export class SocketSessions<U extends SessionUser> {
  private readonly byKey = new Map<string, Set<SessionSocket<U>>>();
  private sweep: NodeJS.Timeout | undefined;

  constructor(
    private readonly keyOf: (user: U) => string,
    private readonly validTokenHashes: (hashes: Buffer[]) => Promise<Set<string>>,
    private readonly logger: Logger,
  ) {}

  /** Checks every session every `ms` (LIVE_SESSION_CHECK_MS). */
  startSweep(ms: number): void {
    this.sweep = setInterval(() => void this.check(), ms);
    this.sweep.unref();
  }

  stop(): void {
    clearInterval(this.sweep);
    for (const sockets of this.byKey.values()) for (const socket of sockets) clearTimeout(socket.data.expiry);
  }

  /** Connected sockets (for health and benches). */
  get size(): number {
    let count = 0;
    for (const sockets of this.byKey.values()) count += sockets.size;
    return count;
  }

  has(key: string): boolean {
    return this.byKey.has(key);
  }

  /** Keeps a connected socket, and arms its end at its token's expiry. */
  add(socket: SessionSocket<U>): void {
    const key = this.keyOf(socket.data.user);
    let sockets = this.byKey.get(key);
    if (!sockets) this.byKey.set(key, (sockets = new Set()));
    sockets.add(socket);
    socket.data.expiry = expireAt(socket, socket.data.user.expiresAt);
  }

  remove(socket: SessionSocket<U>): void {
    clearTimeout(socket.data.expiry);
    const user = socket.data.user as U | undefined;
    if (!user) return;
    const key = this.keyOf(user);
    const sockets = this.byKey.get(key);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.byKey.delete(key);
  }

  /** Disconnects the sockets whose token no longer authenticates (of these keys, or of every one). */
  async check(keys?: string[]): Promise<void> {
    const sockets = (keys ?? [...this.byKey.keys()]).flatMap((key) => [...(this.byKey.get(key) ?? [])]);
    if (sockets.length === 0) return;
    try {
      const hashes = [...new Map(sockets.map((s) => [s.data.user.tokenHash.toString('hex'), s])).values()];
      const valid = await this.validTokenHashes(hashes.map((s) => s.data.user.tokenHash));
      for (const socket of sockets) {
        if (!valid.has(socket.data.user.tokenHash.toString('hex'))) socket.disconnect(true);
      }
    } catch (error) {
      this.logger.warn(`cannot check live sessions: ${String(error)}`);
    }
  }
}

/** Arms the end of a socket at its token's expiry (setTimeout holds at most ~24.8 days; sessions last 23 h). */
export function expireAt(socket: Socket, expiresAt: string | undefined): NodeJS.Timeout | undefined {
  if (!expiresAt) return undefined;
  // The token's expiry is a wall-clock instant the JWT library checks against the system clock: so does its timer.
  // eslint-disable-next-line no-restricted-syntax
  const ms = new Date(expiresAt).getTime() - Date.now();
  const timer = setTimeout(() => socket.disconnect(true), Math.max(0, Math.min(ms, 2 ** 31 - 1)));
  timer.unref();
  return timer;
}
