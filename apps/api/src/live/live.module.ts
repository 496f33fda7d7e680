import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { OrdersModule } from '../orders/orders.module.js';
import { LiveFeed } from './live-feed.js';
import { LiveGateway } from './live.gateway.js';
import { ShopLiveGateway } from './shop-live.gateway.js';

/**
 * Live updates: the socket.io gateways (the back office's company rooms on `/`, the ordering app's customer rooms
 * on `/shop`) and the feed that follows the event store for them.
 */
@Module({
  imports: [AuthModule, OrdersModule],
  providers: [LiveFeed, LiveGateway, ShopLiveGateway],
  exports: [LiveGateway, ShopLiveGateway],
})
export class LiveModule {}
