import { existsSync } from 'node:fs';
import { chromium, type BrowserContext, type Page } from 'playwright-core';

/**
 * HTML → PDF with the system Chromium, shared by every printed document (invoices, orders,
 * balances).
 *
 * - One browser, launched on the first request and kept warm; if it dies (crash, killed) the next request launches
 *   a new one.
 * - Pages are pooled: at most `concurrency` render at once, each on a page reused for up to `pageUses` documents.
 * - Requests beyond that wait in a bounded queue; when the queue is full the request is refused at once
 *   (PdfBusyError → 503), so a burst cannot exhaust memory.
 * - A missing or unlaunchable Chromium is a PdfUnavailableError with the reason (→ 503), never a crash.
 * - `close()` shuts the browser down (the API calls it when the app closes), leaving no Chromium processes.
 */
export interface PdfRendererOptions {
  executablePath: string;
  /** Documents printed at once (pages in the pool). Default 4. */
  concurrency?: number;
  /** Requests waiting for a page; beyond it PdfBusyError. Default 100. */
  queueLimit?: number;
  /** One document's time limit, waiting excluded. Default 30 s. */
  timeoutMs?: number;
  /** A page is closed and replaced after this many documents. Default 200. */
  pageUses?: number;
}

export interface PdfOptions {
  /** Printed at the bottom of every page (Chromium's footer template: `.pageNumber`, `.totalPages`). */
  footerHtml?: string;
}

export class PdfUnavailableError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'PdfUnavailableError';
  }
}

export class PdfBusyError extends Error {
  constructor() {
    super('Too many documents are being printed right now. Please try again in a moment.');
    this.name = 'PdfBusyError';
  }
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
];

interface PooledPage {
  page: Page;
  uses: number;
}

export class PdfRenderer {
  private readonly concurrency: number;
  private readonly queueLimit: number;
  private readonly timeoutMs: number;
  private readonly pageUses: number;
  private browser: Promise<BrowserContext> | undefined;
  private idle: PooledPage[] = [];
  private busy = 0;
  private readonly waiting: (() => void)[] = [];
  private closed = false;
  /** Documents printed since start (for health and the bench). */
  printed = 0;
  /** Browser launches since start. */
  launches = 0;

  constructor(private readonly options: PdfRendererOptions) {
    this.concurrency = Math.max(1, options.concurrency ?? 4);
    this.queueLimit = Math.max(0, options.queueLimit ?? 100);
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.pageUses = options.pageUses ?? 200;
  }

  /** Requests waiting for a page right now. */
  get queued(): number {
    return this.waiting.length;
  }

  async render(html: string, options: PdfOptions = {}): Promise<Buffer> {
    if (this.closed) throw new PdfUnavailableError('The PDF service is shutting down');
    await this.slot();
    let pooled: PooledPage | undefined;
    try {
      pooled = await this.page();
      const pdf = await withTimeout(this.print(pooled.page, html, options), this.timeoutMs, pooled.page);
      pooled.uses++;
      this.printed++;
      return pdf;
    } catch (error) {
      if (pooled) {
        await pooled.page.close().catch(() => {});
        pooled = undefined;
      }
      if (error instanceof PdfUnavailableError || error instanceof PdfBusyError) throw error;
      throw new PdfUnavailableError(reasonOf(error));
    } finally {
      if (pooled) this.release(pooled);
      this.busy--;
      this.waiting.shift()?.();
    }
  }

  /** Closes every page and the browser; later renders answer PdfUnavailableError. */
  async close(): Promise<void> {
    this.closed = true;
    for (const resolve of this.waiting.splice(0)) resolve();
    const browser = this.browser;
    this.browser = undefined;
    this.idle = [];
    if (browser) await browser.then((context) => context.browser()?.close()).catch(() => {});
  }

  private async print(page: Page, html: string, { footerHtml }: PdfOptions): Promise<Buffer> {
    await page.setContent(html, { waitUntil: 'load' });
    return page.pdf({
      format: 'Letter',
      printBackground: true,
      preferCSSPageSize: true,
      displayHeaderFooter: footerHtml !== undefined,
      headerTemplate: '<span></span>',
      footerTemplate: footerHtml ?? '<span></span>',
      margin: {
        top: '0.5in',
        bottom: footerHtml !== undefined ? '0.6in' : '0.5in',
        left: '0.5in',
        right: '0.5in',
      },
    });
  }

  /** Waits for one of `concurrency` slots, or refuses when the queue is full. */
  private async slot(): Promise<void> {
    if (this.busy < this.concurrency) {
      this.busy++;
      return;
    }
    if (this.waiting.length >= this.queueLimit) throw new PdfBusyError();
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    if (this.closed) throw new PdfUnavailableError('The PDF service is shutting down');
    this.busy++;
  }

  private async page(): Promise<PooledPage> {
    const context = await this.launch();
    while (this.idle.length > 0) {
      const pooled = this.idle.pop()!;
      if (!pooled.page.isClosed()) return pooled;
    }
    const page = await context.newPage();
    return { page, uses: 0 };
  }

  private release(pooled: PooledPage): void {
    if (this.closed || pooled.uses >= this.pageUses || pooled.page.isClosed()) {
      void pooled.page.close().catch(() => {});
      return;
    }
    this.idle.push(pooled);
  }

  /**
   * The warm browser's one context: scripts off and offline (documents are self-contained, images as data URIs,
   * so nothing is fetched from anywhere). Launches the browser first when there is none. */
  private launch(): Promise<BrowserContext> {
    if (this.browser) return this.browser;
    const { executablePath } = this.options;
    const launching = (async () => {
      if (!existsSync(executablePath)) {
        throw new PdfUnavailableError(
          `Chromium was not found at ${executablePath}. Install it (apt-get install chromium) or set CHROMIUM_PATH.`,
        );
      }
      try {
        const browser = await chromium.launch({
          executablePath,
          args: CHROMIUM_ARGS,
          headless: true,
          timeout: 30_000,
        });
        this.launches++;
        browser.on('disconnected', () => {
          if (this.browser === launching) this.browser = undefined;
          this.idle = [];
        });
        if (this.closed) {
          await browser.close();
          throw new PdfUnavailableError('The PDF service is shutting down');
        }
        return await browser.newContext({ javaScriptEnabled: false, offline: true });
      } catch (error) {
        if (error instanceof PdfUnavailableError) throw error;
        throw new PdfUnavailableError(`Chromium could not be started: ${reasonOf(error)}`);
      }
    })();
    this.browser = launching;
    // A failed launch is not kept: the next request tries again.
    launching.catch(() => {
      if (this.browser === launching) this.browser = undefined;
    });
    return launching;
  }
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0]!.slice(0, 300);
}

async function withTimeout<T>(work: Promise<T>, ms: number, page: Page): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void page.close().catch(() => {});
      reject(new PdfUnavailableError(`Printing took longer than ${ms} ms`));
    }, ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** Launch-per-document, the way a local generator without a warm browser works: the bench's baseline. */
export async function renderWithFreshBrowser(executablePath: string, html: string): Promise<Buffer> {
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS, headless: true });
  try {
    const page = await browser.newPage();
    await page.setContent(html, { waitUntil: 'load' });
    return await page.pdf({ format: 'Letter', printBackground: true, preferCSSPageSize: true });
  } finally {
    await browser.close();
  }
}
