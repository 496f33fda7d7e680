import {
  Body,
  Controller,
  Get,
  Headers,
  Inject,
  Param,
  Post,
  Query,
  Res,
  StreamableFile,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { CommandMetadata } from '#domain/shared/decider.js';
import { GridParams } from '#infra/grid/index.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser } from '../auth/public.decorator.js';
import { Clock } from '../infra/clock.js';
import {
  ApiAnswer,
  ApiEmailAnswer,
  ApiFileAnswer,
  ApiIdempotencyKey,
  emailStatus,
} from '../infra/http/api-answer.js';
import { idempotencyKeyOf, idempotentId } from '../infra/http/idempotent-id.js';
import { sendPdf } from '../infra/pdf/pdf-reply.js';
import { StampDownloadParams } from '../stamps/dto/stamp.params.js';
import { CreditMemoPdfService } from './pdf/credit-memo-pdf.js';
import { CreditMemoEmailService } from './pdf/credit-memo-email.js';
import { IssueCreditMemoCommand, VoidCreditMemoCommand } from './commands/credit-memo.commands.js';
import {
  CREDIT_MEMO_EMAIL_EXAMPLE,
  CREDIT_MEMO_EMAILS_EXAMPLE,
  CREDIT_MEMO_EXAMPLE,
  CREDIT_MEMO_GRID_EXAMPLE,
  CREDIT_MEMO_VOID_EXAMPLE,
} from './credit-memos.answers.js';
import { CreditMemoBody, CreditMemoEmailBody, VoidCreditMemoBody } from './dto/credit-memo.body.js';
import {
  CreditMemoCsvQuery,
  CreditMemoGridQuery,
  GetCreditMemoQuery,
} from './queries/credit-memo.queries.js';

const metadataOf = (user: AuthUser, clock: Clock): CommandMetadata => ({
  companyId: user.companyId,
  userId: user.id,
  now: clock.nowIso(),
});

/**
 * Credit memos: issued on an invoice for goods delivered damaged, short or in error, a freshness swap of beer, a
 * pricing error or another reason with a note; never edited, voided with a reason. The same users as invoices.
 */
@ApiTags('credit-memo')
@ApiBearerAuth()
@Controller()
export class CreditMemosController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(CreditMemoPdfService) private readonly pdfs: CreditMemoPdfService,
    @Inject(CreditMemoEmailService) private readonly emails: CreditMemoEmailService,
  ) {}

  @Get('credit-memos')
  @ApiAnswer(
    200,
    'One page of the credit-memo grid and the count of matching memos',
    CREDIT_MEMO_GRID_EXAMPLE,
  )
  grid(@CurrentUser() user: AuthUser, @Query() params: GridParams) {
    return this.queries.execute(new CreditMemoGridQuery(user.companyId, params));
  }

  /** The grid's filter and sort (filterModel / sortModel as for the grid) as a CSV file. */
  @Get('credit-memos/export')
  @ApiFileAnswer('text/csv', 'The CSV file (streamed)')
  async export(@CurrentUser() user: AuthUser, @Query() params: StampDownloadParams) {
    const { filename, stream } = await this.queries.execute(
      new CreditMemoCsvQuery(user.companyId, params, this.clock.now()),
    );
    return new StreamableFile(stream as never, {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${filename}"`,
    });
  }

  /** 201 with the memo; 400 when it would credit more than is left of a line or of the invoice. */
  @Post('credit-memo')
  @ApiAnswer(201, 'The credit memo issued, with its number and totals', CREDIT_MEMO_EXAMPLE)
  @ApiIdempotencyKey('A retried submit issues one credit memo')
  issue(
    @CurrentUser() user: AuthUser,
    @Body() body: CreditMemoBody,
    @Headers('idempotency-key') key: string | undefined,
  ) {
    return this.commands.execute(
      new IssueCreditMemoCommand(metadataOf(user, this.clock), body, idempotencyKeyOf(key)),
    );
  }

  @Get('credit-memo/:id')
  @ApiAnswer(200, 'The credit memo, and its void when it was voided', CREDIT_MEMO_EXAMPLE)
  get(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.queries.execute(new GetCreditMemoQuery(user.companyId, id));
  }

  /** application/pdf, `Content-Disposition: attachment; filename="credit_memo_CM-1001.pdf"`. */
  @Get('credit-memo/:id/pdf')
  @ApiOkResponse({ description: 'The PDF', content: { 'application/pdf': {} } })
  async pdf(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { pdf, filename } = await this.pdfs.print(user.companyId, id);
    return sendPdf(reply, pdf, filename, 'attachment');
  }

  /**
   * Sends the memo's PDF to one address, Reply-To the company, recorded in the e-mail log: 200 when the mail server
   * took it, 202 `queued` when it deferred it (retried in the background), 502 when it refused it.
   */
  @Post('credit-memo/:id/email')
  @ApiEmailAnswer(
    'The credit memo was handed to the mail server (202 with status queued when it deferred it)',
    CREDIT_MEMO_EMAIL_EXAMPLE,
  )
  async email(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() body: CreditMemoEmailBody,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const metadata = metadataOf(user, this.clock);
    const emailId = idempotentId(user.companyId, user.id, idempotencyKeyOf(key));
    const sent = await this.emails.email(metadata, id, body.email, emailId);
    void reply.status(emailStatus(sent));
    return sent;
  }

  /** The memo's e-mails, one per recipient, newest first: to whom, when, and what the mail server made of it. */
  @Get('credit-memo/:id/email')
  @ApiAnswer(200, "The credit memo's e-mails, newest first", CREDIT_MEMO_EMAILS_EXAMPLE)
  emailLog(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.emails.log(user.companyId, id);
  }

  /** 201 with the memo, void; 409 when it is void already (or its returned bottles were sold again). */
  @Post('credit-memo/:id/void')
  @ApiAnswer(201, 'The credit memo, void: it no longer counts', CREDIT_MEMO_VOID_EXAMPLE)
  void(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: VoidCreditMemoBody) {
    return this.commands.execute(new VoidCreditMemoCommand(metadataOf(user, this.clock), id, body));
  }
}
