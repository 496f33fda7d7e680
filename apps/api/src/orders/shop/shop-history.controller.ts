import { Controller, Get, Inject, Param, ParseUUIDPipe, Res } from '@nestjs/common';
import { Clock } from '../../infra/clock.js';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import type { ShopProductResponse } from '#domain/contracts/order.contract.js';
import {
  type ShopBalanceResponse,
  type ShopInvoiceDetailResponse,
  type ShopOrderDetailResponse,
} from '#domain/contracts/shop.contract.js';
import { invoiceError } from '#domain/invoices/invoice.errors.js';
import { dollarsOf } from '#domain/shared/money.js';
import { ApiAnswer, ApiFileAnswer } from '../../infra/http/api-answer.js';
import { sendPdf } from '../../infra/pdf/pdf-reply.js';
import { InvoiceReader } from '../../invoices/invoice-reader.js';
import { InvoicePdfService } from '../../invoices/pdf/invoice-pdf.service.js';
import { CustomerBalanceQuery } from '../../payments/queries/payment.queries.js';
import { CurrentCustomerUser, ForCustomerUsers } from '../customer-users/customer-user.guard.js';
import type { CustomerUserPrincipal } from '../customer-users/customer-user.types.js';
import { OrderReader } from '../order-reader.js';
import { OrderPdfService } from '../pdf/order-pdf.service.js';
import { shopProduct, type CatalogueProduct } from './shop-catalogue.js';
import { ShopReader } from './queries/shop.reader.js';
import {
  SHOP_BALANCE_ANSWER,
  SHOP_INVOICE_DETAIL_ANSWER,
  SHOP_ORDER_DETAIL_ANSWER,
  SHOP_USUAL_ANSWER,
} from './shop-history.answers.js';
import type { StatementResponse } from '#domain/contracts/statement.contract.js';
import { STATEMENT_ANSWER } from '../../statements/statement.answers.js';
import { StatementDocuments } from '../../statements/statement-documents.service.js';
import { invoiceLines, orderLines, reorderLines, shopInvoiceDetail } from './shop-history.js';

const AN_ID = new ParseUUIDPipe({ errorHttpStatusCode: 404 });

/**
 * The ordering app's history, for customer users only and always within their own customer: one past order or
 * invoice (with what Order again would put into the cart) and its PDF, the balance owed, the statement of the
 * current month and its PDF, and the usual products.
 * Another customer's order or invoice — of the same distributor or another — is not found (404).
 */
@ApiTags('shop')
@ApiBearerAuth()
@Controller('shop')
export class ShopHistoryController {
  constructor(
    @Inject(OrderReader) private readonly orders: OrderReader,
    @Inject(OrderPdfService) private readonly orderPdfs: OrderPdfService,
    @Inject(InvoiceReader) private readonly invoices: InvoiceReader,
    @Inject(InvoicePdfService) private readonly invoicePdfs: InvoicePdfService,
    @Inject(QueryBus) private readonly queries: QueryBus,
    @Inject(ShopReader) private readonly shop: ShopReader,
    @Inject(Clock) private readonly clock: Clock,
    @Inject(StatementDocuments) private readonly statements: StatementDocuments,
  ) {}

  /** One order of the customer: its lines with their reviews, status and totals, and the lines to order again. */
  @ForCustomerUsers()
  @Get('order/:id')
  @ApiAnswer(
    200,
    'One of the customer’s orders, and what Order again puts into the cart',
    SHOP_ORDER_DETAIL_ANSWER,
  )
  async order(
    @CurrentCustomerUser() user: CustomerUserPrincipal,
    @Param('id', AN_ID) id: string,
  ): Promise<ShopOrderDetailResponse> {
    const order = await this.orders.ofCustomer(user.companyId, user.customerId, id);
    const lines = orderLines(order);
    return { order, reorder: reorderLines(lines, await this.offered(user, lines)) };
  }

  /** The order as the office prints it (order.hbs), inline: `order_{number}_{dd_MMM_yyyy}.pdf`. */
  @ForCustomerUsers()
  @Get('order/:id/pdf')
  @ApiFileAnswer('application/pdf', 'The order as a PDF (inline, order_{number}_{dd_MMM_yyyy}.pdf)')
  async orderPdf(
    @CurrentCustomerUser() user: CustomerUserPrincipal,
    @Param('id', AN_ID) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const order = await this.orders.ofCustomer(user.companyId, user.customerId, id);
    const detail = await this.orders.detail(user.companyId, order.id);
    const { pdf, filename } = await this.orderPdfs.print(user.companyId, detail);
    return sendPdf(reply, pdf, filename, 'inline');
  }

  /** One invoice of the customer: lines, totals, due date and status, and the lines to order again. */
  @ForCustomerUsers()
  @Get('invoice/:id')
  @ApiAnswer(
    200,
    'One of the customer’s invoices, and what Order again puts into the cart',
    SHOP_INVOICE_DETAIL_ANSWER,
  )
  async invoice(
    @CurrentCustomerUser() user: CustomerUserPrincipal,
    @Param('id', AN_ID) id: string,
  ): Promise<ShopInvoiceDetailResponse> {
    const invoice = await this.ownInvoice(user, id);
    const lines = invoiceLines(invoice);
    return shopInvoiceDetail(invoice, reorderLines(lines, await this.offered(user, lines)));
  }

  /** The invoice as the office prints it (invoice.hbs), inline: `invoice_{number}_{dd_MMM_yyyy}.pdf`. */
  @ForCustomerUsers()
  @Get('invoice/:id/pdf')
  @ApiFileAnswer('application/pdf', 'The invoice as a PDF (inline, invoice_{number}_{dd_MMM_yyyy}.pdf)')
  async invoicePdf(
    @CurrentCustomerUser() user: CustomerUserPrincipal,
    @Param('id', AN_ID) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const invoice = await this.ownInvoice(user, id);
    const { pdf, filename } = await this.invoicePdfs.print(user.companyId, invoice);
    return sendPdf(reply, pdf, filename, 'inline');
  }

  /**
   * What the customer owes: the balance of its open invoices (the office's customer balance, CustomerBalanceQuery),
   * and the part of it on invoices past their due date (the shown status 'payment_due').
   */
  @ForCustomerUsers()
  @Get('balance')
  @ApiAnswer(200, 'The balance owed and its overdue part', SHOP_BALANCE_ANSWER)
  async balance(@CurrentCustomerUser() user: CustomerUserPrincipal): Promise<ShopBalanceResponse> {
    const balance = await this.queries.execute(new CustomerBalanceQuery(user.companyId, user.customerId));
    const overdue = balance.invoices.filter((invoice) => invoice.status === 'payment_due');
    const cents = (dollars: number) => Math.round(dollars * 100);
    return {
      owing: balance.summary.owing,
      overdue: dollarsOf(overdue.reduce((sum, invoice) => sum + cents(invoice.balance), 0)),
      open_invoices: balance.invoices.length,
      overdue_invoices: overdue.length,
    };
  }

  /** The customer's statement of the current month (the company's time zone), as the office's statement shows it. */
  @ForCustomerUsers()
  @Get('statement')
  @ApiAnswer(200, 'The customer’s statement of the current month', STATEMENT_ANSWER)
  statement(@CurrentCustomerUser() user: CustomerUserPrincipal): Promise<StatementResponse> {
    return this.statements.statement(user.companyId, user.customerId, {}, this.clock.now());
  }

  /** The statement of the current month as the office prints it, inline. */
  @ForCustomerUsers()
  @Get('statement/pdf')
  @ApiFileAnswer('application/pdf', 'The statement of the current month as a PDF (inline)')
  async statementPdf(
    @CurrentCustomerUser() user: CustomerUserPrincipal,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { pdf, filename } = await this.statements.print(
      user.companyId,
      user.customerId,
      {},
      this.clock.now(),
    );
    return sendPdf(reply, pdf, filename, 'inline');
  }

  /** "Your usual": the products invoiced most to the customer in the last USUAL_DAYS days, at its prices today. */
  @ForCustomerUsers()
  @Get('catalogue/usual')
  @ApiAnswer(200, 'The customer’s usual products at its prices', SHOP_USUAL_ANSWER)
  async usual(@CurrentCustomerUser() user: CustomerUserPrincipal): Promise<ShopProductResponse[]> {
    const at = this.clock.nowIso();
    const ids = await this.shop.usualProductIds(user.companyId, user.customerId, at);
    if (ids.length === 0) return [];
    const products = await this.shop.catalogue(user.companyId, user.customerId, at, {
      ids,
      limit: ids.length,
    });
    const byId = new Map(products.map((product) => [product.id, product]));
    return ids.flatMap((id) => {
      const product = byId.get(id);
      return product ? [shopProduct(product)] : [];
    });
  }

  /** An invoice of this customer, else 404 'Invoice not found' (as for an invoice that does not exist). */
  private async ownInvoice(user: CustomerUserPrincipal, id: string) {
    const row = await this.invoices.row(user.companyId, id);
    if (row.customer_id !== user.customerId) throw invoiceError('INVOICE_NOT_FOUND');
    return this.invoices.respond(user.companyId, row);
  }

  /** The products of these lines the customer can order today, at its prices. */
  private async offered(
    user: CustomerUserPrincipal,
    lines: readonly { product: { id: string } }[],
  ): Promise<Map<string, CatalogueProduct>> {
    const ids = [...new Set(lines.map((line) => line.product.id))];
    if (ids.length === 0) return new Map();
    const products = await this.shop.catalogue(user.companyId, user.customerId, this.clock.nowIso(), {
      ids,
      limit: ids.length,
    });
    return new Map(products.map((product) => [product.id, product]));
  }
}
