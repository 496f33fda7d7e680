import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstPaintHtml, type RouteChunks } from './first-paint.js';

const INDEX = [
  '<!doctype html><html lang="en"><head>',
  '<script type="module" crossorigin src="/assets/index.js"></script>',
  '<link rel="modulepreload" crossorigin href="/assets/vendor.js">',
  '<link rel="modulepreload" crossorigin href="/assets/AuthPage.js" data-signin>',
  '</head><body></body></html>',
].join('\n');

const CHUNKS: RouteChunks = {
  shell: ['assets/PrivateShell.js', 'assets/vendor.js'],
  routes: [
    { path: '/auth/:section?', private: false, files: ['assets/AuthPage.js'] },
    { path: '/dashboard', private: true, files: ['assets/DashboardPage.js'] },
    { path: '/invoice', private: true, files: ['assets/InvoicesPage.js', 'assets/grid.js'] },
    { path: '/invoice/:number', private: true, files: ['assets/InvoiceViewPage.js'] },
  ],
};

const preloads = (html: string) =>
  [...html.matchAll(/modulepreload" crossorigin href="\/([^"]+)"/g)].map((m) => m[1]);

describe('the index.html a cold load gets', () => {
  const htmlFor = firstPaintHtml(INDEX, CHUNKS);

  it('preloads a back-office page with the private shell, without the sign-in page, and draws the skeleton', () => {
    const html = htmlFor('/invoice');
    expect(preloads(html)).toEqual([
      'assets/vendor.js',
      'assets/PrivateShell.js',
      'assets/InvoicesPage.js',
      'assets/grid.js',
    ]);
    expect(html).toContain('<html lang="en" data-boot="shell">');
  });

  it('keeps the sign-in page preloaded on the sign-in address, with no skeleton', () => {
    const html = htmlFor('/auth/signin');
    expect(preloads(html)).toEqual(['assets/vendor.js', 'assets/AuthPage.js']);
    expect(html).not.toContain('data-boot');
  });

  it("opens the dashboard's at / and a literal path before a parameter", () => {
    expect(preloads(htmlFor('/'))).toContain('assets/DashboardPage.js');
    expect(preloads(htmlFor('/invoice/1042'))).toContain('assets/InvoiceViewPage.js');
    expect(preloads(htmlFor('/invoice'))).not.toContain('assets/InvoiceViewPage.js');
  });
});

// The built client (`npm test` builds it first): a back-office page's first screen costs one or two rounds of the
// browser's six connections to the server, not a hundred small files.
const built = join(process.cwd(), 'dist', 'web');
(existsSync(join(built, 'route-chunks.json')) ? describe : describe.skip)('the built web client', () => {
  it('loads a back-office page in at most 7 script files and the sign-in page in at most 6', () => {
    const chunks = JSON.parse(readFileSync(join(built, 'route-chunks.json'), 'utf8')) as RouteChunks;
    const htmlFor = firstPaintHtml(readFileSync(join(built, 'index.html'), 'utf8'), chunks);
    const scripts = (html: string) =>
      new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1])).size;
    const counts = [
      '/invoice',
      '/invoice/create',
      '/customer',
      '/inventory',
      '/dashboard',
      '/stamps/record',
    ].map((address) => [address, scripts(htmlFor(address))] as const);
    expect(counts.filter(([, n]) => n > 7)).toEqual([]);
    expect(scripts(htmlFor('/auth/signin'))).toBeLessThanOrEqual(6);
  });
});
