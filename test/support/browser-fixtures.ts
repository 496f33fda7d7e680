import type { Locator, Page } from 'playwright-core';
import { businessDate } from '#domain/shared/business-date.js';
import type { TestApp } from './app.js';
import { apiClient, signUpOwner, type ApiClient } from './http.js';
import { setFeature } from './cli.js';
import { RUSTY_NAIL, SODA } from './api-fixtures.js';
import { BROWSER_STEP_TIMEOUT } from './browser.js';

/*
 * The set-up and waiting helpers the browser specs share: business dates, unique e-mails, owners made through the
 * API (with features, signed in on a page), the provider switching a feature, and polling on the page.
 */

/** Today as the company (America/Chicago) counts days, yyyy-MM-dd. */
export const today = () => businessDate(new Date().toISOString(), 'America/Chicago');

/** A business date `days` from today, as the company (America/Chicago) counts days. */
export const daysFromToday = (days: number) => {
  const [y, m, d] = today().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};

let seq = 0;
/** An e-mail address no other test uses: `<label>.<time><n>@example.com`. */
export const uniqueEmail = (label: string) => `${label}.${Date.now().toString(36)}${++seq}@example.com`;

/** The password of the owners made through `anOwnerToken`. */
export const OWNER_PASSWORD = 'secret-pass-1';

/** The JSON API as `apiCaller` (test/support/browser.ts) answers it. */
type Api = <T>(path: string, init?: { method?: string; body?: unknown; token?: string }) => Promise<T>;

/**
 * A company owner ('Cora Owner') made through the API, with `features` switched on by the owner; answers the
 * token the app keeps in localStorage.
 */
export async function anOwnerToken(
  api: Api,
  label: string,
  { features = [] }: { features?: string[] } = {},
): Promise<string> {
  const { access_token: token } = await api<{ access_token: string }>('auth/signup', {
    method: 'POST',
    body: {
      name: 'Cora Owner',
      title: 'Owner',
      email: uniqueEmail(label),
      password: OWNER_PASSWORD,
      confirm_password: OWNER_PASSWORD,
    },
  });
  for (const name of features)
    await api('company/feature', { method: 'POST', body: { name, active: true }, token });
  return token;
}

export interface CompanyOwner {
  token: string;
  companyId: string;
}

/** A fresh company's owner, signed up through the API under `name`. */
export async function aCompanyOwner(app: TestApp, name: string): Promise<CompanyOwner> {
  const owner = await signUpOwner(apiClient(app.baseUrl), name);
  return { token: owner.token, companyId: owner.user.company_id as string };
}

/** Fills the sign-in form on the page and submits it. */
export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** A fresh company whose owner (`name`) is signed in on a new page, on the dashboard. */
export async function signedInOwner(app: TestApp, open: () => Promise<Page>, name: string) {
  const owner = await signUpOwner(apiClient(app.baseUrl), name);
  const page = await open();
  await page.goto('/auth/signin');
  await signInThroughForm(page, owner.email, owner.password);
  await page.waitForURL('**/dashboard');
  return { page, owner, companyId: owner.user.company_id as string };
}

/** The provider's team switching a company's feature, as `npm run cli -- features:set …` does. */
export async function switchFeature(app: TestApp, companyId: string, feature: string, on: boolean) {
  await setFeature(app.app, companyId, feature, on);
  await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
}

/** The body of a 2xx answer of the test HTTP client (test/support/http.ts); throws with the status otherwise. */
export async function ok<T = any>(response: Promise<{ status: number; body: T }>): Promise<T> {
  const { status, body } = await response;
  if (status >= 300) throw new Error(`${status} ${JSON.stringify(body)}`);
  return body;
}

export const visible = (locator: Locator) => locator.waitFor({ state: 'visible' });
export const hidden = (locator: Locator) => locator.waitFor({ state: 'hidden' });

/** Polls until the condition holds (as long as a browser step may take). */
export async function expectTrue(condition: () => Promise<boolean>, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`condition not met within ${timeoutMs} ms: ${condition.toString()}`);
}

/**
 * Clicks `link` until the page is at `url` (a glob): a grid that refits under the pointer can swallow a click (its
 * cells drawn again between the press and the release), as it can hide a column menu's button.
 */
export async function followLink(page: Page, link: Locator, url: string): Promise<void> {
  await expectTrue(async () => {
    await link.click({ timeout: 2_000 }).catch(() => undefined);
    return page.waitForURL(url, { timeout: 2_000 }).then(
      () => true,
      () => false,
    );
  });
}

/**
 * Clicks (or double-clicks) until what the click should bring shows: a click can land while the page draws itself
 * again, as a grid's cell drawn again between the two clicks of a double click opens no editor.
 */
export async function clickUntilVisible(
  button: Locator,
  shows: Locator,
  { double = false }: { double?: boolean } = {},
): Promise<void> {
  await expectTrue(async () => {
    if (await shows.isVisible()) return true;
    await (double ? button.dblclick({ timeout: 2_000 }) : button.click({ timeout: 2_000 })).catch(
      () => undefined,
    );
    return shows.waitFor({ state: 'visible', timeout: 2_000 }).then(
      () => true,
      () => false,
    );
  });
}

/** Has the element the focus in its document? (The server's tsconfig, which compiles this file too, has no DOM.) */
export async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate(
    (element) =>
      element ===
      (element as unknown as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement,
  );
}

/** The texts a field's aria-describedby points at (its helper text or error), joined. */
export async function describedBy(page: Page, field: Locator): Promise<string> {
  const ids = (await field.getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    ids
      .split(/\s+/)
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).innerText()),
  );
  return texts.join(' ').trim();
}

let tabc = 123456;
/** A customer, 'The Rusty Nail' in Austin with a TABC id no other customer of the run has, unless `fields` say. */
export const aCustomer = (api: Api, token: string, fields: Record<string, unknown> = {}) =>
  api<{ id: string; name: string }>('customer', {
    method: 'POST',
    body: {
      name: 'The Rusty Nail',
      address: '500 E 6th St',
      city: 'Austin',
      zip: '78701',
      tabc_id: `MB${tabc++}`,
      cash_on_delivery: false,
      fintech_option: false,
      ...fields,
    },
    token,
  });

/** Barefoot Merlot: a 750ml wine listed at $10.00, bought at $5.00. */
export const aWine = (api: Api, token: string) =>
  api<{ id: string }>('product', {
    method: 'POST',
    body: {
      product: 'Barefoot Merlot',
      product_type: 'wine',
      product_size: '750ml',
      product_price: 10,
      last_purchase_price: '5.00',
    },
    token,
  });

/** A distributor (its owner named `ownerName`) with the ordering app on and one customer, The Rusty Nail (MB123456). */
export async function anOrderingDistributor(app: TestApp, http: ApiClient, ownerName: string) {
  const { token, user } = await signUpOwner(http, ownerName);
  await switchFeature(app, user.company_id, 'order', true);
  const customer = await ok<{ id: string; name: string }>(
    http.post(
      'customer',
      {
        name: 'The Rusty Nail',
        address: '500 E 6th St',
        city: 'Austin',
        zip: '78701',
        tabc_id: 'MB123456',
        cash_on_delivery: false,
        fintech_option: false,
      },
      token,
    ),
  );
  return { token, user, customer };
}

/**
 * Opens a DataGrid column's menu as a mouse user does: hovering the header shows its menu button. A refit of the grid
 * under the pointer (columns sized again once rows arrive) can move the header away and hide the button between the
 * hover and the click, so both are tried again until the menu is open.
 */
export async function openColumnMenu(page: Page, scope: Locator, column: string): Promise<void> {
  const header = scope.getByRole('columnheader', { name: column });
  const button = scope.getByRole('button', { name: `${column} column menu` });
  const deadline = Date.now() + BROWSER_STEP_TIMEOUT;
  for (;;) {
    try {
      await header.hover({ timeout: 2_000 });
      await button.click({ timeout: 2_000 });
      await page.getByRole('menu').waitFor({ timeout: 2_000 });
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
  }
}

/**
 * What a phone list cuts: the text of each element of `list` whose content is wider than its box (text cut at the
 * screen's edge or by an ellipsis), and the list itself when it runs past the window. Empty when every line is
 * whole. Text hidden on purpose for screen readers (clipped to nothing, as `visuallyHidden` draws it) is not cut.
 */
export async function cutInPhoneList(list: Locator): Promise<string[]> {
  return list.evaluate((root) => {
    const cut = [...root.querySelectorAll('*')]
      .filter((element) => element.scrollWidth > element.clientWidth + 1)
      .filter(
        (element) =>
          element.ownerDocument.defaultView?.getComputedStyle(element).clip !== 'rect(0px, 0px, 0px, 0px)',
      )
      .map((element) => `${element.tagName}: ${(element.textContent ?? '').trim().slice(0, 60)}`);
    const windowWidth = root.ownerDocument.documentElement.clientWidth;
    if (root.getBoundingClientRect().right > windowWidth + 1) cut.push('the list');
    return cut;
  });
}

/**
 * The lines an element's text is drawn on, as the reader sees them: where a long e-mail wraps ('maximiliana',
 * '.alexandra', '@example.com'). Characters are read one by one and a new line starts where one is drawn lower.
 */
export async function renderedLines(element: Locator): Promise<string[]> {
  return element.evaluate((root) => {
    const lines: string[] = [];
    let top: number | undefined;
    // (typed through the element: the server's tsconfig, which compiles this file too, has no DOM)
    const read = (node: NonNullable<typeof root.firstChild>) => {
      if (node.nodeType !== 3) return node.childNodes.forEach(read);
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = root.ownerDocument.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const box = range.getClientRects()[0];
        if (!box) continue; // collapsed white space
        if (top === undefined || box.top > top + box.height / 2) {
          lines.push('');
          top = box.top;
        }
        lines[lines.length - 1] += text[i];
      }
    };
    read(root);
    return lines;
  });
}

/**
 * Does `text` wrap only where a reader expects it to: every line after the first starts at a '.' or '@', or follows
 * a line ending in '-'? Answers the lines that break elsewhere (empty when none does).
 */
export const linesBrokenMidWord = (lines: string[]): string[] =>
  lines.slice(1).filter((line, i) => !/^[.@]/.test(line) && !lines[i]!.endsWith('-'));

/**
 * An owner (`owner`, by name) with the payment feature on, a customer (`customer`, by name and TABC ID) and three
 * untaxed invoices of $100, $200 and $50 invoiced 30, 20 and 10 days ago; `invoice(dollars, daysAgo)` adds another.
 */
export async function aCustomerOwingThreeInvoices(
  http: ApiClient,
  { owner, customer: name, tabcId }: { owner: string; customer: string; tabcId: string },
) {
  const { token } = await signUpOwner(http, owner);
  await ok(http.post('company/feature', { name: 'payment', active: true }, token));
  const customer = await ok(http.post('customer', { ...RUSTY_NAIL, name, tabc_id: tabcId }, token));
  const soda = await ok(http.post('product', SODA, token));
  const invoice = (dollars: number, daysAgo: number) =>
    ok(
      http.post(
        'invoice',
        {
          customer_id: customer.id,
          items: [{ product_id: soda.id, qty: dollars, price: 1, taxable: false }],
          invoiced_at: daysFromToday(-daysAgo),
          force: true,
        },
        token,
      ),
    );
  const invoices = [await invoice(100, 30), await invoice(200, 20), await invoice(50, 10)];
  return { token, customer, soda, invoices, invoice };
}
