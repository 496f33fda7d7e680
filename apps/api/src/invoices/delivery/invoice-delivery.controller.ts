import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { PublicLinkResponse } from '#domain/contracts/public.contract.js';
import type { PublicLinkIssued, PublicLinksRevoked } from '#domain/invoices/invoice-delivery.events.js';
import { invoiceStream } from '#domain/invoices/invoice.events.js';
import type { AuthUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/public.decorator.js';
import { PublicLinks } from '../../delivery/public-links.js';
import { EventAppender } from '#engine';
import { GridParams } from '#infra/grid/index.js';
import { actorOf } from '../../infra/http/actor.js';
import { RequiresFeature } from '../../features/requires-feature.decorator.js';
import { InvoiceReader } from '../invoice-reader.js';
import { InvoicePdfService } from '../pdf/invoice-pdf.service.js';
import { sendPdf } from '../../infra/pdf/pdf-reply.js';
import { InvoicePdfBody, numberWithBeer, SendInvoiceEmailBody } from './delivery.body.js';
import { InvoiceEmailService } from './invoice-email.service.js';
import { InvoiceEmailLogReader } from './queries/invoice-email-log.reader.js';
import { ApiAnswer } from '../../infra/http/api-answer.js';
import {
  INVOICE_EMAIL_ANSWER,
  INVOICE_EMAIL_GRID_ANSWER,
  INVOICE_EMAIL_SENT_ANSWER,
  INVOICE_LINKS_REVOKED_ANSWER,
  INVOICE_LINK_ANSWER,
} from './invoice-delivery.answers.js';
import { Clock } from '../../infra/clock.js';

/**
 * Delivering an invoice (E-mail): the PDF, public links,
 * e-mail with its log. Static paths (`invoice/pdf`, `invoice/email/grid`) are matched before `invoice/:idOrNumber`.
 */
@ApiTags('invoice')
@ApiBearerAuth()
@Controller()
export class InvoiceDeliveryController {
  constructor(
    @Inject(InvoicePdfService) private readonly pdfs: InvoicePdfService,
    @Inject(InvoiceEmailService) private readonly email: InvoiceEmailService,
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
    @Inject(PublicLinks) private readonly links: PublicLinks,
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(InvoiceEmailLogReader) private readonly emails: InvoiceEmailLogReader,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** application/pdf, `Content-Disposition: attachment; filename="invoice_{number}_{dd_MMM_yyyy}.pdf"`. */
  @Post('invoice/pdf')
  @HttpCode(200)
  @ApiOkResponse({ description: 'The PDF', content: { 'application/pdf': {} } })
  async pdf(
    @CurrentUser() user: AuthUser,
    @Body() body: InvoicePdfBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { pdf, filename } = await this.pdfs.forInvoice(
      user.companyId,
      numberWithBeer(body.number, body.beer),
    );
    return sendPdf(reply, pdf, filename, 'attachment');
  }

  /** A public link to the invoice: `{ token, url: '/invoice/pdf/{token}', expires_at }`. */
  @Post('invoice/:idOrNumber/link')
  @ApiAnswer(201, "A public link to the invoice (only the token's hash is kept)", INVOICE_LINK_ANSWER)
  async issueLink(
    @CurrentUser() user: AuthUser,
    @Param('idOrNumber') idOrNumber: string,
  ): Promise<PublicLinkResponse> {
    const actor = actorOf(user, this.clock);
    const row = await this.reader.row(user.companyId, idOrNumber);
    const link = await this.links.issue(user.companyId, 'invoice', row.id, new Date(actor.now));
    const issued: PublicLinkIssued = {
      type: 'PublicLinkIssued',
      data: {
        linkId: link.id,
        invoiceId: row.id,
        companyId: user.companyId,
        purpose: 'share',
        expiresAt: link.expires_at,
        issuedAt: actor.now,
      },
    };
    await this.events.record(invoiceStream(row.id), [issued], actor);
    return { token: link.token, url: `/invoice/pdf/${link.token}`, expires_at: link.expires_at };
  }

  /** Revokes every live public link of the invoice: `{ revoked: n }`. */
  @Delete('invoice/:idOrNumber/link')
  @ApiAnswer(200, "How many of the invoice's links stopped working", INVOICE_LINKS_REVOKED_ANSWER)
  async revokeLinks(@CurrentUser() user: AuthUser, @Param('idOrNumber') idOrNumber: string) {
    const actor = actorOf(user, this.clock);
    const row = await this.reader.row(user.companyId, idOrNumber);
    const count = await this.links.revokeAll(user.companyId, 'invoice', row.id, new Date(actor.now));
    if (count > 0) {
      const revoked: PublicLinksRevoked = {
        type: 'PublicLinksRevoked',
        data: { invoiceId: row.id, companyId: user.companyId, count, revokedAt: actor.now },
      };
      await this.events.record(invoiceStream(row.id), [revoked], actor);
    }
    return { revoked: count };
  }

  /** The `/emails` grid: rows { id, invoice_id, number, emailed_to, notes, status, attempts, created_at, delivered_at }. */
  @Get('invoice/email/grid')
  @ApiAnswer(200, 'One page of the e-mail log and the count of matching rows', INVOICE_EMAIL_GRID_ANSWER)
  @RequiresFeature('email')
  emailGrid(@CurrentUser() user: AuthUser, @Query() params: GridParams) {
    return this.emails.grid(user.companyId, params);
  }

  /** The invoice's e-mail log: the list of its e-mails, one per recipient (`emailed_to`), newest first. */
  @Get('invoice/:idOrNumber/email')
  @ApiAnswer(
    200,
    "The invoice's e-mail log: the list of its e-mails, one per recipient (emailed_to), newest first.",
    INVOICE_EMAIL_ANSWER,
  )
  @RequiresFeature('email')
  async emailLog(@CurrentUser() user: AuthUser, @Param('idOrNumber') idOrNumber: string) {
    const row = await this.reader.row(user.companyId, idOrNumber);
    return this.emails.ofInvoice(user.companyId, row.id);
  }

  /**
   * Sends the invoice to each address (PDF attached, public link in the text). 200 'Your email has been sent' when
   * the mail server accepted every message; 202 when it deferred some (retried in the background); 502 'Failed to
   * send email …' when it refused any.
   */
  @Post('invoice/:idOrNumber/email')
  @ApiAnswer(
    200,
    '200 when the SMTP server took every message; 202 with status queued when it deferred one (retried in the background); 502 when it refused one',
    INVOICE_EMAIL_SENT_ANSWER,
  )
  @RequiresFeature('email')
  async send(
    @CurrentUser() user: AuthUser,
    @Param('idOrNumber') idOrNumber: string,
    @Body() body: SendInvoiceEmailBody,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const result = await this.email.send(
      actorOf(user, this.clock),
      numberWithBeer(idOrNumber, body.beer),
      body.emails,
      (body.notes ?? '').trim(),
    );
    void reply.status(result.status === 'sent' ? 200 : 202);
    return result;
  }
}
