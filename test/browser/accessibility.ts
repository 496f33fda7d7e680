import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** The widths every screen is checked at: a phone and a desktop. */
export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1440, height: 1000 };

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * The critical and serious WCAG 2.1 A/AA violations on the page once it settled (no request and no finite
 * transition running), one line each, prefixed with `where`.
 */
export async function seriousViolations(page: Page, where: string): Promise<string[]> {
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
  const result = await new AxeBuilder({ page })
    .withTags(WCAG)
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${where}: ${v.id} ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}
