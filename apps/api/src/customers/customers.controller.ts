import { Body, Controller, Delete, Get, Inject, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { randomUUID } from 'node:crypto';
import type { CustomerInput } from '#domain/customers/customer.commands.js';
import { toBoolean, toNumber } from '#domain/shared/field-rules.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser, OwnerOnly } from '../auth/public.decorator.js';
import { actorOf } from '../infra/http/actor.js';
import { UuidOr404 } from '../infra/http/uuid-param.pipe.js';
import { GridParams } from '#infra/grid/index.js';
import { CreateCustomerCommand } from './commands/create-customer.command.js';
import { RecordDelinquentOverrideCommand } from './commands/record-delinquent-override.command.js';
import { RemoveCustomerCommand } from './commands/remove-customer.command.js';
import { UpdateCustomerCommand } from './commands/update-customer.command.js';
import { CustomerBody } from './dto/customer.body.js';
import { DelinquentOverrideBody } from './dto/delinquent-override.body.js';
import { CustomerListParams, listLimit, SuggestionParams } from './dto/customer-list.params.js';
import { AutoFillSuggestionsQuery } from './queries/auto-fill-suggestions.query.js';
import { DelinquentOverridesQuery } from './queries/delinquent-overrides.query.js';
import { CustomerDelinquencyQuery } from './queries/customer-delinquency.query.js';
import { CustomerGridQuery } from './queries/customer-grid.query.js';
import { CustomerOverviewQuery } from './queries/customer-overview.query.js';
import { GetCustomerQuery } from './queries/get-customer.query.js';
import { ListCustomersQuery } from './queries/list-customers.query.js';
import { TabcExpirationQuery } from './queries/tabc-expiration.query.js';
import { ApiAnswer } from '../infra/http/api-answer.js';
import {
  CUSTOMER_DETAIL_EXAMPLE,
  CUSTOMER_GRID_EXAMPLE,
  CUSTOMER_OVERVIEW_EXAMPLE,
} from './customer.examples.js';
import {
  CUSTOMER_ANSWER,
  CUSTOMER_AUTO_FILL_SUGGESTIONS_ANSWER,
  CUSTOMER_DELINQUENCY_ANSWER,
  DELINQUENT_OVERRIDES_ANSWER,
  CUSTOMER_TABC_EXPIRATION_ANSWER,
} from './customers.answers.js';
import { Clock } from '../infra/clock.js';

export const CUSTOMER_NOT_FOUND = 'Customer Not Found';
export const CUSTOMER_DELETED = 'Deleted customer!';

const optional = <T>(value: unknown, convert: (v: unknown) => T | undefined): T | undefined | null =>
  value === undefined ? undefined : value === null || value === '' ? null : convert(value);

/** The form's snake_case fields as the domain's input (values as typed; the decider checks the rules). */
function input(body: CustomerBody): CustomerInput {
  return {
    name: body.name,
    address: body.address,
    city: body.city,
    state: body.state,
    zip: body.zip,
    tabcId: body.tabc_id,
    aimsId: optional(body.aims_id, toNumber),
    aimsLicenseType: body.aims_license_type,
    ydkEstId: body.ydk_est_id,
    contactName: body.contact_name,
    contactEmail: body.contact_email,
    contactPhone: body.contact_phone,
    cashOnDelivery: toBoolean(body.cash_on_delivery)!,
    fintechOption: toBoolean(body.fintech_option)!,
    fintechId: body.fintech_id,
    productPriceTierId: body.product_price_tier_id,
    serviceStartOn: body.service_start,
    comptrollerTaxpayerNumber: body.comptroller_taxpayer_number,
    paymentTerms: body.payment_terms,
  };
}

/** Customers (as the client's specification asks). */
@ApiTags('customers')
@ApiBearerAuth()
@Controller('customer')
export class CustomersController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
  ) {}

  /** Current customers by name, at most `limit` (default 100); `search` filters. */
  @Get()
  @ApiAnswer(
    200,
    'Current customers by name, at most `limit` (default 100); `search` filters.',
    CUSTOMER_ANSWER,
  )
  list(@CurrentUser() user: AuthUser, @Query() params: CustomerListParams) {
    return this.queries.execute(new ListCustomersQuery(user.companyId, params.search, listLimit(params)));
  }

  /** The customer grid (grid protocol): `{ rows, count }`. */
  @Get('grid')
  @ApiAnswer(200, 'One page of the customer grid and the count of matching customers', CUSTOMER_GRID_EXAMPLE)
  grid(@CurrentUser() user: AuthUser, @Query() params: GridParams) {
    return this.queries.execute(new CustomerGridQuery(user.companyId, params));
  }

  /** Establishments from the TABC licence list with their permit codes; none under 3 characters. */
  @Get('auto-fill-suggestions')
  @ApiAnswer(
    200,
    'Establishments from the TABC licence list with their permit codes; none under 3 characters.',
    CUSTOMER_AUTO_FILL_SUGGESTIONS_ANSWER,
  )
  suggestions(@Query() params: SuggestionParams) {
    return this.queries.execute(new AutoFillSuggestionsQuery(params.query ?? ''));
  }

  /** Answers the created customer (201). */
  @Post()
  @ApiAnswer(201, 'The customer created, with its price tier and users', CUSTOMER_DETAIL_EXAMPLE)
  async create(@CurrentUser() user: AuthUser, @Body() body: CustomerBody) {
    const customerId = randomUUID();
    await this.commands.execute(
      new CreateCustomerCommand({ customerId, ...input(body) }, actorOf(user, this.clock)),
    );
    return this.queries.execute(new GetCustomerQuery(user.companyId, customerId));
  }

  @Get(':id')
  @ApiAnswer(200, 'The customer, with its price tier and users', CUSTOMER_DETAIL_EXAMPLE)
  get(@CurrentUser() user: AuthUser, @Param('id', new UuidOr404(CUSTOMER_NOT_FOUND)) id: string) {
    return this.queries.execute(new GetCustomerQuery(user.companyId, id));
  }

  /** Answers the customer as saved. */
  @Put(':id')
  @ApiAnswer(200, 'The customer as saved, with its price tier and users', CUSTOMER_DETAIL_EXAMPLE)
  async update(
    @CurrentUser() user: AuthUser,
    @Param('id', new UuidOr404(CUSTOMER_NOT_FOUND)) id: string,
    @Body() body: CustomerBody,
  ) {
    await this.commands.execute(
      new UpdateCustomerCommand({ customerId: id, ...input(body) }, actorOf(user, this.clock)),
    );
    return this.queries.execute(new GetCustomerQuery(user.companyId, id));
  }

  @Delete(':id')
  @ApiAnswer(200, 'The customer is removed (its invoices stay)', { message: CUSTOMER_DELETED })
  async remove(@CurrentUser() user: AuthUser, @Param('id', new UuidOr404(CUSTOMER_NOT_FOUND)) id: string) {
    await this.commands.execute(new RemoveCustomerCommand(id, actorOf(user, this.clock)));
    return { message: CUSTOMER_DELETED };
  }

  /**
   * The customer's page: the customer, its TABC standing, what it owes aged by due date, its oldest open invoices,
   * its newest orders and payments.
   */
  @Get(':id/overview')
  @ApiAnswer(
    200,
    "The customer's overview: standing, balance and aging, open invoices, newest orders and payments",
    CUSTOMER_OVERVIEW_EXAMPLE,
  )
  overview(@CurrentUser() user: AuthUser, @Param('id', new UuidOr404(CUSTOMER_NOT_FOUND)) id: string) {
    return this.queries.execute(new CustomerOverviewQuery(user.companyId, id, this.clock.nowIso()));
  }

  /**
   * Every override of the credit-law delinquent list recorded in the company, newest first, with its customer: what
   * the stamp record shows an inspector beside the sales it allowed.
   */
  @Get('delinquency/overrides')
  @ApiAnswer(200, 'The company’s delinquent-list overrides, newest first', DELINQUENT_OVERRIDES_ANSWER)
  delinquentOverrides(@CurrentUser() user: AuthUser) {
    return this.queries.execute(new DelinquentOverridesQuery(user.companyId));
  }

  /** `{ expiration_date, isExpired, expiringInDays, isExpiringSoon, found, … }` from the imported licence list. */
  @Get(':id/tabc-expiration')
  @ApiAnswer(
    200,
    '`{ expiration_date, isExpired, expiringInDays, isExpiringSoon, found, … }` from the imported licence list.',
    CUSTOMER_TABC_EXPIRATION_ANSWER,
  )
  tabcExpiration(@CurrentUser() user: AuthUser, @Param('id', new UuidOr404(CUSTOMER_NOT_FOUND)) id: string) {
    return this.queries.execute(new TabcExpirationQuery(user.companyId, id, this.clock.nowIso()));
  }

  /** `{ delinquent, effective_date, list_number, permit }` from the imported credit-law delinquent list. */
  @Get(':id/delinquency')
  @ApiAnswer(
    200,
    '`{ delinquent, effective_date, list_number, permit }` from the imported credit-law delinquent list.',
    CUSTOMER_DELINQUENCY_ANSWER,
  )
  delinquency(@CurrentUser() user: AuthUser, @Param('id', new UuidOr404(CUSTOMER_NOT_FOUND)) id: string) {
    return this.queries.execute(new CustomerDelinquencyQuery(user.companyId, id, this.clock.nowIso()));
  }

  /**
   * The owner's documented override of the customer's current listing on the delinquent list (reason
   * `bankruptcy_exemption` or `removed_by_tabc`, a note); answers the delinquency with it. 409 when not listed.
   */
  @Post(':id/delinquency/override')
  @OwnerOnly()
  @ApiAnswer(201, 'The override is recorded; the delinquency with it', CUSTOMER_DELINQUENCY_ANSWER)
  async recordOverride(
    @CurrentUser() user: AuthUser,
    @Param('id', new UuidOr404(CUSTOMER_NOT_FOUND)) id: string,
    @Body() body: DelinquentOverrideBody,
  ) {
    const metadata = actorOf(user, this.clock);
    const by = { userId: user.id, name: user.name };
    await this.commands.execute(new RecordDelinquentOverrideCommand(id, body, by, metadata));
    return this.queries.execute(new CustomerDelinquencyQuery(user.companyId, id, metadata.now));
  }
}
