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
import { bearerOf, expireAt, LOG_BACK_IN, ORIGIN_REFUSED, originAllowed, refusal } from './live.gateway.js';

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
  private readonly byCompany = new Map<string, Set<ShopSocket>>();
  private sweep: NodeJS.Timeout | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(
    @Inject(CustomerUsersService) private readonly users: CustomerUsersService,
    @Inject(LiveFeed) private readonly feed: LiveFeed,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  afterInit(namespace: Namespace): void {
    this.namespace = namespace;
    namespace.use((socket, next) => {
      this.admit(socket as ShopSocket).then(
        () => next(),
        (error: Error) => next(error),
      );
    });
    this.unsubscribe = this.feed.onCustomerBatch(
      (batch) => this.deliver(batch),
      (companyId) => this.byCompany.has(companyId),
    );
    this.feed
      .start()
      .catch((error: unknown) => this.logger.error(`live feed cannot start: ${String(error)}`));
    this.sweep = setInterval(() => void this.checkSessions(), this.config.live.sessionCheckMs);
    this.sweep.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweep);
    this.unsubscribe?.();
    for (const sockets of this.byCompany.values())
      for (const socket of sockets) clearTimeout(socket.data.expiry);
  }

  /** Connected ordering-app sockets of this process. */
  get connections(): number {
    let count = 0;
    for (const sockets of this.byCompany.values()) count += sockets.size;
    return count;
  }

  private async admit(socket: ShopSocket): Promise<void> {
    const origin = socket.handshake.headers.origin;
    if (origin && !originAllowed(origin, socket.handshake.headers.host, this.config)) {
      throw refusal(403, ORIGIN_REFUSED);
    }
    const token = bearerOf(socket);
    const user = token ? await this.users.authenticate(token) : null;
    if (!user) throw refusal(401, LOG_BACK_IN);
    socket.data.user = user;
  }

  handleConnection(socket: ShopSocket): void {
    const user = socket.data.user;
    if (!user) {
      socket.disconnect(true);
      return;
    }
    void socket.join(customerRoom(user.companyId, user.customerId));
    let sockets = this.byCompany.get(user.companyId);
    if (!sockets) this.byCompany.set(user.companyId, (sockets = new Set()));
    sockets.add(socket);
    socket.data.expiry = expireAt(socket, user.expiresAt);
    const hello: LiveHello = { checkpoint: this.feed.delivered };
    (socket as Socket).emit('live:hello', hello);
  }

  handleDisconnect(socket: ShopSocket): void {
    clearTimeout(socket.data.expiry);
    const user = socket.data.user;
    if (!user) return;
    const sockets = this.byCompany.get(user.companyId);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.byCompany.delete(user.companyId);
  }

  private deliver(batch: CustomerLiveBatch): void {
    const namespace = this.namespace;
    if (!namespace) return;
    for (const { event, companyId, customerId, message } of batch.deliveries) {
      namespace.to(customerRoom(companyId, customerId)).emit(event, message);
    }
    if (batch.sessionChecks.length) void this.checkSessions(batch.sessionChecks);
  }

  /** Disconnects the sockets whose token no longer authenticates (of these companies, or of every company). */
  private async checkSessions(companyIds?: string[]): Promise<void> {
    const sockets = (companyIds ?? [...this.byCompany.keys()]).flatMap((id) => [
      ...(this.byCompany.get(id) ?? []),
    ]);
    if (sockets.length === 0) return;
    try {
      const hashes = [...new Map(sockets.map((s) => [s.data.user.tokenHash.toString('hex'), s])).values()];
      const valid = await this.users.validTokenHashes(hashes.map((s) => s.data.user.tokenHash));
      for (const socket of sockets) {
        if (!valid.has(socket.data.user.tokenHash.toString('hex'))) socket.disconnect(true);
      }
    } catch (error) {
      this.logger.warn(`cannot check the ordering app's live sessions: ${String(error)}`);
    }
  }
}
