import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  WebSocketGateway,
  type OnGatewayConnection,
  type OnGatewayDisconnect,
  type OnGatewayInit,
} from '@nestjs/websockets';
import type { Namespace, Socket } from 'socket.io';
import type { LiveHello } from '#domain/contracts/live.contract.js';
import { Public } from '../auth/public.decorator.js';
import { APP_CONFIG, type AppConfig } from '../infra/config/config.js';
import type { CustomerUserPrincipal } from '../orders/customer-users/customer-user.types.js';
import { CustomerUsersService } from '../orders/customer-users/customer-users.service.js';
import { customerRoom } from './live-events.js';
import { LiveFeed, type CustomerLiveBatch } from './live-feed.js';
import { admitter, SocketSessions } from './socket-sessions.js';

interface ShopSocketData {
  user: CustomerUserPrincipal & { tokenHash: Buffer; expiresAt: string };
  expiry?: NodeJS.Timeout;
}

type ShopSocket = Socket<Record<string, never>, Record<string, never>, Record<string, never>, ShopSocketData>;

/**
 * Live updates of the ordering app (/shop/{subdomain}) on the socket.io namespace `/shop`: the handshake carries a
 * customer user's token (a staff token is refused here, as a customer user's is on the back office's namespace),
 * and the socket joins its own customer's room only — never the company's. It receives `order:placed`,
 * `order:status`, `order:invoiced`, `invoice:changed` and `payment:changed` about its customer's orders and
 * invoices, with `by` set only when a customer user did it. The customer user's sockets end as soon as any API
 * process's feed sees their sign-out, disabling or revocation, their customer's removal or the order feature
 * switched off; a periodic check (LIVE_SESSION_CHECK_MS) and the token's expiry catch the rest. There is no
 * replay: after a reconnect the ordering app refetches its two lists.
 */
@Public()
@WebSocketGateway({
  namespace: '/shop',
  serveClient: false,
  maxHttpBufferSize: 16_384,
  connectTimeout: 10_000,
})
export class ShopLiveGateway
  implements OnGatewayInit, OnGatewayConnection, OnGatewayDisconnect, OnModuleDestroy
{
  private readonly logger = new Logger('ShopLiveGateway');
  private namespace: Namespace | undefined;
  /** connected sockets per company (a feed batch looks customers up only for these companies) */
  private readonly sessions: SocketSessions<ShopSocketData['user']>;
  private unsubscribe: (() => void) | undefined;

  constructor(
    @Inject(CustomerUsersService) private readonly users: CustomerUsersService,
    @Inject(LiveFeed) private readonly feed: LiveFeed,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.sessions = new SocketSessions<ShopSocketData['user']>(
      (user) => user.companyId,
      (hashes) => this.users.validTokenHashes(hashes),
      this.logger,
    );
  }

  afterInit(namespace: Namespace): void {
    this.namespace = namespace;
    namespace.use(admitter(this.config, (token) => this.users.authenticate(token)));
    this.unsubscribe = this.feed.onCustomerBatch(
      (batch) => this.deliver(batch),
      (companyId) => this.sessions.has(companyId),
    );
    this.feed
      .start()
      .catch((error: unknown) => this.logger.error(`live feed cannot start: ${String(error)}`));
    this.sessions.startSweep(this.config.live.sessionCheckMs);
  }

  onModuleDestroy(): void {
    this.sessions.stop();
    this.unsubscribe?.();
  }

  /** Connected ordering-app sockets of this process. */
  get connections(): number {
    return this.sessions.size;
  }

  handleConnection(socket: ShopSocket): void {
    const user = socket.data.user;
    if (!user) {
      socket.disconnect(true);
      return;
    }
    void socket.join(customerRoom(user.companyId, user.customerId));
    this.sessions.add(socket);
    const hello: LiveHello = { checkpoint: this.feed.delivered };
    (socket as Socket).emit('live:hello', hello);
  }

  handleDisconnect(socket: ShopSocket): void {
    this.sessions.remove(socket);
  }

  private deliver(batch: CustomerLiveBatch): void {
    const namespace = this.namespace;
    if (!namespace) return;
    for (const { event, companyId, customerId, message } of batch.deliveries) {
      namespace.to(customerRoom(companyId, customerId)).emit(event, message);
    }
    if (batch.sessionChecks.length) void this.sessions.check(batch.sessionChecks);
  }
}
