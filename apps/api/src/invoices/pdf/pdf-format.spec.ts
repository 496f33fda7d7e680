import type { CustomerBalanceResponse } from '#domain/contracts/payment.contract.js';
import { sampleInvoice } from '#test/bench/bench-pdf.js';
import {
  balanceFileName,
  balancePdfView,
  renderBalanceHtml,
  statusLabel,
} from '../../payments/pdf/balance-pdf.template.js';
import { sniffDocument, documentName } from '../documents/document-type.js';
import { invoicePdfView, PDF_HELPERS, renderInvoiceHtml } from './invoice-pdf.template.js';
import {
  contentDisposition,
  displayDate,
  fileDate,
  invoiceFileName,
  lines,
  money,
  percent,
  quantity,
  stampRange,
} from '../../infra/pdf/pdf-format.js';

const company = {
  name: 'Lone Star',
  address: '1 Main',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  tabc_id: 'LD1',
  logo: null,
};

describe('PDF formatting', () => {
  it("shows business dates as 'dd MMM, yyyy' and file dates as 'dd_MMM_yyyy'", () => {
    expect(displayDate('2026-03-05')).toBe('05 Mar, 2026');
    expect(displayDate('2025-12-31T10:00:00Z')).toBe('31 Dec, 2025');
    expect(displayDate(null)).toBe('');
    expect(displayDate('not a date')).toBe('');
    expect(fileDate('2026-03-05')).toBe('05_Mar_2026');
  });

  it('shows US dollars with 2 decimals, rates and quantities', () => {
    expect(money(1234.5)).toBe('$1,234.50');
    expect(money(0)).toBe('$0.00');
    expect(money(-3)).toBe('-$3.00');
    expect(percent(8.25)).toBe('8.25%');
    expect(percent(8)).toBe('8%');
    expect(quantity(1234)).toBe('1,234');
  });

  it('prints stamp ranges with their count', () => {
    expect(stampRange({ prefix: 'AB', from: 1000, to: 1002 })).toBe('AB 1000–1002 (3)');
    expect(stampRange({ prefix: '', from: 7, to: 7 })).toBe('7 (1)');
  });

  it('names the file invoice_{number}_{dd_MMM_yyyy}.pdf with safe characters only', () => {
    expect(invoiceFileName('345B', '2026-03-05')).toBe('invoice_345B_05_Mar_2026.pdf');
    expect(invoiceFileName('12-345', '2026-03-05')).toBe('invoice_12-345_05_Mar_2026.pdf');
    expect(invoiceFileName('../x"', '2026-03-05')).toBe('invoice_x_05_Mar_2026.pdf');
  });

  it('quotes file names in Content-Disposition without letting them break the header', () => {
    expect(contentDisposition('attachment', 'a "b";.pdf')).toBe(
      `attachment; filename="a _b__.pdf"; filename*=UTF-8''a%20%22b%22%3B.pdf`,
    );
    expect(contentDisposition('inline', 'café.jpeg')).toBe(
      `inline; filename="caf_.jpeg"; filename*=UTF-8''caf%C3%A9.jpeg`,
    );
  });

  it('keeps note lines, collapsing blank runs', () => {
    expect(lines('a\n\n\nb\r\nc  ')).toEqual(['a', '', 'b', 'c']);
    expect(lines(null)).toEqual([]);
  });

  it('joins the non-empty values of a template call', () => {
    expect(PDF_HELPERS.join(', ', 'Austin', '', 'TX 78701', {})).toBe('Austin, TX 78701');
  });
});

describe('The invoice template', () => {
  it('prints what the customer needs and never the internal note or costs', () => {
    const invoice = { ...sampleInvoice(2, '345B'), beer: true, due_on_delivery: true };
    const view = invoicePdfView(invoice, company);
    expect(view).not.toHaveProperty('company_note');
    expect(view.items[0]).not.toHaveProperty('cost');
    const html = renderInvoiceHtml(view);
    expect(html).toContain('Invoice #345B');
    expect(html).toContain('Due on delivery');
    expect(html).toContain('05 Mar, 2026');
    expect(html).toMatch(/TABC Permit:\s*<strong>MB1234567<\/strong>/);
    expect(html).toMatch(/TABC Permit:\s*<strong>LD1<\/strong>/);
    expect(html).toContain('COD');
    expect(html).toContain('Tax (8.25%)');
    expect(html).toContain('AB 1000–');
    expect(html).toContain('Deliveries Tuesday and Friday');
    expect(html).not.toContain('INTERNAL');
  });

  it('names the invoice a replacement replaces, and the replacement of a cancelled one (strict records)', () => {
    const invoice = sampleInvoice(2, '352');
    expect(renderInvoiceHtml(invoicePdfView(invoice, company))).not.toContain('Replace');
    const replacement = { ...invoice, replaces: { id: 'a', number: '345' } };
    expect(renderInvoiceHtml(invoicePdfView(replacement, company))).toContain(
      'Replaces cancelled invoice #345',
    );
    const cancelled = { ...invoice, status: 'cancelled' as const, replaced_by: { id: 'b', number: '352' } };
    expect(renderInvoiceHtml(invoicePdfView(cancelled, company))).toContain(
      'Cancelled; replaced by invoice #352',
    );
  });

  it('says which lines are stamped per case, and nothing on the others', () => {
    const invoice = sampleInvoice(2, '346');
    invoice.items[0] = { ...invoice.items[0]!, qty: 30, stamp_case_size: 24, stamps: 7 };
    const html = renderInvoiceHtml(invoicePdfView(invoice, company));
    expect(html).toContain('Stamped per case: one stamp per case of 24, one per loose bottle (7 stamps)');
    expect(html.match(/Stamped per case/g)).toHaveLength(1);
    expect(renderInvoiceHtml(invoicePdfView(sampleInvoice(2, '347'), company))).not.toContain(
      'Stamped per case',
    );
  });

  it("prints an order review's changes on the line, a price reviewed from $0.00 too, and nothing on other lines", () => {
    const invoice = sampleInvoice(2, '348');
    invoice.items[0] = { ...invoice.items[0]!, previousPrice: 0, newPrice: 18.5, priceChangeNote: 'deal' };
    const html = renderInvoiceHtml(invoicePdfView(invoice, company));
    expect(html).toContain('Price changed from $0.00 to $18.50: deal');
    expect(html.match(/Price changed/g)).toHaveLength(1);
    expect(html).not.toContain('Quantity changed');
  });

  it('prints the payments, Paid and Balance due only when the payment feature is on', () => {
    const invoice = {
      ...sampleInvoice(2, '346'),
      payments: [
        {
          id: 'p1',
          amount: 20,
          received_at: '2026-03-07',
          note: 'Check #1001',
          created_at: '',
          from_account: false,
        },
        {
          id: 'p2',
          amount: 5.5,
          received_at: '2026-03-09',
          note: '<b>cash</b>',
          created_at: '',
          from_account: false,
        },
      ],
      paid: 25.5,
      balance: 74.5,
      remaining: 74.5,
    };
    const off = renderInvoiceHtml(invoicePdfView(invoice, company));
    expect(off).not.toContain('Balance due');
    expect(off).not.toContain('Check #1001');

    const view = invoicePdfView(invoice, company, { payments: true });
    expect(view.amount_due).toBe(74.5);
    const on = renderInvoiceHtml(view);
    expect(on).toContain('Payments');
    expect(on).toMatch(/07 Mar, 2026<\/td>\s*<td>Check #1001<\/td>\s*<td class='num'>\$20\.00/);
    expect(on).toContain('&lt;b&gt;cash&lt;/b&gt;');
    expect(on).toMatch(/Paid<\/td><td>\$25\.50/);
    expect(on).toMatch(/Balance due<\/td><td>\$74\.50/);
    expect(on).toMatch(/due-amount'>\$74\.50/);
  });

  it('says so when the payment feature is on and nothing was paid; an overpaid invoice owes nothing', () => {
    const invoice = { ...sampleInvoice(1), paid: 0, balance: 10, remaining: 10 };
    expect(renderInvoiceHtml(invoicePdfView(invoice, company, { payments: true }))).toContain(
      'No payments received yet',
    );
    const overpaid = { ...sampleInvoice(1), paid: 99, balance: -3, remaining: 0 };
    expect(invoicePdfView(overpaid, company, { payments: true }).amount_due).toBe(0);
  });

  it('escapes every value it prints', () => {
    const invoice = { ...sampleInvoice(1), note: '<script>alert(1)</script>' };
    const html = renderInvoiceHtml(invoicePdfView(invoice, { ...company, name: '<img src=x onerror=1>' }));
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img src=x');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});

describe('The balance template', () => {
  const balance: CustomerBalanceResponse = {
    customer: {
      id: 'c-1',
      name: 'The Rusty Nail',
      address: '500 E 6th St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      display_tabc_id: 'MB1234567',
    },
    summary: { owing: 110.83, unapplied_credit: 0, balance: 110.83 },
    invoices: [
      {
        id: 'i-1',
        number: '1042',
        invoiced_at: '2026-03-01',
        total: 150.1,
        credited: 0,
        paid: 50.1,
        balance: 100,
        due_at: '2026-03-31',
        due_on_delivery: false,
        status: 'partially_paid',
      },
      {
        id: 'i-2',
        number: '1043B',
        invoiced_at: '2026-03-02',
        total: 10.83,
        credited: 0,
        paid: 0,
        balance: 10.83,
        due_at: null,
        due_on_delivery: true,
        status: 'invoiced',
      },
    ],
  };

  it('lists the customer, what is owed and each open invoice with its due date or On Delivery', () => {
    const view = balancePdfView(balance, company, '2026-03-05');
    expect(view).toMatchObject({ total: 160.93, paid: 50.1 });
    const html = renderBalanceHtml(view);
    expect(html).toContain('The Rusty Nail');
    expect(html).toContain('<div>500 E 6th St</div>');
    expect(html).toContain('<div>Austin, TX 78701</div>');
    expect(html).toMatch(/TABC Permit: <strong>MB1234567<\/strong>/);
    expect(html).toMatch(/TABC Permit: <strong>LD1<\/strong>/);
    expect(html).toContain('$110.83');
    expect(html).toContain('#1042');
    expect(html).toContain('31 Mar, 2026');
    expect(html).toContain('#1043B');
    expect(html).toContain('On Delivery');
    expect(html).toContain('Partially Paid');
    expect(html).toContain('05 Mar, 2026');
  });

  it('says when nothing is due, and escapes what it prints', () => {
    const html = renderBalanceHtml(
      balancePdfView(
        { ...balance, customer: { ...balance.customer, name: '<script>x</script>' }, invoices: [] },
        company,
        '2026-03-05',
      ),
    );
    expect(html).toContain('No Balance Information');
    expect(html).not.toContain('<script>x');
  });

  it('labels statuses and names the file with the customer id and a timestamp', () => {
    expect(statusLabel('partially_paid')).toBe('Partially Paid');
    const instant = new Date('2026-03-05T20:04:05Z');
    expect(balanceFileName('c-1/..', '2026-03-05', instant, 'America/Chicago')).toBe(
      'balance_c-1_05_Mar_2026_140405.pdf',
    );
  });
});

describe('Document types', () => {
  const text = (s: string) => Buffer.from(s, 'utf8');
  it.each([
    ['a PDF', Buffer.from('%PDF-1.7\n'), 'x.bin', 'application/pdf'],
    [
      'a HEIC photo',
      Buffer.concat([Buffer.from([0, 0, 0, 24]), text('ftypheic'), Buffer.alloc(8)]),
      'IMG.HEIC',
      'image/heic',
    ],
    ['a CSV', text('a,b\n1,2\n'), 'list.csv', 'text/csv'],
    [
      'a .docx',
      Buffer.concat([Buffer.from([0x50, 0x4b, 3, 4]), Buffer.alloc(20)]),
      'letter.docx',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [
      'a .xls',
      Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0]),
      'old.xls',
      'application/vnd.ms-excel',
    ],
  ])('recognises %s by its content', (_, bytes, name, mimeType) =>
    expect(sniffDocument(bytes, name)?.mimeType).toBe(mimeType),
  );

  it.each([
    ['HTML', text('<!DOCTYPE html><script>alert(1)</script>'), 'page.html'],
    ['HTML called .csv', text('  <html><script>alert(1)</script>'), 'list.csv'],
    ['SVG', text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.svg'],
    ['SVG called .png', text('<svg onload="alert(1)"/>'), 'logo.png'],
    ['a ZIP called .exe', Buffer.from([0x50, 0x4b, 3, 4, 0]), 'setup.exe'],
    ['binary called .txt', Buffer.from([1, 0, 2]), 'x.txt'],
  ])('refuses %s', (_, bytes, name) => expect(sniffDocument(bytes, name)).toBeNull());

  it('keeps the name, adding the real extension when it is missing (camera photos become .jpeg)', () => {
    const jpeg = { mimeType: 'image/jpeg', extension: 'jpeg', inline: true };
    expect(documentName('image', jpeg)).toBe('image.jpeg');
    expect(documentName('C:\\photos\\IMG_1.jpg', jpeg)).toBe('IMG_1.jpg');
    expect(documentName('', jpeg)).toBe('document.jpeg');
  });
});
