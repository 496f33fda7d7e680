import { Body, Controller, Get, Headers, Inject, Param, Post, Query } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { CommandMetadata } from '#domain/shared/decider.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/public.decorator.js';
import { RequiresFeature } from '../features/requires-feature.decorator.js';
import { Clock } from '../infra/clock.js';
import { ApiAnswer, ApiIdempotencyKey } from '../infra/http/api-answer.js';
import { idempotencyKeyOf } from '../infra/http/idempotent-id.js';
import { CUSTOMER_ACCOUNT_ANSWER } from './account.answers.js';
import {
  ApplyAccountCreditCommand,
  ReceivePaymentOnAccountCommand,
  RefundAccountCreditCommand,
  UnapplyAccountCreditCommand,
} from './commands/account.commands.js';
import {
  ApplyCreditBody,
  ReceivePaymentBody,
  RefundCreditBody,
  UnapplyCreditBody,
} from './dto/account.body.js';
import { AccountEntriesParams } from './dto/account.params.js';
import { AccountReader } from './queries/account.reader.js';

const metadataOf = (user: AuthUser, clock: Clock): CommandMetadata => ({
  companyId: user.companyId,
  userId: user.id,
  now: clock.nowIso(),
});

/**
 * Payments on account, with the payment feature on: money received for a customer rather than one invoice, applied
 * to its open invoices (oldest first or as chosen), the rest kept as its credit, applied later or refunded.
 */
@ApiTags('payment')
@ApiBearerAuth()
@RequiresFeature('payment')
@Controller()
export class AccountsController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(AccountReader) private readonly reader: AccountReader,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** 200 with the totals and one page of entries, newest first; 400 for a bad limit or before. */
  @Get('customer/:id/account')
  @ApiAnswer(
    200,
    "The customer's unapplied credit, balance and a page of its account entries",
    CUSTOMER_ACCOUNT_ANSWER,
  )
  account(@CurrentUser() user: AuthUser, @Param('id') id: string, @Query() page: AccountEntriesParams) {
    return this.reader.read(user.companyId, id.toLowerCase(), page);
  }

  /** 201 with the account; 400 for a bad amount or an invoice of another customer, 409 for a cancelled invoice. */
  @Post('customer/:id/payment')
  @ApiAnswer(
    201,
    'The account after the payment, applied and the rest kept as credit',
    CUSTOMER_ACCOUNT_ANSWER,
  )
  @ApiIdempotencyKey('A retried submit is recorded once')
  receive(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() body: ReceivePaymentBody,
    @Headers('idempotency-key') key: string | undefined,
  ) {
    return this.commands.execute(
      new ReceivePaymentOnAccountCommand(
        metadataOf(user, this.clock),
        id.toLowerCase(),
        body,
        idempotencyKeyOf(key),
      ),
    );
  }

  /** 201 with the account; 409 when there is no credit or the amounts chosen are more than it. */
  @Post('customer/:id/credit/apply')
  @ApiAnswer(201, 'The account after its credit was applied', CUSTOMER_ACCOUNT_ANSWER)
  @ApiIdempotencyKey('A retried submit is recorded once')
  apply(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() body: ApplyCreditBody,
    @Headers('idempotency-key') key: string | undefined,
  ) {
    return this.commands.execute(
      new ApplyAccountCreditCommand(
        metadataOf(user, this.clock),
        id.toLowerCase(),
        body,
        idempotencyKeyOf(key),
      ),
    );
  }

  /**
   * 201 with the account: the invoice's payment from the account taken back to the customer's credit (the invoice owes
   * it again). 403 for a user who is not the owner; 404 for an unknown invoice or payment; 409 for a payment paid on
   * the invoice itself or from another customer's account, and for a cancelled invoice (its payments already became
   * credit). The same payment again: no change.
   */
  @Post('customer/:id/credit/unapply')
  @ApiAnswer(201, 'The account after the share was taken back to credit', CUSTOMER_ACCOUNT_ANSWER)
  @ApiIdempotencyKey('A retried submit is recorded once')
  unapply(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() body: UnapplyCreditBody,
    @Headers('idempotency-key') key: string | undefined,
  ) {
    idempotencyKeyOf(key); // checked like the other writes' (the interceptor answers a repeated key)
    return this.commands.execute(
      new UnapplyAccountCreditCommand(
        metadataOf(user, this.clock),
        id.toLowerCase(),
        body,
        user.role === 'owner',
      ),
    );
  }

  /** 201 with the account; 409 when it is more than the credit. */
  @Post('customer/:id/credit/refund')
  @ApiAnswer(201, 'The account after the refund', CUSTOMER_ACCOUNT_ANSWER)
  @ApiIdempotencyKey('A retried submit is recorded once')
  refund(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() body: RefundCreditBody,
    @Headers('idempotency-key') key: string | undefined,
  ) {
    return this.commands.execute(
      new RefundAccountCreditCommand(
        metadataOf(user, this.clock),
        id.toLowerCase(),
        body,
        idempotencyKeyOf(key),
      ),
    );
  }
}
