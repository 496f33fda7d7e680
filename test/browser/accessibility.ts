import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The widths every screen is checked at: a phone and a desktop. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 1000 };

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** No request and no finite animation still running. */
async function animationsDone(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
}

/** The page has settled: no spinner or busy region either. */
export async function settled(page: Page): Promise<void> {
  await page
    .waitForFunction(
      () => document.querySelectorAll('[role="progressbar"], [aria-busy="true"]').length === 0,
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  await animationsDone(page);
}

/** What part of the page axe looks at: `include` limits it to a selector, `exclude` leaves one out. */
export interface AxeScope {
  include?: string;
  exclude?: string;
}

/** The minimized side navigation of a phone-width screen (the app shell's own check covers it). */
export const MAIN_NAVIGATION = 'nav[aria-label="Main navigation"]';

/**
 * The critical and serious WCAG 2.1 A/AA violations on the page once it settled, one line each, prefixed with
 * `where`; `scope` limits the scan to part of the page.
 */
export async function seriousViolations(page: Page, where: string, scope: AxeScope = {}): Promise<string[]> {
  await animationsDone(page);
  let builder = new AxeBuilder({ page });
  if (scope.include) builder = builder.include(scope.include);
  if (scope.exclude) builder = builder.exclude(scope.exclude);
  const result = await builder
    .withTags(WCAG)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${where}: ${v.id} ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
