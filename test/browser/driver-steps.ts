import type { Page } from 'playwright-core';
import { snap } from '../support/browser.js';
import { expectTrue, visible } from '../support/browser-fixtures.js';

/*
 * What a driver does in the driver's app, step by step: open a stop, sign on the glass, take money, close the stop.
 */

/** Whether the pad holds any ink. */
const inked = (page: Page) =>
  page.getByTestId('signature-pad').evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) return true;
    return false;
  });

/**
 * Draws a signature with the mouse across the pad, in the middle of the screen clear of the sticky top bar; draws
 * again if a layout shift moved the pad under the stroke.
 */
export async function sign(page: Page) {
  const pad = page.getByTestId('signature-pad');
  for (let attempt = 0; attempt < 3 && !(await inked(page)); attempt++) {
    await pad.evaluate((element) => element.scrollIntoView({ block: 'center' }));
    await page.waitForTimeout(100); // let the scroll settle before reading where the pad is
    const box = (await pad.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height * 0.6);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++)
      await page.mouse.move(box.x + 20 + i * 18, box.y + box.height * (i % 2 ? 0.3 : 0.7), { steps: 2 });
    await page.mouse.up();
  }
  expect(await inked(page)).toBe(true);
}

export async function openStop(page: Page, customer: string) {
  await page.getByRole('link', { name: customer }).click();
  await visible(page.getByRole('heading', { level: 1, name: customer }));
}

export async function deliver(
  page: Page,
  customer: string,
  pay?: { method?: string; amount: string; number?: string },
  photo?: Buffer,
) {
  await openStop(page, customer);
  if (pay) {
    if (pay.method) {
      await page.getByLabel('Payment method').click();
      await page.getByRole('option', { name: pay.method }).click();
    }
    await page.getByLabel('Amount collected').fill(pay.amount);
    if (pay.number) await page.getByLabel(/(Check|Money order) number/).fill(pay.number);
  }
  if (photo) {
    await page
      .locator('input[type="file"]')
      .setInputFiles({ name: 'door.png', mimeType: 'image/png', buffer: photo });
    await visible(page.getByRole('img', { name: 'Delivery photo' }));
  }
  await page.getByLabel("Signer's printed name").fill(`Signer of ${customer}`);
  await sign(page);
  const close = page.getByRole('button', { name: /^Deliver (All|with changes)$/ });
  await expectTrue(() => close.isEnabled());
  await close.click();
  await visible(page.getByRole('heading', { level: 1, name: "Today's route" }));
}

/** A full-page screenshot from the top (the sticky bar otherwise lands where the page was scrolled to). */
export async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await snap(page, name);
}

export const indicator = (page: Page) => page.getByTestId('sync-indicator');
