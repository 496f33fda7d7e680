import { gzipSync } from 'node:zlib';
import type { Browser, Response } from 'playwright-core';
import { launchBrowser } from '../support/browser.js';

export interface WebSigninBench {
  /** JavaScript transferred for /auth/signin, in KB (gzip; estimated with gzip -9 when the server sent it raw) */
  gzipKB: number;
  /** navigation start → an interactive sign-in form (e-mail field rendered and editable), median of the runs */
  interactiveMs: number;
}

const RUNS = 5;

async function scriptBytes(response: Response): Promise<number> {
  const encoding = (await response.allHeaders())['content-encoding'];
  if (encoding === 'gzip') return (await response.request().sizes()).responseBodySize;
  return gzipSync(await response.body(), { level: 9 }).length;
}

async function measureOnce(browser: Browser, baseUrl: string): Promise<{ bytes: number; ms: number }> {
  const context = await browser.newContext({ baseURL: baseUrl }); // fresh context: empty HTTP cache
  try {
    const page = await context.newPage();
    const sizes: Promise<number>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || /\.m?js(\?|$)/.test(new URL(response.url()).pathname))
        sizes.push(scriptBytes(response).catch(() => 0));
    });
    const started = performance.now();
    await page.goto('/auth/signin', { waitUntil: 'commit' });
    const email = page.getByLabel('Email', { exact: true });
    await email.waitFor({ state: 'visible', timeout: 30_000 });
    await email.fill('bench@example.com', { timeout: 30_000 });
    const ms = performance.now() - started;
    await page.waitForLoadState('networkidle');
    const bytes = (await Promise.all(sizes)).reduce((sum, n) => sum + n, 0);
    return { bytes, ms };
  } finally {
    await context.close();
  }
}

/**
 * Loads /auth/signin in headless Chromium on a cold cache: the JavaScript it transfers (gzip) and the time
 * until the sign-in form takes input. One warm-up run (browser start-up, server file cache), then the median.
 */
export async function benchWebSignin(baseUrl: string): Promise<WebSigninBench> {
  const browser = await launchBrowser();
  try {
    await measureOnce(browser, baseUrl);
    const runs: { bytes: number; ms: number }[] = [];
    for (let i = 0; i < RUNS; i++) runs.push(await measureOnce(browser, baseUrl));
    const times = runs.map((r) => r.ms).sort((a, b) => a - b);
    return {
      gzipKB: Math.round((Math.max(...runs.map((r) => r.bytes)) / 1024) * 10) / 10,
      interactiveMs: Math.round(times[Math.floor(times.length / 2)]),
    };
  } finally {
    await browser.close();
  }
}

// `node dist/test/bench/web-signin.bench.js http://localhost:3000` runs it on its own
if (process.argv[1]?.endsWith('web-signin.bench.js') && process.argv[2]) {
  benchWebSignin(process.argv[2]).then(
    (result) => console.log(JSON.stringify(result)),
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}
