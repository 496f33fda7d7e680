import { Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import type { ConvertedInvoice, ConvertedInvoiceItem } from '#domain/contracts/integration.contract.js';
import type { AuthUser } from '../../auth/auth.types.js';
import { CurrentUser } from '../../auth/public.decorator.js';
import { RequiresFeature } from '../../features/requires-feature.decorator.js';
import { readSingleFile } from '../../infra/files/read-upload.js';
import { ApiAnswer } from '../../infra/http/api-answer.js';
import {
  INVOICE_FILE_FIELD,
  INVOICE_FILE_MISSING,
  INVOICE_FILE_PROBLEMS,
  problemsError,
  readInvoiceFile,
  type FieldProblem,
} from './invoice-file.js';
import { InvoiceConvertReader } from './queries/invoice-convert.reader.js';

const dollars = (cents: number | string) => (Number(cents) / 100).toFixed(2);

export const CONVERTED_INVOICE_EXAMPLE: ConvertedInvoice = {
  reference: '1042',
  customer: {
    id: '780dbb31-41f6-4ef0-a28d-77bb6d9bf698',
    name: 'The Rusty Nail',
    city: 'Austin',
    display_tabc_id: 'MB123456',
  },
  invoiced_at: '2026-11-21',
  items: [
    {
      line: 2,
      product_id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
      product: {
        id: '8674697a-0a9b-475e-8a6d-ed49f8ef598d',
        product: "Tito's Vodka",
        product_size: '750ml',
        product_type: 'liquor',
        upc: '619947000020',
        last_purchase_price: '15.00',
      },
      qty: 3,
      price: '19.99',
      taxable: true,
      on_deal: false,
    },
  ],
  warnings: ['No customer with TABC ID MB999999: pick the customer.'],
};

/**
 * POST /invoice/convert (the client's specification: "multipart invoice (fintech upload)"; fintech feature): a
 * distributor's invoice file (CSV, see invoice-file.ts and the README) becomes a prefill of the invoice builder —
 * the company's products found by UPC, its customer by TABC ID or name, the invoice date. Nothing is saved: the user
 * checks the invoice in the builder (stamps, prices, warnings) and saves it as any other.
 */
@ApiTags('fintech')
@ApiBearerAuth()
@RequiresFeature('fintech')
@Controller()
export class InvoiceConvertController {
  constructor(@Inject(InvoiceConvertReader) private readonly reader: InvoiceConvertReader) {}

  @Post('invoice/convert')
  @HttpCode(200)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: [INVOICE_FILE_FIELD],
      properties: { [INVOICE_FILE_FIELD]: { type: 'string', format: 'binary' } },
    },
  })
  @ApiAnswer(200, 'The invoice file as a prefill of the invoice builder', CONVERTED_INVOICE_EXAMPLE)
  async convert(@CurrentUser() user: AuthUser, @Req() request: FastifyRequest): Promise<ConvertedInvoice> {
    const upload = await readSingleFile(request, INVOICE_FILE_FIELD, INVOICE_FILE_MISSING);
    const file = readInvoiceFile(upload.content, upload.filename);
    const companyId = user.companyId;

    const upcs = [...new Set(file.rows.map((row) => row.upc))];
    const products = await this.reader.productsByUpc(companyId, upcs);
    const byUpc = new Map(products.map((product) => [product.upc, product]));
    const problems: FieldProblem[] = [];
    const items: ConvertedInvoiceItem[] = [];
    for (const row of file.rows) {
      const product = byUpc.get(row.upc);
      if (!product) {
        const named = row.product ? ` (${row.product.slice(0, 60)})` : '';
        problems.push({
          field: `line ${row.line}: UPC`,
          message: `Line ${row.line}: no product with UPC ${row.upc.slice(0, 40)}${named} in your products.`,
        });
        continue;
      }
      items.push({
        line: row.line,
        product_id: product.id,
        product: {
          id: product.id,
          product: product.product,
          product_size: product.product_size,
          product_type: product.product_type,
          upc: product.upc,
          last_purchase_price: dollars(product.last_purchase_price_cents),
        },
        qty: row.qty,
        price: dollars(row.priceCents),
        taxable: row.taxable,
        on_deal: row.onDeal,
      });
    }
    if (problems.length > 0) throw problemsError(INVOICE_FILE_PROBLEMS, problems);

    const warnings: string[] = [];
    let customer: ConvertedInvoice['customer'] = null;
    if (file.tabcId || file.customer) {
      customer = await this.reader.customer(companyId, file.tabcId, file.customer);
      if (!customer)
        warnings.push(
          file.tabcId
            ? `No customer with TABC ID ${file.tabcId}: pick the customer.`
            : `No customer named ${file.customer}: pick the customer.`,
        );
    }
    return {
      reference: file.reference,
      customer,
      invoiced_at: file.invoicedAt,
      items,
      warnings,
    };
  }
}
