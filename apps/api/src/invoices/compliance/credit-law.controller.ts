import type { NoticeKind } from './credit-law-notice.template.js';
import { Controller, Get, Inject, Param, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProperty, ApiPropertyOptional, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { isBusinessDate } from '#domain/shared/business-date.js';
import { isUuid } from '#domain/shared/field-rules.js';
import type { AuthUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/public.decorator.js';
import { ApiAnswer } from '../../infra/http/api-answer.js';
import { FollowsRule } from '../../infra/http/follows-rule.js';
import { sendPdf } from '../../infra/pdf/pdf-reply.js';
import {
  CREDIT_LAW_ALERTS_ANSWER,
  INVOICE_CHECKS_ANSWER,
  INVOICE_CREDIT_LAW_ANSWER,
} from './credit-law.answers.js';
import { CreditLawService } from './credit-law.service.js';
import { Clock } from '../../infra/clock.js';

export class InvoiceChecksParams {
  @ApiProperty({ example: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698', format: 'uuid' })
  @FollowsRule((value) =>
    typeof value === 'string' && isUuid(value.trim()) ? undefined : 'customer_id must be a customer id.',
  )
  customer_id!: string;

  @ApiPropertyOptional({ example: '2026-11-27', description: 'The invoice date (default: today)' })
  @FollowsRule((value) =>
    value === undefined || value === '' || isBusinessDate(value)
      ? undefined
      : 'invoiced_at must be a date (YYYY-MM-DD).',
  )
  invoiced_at?: string;
}

/**
 * The builder's checks (delinquent list, licence guard), an invoice's credit-law dates, its
 * delinquency notice and release (PDF; the e-mail drafts are in the JSON answer) and the dashboard's alerts. Static
 * paths are matched before `invoice/:idOrNumber`.
 */
@ApiTags('invoice')
@ApiBearerAuth()
@Controller()
export class CreditLawController {
  constructor(
    @Inject(CreditLawService) private readonly credit: CreditLawService,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  @Get('invoice/checks')
  @ApiAnswer(200, 'What the builder warns about for this customer and invoice date', INVOICE_CHECKS_ANSWER)
  checks(@CurrentUser() user: AuthUser, @Query() params: InvoiceChecksParams) {
    return this.credit.checks(
      user.companyId,
      params.customer_id.trim(),
      params.invoiced_at || undefined,
      this.clock.nowIso(),
    );
  }

  @Get('invoice/credit-law/alerts')
  @ApiAnswer(
    200,
    'Liquor and wine invoices on credit due within 3 business days, in grace or late',
    CREDIT_LAW_ALERTS_ANSWER,
  )
  alerts(@CurrentUser() user: AuthUser) {
    return this.credit.alerts(user.companyId, this.clock.nowIso());
  }

  @Get('invoice/:idOrNumber/credit-law')
  @ApiAnswer(
    200,
    "The invoice's statutory due date, standing, notice and release drafts",
    INVOICE_CREDIT_LAW_ANSWER,
  )
  forInvoice(@CurrentUser() user: AuthUser, @Param('idOrNumber') idOrNumber: string) {
    return this.credit.forInvoice(user.companyId, idOrNumber, this.clock.nowIso());
  }

  /** application/pdf inline; 409 when the invoice is not delinquent (or the credit law is off). */
  @Get('invoice/:idOrNumber/credit-law/notice/pdf')
  @ApiOkResponse({ description: 'The delinquency notice (PDF)', content: { 'application/pdf': {} } })
  async notice(
    @CurrentUser() user: AuthUser,
    @Param('idOrNumber') idOrNumber: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.sendLetter(user, idOrNumber, 'notice', reply);
  }

  /** application/pdf inline; 409 unless the invoice went delinquent and is paid in full. */
  @Get('invoice/:idOrNumber/credit-law/release/pdf')
  @ApiOkResponse({ description: 'The release of the delinquency (PDF)', content: { 'application/pdf': {} } })
  async release(
    @CurrentUser() user: AuthUser,
    @Param('idOrNumber') idOrNumber: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.sendLetter(user, idOrNumber, 'release', reply);
  }

  private async sendLetter(user: AuthUser, idOrNumber: string, kind: NoticeKind, reply: FastifyReply) {
    const { pdf, filename } = await this.credit.pdf(user.companyId, idOrNumber, kind, this.clock.nowIso());
    return sendPdf(reply, pdf, filename, 'inline');
  }
}
