import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  ConnectedSocket,
  MessageBody,
  SubscribeMessage,
  WebSocketGateway,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import type { LiveHello, LiveResumeAnswer } from '#domain/contracts/live.contract.js';
import type { Checkpoint } from '#infra/event-store/event-store.port.js';
import { AuthService } from '../auth/auth.service.js';
import { Public } from '../auth/public.decorator.js';
import type { AuthUser } from '../auth/auth.types.js';
import { APP_CONFIG, type AppConfig } from '../infra/config/config.js';
import { companyRoom } from './live-events.js';
import { LiveFeed, type LiveBatch } from './live-feed.js';

interface LiveSocketData {
  user: AuthUser;
  /** the feed's position when the socket joined its room: everything after it arrives live */
  joinedAt: Checkpoint;
  expiry?: NodeJS.Timeout;
  resumes: number[];
}

type LiveSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, LiveSocketData>;

export const LOG_BACK_IN = 'Please log back in.';
export const ORIGIN_REFUSED = 'Origin not allowed.';
const RESUMES_PER_MINUTE = 10;

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

/** Arms the end of a socket at its token's expiry (setTimeout holds at most ~24.8 days; sessions last 23 h). */
export function expireAt(socket: Socket, expiresAt: string | undefined): NodeJS.Timeout | undefined {
  if (!expiresAt) return undefined;
  const ms = new Date(expiresAt).getTime() - Date.now();
  const timer = setTimeout(() => socket.disconnect(true), Math.max(0, Math.min(ms, 2 ** 31 - 1)));
  timer.unref();
  return timer;
}

/**
 * Live updates (spec 001 §7) on socket.io at /socket.io, in the API process. The handshake carries the bearer
 * token (`auth: { token }` or an Authorization header), checked as HTTP checks it; a browser's Origin must be the
 * app's own (or one of LIVE_ORIGINS). Each socket joins its company's room and only that: there is no message to
 * join another. A user's sockets are checked again when the feed sees their sign-out, password reset or
 * disabling (every API process sees it), every LIVE_SESSION_CHECK_MS, and at their token's expiry.
 */
// The HTTP guard does not apply to messages: the handshake authenticated the socket, and the session checks end it.
@Public()
@WebSocketGateway({ serveClient: false, maxHttpBufferSize: 16_384, connectTimeout: 10_000 })
export class LiveGateway implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy {
  private readonly logger = new Logger('LiveGateway');
  private server: Server | undefined;
  private readonly byUser = new Map<string, Set<LiveSocket>>();
  private sweep: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(LiveFeed) private readonly feed: LiveFeed,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  afterInit(server: Server): void {
    this.server = server;
    server.use((socket, next) => {
      this.admit(socket as LiveSocket).then(
        () => next(),
        (error: Error) => next(error),
      );
    });
    this.unsubscribe = this.feed.onBatch((batch) => this.deliver(batch));
    this.feed
      .start()
      .catch((error: unknown) => this.logger.error(`live feed cannot start: ${String(error)}`));
    this.sweep = setInterval(() => void this.checkSessions(), this.config.live.sessionCheckMs);
    this.sweep.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweep);
    this.unsubscribe?.();
    for (const sockets of this.byUser.values())
      for (const socket of sockets) clearTimeout(socket.data.expiry);
  }

  /** Connected sockets of this process (for health and benches). */
  get connections(): number {
    let count = 0;
    for (const sockets of this.byUser.values()) count += sockets.size;
    return count;
  }

  private async admit(socket: LiveSocket): Promise<void> {
    const origin = socket.handshake.headers.origin;
    if (origin && !originAllowed(origin, socket.handshake.headers.host, this.config)) {
      throw refusal(403, ORIGIN_REFUSED);
    }
    const token = bearerOf(socket);
    const user = token ? await this.auth.authenticate(token) : null;
    if (!user) throw refusal(401, LOG_BACK_IN);
    socket.data.user = user;
  }

  handleConnection(socket: LiveSocket): void {
    const user = socket.data.user;
    if (!user) {
      socket.disconnect(true);
      return;
    }
    socket.data.resumes = [];
    // Joining and reading the feed's position happen in one turn, between two batches: nothing falls between.
    void socket.join(companyRoom(user.companyId));
    socket.data.joinedAt = this.feed.delivered;
    let sockets = this.byUser.get(user.id);
    if (!sockets) this.byUser.set(user.id, (sockets = new Set()));
    sockets.add(socket);
    socket.data.expiry = expireAt(socket, user.expiresAt);
    const hello: LiveHello = { checkpoint: socket.data.joinedAt };
    (socket as Socket).emit('live:hello', hello);
  }

  handleDisconnect(socket: LiveSocket): void {
    clearTimeout(socket.data.expiry);
    const user = socket.data.user;
    if (!user) return;
    const sockets = this.byUser.get(user.id);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.byUser.delete(user.id);
  }

  /** `live:resume` { after }: the messages of the company missed since `after` (acknowledgement answer). */
  @SubscribeMessage('live:resume')
  async resume(
    @ConnectedSocket() socket: LiveSocket,
    @MessageBody() body: unknown,
  ): Promise<LiveResumeAnswer> {
    const now = Date.now();
    socket.data.resumes = socket.data.resumes.filter((at) => now - at < 60_000);
    if (socket.data.resumes.length >= RESUMES_PER_MINUTE) return { error: 'Too many requests.' };
    socket.data.resumes.push(now);
    const after = typeof body === 'object' && body !== null ? (body as { after?: unknown }).after : undefined;
    return this.feed.replay(after, socket.data.joinedAt, socket.data.user.companyId);
  }

  private deliver(batch: LiveBatch): void {
    const server = this.server;
    if (!server) return;
    for (const { event, companyId, message } of batch.deliveries) {
      server.to(companyRoom(companyId)).emit(event, message);
    }
    if (batch.sessionEnds.length) void this.checkSessions(batch.sessionEnds);
  }

  /** Disconnects the sockets whose token no longer authenticates (of these users, or of everyone). */
  private async checkSessions(userIds?: string[]): Promise<void> {
    const sockets = (userIds ?? [...this.byUser.keys()]).flatMap((id) => [...(this.byUser.get(id) ?? [])]);
    if (sockets.length === 0) return;
    try {
      const hashes = [...new Map(sockets.map((s) => [s.data.user.tokenHash.toString('hex'), s])).values()];
      const valid = await this.auth.validTokenHashes(hashes.map((s) => s.data.user.tokenHash));
      for (const socket of sockets) {
        if (!valid.has(socket.data.user.tokenHash.toString('hex'))) socket.disconnect(true);
      }
    } catch (error) {
      this.logger.warn(`cannot check live sessions: ${String(error)}`);
    }
  }
}
