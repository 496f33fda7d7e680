import { jest } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import {
  describedBy,
  expectTrue,
  isFocused,
  signedInOwner,
  uniqueEmail,
  visible,
} from '../support/browser-fixtures.js';

let app: TestApp;
const PASSWORD = 'staff-pass-1';

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  jest.spyOn(console, 'log').mockImplementation(() => {});
}, 60_000);

afterAll(async () => {
  jest.restoreAllMocks();
  await app?.close();
});

/** A fresh company whose owner is signed in on a new page, on the staff page. */
async function ownerOnStaffPage(open: () => Promise<Page>) {
  const { page, owner } = await signedInOwner(app, open, 'Oscar Owner');
  await page.getByRole('link', { name: /Oscar Owner/ }).click();
  await page.getByRole('navigation', { name: 'Settings menu' }).getByRole('link', { name: 'Staff' }).click();
  await page.waitForURL('**/setting/staff');
  await visible(page.getByRole('heading', { name: 'Staff', exact: true }));
  return { page, owner };
}

/** The sign-up link of the newest invitation e-mailed to `email`, as a path on this server. */
async function invitationPath(email: string): Promise<string> {
  const mail = await app.mailbox.waitFor(email);
  const link = /https?:\/\/[^\s"'<>]+\/auth\/signup\?invitation=[^\s"'<>]+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

const textbox = (scope: Page | Locator, name: string) => scope.getByRole('textbox', { name, exact: true });

describe('Staff (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it(
    'invites a staff user, who signs up through the e-mailed link and sees the app; disabling them ends their session',
    async () => {
      const { page, owner } = await ownerOnStaffPage(() => browser.newPage());
      const form = page.getByRole('form', { name: 'Invite staff' });
      await expectTrue(() => isFocused(textbox(form, 'Name')));
      await form.getByRole('button', { name: 'Send Invitation' }).click();
      await visible(form.getByText('User name is required !', { exact: true }));
      await visible(form.getByText("Email can't be an empty field !", { exact: true }));

      // an e-mail already registered: the server's message under the e-mail field
      await textbox(form, 'Name').fill('Someone Else');
      await textbox(form, 'Email').fill(owner.email);
      await textbox(form, 'Email').press('Enter');
      await visible(form.getByText('An account with this email already exists.', { exact: true }));
      expect(await describedBy(page, textbox(form, 'Email'))).toBe(
        'An account with this email already exists.',
      );
      await snap(page, 'staff-invite-errors');

      const email = uniqueEmail('staff');
      await textbox(form, 'Name').fill('Sam Staff');
      await textbox(form, 'Email').fill(email);
      await textbox(form, 'Email').press('Enter');
      await visible(
        page
          .getByRole('alert')
          .filter({ hasText: `Invitation sent to ${email}.` })
          .first(),
      );
      const link = await page.getByRole('textbox', { name: 'Invitation link' }).inputValue();
      expect(link).toMatch(/^https:\/\/.+\/auth\/signup\?invitation=.+/);
      const invitations = page.getByRole('table', { name: 'Pending Invitations' });
      await visible(invitations.getByRole('cell', { name: email, exact: true }));
      await snap(page, 'staff-invited');

      // the invitee opens the e-mailed link in their own browser
      const path = await invitationPath(email);
      expect(link.endsWith(path)).toBe(true);
      const staffPage = await browser.newPage();
      await staffPage.goto(path);
      await visible(staffPage.getByRole('heading', { name: 'Join Oscar Owner' }));
      expect(await textbox(staffPage, 'Email').inputValue()).toBe(email);
      expect(await textbox(staffPage, 'Full Name').inputValue()).toBe('Sam Staff');
      await expectTrue(() => isFocused(textbox(staffPage, 'Full Name')));
      await staffPage.getByRole('button', { name: 'Create Account' }).click();
      await visible(staffPage.getByText("Title can't be an empty field", { exact: true }));
      await visible(staffPage.getByText("Password can't be an empty field", { exact: true }));
      await textbox(staffPage, 'Title').fill('Sales Rep');
      await staffPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await staffPage.getByLabel('Confirm Password', { exact: true }).fill('different');
      await visible(staffPage.getByText('Passwords do not match', { exact: true }));
      await snap(staffPage, 'staff-invitation-signup');
      await staffPage.getByLabel('Confirm Password', { exact: true }).fill(PASSWORD);
      await staffPage.getByLabel('Confirm Password', { exact: true }).press('Enter');
      await staffPage.waitForURL('**/dashboard');
      await visible(staffPage.getByRole('heading', { name: 'Dashboard' }));
      await visible(staffPage.getByRole('link', { name: /Sam Staff/ }));

      // staff see the list, not the owner's controls
      await staffPage.goto('/setting/staff');
      const staffView = staffPage.getByRole('table', { name: 'Users' });
      await visible(staffView.getByRole('cell', { name: email, exact: true }));
      expect(await staffPage.getByRole('form', { name: 'Invite staff' }).count()).toBe(0);
      expect(await staffPage.getByRole('button', { name: /^Disable / }).count()).toBe(0);

      // the owner sees them joined, and disables them
      await page.reload();
      const users = page.getByRole('table', { name: 'Users' });
      const row = users.getByRole('row').filter({ hasText: email });
      await visible(row.getByText('Active', { exact: true }));
      expect(await page.getByRole('table', { name: 'Pending Invitations' }).count()).toBe(0);
      await visible(page.getByText('No pending invitations.'));
      await row.getByRole('button', { name: 'Disable Sam Staff' }).click();
      const dialog = page.getByRole('dialog', { name: 'Disable Sam Staff?' });
      await visible(dialog);
      await snap(page, 'staff-disable-confirm');
      await dialog.getByRole('button', { name: 'Disable' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await visible(row.getByText('Disabled', { exact: true }));
      await visible(row.getByRole('button', { name: 'Enable Sam Staff' }));
      await snap(page, 'staff-list');

      // the staff user's session ends at once (the live gateway closes their socket): the session-expired modal
      // opens without their doing anything, and signing in again is refused too
      const modal = staffPage.getByRole('dialog', { name: 'Please log back in.' });
      await visible(modal);
      await modal.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await modal.getByLabel('Password', { exact: true }).press('Enter');
      await visible(modal.getByText('This account has been disabled.', { exact: true }));
      await snap(staffPage, 'staff-disabled-session');

      // enabled again: they sign back in where they were
      await row.getByRole('button', { name: 'Enable Sam Staff' }).click();
      await visible(row.getByText('Active', { exact: true }));
      await modal.getByRole('button', { name: 'Sign In' }).click();
      await modal.waitFor({ state: 'hidden' });
      await staffPage.getByRole('link', { name: 'Settings', exact: true }).click();
      await visible(staffPage.getByRole('heading', { name: 'Settings' }));
    },
  );

  browser.it('revokes a pending invitation, after which its link is refused', async () => {
    const { page } = await ownerOnStaffPage(() => browser.newPage());
    const email = uniqueEmail('revoked');
    const form = page.getByRole('form', { name: 'Invite staff' });
    await textbox(form, 'Name').fill('Rita Revoked');
    await textbox(form, 'Email').fill(email);
    await form.getByRole('button', { name: 'Send Invitation' }).click();
    const invitations = page.getByRole('table', { name: 'Pending Invitations' });
    const row = invitations.getByRole('row').filter({ hasText: email });
    await visible(row);

    await row.getByRole('button', { name: `Revoke invitation to ${email}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke this invitation?' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await visible(row);
    await row.getByRole('button', { name: `Revoke invitation to ${email}` }).click();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await visible(page.getByText('No pending invitations.'));

    const invitee = await browser.newPage();
    await invitee.goto(await invitationPath(email));
    await visible(invitee.getByText('This invitation link is invalid or has expired.'));
    await visible(invitee.getByRole('link', { name: 'sign in' }));
    expect(await invitee.getByRole('button', { name: 'Create Account' }).count()).toBe(0);
    await snap(invitee, 'staff-invitation-invalid');
  });
});
