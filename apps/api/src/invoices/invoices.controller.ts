import {
  Body,
  Controller,
  Delete,
  Get,
  Headers,
  HttpCode,
  Inject,
  Param,
  Post,
  Put,
  Query,
  StreamableFile,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiTags } from '@nestjs/swagger';
import type { CommandMetadata } from '#domain/shared/decider.js';
import type { AuthUser } from '../auth/auth.types.js';
import { CurrentUser, DriverMay } from '../auth/public.decorator.js';
import { StampDownloadParams } from '../stamps/dto/stamp.params.js';
import { CreateInvoiceCommand } from './commands/create-invoice.command.js';
import { DeleteInvoiceCommand } from './commands/delete-invoice.command.js';
import { ReplaceInvoiceCommand } from './commands/replace-invoice.command.js';
import { UpdateInvoiceCommand } from './commands/update-invoice.command.js';
import { CreateInvoiceBody, ReplaceInvoiceBody, UpdateInvoiceBody } from './dto/invoice.body.js';
import { CustomerIdParams, InvoiceGridParams, QuickSearchParams } from './dto/invoice.params.js';
import { idempotencyKeyOf } from '../infra/http/idempotent-id.js';
import {
  GetInvoiceQuery,
  InvoiceCsvQuery,
  InvoiceGridQuery,
  LastInvoiceQuery,
  NewInvoiceNumberQuery,
  QuickSearchQuery,
  RecentInvoicesQuery,
} from './queries/invoice.queries.js';
import { ApiAnswer, ApiFileAnswer, ApiIdempotencyKey, ApiNoAnswer } from '../infra/http/api-answer.js';
import { INVOICE_EXAMPLE, INVOICE_GRID_EXAMPLE, INVOICE_REPLACEMENT_EXAMPLE } from './invoice.examples.js';
import {
  COMPANY_QUICK_SEARCH_ANSWER,
  INVOICE_LAST_ANSWER,
  INVOICE_NEW_NUMBER_ANSWER,
  INVOICE_RECENT_ANSWER,
} from './invoices.answers.js';
import { Clock } from '../infra/clock.js';
import { DeliverInvoiceCommand } from './commands/deliver-invoice.command.js';
import { DeliverInvoiceBody } from './dto/delivery.body.js';
import { DeliveryImages } from './proof-of-delivery/delivery-images.js';

const metadataOf = (user: AuthUser, clock: Clock): CommandMetadata => ({
  companyId: user.companyId,
  userId: user.id,
  now: clock.nowIso(),
});

/**
 * The client's specification's Invoices. Fixed paths (grid, recent, last, new-number, export …) are static routes, which the router
 * matches before the parametric `invoice/:idOrNumber` whatever the order. An invoice is named by its id or by its
 * displayed number (`345B`).
 */
@ApiTags('invoice')
@ApiBearerAuth()
@Controller()
export class InvoicesController {
  constructor(
    @Inject(CommandBus) private readonly commands: CommandBus,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(DeliveryImages) private readonly deliveryImages: DeliveryImages,
  ) {}

  @Get('invoice/grid')
  @ApiAnswer(200, 'One page of the invoice grid and the count of matching invoices', INVOICE_GRID_EXAMPLE)
  grid(@CurrentUser() user: AuthUser, @Query() { customerId, ...params }: InvoiceGridParams) {
    return this.queries.execute(new InvoiceGridQuery(user.companyId, params, customerId?.toLowerCase()));
  }

  @Get('invoice/recent')
  @ApiAnswer(200, "The dashboard's recent invoices", INVOICE_RECENT_ANSWER)
  recent(@CurrentUser() user: AuthUser) {
    return this.queries.execute(new RecentInvoicesQuery(user.companyId));
  }

  @Get('invoice/last')
  @ApiAnswer(200, "The customer's last invoice", INVOICE_LAST_ANSWER)
  last(@CurrentUser() user: AuthUser, @Query() params: CustomerIdParams) {
    return this.queries.execute(new LastInvoiceQuery(user.companyId, params.customerId?.toLowerCase()));
  }

  @Get('invoice/new-number')
  @ApiAnswer(200, 'The number the next invoice will get', INVOICE_NEW_NUMBER_ANSWER)
  newNumber(@CurrentUser() user: AuthUser, @Query() params: CustomerIdParams) {
    return this.queries.execute(new NewInvoiceNumberQuery(user.companyId, params.customerId?.toLowerCase()));
  }

  /** Summary CSV or Detailed CSV of the grid's filter and sort (filterModel / sortModel as for the grid). */
  @Get('invoice/export/summary')
  @ApiFileAnswer('text/csv', 'The CSV file (streamed)')
  exportSummary(@CurrentUser() user: AuthUser, @Query() params: StampDownloadParams) {
    return this.csv(user, 'summary', params);
  }

  @Get('invoice/export/detailed')
  @ApiFileAnswer('text/csv', 'The CSV file (streamed)')
  exportDetailed(@CurrentUser() user: AuthUser, @Query() params: StampDownloadParams) {
    return this.csv(user, 'detailed', params);
  }

  @Get('company/quick-search')
  @ApiAnswer(200, 'Invoices and customers matching the text', COMPANY_QUICK_SEARCH_ANSWER)
  quickSearch(@CurrentUser() user: AuthUser, @Query() params: QuickSearchParams) {
    return this.queries.execute(new QuickSearchQuery(user.companyId, params.query ?? ''));
  }

  /** 201 with the invoice; 409 (duplicate) carries the existing one as `invoice` unless `force` is set. */
  @Post('invoice')
  @ApiAnswer(201, 'The invoice created, with its number, stamps and totals', INVOICE_EXAMPLE)
  @ApiIdempotencyKey('A retried submit creates one invoice')
  create(
    @CurrentUser() user: AuthUser,
    @Body() body: CreateInvoiceBody,
    @Headers('idempotency-key') key: string | undefined,
  ) {
    return this.commands.execute(
      new CreateInvoiceCommand(metadataOf(user, this.clock), body, idempotencyKeyOf(key)),
    );
  }

  @Get('invoice/:idOrNumber')
  @ApiAnswer(200, 'The invoice with its items, stamps, payments and status history', INVOICE_EXAMPLE)
  get(@CurrentUser() user: AuthUser, @Param('idOrNumber') idOrNumber: string) {
    return this.queries.execute(new GetInvoiceQuery(user.companyId, idOrNumber));
  }

  @Put('invoice/:idOrNumber')
  @ApiAnswer(200, 'The invoice as saved', INVOICE_EXAMPLE)
  update(
    @CurrentUser() user: AuthUser,
    @Param('idOrNumber') idOrNumber: string,
    @Body() body: UpdateInvoiceBody,
  ) {
    return this.commands.execute(new UpdateInvoiceCommand(metadataOf(user, this.clock), idOrNumber, body));
  }

  /**
   * 'Replace' on a cancelled invoice: the builder's body saved as a new invoice; the cancelled one and
   * the new one name each other. 404 for another company's invoice; 409 when it is not cancelled or replaced already.
   */
  @Post('invoice/:idOrNumber/replace')
  @ApiAnswer(
    201,
    'The replacement invoice, naming the cancelled one in replaces',
    INVOICE_REPLACEMENT_EXAMPLE,
  )
  @ApiIdempotencyKey('A retried submit creates one replacement')
  replace(
    @CurrentUser() user: AuthUser,
    @Param('idOrNumber') idOrNumber: string,
    @Body() body: ReplaceInvoiceBody,
    @Headers('idempotency-key') key: string | undefined,
  ) {
    return this.commands.execute(
      new ReplaceInvoiceCommand(metadataOf(user, this.clock), idOrNumber, body, idempotencyKeyOf(key)),
    );
  }

  /**
   * Proof of delivery: the retailer signed for the goods (or refused them). 201 with the invoice and its `delivery`;
   * 409 `{ reason, invoice_version }` when it was cancelled, delivered already or changed since `invoice_version`;
   * 400 for a bad body or a beer (or cash-on-delivery) invoice whose money taken does not cover it.
   */
  @Post('invoice/:idOrNumber/delivery')
  @DriverMay()
  @ApiAnswer(201, 'The invoice with its proof of delivery', INVOICE_EXAMPLE)
  @ApiHeader({
    name: 'Idempotency-Key',
    required: true,
    description: "The driver's device sends the same key again after a lost answer: one delivery",
  })
  deliver(
    @CurrentUser() user: AuthUser,
    @Param('idOrNumber') idOrNumber: string,
    @Body() body: DeliverInvoiceBody,
    @Headers('idempotency-key') key: string | undefined,
  ) {
    return this.commands.execute(
      new DeliverInvoiceCommand(
        metadataOf(user, this.clock),
        idOrNumber,
        body,
        idempotencyKeyOf(key),
        user.name,
        user.role === 'driver',
      ),
    );
  }

  @Get('invoice/:idOrNumber/delivery/signature')
  @ApiFileAnswer('image/png', "The retailer's signature (PNG)")
  signature(@CurrentUser() user: AuthUser, @Param('idOrNumber') idOrNumber: string) {
    return this.image(user, idOrNumber, 'signature');
  }

  @Get('invoice/:idOrNumber/delivery/photo')
  @ApiFileAnswer('image/jpeg', 'The photo taken at the stop (JPEG or PNG)')
  photo(@CurrentUser() user: AuthUser, @Param('idOrNumber') idOrNumber: string) {
    return this.image(user, idOrNumber, 'photo');
  }

  private async image(user: AuthUser, idOrNumber: string, kind: 'signature' | 'photo') {
    const image = await this.deliveryImages.ofInvoice(user.companyId, idOrNumber, kind);
    return new StreamableFile(image.bytes, { type: image.mimeType, disposition: 'inline' });
  }

  /** Owners only, cancelled invoices only; nobody while the company keeps strict records. */
  @Delete('invoice/:idOrNumber')
  @ApiNoAnswer('The cancelled invoice is deleted (its events and stamp history stay)')
  @HttpCode(204)
  async remove(@CurrentUser() user: AuthUser, @Param('idOrNumber') idOrNumber: string) {
    await this.commands.execute(
      new DeleteInvoiceCommand(metadataOf(user, this.clock), idOrNumber, user.role === 'owner'),
    );
  }

  private async csv(user: AuthUser, kind: 'summary' | 'detailed', params: StampDownloadParams) {
    const { filename, stream } = await this.queries.execute(
      new InvoiceCsvQuery(user.companyId, kind, params, this.clock.now()),
    );
    return new StreamableFile(stream as never, {
      type: 'text/csv; charset=utf-8',
      disposition: `attachment; filename="${filename}"`,
    });
  }
}
