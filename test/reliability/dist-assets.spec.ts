import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));

function* files(dir: string, wanted: RegExp): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path, wanted);
    else if (wanted.test(entry.name)) yield path;
  }
}

/**
 * `npm start` runs `node dist/apps/api/src/main.js`: everything the server reads at run time must be in dist/, next
 * to the compiled module that reads it, and nothing may be read from the source tree.
 */
describe('The build (dist/ on its own)', () => {
  beforeAll(() => {
    execFileSync(process.execPath, [join(root, 'scripts', 'build.mjs'), '--no-web'], {
      cwd: root,
      stdio: 'pipe',
    });
  }, 120_000);

  it('copies every Handlebars template and partial next to the compiled code', () => {
    const templates = ['apps', 'domain', 'projections'].flatMap((dir) => [
      ...files(join(root, dir), /\.hbs$/),
    ]);
    expect(templates.length).toBeGreaterThanOrEqual(10);
    for (const source of templates) {
      const path = relative(root, source);
      const copy = join(root, 'dist', path);
      expect({ path, content: readFileSync(copy, 'utf8') }).toEqual({
        path,
        content: readFileSync(source, 'utf8'),
      });
    }
  });

  it('prints the invoice and balance documents from a copy of dist/ with no source tree beside it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stampline-dist-'));
    try {
      for (const part of ['apps', 'domain', 'projections', 'test', 'package.json'])
        cpSync(join(root, 'dist', part), join(dir, 'dist', part), { recursive: true });
      symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
      const script = `
        const { renderInvoiceHtml, invoicePdfView } = await import('./dist/apps/api/src/invoices/pdf/invoice-pdf.template.js');
        const { renderBalanceHtml, balancePdfView } = await import('./dist/apps/api/src/payments/pdf/balance-pdf.template.js');
        const { sampleInvoice, sampleCompany } = await import('./dist/test/bench/bench-pdf.js');
        const invoice = renderInvoiceHtml(invoicePdfView(sampleInvoice(2, '777'), sampleCompany()));
        const balance = renderBalanceHtml(balancePdfView(
          { customer: { id: 'c-1', name: 'Dist Only Bar', display_tabc_id: 'MB1' }, summary: { owing: 0 }, invoices: [] },
          sampleCompany(), '2026-03-05'));
        console.log(JSON.stringify({ invoice: invoice.includes('Invoice #777'), balance: balance.includes('Dist Only Bar') }));
      `;
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual({ invoice: true, balance: true });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('loads the API module, the projections and the event store from a copy of dist/ (the #aliases resolve to compiled files)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'stampline-dist-'));
    try {
      for (const part of ['apps', 'domain', 'projections', 'migrations', 'package.json'])
        cpSync(join(root, 'dist', part), join(dir, 'dist', part), { recursive: true });
      symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
      const script = `
        const api = await import('./dist/apps/api/src/app.module.js');
        const projections = await import('./dist/projections/index.js');
        const store = await import('./dist/apps/engine/src/event-store/postgres.event-store.js');
        console.log(JSON.stringify({ api: Object.keys(api).length > 0, projections: Object.keys(projections).length > 0,
          store: typeof store.PostgresEventStore }));
      `;
      const out = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(JSON.parse(out.trim().split('\n').pop()!)).toEqual({
        api: true,
        projections: true,
        store: 'function',
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
