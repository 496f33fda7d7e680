import { Body, Controller, Get, Inject, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { AuthUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/public.decorator.js';
import { Clock } from '../../infra/clock.js';
import { ApiAnswer } from '../../infra/http/api-answer.js';
import { INVOICE_WITH_PAYMENT_ANSWER } from '../payments.answers.js';
import { DepositCheckCommand, DishonourCheckCommand } from './deposit.commands.js';
import { DepositReader } from './deposit.reader.js';
import { DEPOSITS_ANSWER } from './deposits.answers.js';
import { DepositCheckBody, DishonourCheckBody } from '../dto/deposit.body.js';

/** The deposit list: checks taken at delivery and their legal deposit deadline; Mark Deposited and Mark Dishonoured. */
@ApiTags('payment')
@ApiBearerAuth()
@Controller()
export class DepositsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(DepositReader) private readonly reader: DepositReader,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get('deposits')
  @ApiAnswer(200, 'Every check not deposited yet, with its deposit deadline', DEPOSITS_ANSWER)
  list(@CurrentUser() user: AuthUser) {
    return this.reader.checks(user.companyId, this.clock.nowIso());
  }

  @Post('invoice/:invoice/payment/:paymentId/deposit')
  @ApiAnswer(201, 'The invoice, the check deposited', INVOICE_WITH_PAYMENT_ANSWER)
  deposit(
    @CurrentUser() user: AuthUser,
    @Param('invoice') invoice: string,
    @Param('paymentId') paymentId: string,
    @Body() body: DepositCheckBody,
  ) {
    const metadata = { companyId: user.companyId, userId: user.id, now: this.clock.nowIso() };
    return this.commands.execute(new DepositCheckCommand(metadata, invoice, paymentId, body.deposited_on));
  }

  @Post('invoice/:invoice/payment/:paymentId/dishonour')
  @ApiAnswer(201, 'The invoice, the check no longer paying it', INVOICE_WITH_PAYMENT_ANSWER)
  dishonour(
    @CurrentUser() user: AuthUser,
    @Param('invoice') invoice: string,
    @Param('paymentId') paymentId: string,
    @Body() body: DishonourCheckBody,
  ) {
    const metadata = { companyId: user.companyId, userId: user.id, now: this.clock.nowIso() };
    return this.commands.execute(new DishonourCheckCommand(metadata, invoice, paymentId, body.note ?? ''));
  }
}
