import { Module } from '@nestjs/common';
import { AccountsController } from './accounts.controller.js';
import {
  ApplyAccountCreditHandler,
  ReceivePaymentOnAccountHandler,
  RefundAccountCreditHandler,
  UnapplyAccountCreditHandler,
} from './commands/account.handlers.js';
import { AccountReader } from './queries/account.reader.js';

/**
 * Payments on account: receive for a customer, apply its credit, take a share back to credit, refund it; and the
 * account's answer.
 */
@Module({
  controllers: [AccountsController],
  providers: [
    AccountReader,
    ReceivePaymentOnAccountHandler,
    ApplyAccountCreditHandler,
    RefundAccountCreditHandler,
    UnapplyAccountCreditHandler,
  ],
  exports: [AccountReader],
})
export class AccountsModule {}
