import { Controller, Delete, Get, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OrderDetailResponse } from '#domain/contracts/order.contract.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser, Public } from '../auth/public.decorator.js';
import { PublicLinks } from '../delivery/public-links.js';
import { RequiresFeature } from '../features/requires-feature.decorator.js';
import { sendPdf } from '../infra/pdf/pdf-reply.js';
import { OrderReader } from './order-reader.js';
import { OrderPdfService } from './pdf/order-pdf.service.js';
import { ApiAnswer, ApiFileAnswer } from '../infra/http/api-answer.js';
import { ORDER_LINK_ANSWER, PUBLIC_ORDER_ANSWER } from './orders.answers.js';

/**
 * The public order view (as the client's specification asks): the same token rules as
 * invoice links (PublicLinks: unguessable, expiring, revocable, one 404 for any dead token, guessing limited).
 * `/file` answers it as a PDF printed from order.hbs by the same Chromium pool as invoices.
 */
@ApiTags('public')
@Controller()
export class PublicOrderController {
  constructor(
    @Inject(PublicLinks) private readonly links: PublicLinks,
    @Inject(OrderReader) private readonly reader: OrderReader,
    @Inject(OrderPdfService) private readonly pdfs: OrderPdfService,
  ) {}

  /** A public link to the order: `{ token, url: '/order/pdf/{token}', expires_at }`. */
  @ApiBearerAuth()
  @RequiresFeature('order')
  @Post('order/:idOrNumber/link')
  @ApiAnswer(201, 'The public link: its token, the page and when it expires', ORDER_LINK_ANSWER)
  async issue(@CurrentUser() user: AuthUser, @Param('idOrNumber') idOrNumber: string) {
    const row = await this.reader.row(user.companyId, idOrNumber);
    const link = await this.links.issue(user.companyId, 'order', row.id);
    return { token: link.token, url: `/order/pdf/${link.token}`, expires_at: link.expires_at };
  }

  /** Revokes every live public link of the order: `{ revoked: n }` (its page and PDF answer 404 at once). */
  @ApiBearerAuth()
  @RequiresFeature('order')
  @Delete('order/:idOrNumber/link')
  @ApiAnswer(200, 'How many live links of the order were revoked', { revoked: 1 })
  async revoke(@CurrentUser() user: AuthUser, @Param('idOrNumber') idOrNumber: string) {
    const row = await this.reader.row(user.companyId, idOrNumber);
    return { revoked: await this.links.revokeAll(user.companyId, 'order', row.id) };
  }

  @Public()
  @Get('pdf/order/:token')
  @ApiAnswer(200, 'The order as its public page shows it', PUBLIC_ORDER_ANSWER)
  async open(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<OrderDetailResponse> {
    const detail = await this.links.open('order', token, request.ip, (link) =>
      this.reader.detail(link.companyId, link.subjectId),
    );
    void reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
    return detail;
  }

  /** The order as a PDF, inline (`order_{number}_{dd_MMM_yyyy}.pdf`), printed by the warm Chromium pool. */
  @Public()
  @Get('pdf/order/:token/file')
  @ApiFileAnswer('application/pdf', 'The order as a PDF (inline, order_{number}_{dd_MMM_yyyy}.pdf)')
  async file(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { companyId, detail } = await this.links.open('order', token, request.ip, async (link) => ({
      companyId: link.companyId,
      detail: await this.reader.detail(link.companyId, link.subjectId),
    }));
    const { pdf, filename } = await this.pdfs.print(companyId, detail);
    void reply.header('x-robots-tag', 'noindex');
    return sendPdf(reply, pdf, filename, 'inline');
  }
}
