import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicBalanceResponse, PublicLinkResponse } from '#domain/contracts/public.contract.js';
import { customerStream } from '#domain/customers/customer.decide.js';
import type { BalanceLinkIssued, BalanceLinksRevoked } from '#domain/customers/customer.events.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser, Public } from '../auth/public.decorator.js';
import { orLinkNotFound, PublicLinks } from '../delivery/public-links.js';
import { RequiresFeature } from '../features/requires-feature.decorator.js';
import { EventAppender } from '#engine';
import { actorOf } from '../infra/http/actor.js';
import { sendPdf } from '../infra/pdf/pdf-reply.js';
import { BalancePdfService } from './pdf/balance-pdf.service.js';
import { ApiAnswer, ApiFileAnswer } from '../infra/http/api-answer.js';
import {
  BALANCE_LINKS_REVOKED_ANSWER,
  BALANCE_LINK_ANSWER,
  PUBLIC_BALANCE_ANSWER,
} from './balance-pdf.answers.js';
import { Clock } from '../infra/clock.js';

/** Wrong tokens one client address may try per window before it is told to wait (429), as for invoice links. */

/**
 * The customer balance as a PDF and its public links (as the client's specification asks),
 * with the payment feature on. Another company's customer is 404 'Customer Not Found'. Issuing and revoking links
 * are recorded on the customer's stream (BalanceLinkIssued, BalanceLinksRevoked), as for invoice links.
 */
@ApiTags('payment')
@ApiBearerAuth()
@RequiresFeature('payment')
@Controller('customer/:id/balance')
export class BalancePdfController {
  constructor(
    @Inject(BalancePdfService) private readonly pdfs: BalancePdfService,
    @Inject(PublicLinks) private readonly links: PublicLinks,
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** application/pdf, `Content-Disposition: attachment; filename="balance_{customerId}_{dd_MMM_yyyy}_{HHmmss}.pdf"`. */
  @Post('pdf')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The PDF', content: { 'application/pdf': {} } })
  async pdf(
    @CurrentUser() user: AuthUser,
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { pdf, filename } = await this.pdfs.print(user.companyId, id);
    return sendPdf(reply, pdf, filename, 'attachment');
  }

  /** A public link to the balance: `{ token, url: '/customer/balance/pdf/{token}', expires_at }`. */
  @Post('link')
  @ApiAnswer(
    201,
    "A public link to the customer's balance (only the token's hash is kept)",
    BALANCE_LINK_ANSWER,
  )
  async issueLink(@CurrentUser() user: AuthUser, @Param('id') id: string): Promise<PublicLinkResponse> {
    const actor = actorOf(user, this.clock);
    const { customer } = await this.pdfs.balance(user.companyId, id);
    const link = await this.links.issue(user.companyId, 'customer_balance', customer.id, new Date(actor.now));
    const issued: BalanceLinkIssued = {
      type: 'BalanceLinkIssued',
      data: {
        linkId: link.id,
        customerId: customer.id,
        companyId: user.companyId,
        expiresAt: link.expires_at,
        issuedAt: actor.now,
      },
    };
    await this.events.record(customerStream(customer.id), [issued], actor);
    return { token: link.token, url: `/customer/balance/pdf/${link.token}`, expires_at: link.expires_at };
  }

  /** Revokes every live public link to the customer's balance: `{ revoked: n }`. */
  @Delete('link')
  @ApiAnswer(200, "How many of the customer's balance links stopped working", BALANCE_LINKS_REVOKED_ANSWER)
  async revokeLinks(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    const actor = actorOf(user, this.clock);
    const { customer } = await this.pdfs.balance(user.companyId, id);
    const count = await this.links.revokeAll(
      user.companyId,
      'customer_balance',
      customer.id,
      new Date(actor.now),
    );
    if (count > 0) {
      const revoked: BalanceLinksRevoked = {
        type: 'BalanceLinksRevoked',
        data: { customerId: customer.id, companyId: user.companyId, count, revokedAt: actor.now },
      };
      await this.events.record(customerStream(customer.id), [revoked], actor);
    }
    return { revoked: count };
  }
}

/**
 * Public balance views (as the client's specification asks): no
 * sign-in; a token opens exactly one customer's balance. A wrong, expired, revoked or other kind of token, or a
 * customer gone since, is the one 404 'This link is invalid or has expired.'.
 */
@ApiTags('public')
@Controller('pdf/customer/balance')
export class PublicBalanceController {
  constructor(
    @Inject(PublicLinks) private readonly links: PublicLinks,
    @Inject(BalancePdfService) private readonly pdfs: BalancePdfService,
  ) {}

  /** The balance ({ customer, summary: { owing }, invoices }) and the distributor's header (`company`). */
  @Get(':token')
  @ApiAnswer(
    200,
    "The customer's balance and the distributor's header, without sign-in",
    PUBLIC_BALANCE_ANSWER,
  )
  @Public()
  async balance(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PublicBalanceResponse> {
    const { companyId, customerId } = await this.open(token, request);
    const [balance, company] = await Promise.all([
      this.pdfs.balance(companyId, customerId).catch(orLinkNotFound),
      this.pdfs.header(companyId),
    ]);
    void reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
    return { ...balance, company };
  }

  /** The PDF itself, inline. */
  @Get(':token/file')
  @ApiFileAnswer('application/pdf', 'The balance PDF')
  @Public()
  async file(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { companyId, customerId } = await this.open(token, request);
    const { pdf, filename } = await this.pdfs.print(companyId, customerId).catch(orLinkNotFound);
    void reply.header('x-robots-tag', 'noindex');
    return sendPdf(reply, pdf, filename, 'inline');
  }

  private open(token: string, request: FastifyRequest) {
    return this.links.open('customer_balance', token, request.ip, async (link) => ({
      companyId: link.companyId,
      customerId: link.subjectId,
    }));
  }
}
