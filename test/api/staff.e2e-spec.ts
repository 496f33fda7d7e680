import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

describe('Staff (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let counter = 0;

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
  });
  afterAll(async () => {
    await app.close();
  });

  const newEmail = () => `staff${Date.now()}${counter++}@example.test`;

  /** The owner invites; the invitee follows the e-mailed link and signs up. */
  async function inviteAndJoin(ownerToken: string, email = newEmail()) {
    const mark = app.mailbox.mark();
    const invited = await api.post('company/staff/invitation', { name: 'Sam Staff', email }, ownerToken);
    expect(invited.status).toBe(201);
    const mail = await app.mailbox.waitFor(email, { after: mark });
    const token = /invitation=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const joined = await api.post('auth/invitation/accept', {
      token,
      name: 'Sam Staff',
      title: 'Sales',
      password: 'staff-secret',
      confirm_password: 'staff-secret',
    });
    expect(joined.status).toBe(201);
    return {
      invited: invited.body,
      token,
      email,
      staffToken: joined.body.access_token as string,
      staff: joined.body.user,
    };
  }

  it('invites by e-mail; the link signs the invitee up into the company as staff', async () => {
    const owner = await signUpOwner(api, 'Olive Owner');
    await api.put(
      `company/${owner.user.company_id}`,
      { name: 'Olive Spirits', address: '1 A St', city: 'Austin', state: 'TX', zip: '78701', tabc_id: 'LP1' },
      owner.token,
    );
    const email = newEmail();
    const mark = app.mailbox.mark();
    const invited = await api.post('company/staff/invitation', { name: ' Sam Staff ', email }, owner.token);
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({
      email,
      name: 'Sam Staff',
      status: 'pending',
      link: expect.stringContaining('/auth/signup?invitation='),
    });
    const mail = await app.mailbox.waitFor(email, { after: mark });
    expect(mail.subject).toBe('Olive Owner invites you to Olive Spirits on Stampline');
    const token = new URL(invited.body.link).searchParams.get('invitation')!;
    expect(mail.text).toContain(invited.body.link);

    const lookup = await api.get(`auth/invitation?token=${token}`);
    expect(lookup.status).toBe(200);
    expect(lookup.body).toEqual({ email, name: 'Sam Staff', company_name: 'Olive Spirits' });

    const mismatch = await api.post('auth/invitation/accept', {
      token,
      name: 'Sam',
      title: 'Sales',
      password: 'staff-secret',
      confirm_password: 'other',
    });
    expect(mismatch.body.details).toEqual([{ field: 'confirm_password', message: 'Passwords do not match' }]);

    const joined = await api.post('auth/invitation/accept', {
      token,
      name: 'Sam Staff',
      title: 'Sales',
      password: 'staff-secret',
      confirm_password: 'staff-secret',
    });
    expect(joined.status).toBe(201);
    expect(joined.body.user).toMatchObject({
      email,
      name: 'Sam Staff',
      role: 'staff',
      company_id: owner.user.company_id,
    });

    const again = await api.post('auth/invitation/accept', {
      token,
      name: 'X',
      title: 'Y',
      password: 'staff-secret',
      confirm_password: 'staff-secret',
    });
    expect(again.body).toEqual({
      statusCode: 400,
      message: 'This invitation link is invalid or has expired.',
    });
    expect((await api.get(`auth/invitation?token=${token}`)).status).toBe(400);

    const list = await api.get('company/staff', joined.body.access_token);
    expect(list.status).toBe(200);
    expect(list.body.users.map((u: { email: string; role: string }) => [u.email, u.role])).toEqual([
      [owner.email, 'owner'],
      [email, 'staff'],
    ]);
    expect(list.body.invitations).toEqual([]);
    const facts: string[] = [];
    for await (const event of app.runtime.store.readStream(`activity-${owner.user.company_id}`))
      facts.push(event.type);
    expect(facts).toEqual(expect.arrayContaining(['StaffInvited', 'StaffJoined', 'UserSignedIn']));
  });

  it("validates the invitation with the spec's messages and refuses a registered e-mail", async () => {
    const owner = await signUpOwner(api);
    const empty = await api.post(
      'company/staff/invitation',
      { name: 'ab', email: 'not-an-email' },
      owner.token,
    );
    expect(empty.status).toBe(400);
    expect(empty.body.details).toEqual([
      { field: 'name', message: 'User name is required !' },
      { field: 'email', message: "Email can't be an empty field !" },
    ]);
    const taken = await api.post(
      'company/staff/invitation',
      { name: 'Someone', email: owner.email.toUpperCase() },
      owner.token,
    );
    expect(taken.status).toBe(400);
    expect(taken.body.details).toEqual([
      { field: 'email', message: 'An account with this email already exists.' },
    ]);
  });

  it('lets staff use the company but not the owner-only actions', async () => {
    const owner = await signUpOwner(api);
    const { staffToken, staff } = await inviteAndJoin(owner.token);
    const company = await api.put(
      `company/${owner.user.company_id}`,
      { name: 'Staff Edited', address: '1 A St', city: 'Austin', state: 'TX', zip: '78701', tabc_id: 'LP1' },
      staffToken,
    );
    expect(company.status).toBe(200);
    const forbidden = { statusCode: 403, message: 'Only the company owner can do this.' };
    expect(
      (await api.post('company/staff/invitation', { name: 'Another', email: newEmail() }, staffToken)).body,
    ).toEqual(forbidden);
    expect((await api.put(`company/staff/${owner.user.id}`, { disabled: true }, staffToken)).body).toEqual(
      forbidden,
    );
    expect((await api.put(`company/staff/${staff.id}`, { disabled: false }, staffToken)).body).toEqual(
      forbidden,
    );
  });

  it("disables a staff user: their tokens stop working at once, they can't sign in; enabling lets them back", async () => {
    const owner = await signUpOwner(api);
    const { staffToken, staff, email } = await inviteAndJoin(owner.token);
    expect((await api.get('validate_token', staffToken)).status).toBe(200);

    const disabled = await api.put(`company/staff/${staff.id}`, { disabled: true }, owner.token);
    expect(disabled.status).toBe(200);
    expect(disabled.body).toMatchObject({ id: staff.id, disabled: true, disabled_at: expect.any(String) });
    expect((await api.get('validate_token', staffToken)).body).toEqual({
      statusCode: 401,
      message: 'Please log back in.',
    });
    expect((await api.post('auth/signin', { email, password: 'staff-secret' })).body.message).toBe(
      'This account has been disabled.',
    );

    const enabled = await api.put(`company/staff/${staff.id}`, { disabled: 0 }, owner.token);
    expect(enabled.body).toMatchObject({ disabled: false, disabled_at: null });
    expect((await api.get('validate_token', staffToken)).status).toBe(401); // the old session stays ended
    expect((await api.post('auth/signin', { email, password: 'staff-secret' })).status).toBe(200);
  });

  it('refuses to disable the owner', async () => {
    const owner = await signUpOwner(api);
    const response = await api.put(`company/staff/${owner.user.id}`, { disabled: true }, owner.token);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The company owner cannot be disabled.');
    expect(
      (await api.put(`company/staff/${owner.user.id}`, { disabled: 'maybe' }, owner.token)).body.details,
    ).toEqual([{ field: 'disabled', message: 'Disabled must be true or false.' }]);
  });

  it('revokes an invitation, and a new invitation replaces the pending one', async () => {
    const owner = await signUpOwner(api);
    const email = newEmail();
    const first = await api.post('company/staff/invitation', { name: 'Pat Pending', email }, owner.token);
    const second = await api.post('company/staff/invitation', { name: 'Pat Pending', email }, owner.token);
    const firstToken = new URL(first.body.link).searchParams.get('invitation')!;
    expect((await api.get(`auth/invitation?token=${firstToken}`)).status).toBe(400);
    expect(
      (await api.get('company/staff', owner.token)).body.invitations.map((i: { id: string }) => i.id),
    ).toEqual([second.body.id]);

    expect((await api.delete(`company/staff/invitation/${second.body.id}`, owner.token)).status).toBe(204);
    const secondToken = new URL(second.body.link).searchParams.get('invitation')!;
    const accept = await api.post('auth/invitation/accept', {
      token: secondToken,
      name: 'Pat',
      title: 'X',
      password: 'secret1',
      confirm_password: 'secret1',
    });
    expect(accept.body.message).toBe('This invitation link is invalid or has expired.');
    expect((await api.delete(`company/staff/invitation/${second.body.id}`, owner.token)).status).toBe(404);
  });

  it("answers 404 for another company's staff and invitations", async () => {
    const owner = await signUpOwner(api);
    const { staff, email } = await inviteAndJoin(owner.token);
    const pending = await api.post(
      'company/staff/invitation',
      { name: 'Secret Invitee', email: newEmail() },
      owner.token,
    );
    const other = await signUpOwner(api);
    await expectOtherCompanyGets404(
      api,
      other.token,
      [
        { method: 'PUT', path: `company/staff/${staff.id}`, body: { disabled: true } },
        { method: 'PUT', path: `company/staff/${owner.user.id}`, body: { disabled: true } },
        { method: 'DELETE', path: `company/staff/invitation/${pending.body.id}` },
        { method: 'PUT', path: 'company/staff/not-a-uuid', body: { disabled: true } },
      ],
      [email, 'Secret Invitee'],
    );
    const theirs = await api.get('company/staff', other.token);
    expect(JSON.stringify(theirs.body)).not.toContain(email);
    expect(
      (await api.get('company/staff', owner.token)).body.users.find((u: { id: string }) => u.id === staff.id)
        .disabled,
    ).toBe(false);
  });
});
