import type { Browser, CDPSession, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';

/*
 * A signed-in user's cold load of a back-office page over a slow network: Chromium with an empty cache, every
 * request delayed by LATENCY_MS (CDP Network.emulateNetworkConditions), the token already in localStorage. It
 * reports when the first thing was painted, when the shell (the navigation) and when the page's own content showed,
 * and the JavaScript fetched before the page could render. A measurement, never an assertion.
 *
 *   npm run build && PORT=3102 npm start            (the demo company: demo@stampline.local / demo1234)
 *   node dist/test/bench/web-coldload.bench.js http://127.0.0.1:3102 [/invoice] [latency ms, default 800]
 */

export interface ColdLoadFigures {
  route: string;
  latencyMs: number;
  /** first contentful paint (anything drawn: the inline shell skeleton, or the spinner before) */
  firstPaintMs: number;
  /** the navigation (the app's shell) is on screen */
  shellMs: number;
  /** the page's heading is on screen */
  headingMs: number;
  /** the page's first rows are on screen (a grid row, or a phone list item) */
  rowsMs: number;
  /** JavaScript requests made and their bytes on the wire (compressed) until the rows showed */
  scripts: number;
  scriptKB: number;
}

const RUNS = 3;

interface Drawn {
  getBoundingClientRect(): { height: number };
}

async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const answer = await fetch(`${baseUrl}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (!answer.ok) throw new Error(`sign-in failed: ${answer.status}`);
  return ((await answer.json()) as { access_token: string }).access_token;
}

async function throttle(page: Page, latencyMs: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: latencyMs,
    // a decent office line: 10 Mbit/s down, 2 Mbit/s up (bytes per second)
    downloadThroughput: (10 * 1024 * 1024) / 8,
    uploadThroughput: (2 * 1024 * 1024) / 8,
  });
  return cdp;
}

async function measureOnce(
  browser: Browser,
  baseUrl: string,
  token: string,
  route: string,
  latencyMs: number,
): Promise<ColdLoadFigures> {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 900 } });
  try {
    await context.addInitScript((t) => localStorage.setItem('token', t), token);
    const page = await context.newPage();
    const cdp = await throttle(page, latencyMs);
    const scripts = new Map<string, number>();
    cdp.on('Network.responseReceived', (event) => {
      if (event.type === 'Script') scripts.set(event.requestId, 0);
    });
    cdp.on('Network.loadingFinished', (event) => {
      if (scripts.has(event.requestId)) scripts.set(event.requestId, event.encodedDataLength);
    });
    const started = Date.now();
    // drawn: in the page with a size (polled every animation frame, so the time is the frame it appeared in)
    const at = async (selector: string) => {
      await page.waitForFunction(
        (css: string) => {
          // runs in the page (the server's tsconfig has no DOM types)
          const doc = (
            globalThis as unknown as { document: { querySelectorAll(css: string): ArrayLike<Drawn> } }
          ).document;
          return Array.from(doc.querySelectorAll(css)).some((e) => e.getBoundingClientRect().height > 0);
        },
        selector,
        { timeout: 180_000, polling: 'raf' },
      );
      return Date.now() - started;
    };
    await page.goto(route, { waitUntil: 'commit' });
    const [shellMs, headingMs, rowsMs] = await Promise.all([
      at('nav[aria-label="Main navigation"], [data-boot-shell]'),
      at('main h1'),
      at('.MuiDataGrid-row[data-id], [data-phone-grid] li'),
    ]);
    const firstPaintMs = await page.evaluate(
      () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? -1,
    );
    const bytes = [...scripts.values()].reduce((sum, n) => sum + n, 0);
    return {
      route,
      latencyMs,
      firstPaintMs: Math.round(firstPaintMs),
      shellMs,
      headingMs,
      rowsMs,
      scripts: scripts.size,
      scriptKB: Math.round(bytes / 1024),
    };
  } finally {
    await context.close();
  }
}

/** The median of RUNS cold loads of each figure (after one warm-up load of the server's files). */
export async function benchWebColdLoad(
  baseUrl: string,
  { route = '/invoice', latencyMs = 800, email = 'demo@stampline.local', password = 'demo1234' } = {},
): Promise<ColdLoadFigures> {
  const token = await signIn(baseUrl, email, password);
  const browser = await launchBrowser();
  try {
    await measureOnce(browser, baseUrl, token, route, 0);
    const runs: ColdLoadFigures[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(browser, baseUrl, token, route, latencyMs));
    const median = (pick: (f: ColdLoadFigures) => number) =>
      runs.map(pick).sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
    return {
      route,
      latencyMs,
      firstPaintMs: median((f) => f.firstPaintMs),
      shellMs: median((f) => f.shellMs),
      headingMs: median((f) => f.headingMs),
      rowsMs: median((f) => f.rowsMs),
      scripts: median((f) => f.scripts),
      scriptKB: median((f) => f.scriptKB),
    };
  } finally {
    await browser.close();
  }
}

if (process.argv[1]?.endsWith('web-coldload.bench.js') && process.argv[2]) {
  benchWebColdLoad(process.argv[2], {
    route: process.argv[3] ?? '/invoice',
    latencyMs: Number(process.argv[4] ?? 800),
  }).then(
    (figures) => console.log(JSON.stringify(figures)),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
