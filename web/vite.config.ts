/// <reference types="node" />
import react from '@vitejs/plugin-react';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, crc32, deflateSync, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import type { OutputBundle, OutputChunk } from 'rolldown';

// root is web/ (scripts/build.mjs runs `vite build` with cwd web/); the API serves dist/web in production.
// In development (`npx vite` in web/) calls go through this proxy to the API (API_URL overrides).
const api = process.env.API_URL ?? 'http://127.0.0.1:3000';
const outDir = '../dist/web';

/**
 * Writes .gz and .br next to every text asset of the build, so the API's static serving can send them
 * as they are (@fastify/static `preCompressed: true`) instead of compressing on each request.
 */
function precompress(): Plugin {
  let dir = '';
  return {
    name: 'stampline-precompress',
    apply: 'build',
    configResolved(config) {
      dir = config.build.outDir;
    },
    closeBundle() {
      const visit = (folder: string) => {
        for (const name of readdirSync(folder)) {
          const path = join(folder, name);
          if (statSync(path).isDirectory()) visit(path);
          else if (/\.(js|css|html|svg|json)$/.test(name) && statSync(path).size > 1024) {
            const content = readFileSync(path);
            writeFileSync(`${path}.gz`, gzipSync(content, { level: 9 }));
            writeFileSync(
              `${path}.br`,
              brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
          }
        }
      };
      visit(dir);
    },
  };
}

/**
 * Adds <link rel="modulepreload" data-signin> for the sign-in route's chunks to index.html (the API leaves them out of
 * the back office's addresses, whose page does not need them): the browser fetches them
 * together with the entry instead of after it has run (one round trip less to an interactive sign-in form).
 */
function preloadRoute(entryModule: string): Plugin {
  return {
    name: 'stampline-preload-route',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const chunks = Object.values(bundle as OutputBundle).filter(
          (c): c is OutputChunk => c.type === 'chunk',
        );
        const route = chunks.find((c) => c.facadeModuleId?.endsWith(entryModule));
        if (!route) throw new Error(`preloadRoute: no chunk for ${entryModule}`);
        const byName = new Map(chunks.map((c) => [c.fileName, c]));
        const files = new Set<string>();
        const visit = (chunk: OutputChunk) => {
          if (files.has(chunk.fileName) || chunk.isEntry) return;
          files.add(chunk.fileName);
          for (const name of chunk.imports) {
            const next = byName.get(name);
            if (next) visit(next);
          }
        };
        visit(route);
        const links = [...files]
          .filter((file) => !html.includes(`/${file}"`))
          .map((file) => `    <link rel="modulepreload" crossorigin href="/${file}" data-signin>`)
          .join('\n');
        return html.replace(/\n\s*<\/head>/, `\n${links}\n  </head>`);
      },
    },
  };
}

/**
 * Writes route-chunks.json beside index.html: for each route of src/app/router.tsx, the chunks its page needs (its
 * module and what it imports), and the private shell's. The API adds them to the index.html it answers for that
 * address as <link rel="modulepreload">, so a cold load fetches the page's code together with the entry instead of
 * after the entry has run and the router has asked for it (one round trip less before the page shows).
 */
function routeChunks(routerFile: string): Plugin {
  return {
    name: 'stampline-route-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const filesOf = (module: string): string[] => {
        const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(module));
        if (!chunk) throw new Error(`routeChunks: no chunk for ${module}`);
        const files = new Set<string>();
        const visit = (c: OutputChunk) => {
          if (files.has(c.fileName) || c.isEntry) return;
          files.add(c.fileName);
          for (const name of c.imports) {
            const next = byName.get(name);
            if (next) visit(next);
          }
        };
        visit(chunk);
        return [...files];
      };
      const source = readFileSync(routerFile, 'utf8');
      const shellAt = source.indexOf("import('./layout/PrivateShell')");
      const routes: { path: string; private: boolean; files: string[] }[] = [];
      // `path: 'invoice/:number', lazy: page(() => import('../features/invoices/InvoiceViewPage'))` (one route each)
      for (const match of source.matchAll(
        /path: '([^']*)',\s*lazy: page\(\(\) => import\('\.\.\/([^']+)'\)\)/g,
      )) {
        routes.push({
          path: `/${match[1]}`,
          private: shellAt >= 0 && match.index > shellAt && !match[1]!.startsWith('*'),
          files: filesOf(`src/${match[2]}.tsx`),
        });
      }
      const shell = shellAt >= 0 ? filesOf('src/app/layout/PrivateShell.tsx') : [];
      this.emitFile({
        type: 'asset',
        fileName: 'route-chunks.json',
        source: JSON.stringify({ shell, routes }),
      });
    },
  };
}

/**
 * The driver's app as an installable web app: the build writes /driver-sw.js (src/features/driver/service-worker.ts
 * with the list of files the /driver page needs and a version made from their names), /driver.webmanifest and its
 * icons. Only the /driver page links the manifest and registers the worker; the back office never sees them.
 */

const SW_SOURCE = fileURLToPath(new URL('./src/features/driver/service-worker.ts', import.meta.url));
const DRIVER_PAGE = 'src/features/driver/DriverApp.tsx';
const NAVY: [number, number, number] = [0x1d, 0x35, 0x57];
const WHITE: [number, number, number] = [0xff, 0xff, 0xff];

const DRIVER_MANIFEST = {
  name: 'Stampline Driver',
  short_name: 'Driver',
  description: "The day's deliveries, stop by stop, with or without signal.",
  start_url: '/driver',
  scope: '/driver',
  display: 'standalone',
  orientation: 'portrait',
  background_color: '#ffffff',
  theme_color: '#1d3557',
  icons: [
    { src: '/driver-icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/driver-icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any maskable' },
  ],
};

/** A square PNG: the brand's navy with a white delivery truck (body, cab, two wheels), drawn pixel by pixel. */
function truckIcon(size: number): Buffer {
  const u = size / 32;
  const inRect = (x: number, y: number, x0: number, y0: number, x1: number, y1: number) =>
    x >= x0 * u && x < x1 * u && y >= y0 * u && y < y1 * u;
  const inCircle = (x: number, y: number, cx: number, cy: number, r: number) =>
    (x - cx * u) ** 2 + (y - cy * u) ** 2 <= (r * u) ** 2;
  const raw = Buffer.alloc((size * 3 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 3 + 1)] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const wheelHole = inCircle(x, y, 11, 22, 1) || inCircle(x, y, 22, 22, 1);
      const white =
        !wheelHole &&
        (inRect(x, y, 6, 10, 19, 20) ||
          inRect(x, y, 19, 13, 26, 20) ||
          inCircle(x, y, 11, 22, 2.6) ||
          inCircle(x, y, 22, 22, 2.6));
      const [r, g, b] = white ? WHITE : NAVY;
      const at = y * (size * 3 + 1) + 1 + x * 3;
      raw[at] = r;
      raw[at + 1] = g;
      raw[at + 2] = b;
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function driverApp(): Plugin {
  return {
    name: 'stampline-driver-app',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: SW_SOURCE, fileName: 'driver-sw.js' });
      this.emitFile({ type: 'asset', fileName: 'driver-icon-192.png', source: truckIcon(192) });
      this.emitFile({ type: 'asset', fileName: 'driver-icon-512.png', source: truckIcon(512) });
      this.emitFile({
        type: 'asset',
        fileName: 'driver.webmanifest',
        source: JSON.stringify(DRIVER_MANIFEST, null, 2),
      });
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c): c is OutputChunk => c.type === 'chunk');
      const worker = chunks.find((c) => c.fileName === 'driver-sw.js');
      const driver = chunks.find((c) => c.facadeModuleId?.endsWith(DRIVER_PAGE));
      if (!worker || !driver)
        throw new Error('driverApp: the service worker or the /driver page was not built');
      const byName = new Map(chunks.map((c) => [c.fileName, c]));
      const files = new Set<string>([
        '/favicon.svg',
        '/driver.webmanifest',
        '/driver-icon-192.png',
        '/driver-icon-512.png',
      ]);
      const visit = (chunk: OutputChunk) => {
        if (files.has(`/${chunk.fileName}`)) return;
        files.add(`/${chunk.fileName}`);
        for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(`/${css}`);
        for (const name of chunk.imports) {
          const next = byName.get(name);
          if (next) visit(next);
        }
      };
      for (const entry of chunks.filter(
        (c) => c.isEntry && c !== worker && !c.fileName.startsWith('driver-'),
      ))
        visit(entry);
      visit(driver);
      const list = [...files].sort();
      const version = createHash('sha256').update(list.join('\n')).digest('hex').slice(0, 12);
      worker.code = worker.code.replace(/__DRIVER_BUILD__/g, JSON.stringify({ version, files: list }));
    },
  };
}

const routerFile = fileURLToPath(new URL('./src/app/router.tsx', import.meta.url));

/** The modules the router loads lazily (`import('../features/…')`): each stays its own chunk. */
const routeModules = [...readFileSync(routerFile, 'utf8').matchAll(/import\('(\.\.?\/[^']+)'\)/g)].map(
  (match) => fileURLToPath(new URL(`${match[1]}.tsx`, new URL('./src/app/', import.meta.url))),
);

/** MUI X's data grid, and the app's modules built on it (the grid wrapper and the grids' columns). */
function gridModule(id: string): boolean {
  return (
    /node_modules[\\/]@mui[\\/]x-(data-grid|internals|virtualizer|internal-gestures)[\\/]/.test(id) ||
    /[\\/]web[\\/]src[\\/](shared[\\/]grid[\\/]|.*\.columns\.tsx$)/.test(id)
  );
}

/** MUI X's charts (the dashboard's) and the d3 modules they draw with. */
function chartModule(id: string): boolean {
  return /node_modules[\\/](@mui[\\/]x-charts|d3-)/.test(id);
}

/** The app's own modules (web/src, domain/) other than the routes' pages: those several pages share go together. */
function sharedAppModule(id: string): boolean {
  return /[\\/](web[\\/]src|domain)[\\/]/.test(id) && !routeModules.includes(id) && !gridModule(id);
}

export default defineConfig({
  root: '.',
  // `#domain/…` is the package.json alias the server uses too; here it names the TypeScript sources.
  resolve: {
    alias: [{ find: /^#domain\//, replacement: `${fileURLToPath(new URL('../domain/', import.meta.url))}` }],
  },
  plugins: [
    react(),
    preloadRoute('src/features/auth/AuthPage.tsx'),
    routeChunks(routerFile),
    driverApp(),
    precompress(),
  ],
  build: {
    outDir,
    emptyOutDir: true,
    sourcemap: true,
    // the libraries' chunk is ~900 kB minified (~290 kB compressed) by design: one request instead of dozens
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        // A few large chunks instead of two hundred small ones: a cold load over a slow network pays a round trip
        // for every six requests (the browser's connections to one host), so the libraries a sign-in needs go in one
        // chunk, the data grid and the charts in one each (only pages with them load them), the app's modules that
        // several pages share in one; each page keeps its own chunk, loaded when it is opened.
        codeSplitting: {
          groups: [
            { name: 'app', test: sharedAppModule, minShareCount: 2, priority: 30 },
            { name: 'grid', test: gridModule, priority: 20 },
            { name: 'charts', test: chartModule, priority: 20 },
            {
              name: 'vendor',
              test: (id) => /node_modules[\\/]/.test(id) && !gridModule(id) && !chartModule(id),
              priority: 40,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: api },
      '/socket.io': { target: api, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: api },
      '/socket.io': { target: api, ws: true },
    },
  },
});
