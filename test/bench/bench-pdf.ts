// Invoice PDFs: the warm browser with its page pool against a launch-Chromium-per-document baseline (how a
// local generator without a warm browser works), measured in the same run on the same HTML.
// - warm single-page invoice: p50/p95 over BENCH_PDF_SAMPLES (default 40) sequential documents, after 3 warm-ups;
// - baseline: p50/p95 over BENCH_PDF_BASELINE (default 8) documents, each launching and closing its own Chromium;
// - a 100-line invoice (several pages) through the warm renderer;
// - BENCH_PDF_COUNT (default 1,000) PDFs with 8 in flight: throughput, peak memory of this process and of its
//   Chromium processes (sampled), memory early vs late, and no Chromium process left after close().
// Templates and renderer are the API's own (invoice.hbs + PdfRenderer); no database is involved.
import { readdirSync, readFileSync } from 'node:fs';
import { loadConfig } from '../../apps/api/src/infra/config/config.js';
import { PdfRenderer, renderWithFreshBrowser } from '../../apps/api/src/infra/pdf/pdf-renderer.js';
import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';
import {
  invoiceFooter,
  invoicePdfView,
  renderInvoiceHtml,
} from '../../apps/api/src/invoices/pdf/invoice-pdf.template.js';
import type { CompanyHeader } from '#domain/contracts/public.contract.js';
import { latencySummary, log, ms, num, type BenchFigure } from './bench-support.js';

const intEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};

/** A plausible invoice of `lines` lines (liquor with stamps, a taxable and an untaxed line, a note). */
export function sampleInvoice(lines = 6, number = '1042'): InvoiceResponse {
  const products = [
    ["Tito's Handmade Vodka", '750ml', 19.99, true],
    ['Barefoot Merlot', '750ml', 8.99, true],
    ['Shiner Bock 12pk', '12oz', 14.5, false],
    ['Jameson Irish Whiskey', '1L', 32.75, true],
    ['Topo Chico Mineral Water 24pk', '12oz', 21.0, false],
    ['Casamigos Blanco Tequila', '750ml', 44.99, true],
  ] as const;
  const items = Array.from({ length: lines }, (_, i) => {
    const [name, size, price, taxable] = products[i % products.length]!;
    const qty = (i % 5) + 1;
    const total = Math.round(price * qty * 100) / 100;
    return {
      id: i + 1,
      position: i + 1,
      product_id: `p-${i}`,
      product: {
        id: `p-${i}`,
        product: lines > products.length ? `${name} #${i + 1}` : name,
        product_size: size,
        product_type: 'liquor',
        upc: null,
      },
      qty,
      price,
      taxable,
      on_deal: false,
      total,
      tax: taxable ? Math.round(total * 8.25) / 100 : 0,
      cost: price * 0.7,
      below_cost: false,
      last_invoiced_price: null,
      stamp_case_size: null as number | null,
      stamps: 0,
    };
  });
  const subTotal = Math.round(items.reduce((s, i) => s + i.total, 0) * 100) / 100;
  const tax = Math.round(items.reduce((s, i) => s + i.tax, 0) * 100) / 100;
  const stampCount = items.reduce((s, i) => s + i.qty, 0);
  return {
    id: '00000000-0000-4000-8000-000000000001',
    number,
    sequence: Number.parseInt(number, 10) || 1,
    beer: false,
    customer_id: 'c-1',
    customer: {
      id: 'c-1',
      name: 'The Rusty Nail Saloon',
      display_tabc_id: 'MB1234567',
      address: '500 E 6th St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      cash_on_delivery: true,
    },
    status: 'invoiced',
    status_label: 'Invoiced',
    statusInfo: [],
    invoiced_at: '2026-03-05',
    due_at: '2026-04-04',
    due_on_delivery: false,
    note: 'Thank you! Deliveries Tuesday and Friday before noon.\nPlease call ahead for the loading dock.',
    company_note: 'INTERNAL: owner asked for a discount next time',
    logo_id: null,
    tax_rate: 8.25,
    sub_total: subTotal,
    tax_total: tax,
    total: Math.round((subTotal + tax) * 100) / 100,
    items,
    stamps: [
      {
        roll_id: 1,
        prefix: 'AB',
        from: 1000,
        to: 1000 + Math.ceil(stampCount / 2) - 1,
        count: Math.ceil(stampCount / 2),
      },
      {
        roll_id: 2,
        prefix: 'AC',
        from: 500,
        to: 500 + Math.floor(stampCount / 2) - 1,
        count: Math.floor(stampCount / 2),
      },
    ].filter((r) => r.count > 0),
    stamp_count: stampCount,
    stamps_needed: stampCount,
    payments: [],
    orders: [],
    created_at: '2026-03-05T15:00:00.000Z',
    updated_at: '2026-03-05T15:00:00.000Z',
  } as unknown as InvoiceResponse;
}

export const sampleCompany = (logo: string | null = null): CompanyHeader => ({
  name: 'Lone Star Beverage Distributors',
  address: '1200 Industrial Blvd, Suite 4',
  city: 'Austin',
  state: 'TX',
  zip: '78745',
  tabc_id: 'LD98765432',
  logo,
});

export const sampleHtml = (invoice: InvoiceResponse, company = sampleCompany()) =>
  renderInvoiceHtml(invoicePdfView(invoice, company));

/** RSS (bytes) of every Chromium process descending from this one, and how many there are. */
export function chromiumProcesses(root = process.pid): { count: number; rss: number } {
  const parent = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parent.set(Number(entry), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const descends = (pid: number) => {
    for (let p = parent.get(pid), hops = 0; p !== undefined && hops < 64; p = parent.get(p), hops++)
      if (p === root) return true;
    return false;
  };
  let count = 0;
  let rss = 0;
  for (const pid of parent.keys()) {
    if (!descends(pid)) continue;
    try {
      if (!readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('chrom')) continue;
      const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      count++;
      rss += kb ? Number(kb[1]) * 1024 : 0;
    } catch {
      // gone meanwhile
    }
  }
  return { count, rss };
}

const mb = (bytes: number) => `${num(bytes / 1e6)} MB`;

export async function benchPdf(): Promise<BenchFigure[]> {
  const { pdf: config } = loadConfig();
  const samples = intEnv('BENCH_PDF_SAMPLES', 40);
  const baselineRuns = intEnv('BENCH_PDF_BASELINE', 8);
  const count = intEnv('BENCH_PDF_COUNT', 1000);
  const inFlight = 8;
  const figures: BenchFigure[] = [];
  const onePage = sampleHtml(sampleInvoice(6));
  const footer = invoiceFooter('1042');

  log(`pdf: baseline, ${baselineRuns} documents each launching its own Chromium (${config.chromiumPath})`);
  const baseline: number[] = [];
  for (let i = 0; i < baselineRuns; i++) {
    const t0 = performance.now();
    const pdf = await renderWithFreshBrowser(config.chromiumPath, onePage);
    baseline.push(performance.now() - t0);
    if (pdf.subarray(0, 5).toString() !== '%PDF-') throw new Error('baseline produced no PDF');
  }
  const base = latencySummary(baseline);

  const renderer = new PdfRenderer({ executablePath: config.chromiumPath, concurrency: config.concurrency });
  try {
    log(`pdf: warm renderer, ${samples} sequential one-page invoices`);
    for (let i = 0; i < 3; i++) await renderer.render(onePage, { footerHtml: footer });
    const warm: number[] = [];
    let warmOk = true;
    for (let i = 0; i < samples; i++) {
      const t0 = performance.now();
      const pdf = await renderer.render(onePage, { footerHtml: footer });
      warm.push(performance.now() - t0);
      warmOk &&= pdf.subarray(0, 5).toString() === '%PDF-';
    }
    const w = latencySummary(warm);
    figures.push(
      {
        section: 'i. pdf',
        measure: `baseline: launch Chromium per document (${baselineRuns} docs)`,
        value: `p50 ${ms(base.p50)}, p95 ${ms(base.p95)}`,
        check: '-',
      },
      {
        section: 'i. pdf',
        measure: `warm one-page invoice PDF (${samples} docs, sequential)`,
        value: `p50 ${ms(w.p50)}, p95 ${ms(w.p95)}`,
        limit: `p95 ${ms(base.p95)} baseline`,
        ratio: `${num(w.p95 / base.p95, 2)}×`,
        target: '≤ 0.25× and ≤ 300 ms',
        met: w.p95 <= 0.25 * base.p95 && w.p95 <= 300,
        check: warmOk ? 'ok' : 'FAILED',
      },
    );

    log('pdf: a 100-line invoice');
    const long = sampleHtml(sampleInvoice(100));
    const longTimes: number[] = [];
    let longPdf: Buffer = Buffer.alloc(0);
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      longPdf = await renderer.render(long, { footerHtml: footer });
      longTimes.push(performance.now() - t0);
    }
    const pages = (longPdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    const l = latencySummary(longTimes);
    figures.push({
      section: 'i. pdf',
      measure: '100-line invoice (5 docs)',
      value: `p50 ${ms(l.p50)}, max ${ms(l.max)}; ${pages} pages, ${num(longPdf.length / 1024)} KB`,
      check: pages >= 2 ? 'ok' : 'FAILED',
    });

    log(`pdf: ${num(count)} invoice PDFs, ${inFlight} in flight`);
    let next = 0;
    let failures = 0;
    let peakNode = process.memoryUsage().rss;
    let peakChromium = 0;
    const memoryAt: number[] = [];
    const sample = () => {
      const chromium = chromiumProcesses().rss;
      const node = process.memoryUsage().rss;
      peakNode = Math.max(peakNode, node);
      peakChromium = Math.max(peakChromium, chromium);
      return node + chromium;
    };
    const sampler = setInterval(sample, 250);
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < count) {
          const i = next++;
          const pdf = await renderer
            .render(sampleHtml(sampleInvoice(6, String(2000 + i))), {
              footerHtml: invoiceFooter(String(2000 + i)),
            })
            .catch(() => null);
          if (!pdf || pdf.subarray(0, 5).toString() !== '%PDF-') failures++;
          if (i % 100 === 99) memoryAt.push(sample());
        }
      }),
    );
    const elapsed = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const rate = count / elapsed;
    const early = Math.max(...memoryAt.slice(0, 3));
    const late = Math.max(...memoryAt.slice(-3));
    figures.push(
      {
        section: 'i. pdf',
        measure: `${num(count)} invoice PDFs, ${inFlight} in flight (pool ${config.concurrency} pages)`,
        value: `${num(rate, 1)} PDFs/s (${num(elapsed, 1)} s), ${failures} failed`,
        target: '≥ 4 PDFs/s',
        met: rate >= 4,
        check: failures === 0 ? 'ok' : 'FAILED',
      },
      {
        section: 'i. pdf',
        measure: '  peak memory (sampled every 250 ms)',
        value: `Node ${mb(peakNode)} + Chromium ${mb(peakChromium)}; after 300: ${mb(early)}, at the end: ${mb(late)}`,
        target: 'flat (end ≤ 1.25× early)',
        met: late <= early * 1.25,
        check: '-',
      },
    );
  } finally {
    await renderer.close();
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
  const left = chromiumProcesses();
  figures.push({
    section: 'i. pdf',
    measure: 'Chromium processes left after close()',
    value: `${left.count}`,
    target: '0',
    met: left.count === 0,
    check: '-',
  });
  return figures;
}
