import { Body, Controller, Get, Inject, Param, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { toBoolean, toNumber } from '#domain/shared/field-rules.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser, OwnerOnly } from '../auth/public.decorator.js';
import { actorOf } from '../infra/http/actor.js';
import { UuidOr404 } from '../infra/http/uuid-param.pipe.js';
import { UpdateCompanyDetailsCommand } from './commands/update-company-details.command.js';
import { UpdateCompanyBody } from './dto/update-company.body.js';
import { CompliancePolicyBody } from './dto/compliance-policy.body.js';
import { ChangeCompliancePolicyCommand } from './commands/change-compliance-policy.command.js';
import { companyError } from '#domain/companies/company.errors.js';
import { GetCompanyQuery } from './queries/get-company.query.js';
import { CompliancePolicyAnswerReader } from './queries/compliance-policy-answer.reader.js';
import { ApiAnswer } from '../infra/http/api-answer.js';
import {
  COMPANY_ANSWER,
  COMPLIANCE_POLICY_ANSWER,
  COMPLIANCE_POLICY_SAVED_ANSWER,
} from './companies.answers.js';
import { Clock } from '../infra/clock.js';

const optional = <T>(value: unknown, convert: (v: unknown) => T | undefined): T | undefined =>
  value === undefined ? undefined : convert(value);

/** Company settings (as the client's specification asks). Any user of the company may read and change them. */
@ApiTags('company')
@ApiBearerAuth()
@Controller('company')
export class CompaniesController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(CompliancePolicyAnswerReader) private readonly policies: CompliancePolicyAnswerReader,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /**
   * The company's TABC compliance rules, defaults filled in; another company's is 404. Every user of the
   * company reads them (staff build invoices under them: small-format stamps change the stamp count the builder
   * shows, strict records the invoice page's Delete); only the owner changes them.
   */
  @Get(':id/compliance')
  @ApiAnswer(200, "The company's TABC compliance rules", COMPLIANCE_POLICY_ANSWER)
  async compliance(
    @CurrentUser() user: AuthUser,
    @Param('id', new UuidOr404('Company not found')) id: string,
  ) {
    if (id !== user.companyId) throw companyError('COMPANY_NOT_FOUND');
    return this.policies.read(user.companyId);
  }

  /** Changes the rules sent (a field left out keeps its value) and answers the whole policy as saved. */
  @OwnerOnly()
  @Put(':id/compliance')
  @ApiAnswer(200, 'The TABC compliance rules as saved', COMPLIANCE_POLICY_SAVED_ANSWER)
  async changeCompliance(
    @CurrentUser() user: AuthUser,
    @Param('id', new UuidOr404('Company not found')) id: string,
    @Body() body: CompliancePolicyBody,
  ) {
    await this.commands.execute(
      new ChangeCompliancePolicyCommand(
        {
          companyId: id,
          extendedStampStatuses: body.extended_stamp_statuses,
          smallFormatStamps: body.small_format_stamps,
          strictRecords: body.strict_records,
          creditLaw: body.credit_law,
          licenceGuard: body.licence_guard,
        },
        actorOf(user, this.clock),
      ),
    );
    return this.policies.read(user.companyId);
  }

  @Get(':id')
  @ApiAnswer(200, "The company's details and settings", COMPANY_ANSWER)
  get(@CurrentUser() user: AuthUser, @Param('id', new UuidOr404('Company not found')) id: string) {
    return this.queries.execute(new GetCompanyQuery(user.companyId, id));
  }

  /** Answers the company as saved. */
  @Put(':id')
  @ApiAnswer(200, 'The company as saved', COMPANY_ANSWER)
  async update(
    @CurrentUser() user: AuthUser,
    @Param('id', new UuidOr404('Company not found')) id: string,
    @Body() body: UpdateCompanyBody,
  ) {
    await this.commands.execute(
      new UpdateCompanyDetailsCommand(
        {
          companyId: id,
          name: body.name,
          address: body.address,
          city: body.city,
          state: body.state,
          zip: body.zip,
          tabcId: body.tabc_id,
          subdomain: body.subdomain,
          defaultInvoiceNote: body.default_invoice_note,
          startingInvoiceNumber: optional(body.starting_invoice_number, toNumber),
          defaultInvoiceStatus: body.default_invoice_status,
          hasFintech: optional(body.has_fintech, toBoolean),
          fintechId: body.fintech_id,
          showPrices: optional(body.show_prices, toBoolean),
          sortInvProducts: optional(body.sort_inv_products, toBoolean),
          stampThreshold: optional(body.stamp_threshold, toNumber),
          taxRate: optional(body.tax_rate, toNumber),
          cashOnDelivery: optional(body.cash_on_delivery, toBoolean),
          timeZone: body.time_zone,
          paymentTerms: body.payment_terms,
          deliveryMeans: body.delivery_means,
          carrierName: body.carrier_name,
          carrierPermit: body.carrier_permit,
        },
        actorOf(user, this.clock),
      ),
    );
    return this.queries.execute(new GetCompanyQuery(user.companyId, id));
  }
}
