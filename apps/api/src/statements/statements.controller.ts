import { Body, Controller, Delete, Get, Headers, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {
  PublicStatementResponse,
  StatementEmailResponse,
  StatementLinkResponse,
  StatementResponse,
} from '#domain/contracts/statement.contract.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser, Public } from '../auth/public.decorator.js';
import { orLinkNotFound, PublicLinks } from '../delivery/public-links.js';
import { RequiresFeature } from '../features/requires-feature.decorator.js';
import { Clock } from '../infra/clock.js';
import { actorOf } from '../infra/http/actor.js';
import { ApiAnswer, ApiEmailAnswer, ApiFileAnswer, emailStatus } from '../infra/http/api-answer.js';
import { idempotencyKeyOf, idempotentId } from '../infra/http/idempotent-id.js';
import { sendPdf } from '../infra/pdf/pdf-reply.js';
import { StatementEmailBody, StatementParams } from './dto/statement.params.js';
import {
  PUBLIC_STATEMENT_ANSWER,
  STATEMENT_ANSWER,
  STATEMENT_EMAIL_ANSWER,
  STATEMENT_LINK_ANSWER,
  STATEMENT_LINKS_REVOKED_ANSWER,
} from './statement.answers.js';
import { StatementDocuments } from './statement-documents.service.js';

/**
 * A customer's statement for a period (`from`/`to`, both or neither: the current month in the company's time zone),
 * with the payment feature on: on screen, as PDF, by e-mail and by public link. Another company's customer is 404
 * 'Customer Not Found'; a bad period 400 with the field named.
 */
@ApiTags('payment')
@ApiBearerAuth()
@RequiresFeature('payment')
@Controller('customer/:id/statement')
export class StatementsController {
  constructor(
    @Inject(StatementDocuments) private readonly statements: StatementDocuments,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get()
  @ApiAnswer(
    200,
    "The customer's statement: opening balance, rows with running balance, closing balance and aging",
    STATEMENT_ANSWER,
  )
  statement(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Query() params: StatementParams,
  ): Promise<StatementResponse> {
    return this.statements.statement(user.companyId, id, params, this.clock.now());
  }

  /** application/pdf, `statement_{customerId}_{from}_{to}_{HHmmss}.pdf` as an attachment. */
  @Get('pdf')
  @ApiFileAnswer('application/pdf', 'The statement PDF')
  async pdf(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Query() params: StatementParams,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { pdf, filename } = await this.statements.print(user.companyId, id, params, this.clock.now());
    return sendPdf(reply, pdf, filename, 'attachment');
  }

  /**
   * Sends the statement PDF and its public link to one address, Reply-To the company, recorded in the e-mail log:
   * 200 when the mail server took it, 202 `queued` when it deferred it (retried in the background), 502 when it
   * refused it.
   */
  @Post('email')
  @ApiEmailAnswer(
    'The statement was handed to the mail server (202 with status queued when it deferred it)',
    STATEMENT_EMAIL_ANSWER,
  )
  async email(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Body() body: StatementEmailBody,
    @Headers('idempotency-key') key: string | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StatementEmailResponse> {
    const { email, ...period } = body;
    const emailId = idempotentId(user.companyId, user.id, idempotencyKeyOf(key));
    const sent = await this.statements.email(actorOf(user, this.clock), id, period, email, emailId);
    void reply.status(emailStatus(sent));
    return sent;
  }

  /** A public link that opens this period of the statement: `{ token, url: '/customer/statement/pdf/{token}', … }`. */
  @Post('link')
  @ApiAnswer(
    201,
    "A public link to the period's statement (only the token's hash is kept)",
    STATEMENT_LINK_ANSWER,
  )
  async link(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Query() params: StatementParams,
  ): Promise<StatementLinkResponse> {
    const { statement, link, url } = await this.statements.link(actorOf(user, this.clock), id, params);
    return { token: link.token, url, expires_at: link.expires_at, period: statement.period };
  }

  /** Revokes every live public link to the customer's statements, whatever their period: `{ revoked: n }`. */
  @Delete('link')
  @ApiAnswer(
    200,
    "How many of the customer's statement links stopped working",
    STATEMENT_LINKS_REVOKED_ANSWER,
  )
  async revokeLinks(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return { revoked: await this.statements.revokeLinks(actorOf(user, this.clock), id) };
  }
}

/**
 * Public statements: no sign-in; a token opens one customer's statement of the period it was issued for. A wrong,
 * expired or other kind of token, or a customer gone since, is the one 404 'This link is invalid or has expired.'.
 */
@ApiTags('public')
@Controller('pdf/customer/statement')
export class PublicStatementController {
  constructor(
    @Inject(PublicLinks) private readonly links: PublicLinks,
    @Inject(StatementDocuments) private readonly statements: StatementDocuments,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get(':token')
  @Public()
  @ApiAnswer(200, "The statement and the distributor's header, without sign-in", PUBLIC_STATEMENT_ANSWER)
  async statement(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PublicStatementResponse> {
    const { companyId, customerId, period } = await this.open(token, request);
    const [statement, company] = await Promise.all([
      this.statements.statement(companyId, customerId, period, this.clock.now()).catch(orLinkNotFound),
      this.statements.header(companyId),
    ]);
    void reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
    return { ...statement, company };
  }

  /** The PDF itself, inline. */
  @Get(':token/file')
  @Public()
  @ApiFileAnswer('application/pdf', 'The statement PDF')
  async file(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { companyId, customerId, period } = await this.open(token, request);
    const { pdf, filename } = await this.statements
      .print(companyId, customerId, period, this.clock.now())
      .catch(orLinkNotFound);
    void reply.header('x-robots-tag', 'noindex');
    return sendPdf(reply, pdf, filename, 'inline');
  }

  private open(token: string, request: FastifyRequest) {
    return this.links.open('customer_statement', token, request.ip, async (link) => ({
      companyId: link.companyId,
      customerId: link.subjectId,
      period: { from: link.scope?.from, to: link.scope?.to },
    }));
  }
}
