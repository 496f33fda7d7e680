import type { Locator, Page } from 'playwright-core';
import type { StandardsCompany } from '../support/standards-fixture.js';

/*
 * Every screen the router knows (web/src/app/router.tsx), for the accessibility scan and the width checks of
 * standards.browser-spec.ts. ADD YOUR SCREEN HERE the day its route lands: one row, with the address of
 * its data (the company with everything) and of its empty state (a fresh company with nothing), and the dialogs it
 * opens. `test/support/standards-fixture.ts` makes the data; add what your screen needs there.
 */

export type Address = (company: StandardsCompany) => string;

export interface DialogEntry {
  /** what the report calls it */
  name: string;
  /** opens it from the loaded screen; answers the control that opened it (focus must come back to it) */
  open(page: Page): Promise<Locator>;
  /** the dialog, once open */
  dialog(page: Page): Locator;
  /** false for a panel that is not a modal dialog (no focus trap, nothing to close) */
  modal?: boolean;
  /** the CSS selector of what to scan once it is open; default: the open dialog */
  scope?: string;
}

export interface Screen {
  /** the route as the router names it */
  route: string;
  /** signed in (the private shell) or signed out */
  signedIn: boolean;
  /** the address with data; signed-out screens use the company with everything for their tokens */
  data: Address;
  /** the address of its empty state in the empty company (the same as `data` for a list); none: not scanned empty */
  empty?: Address;
  /** one of the main screens, shown at 390, 768 and 1366 px */
  widths?: boolean;
  /** dialogs to open on the screen with data */
  dialogs?: DialogEntry[];
  /** the name of the screen's primary action (a button or link), on screen at 1440 and 390 px */
  primary?: string;
}

const at =
  (path: string): Address =>
  () =>
    path;
const button = (page: Page, name: string | RegExp) => page.getByRole('button', { name }).first();
const opener =
  (name: string | RegExp) =>
  async (page: Page): Promise<Locator> => {
    const control = button(page, name);
    await control.click();
    return control;
  };
const dialogNamed = (name: string | RegExp) => (page: Page) => page.getByRole('dialog', { name });

const LOGOUT: DialogEntry = {
  name: 'logout confirmation',
  open: opener('Logout'),
  dialog: dialogNamed('Sure you want to logout?'),
};
const SEARCH: DialogEntry = {
  name: 'command palette',
  open: opener(/^Search/),
  dialog: dialogNamed('Command palette'),
};

export const SCREENS: Screen[] = [
  // signed out
  { route: '/auth/signin', primary: 'Sign In', signedIn: false, data: at('/auth/signin'), widths: true },
  { route: '/auth/signup', signedIn: false, data: at('/auth/signup') },
  { route: '/auth/reset-password', signedIn: false, data: at('/auth/reset-password') },
  { route: '/auth/change-password', signedIn: false, data: at('/auth/change-password?token=unknown') },
  {
    route: '/invoice/pdf/{token}',
    signedIn: false,
    data: (c) => `/invoice/pdf/${c.publicToken}`,
    empty: at('/invoice/pdf/not-a-token'),
  },
  { route: '/customer/balance/pdf/{token}', signedIn: false, data: at('/customer/balance/pdf/not-a-token') },
  {
    route: '/customer/statement/pdf/{token}',
    signedIn: false,
    data: at('/customer/statement/pdf/not-a-token'),
  },
  {
    route: '/order/pdf/{token}',
    signedIn: false,
    data: (c) => `/order/pdf/${c.orderPublicToken}`,
    empty: at('/order/pdf/not-a-token'),
  },
  // the establishment's ordering app (phone first): signed out of the back office, signed in as a customer user
  { route: '/shop/{subdomain}', signedIn: false, data: (c) => `/shop/${c.shop}`, widths: true },
  {
    route: '/shop/{subdomain}/invitation',
    signedIn: false,
    data: (c) => `/shop/${c.shop}/invitation?token=not-a-token`,
  },
  // the driver's app (phone first, its own top bar): before the day is downloaded
  {
    route: '/driver',
    signedIn: true,
    data: at('/driver'),
    widths: true,
    primary: "Download today's route",
  },
  { route: '*', signedIn: false, data: at('/no/such/page') },

  // signed in
  {
    route: '/dashboard',
    signedIn: true,
    data: at('/dashboard'),
    empty: at('/dashboard'),
    widths: true,
    dialogs: [LOGOUT, SEARCH],
  },
  { route: '/setting', signedIn: true, data: at('/setting') },
  {
    route: '/setting/staff',
    primary: 'Send Invitation',
    signedIn: true,
    data: at('/setting/staff'),
    empty: at('/setting/staff'),
  },
  { route: '/notification', signedIn: true, data: at('/notification') },
  { route: '/features', signedIn: true, data: at('/features') },
  { route: '/activity', signedIn: true, data: at('/activity'), empty: at('/activity') },
  { route: '/reports', signedIn: true, data: at('/reports'), empty: at('/reports') },
  {
    route: '/payment',
    signedIn: true,
    data: at('/payment'),
    empty: at('/payment'),
    widths: true,
    dialogs: [
      {
        name: 'receive a payment from the payments page',
        open: opener('Receive Payment…'),
        dialog: dialogNamed('Receive Payment'),
      },
    ],
  },
  { route: '/deposits', signedIn: true, data: at('/deposits'), empty: at('/deposits'), widths: true },
  {
    route: '/routes',
    primary: 'New Route',
    signedIn: true,
    data: at('/routes'),
    empty: at('/routes'),
    widths: true,
    dialogs: [
      {
        name: 'new route',
        open: opener('New Route'),
        dialog: dialogNamed(/New route for/),
      },
    ],
  },
  {
    route: '/statements',
    primary: 'Run Statements',
    signedIn: true,
    data: at('/statements'),
    empty: at('/statements'),
    dialogs: [
      {
        name: 'e-mail every statement confirmation',
        open: opener('Run Statements'),
        dialog: dialogNamed(/E-mail the statements of/),
      },
    ],
  },
  {
    route: '/credit-memos',
    signedIn: true,
    data: at('/credit-memos'),
    empty: at('/credit-memos'),
    widths: true,
  },
  {
    route: '/credit-memo/{id}',
    primary: 'Void',
    signedIn: true,
    data: (c) => `/credit-memo/${c.creditMemoId}`,
    empty: at('/credit-memo/00000000-0000-4000-8000-000000000000'),
    dialogs: [
      {
        name: 'void credit memo',
        open: opener('Void'),
        dialog: dialogNamed(/^Void credit memo CM-/),
      },
      {
        name: 'email credit memo',
        open: opener('Email…'),
        dialog: dialogNamed(/^Email credit memo CM-/),
      },
    ],
  },
  { route: '/emails', signedIn: true, data: at('/emails'), empty: at('/emails') },
  {
    route: '/customer',
    primary: 'New Customer',
    signedIn: true,
    data: at('/customer'),
    empty: at('/customer'),
    widths: true,
  },
  { route: '/customer/create', signedIn: true, data: at('/customer/create') },
  {
    route: '/customer/taxpayer-numbers',
    primary: 'Upload and Fill',
    signedIn: true,
    data: at('/customer/taxpayer-numbers'),
  },
  {
    route: '/customer/{id}',
    primary: 'New Invoice',
    signedIn: true,
    data: (c) => `/customer/${c.customerId}`,
    empty: at('/customer/00000000-0000-4000-8000-000000000000'),
    widths: true,
    dialogs: [
      {
        name: 'log payment from the customer',
        open: opener('Log Payment'),
        dialog: dialogNamed('Log Payment'),
      },
      {
        name: 'credit an invoice from the customer',
        open: opener('Credit an Invoice…'),
        dialog: dialogNamed('Credit an invoice'),
      },
      {
        name: 'receive payment on account',
        open: opener('Receive Payment…'),
        dialog: dialogNamed('Receive Payment'),
      },
      {
        name: 'apply the customer credit',
        open: opener('Apply Credit…'),
        dialog: dialogNamed('Apply Credit'),
      },
      {
        name: 'refund the customer credit',
        open: opener('Refund Credit…'),
        dialog: dialogNamed('Refund Credit'),
      },
    ],
  },
  {
    route: '/customer/{id}/edit',
    signedIn: true,
    data: (c) => `/customer/${c.customerId}/edit`,
    empty: at('/customer/00000000-0000-4000-8000-000000000000/edit'),
  },
  {
    route: '/customer/{id}/balance',
    signedIn: true,
    data: (c) => `/customer/${c.customerId}/balance`,
    empty: at('/customer/00000000-0000-4000-8000-000000000000/balance'),
    dialogs: [
      {
        name: 'share balance link',
        open: opener('Share link'),
        dialog: (page) => page.getByRole('dialog').filter({ hasText: /link/i }),
      },
    ],
  },
  {
    route: '/invoice',
    primary: 'New Invoice',
    signedIn: true,
    data: at('/invoice'),
    empty: at('/invoice'),
    widths: true,
  },
  {
    route: '/invoice/{number}',
    signedIn: true,
    data: (c) => `/invoice/${c.invoiceNumber}`,
    empty: at('/invoice/999999'),
    widths: true,
    dialogs: [
      { name: 'log payment', open: opener('Log Payment'), dialog: dialogNamed('Log Payment') },
      {
        name: 'credit items',
        open: opener('Credit items…'),
        dialog: dialogNamed(/^Credit items of invoice/),
      },
      {
        name: 'delete payment',
        open: opener(/^Delete payment of/),
        dialog: dialogNamed(/^Sure you want to delete the payment/),
      },
      {
        name: 'share invoice link',
        open: opener('Share link'),
        dialog: (page) => page.getByRole('dialog').filter({ hasText: /link/i }),
      },
      { name: 'send e-mail', open: opener('Send Email'), dialog: (page) => page.getByRole('dialog') },
      { name: 'upload document', open: opener('Upload Document'), dialog: dialogNamed('Upload Document') },
      {
        name: 'cancel invoice',
        open: opener('Cancel Invoice'),
        dialog: dialogNamed(/^Sure you want to cancel invoice/),
      },
    ],
  },
  {
    route: '/invoice/create',
    signedIn: true,
    data: at('/invoice/create'),
    widths: true,
    // fintech is on in the company with everything
    dialogs: [
      { name: 'upload invoice', open: opener('Upload Invoice'), dialog: dialogNamed('Upload Invoice') },
    ],
  },
  {
    route: '/invoice/{number}/edit',
    signedIn: true,
    data: (c) => `/invoice/${c.invoiceNumber}/edit`,
    empty: at('/invoice/999999/edit'),
  },
  { route: '/stamp', signedIn: true, data: at('/stamp'), empty: at('/stamp'), widths: true },
  { route: '/stamp/record', signedIn: true, data: at('/stamp/record'), empty: at('/stamp/record') },
  {
    route: '/stamp/comptroller',
    signedIn: true,
    // this month: the company with everything invoices today
    data: () => `/stamp/comptroller?month=${new Date().toISOString().slice(0, 7)}`,
    empty: at('/stamp/comptroller'),
    widths: true,
    dialogs: [
      {
        // last month's report, not filed yet
        name: 'mark a month filed',
        open: opener(/^Mark Filed:/),
        dialog: dialogNamed(/^Mark .* filed$/),
      },
    ],
  },
  {
    route: '/stamp/roll',
    primary: 'Add Roll',
    signedIn: true,
    data: at('/stamp/roll'),
    empty: at('/stamp/roll'),
    dialogs: [
      {
        name: 'destroy stamps',
        open: async (page) => {
          const tab = page.getByRole('tab', { name: 'Destroy Stamps' });
          await tab.click();
          return tab;
        },
        dialog: (page) => page.getByRole('form', { name: 'Destroy stamps' }),
        modal: false,
        scope: 'form[aria-label="Destroy stamps"]',
      },
      {
        // The data company has the extended stamp statuses on
        name: 'lost, stolen, voided stamps',
        open: async (page) => {
          const tab = page.getByRole('tab', { name: 'Lost, Stolen, Voided' });
          await tab.click();
          return tab;
        },
        dialog: (page) => page.getByRole('form', { name: 'Record lost, stolen, voided or returned stamps' }),
        modal: false,
        scope: 'form[aria-label="Record lost, stolen, voided or returned stamps"]',
      },
    ],
  },
  {
    route: '/product',
    primary: 'New Product',
    signedIn: true,
    data: at('/product'),
    empty: at('/product'),
    widths: true,
  },
  { route: '/order', signedIn: true, data: at('/order'), empty: at('/order'), widths: true },
  {
    route: '/order/{number}',
    signedIn: true,
    data: (c) => `/order/${c.orderNumber}`,
    empty: at('/order/999999'),
    widths: true,
  },
  { route: '/customer/users', signedIn: true, data: at('/customer/users'), empty: at('/customer/users') },
  {
    route: '/customer/{id}/user',
    signedIn: true,
    data: (c) => `/customer/${c.customerId}/user`,
    empty: at('/customer/00000000-0000-4000-8000-000000000000/user'),
  },
  {
    route: '/inventory',
    primary: 'Re-stock',
    signedIn: true,
    data: at('/inventory'),
    empty: at('/inventory'),
    widths: true,
  },
  {
    route: '/inventory/restock',
    signedIn: true,
    data: at('/inventory/restock'),
    empty: at('/inventory/restock'),
  },
  {
    route: '/inventory/history',
    signedIn: true,
    data: at('/inventory/history'),
    empty: at('/inventory/history'),
  },
  // Bottle POS and Clover stay off in the standards companies (they hide Inventory): their activation cards are
  // scanned here; the screens themselves in test/browser/integrations.browser-spec.ts.
  { route: '/bottle-pos', signedIn: true, data: at('/bottle-pos') },
  {
    route: '/bottle-pos/{syncId}',
    signedIn: true,
    data: at('/bottle-pos/00000000-0000-4000-8000-000000000000'),
  },
  { route: '/clover', signedIn: true, data: at('/clover') },
  { route: '/clover/{syncId}', signedIn: true, data: at('/clover/00000000-0000-4000-8000-000000000000') },
  // QuickBooks is on in the standards companies, not connected: the page with its connect button and settings (the
  // connected page, the sync and the log in test/browser/quickbooks.browser-spec.ts).
  { route: '/quickbooks', signedIn: true, data: at('/quickbooks') },
  {
    route: '/quickbooks/{runId}',
    signedIn: true,
    data: at('/quickbooks/00000000-0000-4000-8000-000000000000'),
  },
  {
    route: '/product/{id}',
    signedIn: true,
    data: (c) => `/product/${c.productId}`,
    empty: at('/product/00000000-0000-4000-8000-000000000000'),
  },
];
