import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { InvoiceDeliveryModule } from '../invoices/delivery/invoice-delivery.module.js';
import { PublicOrderController } from './public-order.controller.js';
import {
  CancelOwnOrderHandler,
  PlaceOrderHandler,
  ReviewOrderItemHandler,
  UpdateOrderHandler,
} from './commands/order.handlers.js';
import {
  CancelOrderDraftHandler,
  PlaceOrderDraftHandler,
  SaveOrderDraftHandler,
  UpdateOrderDraftHandler,
} from './commands/order-draft.handlers.js';
import { CustomerUserGuard } from './customer-users/customer-user.guard.js';
import { CustomerUsersController } from './customer-users/customer-users.controller.js';
import { CustomerUsersService } from './customer-users/customer-users.service.js';
import { OrderReader } from './order-reader.js';
import { ShopReader } from './shop/queries/shop.reader.js';
import { OrderPdfService } from './pdf/order-pdf.service.js';
import { OrdersController } from './orders.controller.js';
import { ShopController } from './shop/shop.controller.js';
import { ShopHistoryController } from './shop/shop-history.controller.js';
import { StatementsModule } from '../statements/statements.module.js';

/** Orders: customer users, the ordering app's API, order review and the order grid. */
@Module({
  imports: [AuthModule, InvoiceDeliveryModule, StatementsModule],
  controllers: [
    OrdersController,
    CustomerUsersController,
    ShopController,
    ShopHistoryController,
    PublicOrderController,
  ],
  providers: [
    OrderReader,
    OrderPdfService,
    CustomerUsersService,
    CustomerUserGuard,
    PlaceOrderHandler,
    CancelOwnOrderHandler,
    UpdateOrderHandler,
    ReviewOrderItemHandler,
    SaveOrderDraftHandler,
    UpdateOrderDraftHandler,
    CancelOrderDraftHandler,
    PlaceOrderDraftHandler,
    ShopReader,
  ],
  exports: [OrderReader, CustomerUsersService],
})
export class OrdersModule {}
