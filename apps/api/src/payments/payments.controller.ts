import { Body, Controller, Delete, Get, Headers, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { CommandMetadata } from '#domain/shared/decider.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/public.decorator.js';
import { RequiresFeature } from '../features/requires-feature.decorator.js';
import { GridParams } from '#infra/grid/index.js';
import { idempotencyKeyOf, idempotentId } from '../infra/http/idempotent-id.js';
import {
  DeletePaymentCommand,
  LogPaymentCommand,
  UpdatePaymentCommand,
} from './commands/payment.commands.js';
import { PaymentBody } from './dto/payment.body.js';
import { CheckBalanceQuery, CustomerBalanceQuery, PaymentGridQuery } from './queries/payment.queries.js';
import { ApiAnswer, ApiIdempotencyKey } from '../infra/http/api-answer.js';
import {
  CUSTOMER_BALANCE_ANSWER,
  CUSTOMER_CHECK_BALANCE_ANSWER,
  INVOICE_PAYMENT_GRID_ANSWER,
  INVOICE_WITH_PAYMENT_ANSWER,
} from './payments.answers.js';
import { Clock } from '../infra/clock.js';

const metadataOf = (user: AuthUser, clock: Clock): CommandMetadata => ({
  companyId: user.companyId,
  userId: user.id,
  now: clock.nowIso(),
});

/**
 * The client's specification's Payments and the customer balance, all with the payment feature on. Any user logs a
 * payment; editing and deleting are the owner's (as the client's specification asks), decided by the domain.
 */
@ApiTags('payment')
@ApiBearerAuth()
@RequiresFeature('payment')
@Controller()
export class PaymentsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get('invoice/payment/grid')
  @ApiAnswer(200, 'One page of the grid and the count of matching rows', INVOICE_PAYMENT_GRID_ANSWER)
  grid(@CurrentUser() user: AuthUser, @Query() params: GridParams) {
    return this.queries.execute(new PaymentGridQuery(user.companyId, params));
  }

  /** 201 with the invoice (its payments, balance and status). 409 asks to confirm on a fully paid invoice. */
  @Post('invoice/:invoice/payment')
  @ApiAnswer(
    201,
    'The invoice with the payment logged, its status and balance following it',
    INVOICE_WITH_PAYMENT_ANSWER,
  )
  @ApiIdempotencyKey('A retried submit logs one payment')
  log(
    @CurrentUser() user: AuthUser,
    @Param('invoice') invoice: string,
    @Body() body: PaymentBody,
    @Headers('idempotency-key') key: string | undefined,
  ) {
    const paymentKey = idempotencyKeyOf(key);
    const paymentId = idempotentId(user.companyId, user.id, paymentKey && `payment:${paymentKey}`);
    return this.commands.execute(
      new LogPaymentCommand(metadataOf(user, this.clock), invoice, body, paymentId),
    );
  }

  @Put('invoice/:invoice/payment/:paymentId')
  @ApiAnswer(200, 'The invoice with the payment changed', INVOICE_WITH_PAYMENT_ANSWER)
  update(
    @CurrentUser() user: AuthUser,
    @Param('invoice') invoice: string,
    @Param('paymentId') paymentId: string,
    @Body() body: PaymentBody,
  ) {
    return this.commands.execute(
      new UpdatePaymentCommand(metadataOf(user, this.clock), invoice, paymentId, body, user.role === 'owner'),
    );
  }

  @Delete('invoice/:invoice/payment/:paymentId')
  @ApiAnswer(200, 'The invoice without the payment (owners only)', INVOICE_WITH_PAYMENT_ANSWER)
  remove(
    @CurrentUser() user: AuthUser,
    @Param('invoice') invoice: string,
    @Param('paymentId') paymentId: string,
  ) {
    return this.commands.execute(
      new DeletePaymentCommand(metadataOf(user, this.clock), invoice, paymentId, user.role === 'owner'),
    );
  }

  @Get('customer/:id/balance')
  @ApiAnswer(200, "The customer's owing and open invoices", CUSTOMER_BALANCE_ANSWER)
  balance(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.queries.execute(new CustomerBalanceQuery(user.companyId, id.toLowerCase()));
  }

  @Get('customer/:id/check-balance')
  @ApiAnswer(200, 'What the customer owes, and on how many invoices', CUSTOMER_CHECK_BALANCE_ANSWER)
  checkBalance(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.queries.execute(new CheckBalanceQuery(user.companyId, id.toLowerCase()));
  }
}
