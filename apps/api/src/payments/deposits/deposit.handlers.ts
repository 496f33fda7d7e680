import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { businessDate } from '#domain/shared/business-date.js';
import { PaymentRunner } from '../commands/payment.handlers.js';
import { DepositCheckCommand, DishonourCheckCommand } from './deposit.commands.js';

/** A check of the company's invoice (else 404) marked deposited on its invoice's stream. */
@CommandHandler(DepositCheckCommand)
export class DepositCheckHandler implements ICommandHandler<DepositCheckCommand> {
  constructor(@Inject(PaymentRunner) private readonly payments: PaymentRunner) {}

  execute({ metadata, invoice, paymentId, depositedOn }: DepositCheckCommand) {
    return this.payments.run(metadata.companyId, invoice, (invoiceId, timeZone) => ({
      type: 'MarkCheckDeposited',
      data: {
        invoiceId,
        paymentId,
        depositedOn: depositedOn ?? businessDate(metadata.now, timeZone),
        timeZone,
      },
      metadata,
    }));
  }
}

/** A check of the company's invoice (else 404) marked dishonoured: it no longer pays the invoice. */
@CommandHandler(DishonourCheckCommand)
export class DishonourCheckHandler implements ICommandHandler<DishonourCheckCommand> {
  constructor(@Inject(PaymentRunner) private readonly payments: PaymentRunner) {}

  execute({ metadata, invoice, paymentId, note }: DishonourCheckCommand) {
    return this.payments.run(metadata.companyId, invoice, (invoiceId) => ({
      type: 'MarkCheckDishonoured',
      data: { invoiceId, paymentId, note },
      metadata,
    }));
  }
}
