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
import type { Checkpoint } from '#engine';
import { AuthService } from '../auth/auth.service.js';
import { Public } from '../auth/public.decorator.js';
import type { AuthUser } from '../auth/auth.types.js';
import { APP_CONFIG, type AppConfig } from '../infra/config/config.js';
import { companyRoom } from './live-events.js';
import { LiveFeed, type LiveBatch } from './live-feed.js';
import { admitter, SocketSessions } from './socket-sessions.js';

interface LiveSocketData {
  user: AuthUser;
  /** the feed's position when the socket joined its room: everything after it arrives live */
  joinedAt: Checkpoint;
  expiry?: NodeJS.Timeout;
  resumes: number[];
}

type LiveSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, LiveSocketData>;

const RESUMES_PER_MINUTE = 10;

/**
 * Live updates (as the client's specification asks) on socket.io at /socket.io, in the API process. The handshake carries the bearer
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
  /** connected sockets per user */
  private readonly sessions: SocketSessions<AuthUser>;
  private unsubscribe: (() => void) | undefined;

  constructor(
    @Inject(AuthService) private readonly auth: AuthService,
    @Inject(LiveFeed) private readonly feed: LiveFeed,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.sessions = new SocketSessions<AuthUser>(
      (user) => user.id,
      (hashes) => this.auth.validTokenHashes(hashes),
      this.logger,
    );
  }

  afterInit(server: Server): void {
    this.server = server;
    server.use(admitter(this.config, (token) => this.auth.authenticate(token)));
    this.unsubscribe = this.feed.onBatch((batch) => this.deliver(batch));
    this.feed
      .start()
      .catch((error: unknown) => this.logger.error(`live feed cannot start: ${String(error)}`));
    this.sessions.startSweep(this.config.live.sessionCheckMs);
  }

  onModuleDestroy(): void {
    this.sessions.stop();
    this.unsubscribe?.();
  }

  /** Connected sockets of this process (for health and benches). */
  get connections(): number {
    return this.sessions.size;
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
    this.sessions.add(socket);
    const hello: LiveHello = { checkpoint: socket.data.joinedAt };
    (socket as Socket).emit('live:hello', hello);
  }

  handleDisconnect(socket: LiveSocket): void {
    this.sessions.remove(socket);
  }

  /** `live:resume` { after }: the messages of the company missed since `after` (acknowledgement answer). */
  @SubscribeMessage('live:resume')
  async resume(
    @ConnectedSocket() socket: LiveSocket,
    @MessageBody() body: unknown,
  ): Promise<LiveResumeAnswer> {
    const now = performance.now(); // a rate limit: elapsed time on the monotonic timer
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
    if (batch.sessionEnds.length) void this.sessions.check(batch.sessionEnds);
  }
}
