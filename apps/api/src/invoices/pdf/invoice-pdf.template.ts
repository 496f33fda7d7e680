import Handlebars from 'handlebars';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';
import type { CompanyHeader, CustomerInvoice } from '#domain/contracts/public.contract.js';
import type { DeliveryMeans } from '#domain/contracts/route.contract.js';
import { DELIVERY_MEANS_LABELS } from '#domain/invoices/invoice-delivered.rules.js';
import { displayDate, lines, money, percent, quantity, stampRange } from '../../infra/pdf/pdf-format.js';

export function customerInvoice(invoice: InvoiceResponse): CustomerInvoice {
  const {
    company_note: _internal,
    licence_warning: _guard,
    cloverApiRequestLog: _clover,
    company_id: _company,
    items,
    ...rest
  } = invoice;
  return {
    ...rest,
    items: items.map(({ cost: _c, below_cost: _b, last_invoiced_price: _l, ...item }) => item),
  };
}

/** What invoice.hbs reads. */
export type InvoicePdfView = CustomerInvoice & {
  title: string;
  company: CompanyHeader;
  cod: boolean;
  note_lines: string[];
  /** the payment feature is on: the payments table, Paid and Balance due are printed */
  show_payments: boolean;
  /** the big "Amount due": the balance left (never below 0) with payments shown, else the total */
  amount_due: number;
  /** How the goods reach the retailer, and the proof of delivery once delivered (printed below the totals). */
  shipping: PdfShipping | null;
};

export interface PdfShipping {
  means: string;
  carrier: { name: string; permit: string } | null;
  delivered: { signer: string; at: string; signature: string | null } | null;
}

export interface InvoicePdfOptions {
  /** the company's payment feature is on */
  payments?: boolean;
  /** The delivery as printed: its time as the company reads it and the signature as a data URL. */
  delivered?: { at: string; signature: string | null };
  /** The company's default means of delivery (and carrier): printed before the invoice is delivered. */
  defaults?: { means: DeliveryMeans; carrier: { name: string; permit: string } | null };
}

/** The means of delivery (and the carrier when a carrier delivers) and who signed, when delivered. */
function shippingOf(
  invoice: InvoiceResponse,
  { delivered, defaults }: InvoicePdfOptions,
): PdfShipping | null {
  const delivery = invoice.delivery;
  if (!delivery)
    return defaults
      ? { means: DELIVERY_MEANS_LABELS[defaults.means], carrier: defaults.carrier, delivered: null }
      : null;
  return {
    means: DELIVERY_MEANS_LABELS[delivery.means],
    carrier: delivery.means === 'carrier' ? delivery.carrier : null,
    delivered: {
      signer: delivery.signer_name,
      at: delivered?.at ?? delivery.delivered_at,
      signature: delivered?.signature ?? null,
    },
  };
}

export function invoicePdfView(
  invoice: InvoiceResponse,
  company: CompanyHeader,
  options: InvoicePdfOptions = {},
): InvoicePdfView {
  const visible = customerInvoice(invoice);
  return {
    ...visible,
    title: `Invoice #${invoice.number}`,
    company,
    cod: invoice.customer.cash_on_delivery,
    note_lines: lines(invoice.note),
    show_payments: options.payments ?? false,
    amount_due: options.payments ? Math.max(0, invoice.balance ?? invoice.total) : invoice.total,
    shipping: shippingOf(invoice, options),
  };
}

/** The helpers the templates use (all output is escaped by Handlebars). */
export const PDF_HELPERS = {
  money: (value: number) => money(value),
  date: (value: string | null) => displayDate(value),
  percent: (value: number) => percent(Number(value)),
  qty: (value: number) => quantity(Number(value)),
  stampRange: (range: { prefix: string; from: number; to: number }) => stampRange(range),
  /** Whether a value is set (0 counts, unlike #if): {{#if (isSet this.previousPrice)}}. */
  isSet: (value: unknown) => value !== null && value !== undefined,
  /** Joins the non-empty values: {{join ", " city state}}. */
  join: (separator: string, ...values: unknown[]) =>
    values
      .slice(0, -1) // the last argument is Handlebars' options object
      .filter((value) => typeof value === 'string' && value.trim() !== '')
      .join(separator),
};

const here = dirname(fileURLToPath(import.meta.url));

/**
 * The directory of a module's templates: the module's own directory, in the source tree (tests) as in dist/
 * (scripts/build.mjs copies every .hbs next to the compiled code), so dist/ runs without the sources.
 */
export function templateDir(file = 'invoice.hbs', moduleDir: string = here): string {
  if (!existsSync(join(moduleDir, file)))
    throw new Error(`PDF template ${file} not found in ${moduleDir} (run node scripts/build.mjs)`);
  return moduleDir;
}

let handlebars: typeof Handlebars | undefined;

/** One Handlebars with the helpers and the shared partials (styles, header, company, logo, customer, items, …). */
function pdfHandlebars(): typeof Handlebars {
  if (handlebars) return handlebars;
  const dir = templateDir();
  const instance = Handlebars.create();
  for (const [name, helper] of Object.entries(PDF_HELPERS)) instance.registerHelper(name, helper);
  for (const file of readdirSync(join(dir, 'partials')).filter((f) => f.endsWith('.hbs'))) {
    instance.registerPartial(file.replace(/\.hbs$/, ''), readFileSync(join(dir, 'partials', file), 'utf8'));
  }
  handlebars = instance;
  return instance;
}

/** A document template (`file` in the directory of the module at `moduleUrl`) with the shared partials. */
export function compilePdfTemplate<T>(file: string, moduleUrl: string): Handlebars.TemplateDelegate<T> {
  const dir = templateDir(file, dirname(fileURLToPath(moduleUrl)));
  return pdfHandlebars().compile<T>(readFileSync(join(dir, file), 'utf8'), {
    strict: false,
    preventIndent: true,
  });
}

let compiled: Handlebars.TemplateDelegate<InvoicePdfView> | undefined;

/** invoice.hbs with its partials (header, logo, customer, items, totals, payments), compiled once. */
export function invoiceTemplate(): Handlebars.TemplateDelegate<InvoicePdfView> {
  compiled ??= compilePdfTemplate<InvoicePdfView>('invoice.hbs', import.meta.url);
  return compiled;
}

export function renderInvoiceHtml(view: InvoicePdfView): string {
  return invoiceTemplate()(view);
}

/** Page numbers at the bottom of every page (Chromium's footer template; its own tiny default font is enlarged). */
export function invoiceFooter(number: string): string {
  const safe = Handlebars.escapeExpression(number);
  return `<div style="width:100%;font-size:8px;color:#616e7c;padding:0 0.5in;display:flex;justify-content:space-between;font-family:'Liberation Sans',Arial,sans-serif"><span>Invoice #${safe}</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;
}
