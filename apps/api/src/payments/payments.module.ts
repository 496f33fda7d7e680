import { Module } from '@nestjs/common';
import { InvoicesModule } from '../invoices/invoices.module.js';
import {
  DeletePaymentHandler,
  LogPaymentHandler,
  PaymentRunner,
  UpdatePaymentHandler,
} from './commands/payment.handlers.js';
import { BalancePdfController, PublicBalanceController } from './balance-pdf.controller.js';
import { PaymentsController } from './payments.controller.js';
import { BalancePdfService } from './pdf/balance-pdf.service.js';
import {
  CheckBalanceHandler,
  CustomerBalanceHandler,
  PaymentGridHandler,
} from './queries/payment.handlers.js';
import { PaymentReader } from './queries/payment.reader.js';

/** Payments and customer balances. */
@Module({
  imports: [InvoicesModule],
  controllers: [PaymentsController, BalancePdfController, PublicBalanceController],
  providers: [
    PaymentReader,
    PaymentRunner,
    LogPaymentHandler,
    UpdatePaymentHandler,
    DeletePaymentHandler,
    PaymentGridHandler,
    CustomerBalanceHandler,
    CheckBalanceHandler,
    BalancePdfService,
  ],
})
export class PaymentsModule {}
