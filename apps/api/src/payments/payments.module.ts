import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices/invoices.module.js';
import {
  DeletePaymentHandler,
  LogPaymentHandler,
  PaymentRunner,
  UpdatePaymentHandler,
} from './commands/payment.handlers.js';
import { PaymentsController } from './payments.controller.js';
import {
  CheckBalanceHandler,
  CustomerBalanceHandler,
  PaymentGridHandler,
} from './queries/payment.handlers.js';

/** Payments and customer balances (issue 8). */
@Module({
  imports: [InvoicesModule],
  controllers: [PaymentsController],
  providers: [
    PaymentRunner,
    LogPaymentHandler,
    UpdatePaymentHandler,
    DeletePaymentHandler,
    PaymentGridHandler,
    CustomerBalanceHandler,
    CheckBalanceHandler,
  ],
})
export class PaymentsModule {}
