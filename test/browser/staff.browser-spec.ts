import { jest } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE, seriousViolations } from './accessibility.js';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import {
  cutInPhoneList,
  describedBy,
  expectTrue,
  isFocused,
  linesBrokenMidWord,
  ok,
  renderedLines,
  signedInOwner,
  uniqueEmail,
  visible,
} from '../support/browser-fixtures.js';
import { apiClient, signUpOwner } from '../support/http.js';

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

  browser.it(
    'at 390 px lists users and invitations as blocks: whole names and e-mails, role, status, Disable and Revoke in view',
    async () => {
      const http = apiClient(app.baseUrl);
      const owner = await signUpOwner(http, 'Oscar Owner');
      const long = 'Maximiliana Alexandra Montgomery-Villa';
      const longEmail = uniqueEmail('maximiliana.alexandra.montgomery-villanueva');
      const invited = await ok(
        http.post('company/staff/invitation', { name: long, email: longEmail }, owner.token),
      );
      await ok(
        http.post('auth/invitation/accept', {
          token: new URL(invited.link).searchParams.get('invitation'),
          name: long,
          title: 'Senior Sales Representative',
          password: PASSWORD,
          confirm_password: PASSWORD,
        }),
      );
      const pendingEmail = uniqueEmail('rosalind.pending-invitation.northwest');
      await ok(
        http.post('company/staff/invitation', { name: 'Rosa Pending', email: pendingEmail }, owner.token),
      );

      // at 1440 px the tables, as before
      const desk = await browser.signedIn(owner.token, { viewport: DESKTOP });
      await desk.goto('/setting/staff');
      const usersTable = desk.getByRole('table', { name: 'Users' });
      await visible(usersTable.getByRole('cell', { name: longEmail, exact: true }));
      await visible(usersTable.getByRole('columnheader', { name: 'Actions' }));
      await visible(
        desk
          .getByRole('table', { name: 'Pending Invitations' })
          .getByRole('cell', { name: pendingEmail, exact: true }),
      );
      await snap(desk, 'staff-1440');

      const page = await browser.signedIn(owner.token, { viewport: PHONE });
      await page.goto('/setting/staff');
      await visible(page.getByRole('heading', { name: 'Staff', exact: true }));
      await visible(page.getByText(pendingEmail).first());
      await snap(page, 'staff-390');
      expect(await page.getByRole('table').count()).toBe(0);

      const users = page.getByRole('list', { name: 'Users' });
      const maxi = users.getByRole('listitem').filter({ hasText: long });
      await visible(maxi.getByText(long, { exact: true }));
      await visible(maxi.getByText('Senior Sales Representative', { exact: true }));
      await visible(maxi.getByText('Active', { exact: true }));
      await visible(maxi.getByRole('combobox'));
      await visible(maxi.getByRole('button', { name: `Disable ${long}` }));
      const oscar = users.getByRole('listitem').filter({ hasText: 'Oscar Owner' });
      await visible(oscar.getByText(owner.email, { exact: true }));
      // the owner's title and role
      await expectTrue(async () => (await oscar.getByText('Owner', { exact: true }).count()) === 2);
      // the long e-mail whole, wrapped at its dots and '@' rather than mid-word
      const email = maxi.getByText(longEmail, { exact: true });
      const lines = await renderedLines(email);
      expect(lines.join('')).toBe(longEmail);
      expect(lines.length).toBeGreaterThan(1);
      expect(linesBrokenMidWord(lines)).toEqual([]);
      expect(await cutInPhoneList(users)).toEqual([]);

      const invitations = page.getByRole('list', { name: 'Pending Invitations' });
      const rosa = invitations.getByRole('listitem').filter({ hasText: 'Rosa Pending' });
      await visible(rosa.getByText(pendingEmail, { exact: true }));
      await visible(rosa.getByText(/^Sent \d{2} \w{3}, \d{4} · Expires \d{2} \w{3}, \d{4}$/));
      await visible(rosa.getByRole('button', { name: `Revoke invitation to ${pendingEmail}` }));
      expect(await cutInPhoneList(invitations)).toEqual([]);
      expect(await seriousViolations(page, 'staff at 390 px', { include: 'main' })).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );

      // Disable asks first; Cancel changes nothing
      await maxi.getByRole('button', { name: `Disable ${long}` }).click();
      const dialog = page.getByRole('dialog', { name: `Disable ${long}?` });
      await visible(dialog);
      await snap(page, 'staff-disable-confirm-390');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await visible(maxi.getByText('Active', { exact: true }));
      await visible(maxi.getByRole('button', { name: `Disable ${long}` }));
      await rosa.getByRole('button', { name: `Revoke invitation to ${pendingEmail}` }).click();
      const revoke = page.getByRole('dialog', { name: 'Revoke this invitation?' });
      await revoke.getByRole('button', { name: 'Cancel' }).click();
      await revoke.waitFor({ state: 'hidden' });
      await visible(rosa);
    },
  );
});
