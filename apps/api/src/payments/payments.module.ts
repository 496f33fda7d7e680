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
import { DepositCheckHandler, DishonourCheckHandler } from './deposits/deposit.handlers.js';
import { DepositReader } from './deposits/deposit.reader.js';
import { DepositsController } from './deposits/deposits.controller.js';

/** Payments, customer balances and the deposit list of checks taken at delivery. */
@Module({
  imports: [InvoicesModule],
  controllers: [PaymentsController, BalancePdfController, PublicBalanceController, DepositsController],
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
    DepositReader,
    DepositCheckHandler,
    DishonourCheckHandler,
  ],
})
export class PaymentsModule {}
