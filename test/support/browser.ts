import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

/** Debian's Chromium (apt-get install chromium); CHROMIUM_PATH overrides. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-quic',
  '--no-first-run',
  '--disable-component-update',
  '--disable-sync',
];

/** jest applies only the root config's testTimeout (a project's is ignored), so browser tests pass their own. */
export const BROWSER_TEST_TIMEOUT = 90_000;

/**
 * How long one step (a click, a wait for an element) may take: `npm test` runs two browser files at once on two
 * cores, so a step may wait behind the other file's page loads for seconds.
 */
export const BROWSER_STEP_TIMEOUT = 20_000;

export const SCREENSHOT_DIR = join(process.cwd(), 'test-results', 'screenshots');

/**
 * Makes sure Chromium is there: installs Debian's package when missing and running as root, otherwise
 * fails with a message saying how to install it.
 */
export function ensureChromium(): string {
  if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (root && !process.env.CHROMIUM_PATH) {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    try {
      execFileSync('apt-get', ['update'], { stdio: 'ignore', env });
      execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
        stdio: 'ignore',
        env,
      });
    } catch (error) {
      throw new Error(`Installing Chromium with apt-get failed: ${(error as Error).message}`, {
        cause: error,
      });
    }
    if (existsSync(CHROMIUM_PATH)) return CHROMIUM_PATH;
  }
  throw new Error(
    `Chromium was not found at ${CHROMIUM_PATH}. The browser tests need it: install it with ` +
      '`sudo apt-get install -y chromium` (Debian/Ubuntu), or point CHROMIUM_PATH at a Chromium binary.',
  );
}

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS, headless: true });
}

const safeName = (name: string) =>
  name
    .replace(/[^a-z0-9-_]+/gi, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 120);

/** Saves a full-page screenshot to test-results/screenshots/<name>.png and returns its path. */
export async function snap(page: Page, name: string): Promise<string> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const path = join(SCREENSHOT_DIR, `${safeName(name)}.png`);
  // from the top: a full-page capture draws fixed elements (the top bar, toasts, the hidden skip link) where the
  // viewport is, so a scrolled page would show them over its middle; the scroll is given back after
  // (expressions as text: this file is compiled without the DOM's types)
  const scrolled = await page
    .evaluate<[number, number]>('[window.scrollX, window.scrollY]')
    .catch((): [number, number] => [0, 0]);
  const scrollTo = ([x, y]: [number, number]) =>
    page.evaluate(`window.scrollTo(${x}, ${y})`).catch(() => undefined);
  if (scrolled[1] > 0) await scrollTo([0, 0]);
  await page
    .screenshot({ path, fullPage: true, animations: 'disabled', timeout: 5000 })
    .catch(() => undefined);
  if (scrolled[1] > 0) await scrollTo(scrolled);
  return path;
}

/**
 * The browser's own time zone: America/Chicago (the demo company's) unless BROWSER_TIME_ZONE says otherwise (e.g.
 * Asia/Tokyo: every date and time the app shows must still be the company's).
 */
export const BROWSER_TIME_ZONE = process.env.BROWSER_TIME_ZONE ?? 'America/Chicago';

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** The browser's time zone (default BROWSER_TIME_ZONE). */
  timezoneId?: string;
}

export interface BrowserHarness {
  readonly browser: Browser;
  /** a fresh context (own storage) with one page, both closed with the harness */
  newPage(options?: PageOptions): Promise<Page>;
  /** `newPage` signed in with `token`, as the app keeps it (localStorage 'token') */
  signedIn(token: string, options?: PageOptions): Promise<Page>;
  /** `it` with a screenshot of every open page when the test fails */
  it(name: string, fn: () => Promise<void>, timeout?: number): void;
  close(): Promise<void>;
}

/**
 * One Chromium per test file: call in the describe body; it launches in beforeAll and closes in afterAll.
 * Pages opened during a test are closed after it.
 */
export function useBrowser(baseUrl: () => string): BrowserHarness {
  let browser: Browser | undefined;
  const contexts = new Set<BrowserContext>();

  beforeAll(async () => {
    browser = await launchBrowser();
  }, 5 * 60_000); // may install Chromium first
  afterEach(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    contexts.clear();
  });
  afterAll(async () => {
    await browser?.close();
  });

  const harness: BrowserHarness = {
    get browser() {
      if (!browser) throw new Error('the browser starts in beforeAll');
      return browser;
    },
    async newPage(options) {
      const context = await harness.browser.newContext({
        baseURL: baseUrl(),
        viewport: options?.viewport ?? { width: 1280, height: 800 },
        locale: 'en-US',
        timezoneId: options?.timezoneId ?? BROWSER_TIME_ZONE,
        // the app honours it (no transitions, ripples or pulses): screens come to rest at once, at less CPU
        reducedMotion: 'reduce',
      });
      context.setDefaultTimeout(BROWSER_STEP_TIMEOUT);
      contexts.add(context);
      return context.newPage();
    },
    async signedIn(token, options) {
      const page = await harness.newPage(options);
      await page.addInitScript((value) => localStorage.setItem('token', value), token);
      return page;
    },
    it(name, fn, timeout) {
      it(
        name,
        async () => {
          // On a loaded machine a browser step can miss its wait: a failed test runs once more on fresh pages, its
          // first error printed; a test that fails twice fails the run.
          for (let attempt = 1; ; attempt++) {
            try {
              await fn();
              return;
            } catch (error) {
              let n = 0;
              for (const context of contexts)
                for (const page of context.pages()) await snap(page, `FAILED-${name}-${attempt}-${++n}`);
              if (attempt === 2) throw error;
              console.warn(`${name}: failed, run once more. ${String(error).split('\n')[0]}`);
              for (const context of contexts) await context.close().catch(() => undefined);
              contexts.clear();
            }
          }
        },
        2 * (timeout ?? BROWSER_TEST_TIMEOUT),
      );
    },
    close: async () => {
      await browser?.close();
    },
  };
  return harness;
}

/** The value the app keeps in localStorage under `key`, read without running script in the page. */
export async function storedValue(page: Page, key: string): Promise<string | undefined> {
  const { origins } = await page.context().storageState();
  const origin = new URL(page.url()).origin;
  return origins.find((o) => o.origin === origin)?.localStorage.find((item) => item.name === key)?.value;
}

/**
 * The JSON API as browser tests set data up with it: `api(path, { method, body, token })` answers the parsed body
 * (undefined for 204) and throws with the status and body on any other failure. `baseUrl` is read per call, so the
 * caller can be made before the app starts.
 */
export function apiCaller(baseUrl: () => string) {
  return async function api<T>(
    path: string,
    init: { method?: string; body?: unknown; token?: string } = {},
  ): Promise<T> {
    const response = await fetch(`${baseUrl()}/api/v1/${path}`, {
      method: init.method ?? 'GET',
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
      },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    if (!response.ok)
      throw new Error(`${init.method ?? 'GET'} ${path} → ${response.status} ${await response.text()}`);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
}
