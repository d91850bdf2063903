import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailConfirmations,
  invites,
  notifications,
  permissions,
  rolePermissions,
  userRoles,
  users,
} from '../../db/schema.js';
import { createSignedInUser, createUser, roleIdOfType, uniqueEmail } from '../../test/factories.js';
import { createRoleWith } from '../../test/resource-helpers.js';
import { createUserThroughInvite } from './invites.service.js';
import { mailSubject, mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { ADMIN_EMAIL, startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let admin: string;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  // Each test speaks from its own client address, so the per-IP limits count one test at a time.
  server = await startTestServer({ TRUST_PROXY: 'loopback', SMTP_URL: smtp.url });
  admin = await server.adminToken();
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

let lastAddress = 0;
const newAddress = () => `198.51.100.${++lastAddress % 250}`;

const createInvite = async (body: Record<string, unknown> = {}) => {
  const response = await server.post('/api/auth/invites', body, admin);
  if (response.status !== 201) throw new Error(`invite creation failed: ${response.status} ${response.text}`);
  return response.body as { _id: string; token: string; link: string; email: string | null; expiresAt: string };
};

const register = (body: Record<string, unknown>, address = newAddress()) =>
  server.request('POST', '/api/auth/register-invite', { body, headers: { 'x-forwarded-for': address } });

/** The token of the newest confirmation link mailed to `email`. */
async function confirmationToken(email: string): Promise<string> {
  await smtp.waitFor(email);
  const mail = smtp.mails.filter((one) => one.to.includes(email)).at(-1)!;
  const token = /confirm-email\?token=([\w-]+)/.exec(mailText(mail.raw))?.[1];
  if (!token) throw new Error(`no confirmation link in the mail to ${email}`);
  return token;
}

const confirm = (token: string, address = newAddress()) =>
  server.request('POST', '/api/auth/register-invite/confirm', {
    body: { token },
    headers: { 'x-forwarded-for': address },
  });

/** Registers and opens the mailed link: the registration then waits for an administrator. */
async function registerAndConfirm(body: { email: string }) {
  const registered = await register(body);
  if (registered.status !== 201) throw new Error(`registration failed: ${registered.status} ${registered.text}`);
  const confirmed = await confirm(await confirmationToken(body.email));
  if (confirmed.status !== 200) throw new Error(`confirmation failed: ${confirmed.status} ${confirmed.text}`);
}

const validate = (token: string, address = newAddress()) =>
  server.request('GET', `/api/auth/invites/validate/${encodeURIComponent(token)}`, {
    headers: { 'x-forwarded-for': address },
  });

const registrant = (token: string, overrides: Record<string, unknown> = {}) => ({
  token,
  name: 'Νέο Μέλος',
  email: uniqueEmail('invitee'),
  password: 'secret-pass',
  ...overrides,
});

async function storedInvite(id: string) {
  const [row] = await server.deps.db.select().from(invites).where(eq(invites.id, id));
  return row;
}

async function storedUser(email: string) {
  const [row] = await server.deps.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function adminNotificationsAbout(email: string) {
  const [adminUser] = await server.deps.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
  const rows = await server.deps.db.select().from(notifications).where(eq(notifications.userId, adminUser!.id));
  return rows.filter((row) => row.body?.includes(email));
}

const expirePast = (id: string) =>
  server.deps.db
    .update(invites)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(invites.id, id));

describe('POST /api/auth/invites', () => {
  it('creates an invite for anyone with 48 hours by default and an unguessable token', async () => {
    const before = Date.now();
    const response = await server.post('/api/auth/invites', {}, admin);
    expect(response.status).toBe(201);
    const invite = response.body;
    expect(invite).toMatchObject({ email: null, hours: 48, status: 'pending', consumedAt: null, registrant: null });
    expect(invite.token).toMatch(/^[\w-]{43}$/);
    expect(invite.link).toBe(`http://community.test/admin/invite?token=${invite.token}`);
    const expires = Date.parse(invite.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 48 * 3600_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 48 * 3600_000 + 1000);
    expect((await createInvite()).token).not.toBe(invite.token);
  });

  it('binds the invite to an email, lower-cased, and takes the hours given', async () => {
    const invite = await createInvite({ email: '  Someone@Example.TEST ', hours: 5 });
    expect(invite).toMatchObject({ email: 'someone@example.test', hours: 5 });
    expect(Date.parse(invite.expiresAt) - Date.now()).toBeGreaterThan(5 * 3600_000 - 5000);
  });

  it.each([
    ['empty', ''],
    ['not a number', 'soon'],
    ['null', null],
  ])('falls back to 48 hours when the hours are %s', async (_label, hours) => {
    expect((await createInvite({ hours })).expiresAt).toBeDefined();
    const response = await server.post('/api/auth/invites', { hours }, admin);
    expect(response.body.hours).toBe(48);
  });

  it.each([
    [{ hours: 0 }, 'Expires in (hours) must be at least 1'],
    [{ hours: -3 }, 'Expires in (hours) must be at least 1'],
    [{ hours: 1.5 }, 'Expires in (hours) must be a whole number'],
    [{ hours: 100_000 }, 'Expires in (hours) must be at most 8760'],
    [{ email: 'not-an-email' }, 'Entered value does not match email format'],
  ])('refuses %j with 400', async (body, message) => {
    const response = await server.post('/api/auth/invites', body, admin);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
  });

  it('is refused to a signed-out visitor and to a plain member', async () => {
    const member = await createSignedInUser(server, { roles: ['user'] });
    expect((await server.post('/api/auth/invites', {})).status).toBe(401);
    expect((await server.post('/api/auth/invites', {}, member.token)).status).toBe(403);
    expect((await server.get('/api/auth/invites', member.token)).status).toBe(403);
  });
});

describe('GET /api/auth/invites', () => {
  it('lists invites newest first with totals and pages', async () => {
    const first = await createInvite({ email: uniqueEmail('list') });
    const second = await createInvite();
    const response = await server.get('/api/auth/invites?page=1&limit=2', admin);
    expect(response.status).toBe(200);
    expect(response.body.data.map((invite: { _id: string }) => invite._id)).toEqual([second._id, first._id]);
    const total = response.body.total as number;
    expect(total).toBe((await server.deps.db.select().from(invites)).length);
    expect(response.body).toMatchObject({ page: 1, pages: Math.ceil(total / 2), startIndex: 1, endIndex: 2 });
  });

  it('shows an overdue unused invite as expired and names the person awaiting approval', async () => {
    const overdue = await createInvite();
    await expirePast(overdue._id);
    const submitted = await createInvite();
    const body = registrant(submitted.token);
    const list = async () =>
      (await server.get('/api/auth/invites?limit=1000', admin)).body.data as {
        _id: string;
        status: string;
        registrant: unknown;
      }[];
    expect((await register(body)).status).toBe(201);
    expect((await list()).find((invite) => invite._id === submitted._id)).toMatchObject({
      status: 'confirming',
      registrant: { name: body.name, email: body.email },
    });
    expect((await confirm(await confirmationToken(body.email))).status).toBe(200);
    const listed = await list();
    expect(listed.find((invite) => invite._id === overdue._id)?.status).toBe('expired');
    expect(listed.find((invite) => invite._id === submitted._id)).toMatchObject({
      status: 'submitted',
      registrant: { name: body.name, email: body.email },
    });
  });
});

describe('GET /api/auth/invites/validate/:token', () => {
  it('answers a usable invite without using it up', async () => {
    const invite = await createInvite({ email: uniqueEmail('valid') });
    const expected = {
      ok: true,
      expired: false,
      consumed: false,
      confirming: false,
      email: invite.email,
      expiresAt: invite.expiresAt,
    };
    expect((await validate(invite.token)).body).toEqual(expected);
    expect((await validate(invite.token)).body).toEqual(expected);
    expect((await storedInvite(invite._id))!.status).toBe('pending');
  });

  it('answers ok false for an unknown token, without a token-shaped hint', async () => {
    const response = await validate('x'.repeat(43));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ok: false,
      expired: false,
      consumed: false,
      confirming: false,
      email: null,
      expiresAt: null,
    });
  });

  it('says expired once the expiry has passed', async () => {
    const invite = await createInvite();
    await expirePast(invite._id);
    expect((await validate(invite.token)).body).toMatchObject({ ok: true, expired: true, consumed: false });
  });

  it('says consumed once a registration was submitted; while its address is being confirmed, says so', async () => {
    const invite = await createInvite();
    const body = registrant(invite.token);
    expect((await validate(invite.token)).body).toMatchObject({ consumed: false, confirming: false });
    expect((await register(body)).status).toBe(201);
    expect((await validate(invite.token)).body).toMatchObject({
      ok: true,
      expired: false,
      consumed: false,
      confirming: true,
    });
    expect((await confirm(await confirmationToken(body.email))).status).toBe(200);
    expect((await validate(invite.token)).body).toMatchObject({
      ok: true,
      expired: false,
      consumed: true,
      confirming: false,
    });
  });

  it('is limited to 50 checks per client address in 15 minutes', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 51; i++) statuses.push((await validate(`guess-${i}`, address)).status);
    expect(statuses.slice(0, 50).every((status) => status === 200)).toBe(true);
    expect(statuses[50]).toBe(429);
  });
});

describe('POST /api/auth/register-invite', () => {
  it('creates an unconfirmed account and mails the link that confirms its address; only then are administrators told', async () => {
    const invite = await createInvite();
    const body = registrant(invite.token, { language: 'en' });
    const response = await register(body);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      message: `Almost there: open the link we sent to ${body.email} to confirm your address.`,
    });

    const user = await storedUser(body.email);
    expect(user).toMatchObject({ name: body.name, confirmed: false, blocked: false, language: 'en' });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await storedInvite(invite._id)).toMatchObject({ status: 'confirming', userId: user!.id, consumedAt: null });
    expect(await adminNotificationsAbout(body.email)).toHaveLength(0);

    const raw = (await smtp.waitFor(body.email)).raw;
    const mail = mailText(raw);
    expect(mailSubject(raw)).toBe('Confirm your address');
    expect(mail).toContain('Content-Type: text/html');
    expect(mail).toContain('Content-Type: text/plain');
    expect(mail).toMatch(/http:\/\/community\.test\/admin\/confirm-email\?token=[\w-]{43}/);
    const token = await confirmationToken(body.email);
    const [stored] = await server.deps.db
      .select()
      .from(emailConfirmations)
      .where(eq(emailConfirmations.userId, user!.id));
    expect(stored!.tokenHash).not.toContain(token);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);

    const confirmed = await confirm(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toEqual({ message: 'Registration submitted. Awaiting approval.' });
    expect(await storedInvite(invite._id)).toMatchObject({ status: 'submitted', userId: user!.id });
    expect(await adminNotificationsAbout(body.email)).toHaveLength(1);

    const login = await server.post('/api/auth/login', { email: body.email, password: body.password });
    expect(login.status).toBe(403);
    expect(login.body).toEqual({ error: 'Your account is awaiting approval.' });
  });

  it('refuses a second registration with the same invite', async () => {
    const invite = await createInvite();
    expect((await register(registrant(invite.token))).status).toBe(201);
    const again = await register(registrant(invite.token));
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'This invite has already been used.' });
  });

  it('lets only one of two simultaneous registrations through', async () => {
    const invite = await createInvite();
    const bodies = [registrant(invite.token), registrant(invite.token), registrant(invite.token)];
    const responses = await Promise.all(bodies.map((body) => register(body)));
    expect(responses.map((response) => response.status).sort()).toEqual([201, 400, 400]);
    const created = await Promise.all(bodies.map((body) => storedUser(body.email)));
    expect(created.filter(Boolean)).toHaveLength(1);
  });

  it.each([
    ['an unknown token', async () => 'no-such-token', 'Invite not valid.'],
    [
      'an expired invite',
      async () => {
        const invite = await createInvite();
        await expirePast(invite._id);
        return invite.token;
      },
      'This invite has expired.',
    ],
    [
      'a rejected invite',
      async () => {
        const invite = await createInvite();
        await registerAndConfirm(registrant(invite.token));
        await server.post(`/api/auth/invites/${invite._id}/reject`, {}, admin);
        return invite.token;
      },
      'Invite not valid.',
    ],
  ])('refuses %s with its message and creates no account', async (_label, tokenOf, message) => {
    const body = registrant(await tokenOf());
    const response = await register(body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
    expect(await storedUser(body.email)).toBeUndefined();
  });

  it('accepts only the email the invite names', async () => {
    const email = uniqueEmail('bound');
    const invite = await createInvite({ email });
    const other = await register(registrant(invite.token, { email: uniqueEmail('other') }));
    expect(other.status).toBe(400);
    expect(other.body).toEqual({ error: 'This invite is for another email address.' });
    expect((await register(registrant(invite.token, { email: email.toUpperCase() }))).status).toBe(201);
  });

  it('refuses an email that already has an account and leaves the invite usable', async () => {
    const invite = await createInvite();
    const response = await register(registrant(invite.token, { email: ADMIN_EMAIL }));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'A user with this email already exists.' });
    expect((await storedInvite(invite._id))!.status).toBe('pending');
  });

  it.each([
    [{ name: '' }, 'Name is required'],
    [{ email: 'nope' }, 'Entered value does not match email format'],
    [{ password: '12345' }, 'Password must have at least 6 characters'],
    [{ password: undefined }, 'Password is required'],
  ])('validates %j', async (overrides, message) => {
    const invite = await createInvite();
    const response = await register(registrant(invite.token, overrides));
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
    expect((await storedInvite(invite._id))!.status).toBe('pending');
  });

  it('is limited to 10 registrations per client address an hour', async () => {
    const address = newAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await register(registrant('unknown'), address)).status);
    expect(statuses.slice(0, 10).every((status) => status === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
  });
});

describe('approving and rejecting', () => {
  async function submitted() {
    const invite = await createInvite();
    const body = registrant(invite.token);
    await registerAndConfirm(body);
    return { invite, body, user: (await storedUser(body.email))! };
  }

  /** Every administrator's notification about the registrant: whether each is read. */
  const registrationNoticesRead = async (email: string) =>
    (await server.deps.db.select().from(notifications))
      .filter((row) => row.body?.includes(email))
      .map((row) => row.readAt !== null);

  it('approve confirms the account, gives it the User role, uses the invite up and tells the person', async () => {
    await createUser(server, { roleIds: [await roleIdOfType(server, 'admin')] });
    const { invite, body, user } = await submitted();
    expect(await registrationNoticesRead(body.email)).toEqual([false, false]);
    const response = await server.post(`/api/auth/invites/${invite._id}/approve`, {}, admin);
    expect(response.status).toBe(200);
    // The account the invite made stays named on it.
    expect(response.body).toMatchObject({
      _id: invite._id,
      status: 'consumed',
      registrant: { _id: user.id, name: body.name, email: body.email },
    });
    expect(Date.parse(response.body.consumedAt)).toBeGreaterThan(Date.now() - 60_000);
    // Decided by one administrator, the registration awaits no other.
    expect(await registrationNoticesRead(body.email)).toEqual([true, true]);

    expect((await storedUser(body.email))!.confirmed).toBe(true);
    const roleIds = (await server.deps.db.select().from(userRoles).where(eq(userRoles.userId, user.id))).map(
      (row) => row.roleId,
    );
    expect(roleIds).toEqual([await roleIdOfType(server, 'user')]);

    const login = await server.post('/api/auth/login', { email: body.email, password: body.password });
    expect(login.status).toBe(200);
    const mine = await server.get('/api/auth/notifications', login.body.token);
    expect(mine.body.data.map((n: { title: string }) => n.title)).toEqual(['Your registration was approved']);
    expect((await validate(invite.token)).body).toMatchObject({ ok: true, consumed: true });
  });

  it('approves once when asked twice at the same time', async () => {
    const { invite } = await submitted();
    const responses = await Promise.all([
      server.post(`/api/auth/invites/${invite._id}/approve`, {}, admin),
      server.post(`/api/auth/invites/${invite._id}/approve`, {}, admin),
    ]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    const refused = responses.find((response) => response.status === 409)!;
    expect(refused.body).toEqual({ error: 'This invite has no registration awaiting approval.' });
  });

  it('reject marks the invite rejected and removes the waiting account', async () => {
    const { invite, body } = await submitted();
    const response = await server.post(`/api/auth/invites/${invite._id}/reject`, {}, admin);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'rejected', consumedAt: null, registrant: null });
    const noticesRead = await registrationNoticesRead(body.email);
    expect(noticesRead.length).toBeGreaterThan(0);
    expect(noticesRead).not.toContain(false);
    expect(await storedUser(body.email)).toBeUndefined();
    expect((await validate(invite.token)).body.ok).toBe(false);
    const login = await server.post('/api/auth/login', { email: body.email, password: body.password });
    expect(login.status).toBe(401);
  });

  it('settles the notices of a registrant renamed before the decision, or deleted instead of decided', async () => {
    const noticesOf = async (inviteId: string) =>
      (await server.deps.db.select().from(notifications).where(eq(notifications.subjectId, inviteId))).map(
        (row) => row.readAt !== null,
      );
    const renamed = await submitted();
    expect(await noticesOf(renamed.invite._id)).toContain(false);
    const rename = await server.put(
      `/api/auth/users/${renamed.user.id}`,
      { name: 'Called Otherwise', email: `other-${renamed.body.email}` },
      admin,
    );
    expect(rename.status).toBe(200);
    expect((await server.post(`/api/auth/invites/${renamed.invite._id}/approve`, {}, admin)).status).toBe(200);
    expect(await noticesOf(renamed.invite._id)).not.toContain(false);

    const deleted = await submitted();
    expect(await noticesOf(deleted.invite._id)).toContain(false);
    expect((await server.del(`/api/auth/users/${deleted.user.id}`, admin)).status).toBe(200);
    expect(await noticesOf(deleted.invite._id)).not.toContain(false);
  });

  it.each(['approve', 'reject'])('%s refuses an invite without a submitted registration', async (action) => {
    const invite = await createInvite();
    const response = await server.post(`/api/auth/invites/${invite._id}/${action}`, {}, admin);
    expect(response.status).toBe(409);
    expect((await server.post(`/api/auth/invites/${crypto.randomUUID()}/${action}`, {}, admin)).status).toBe(404);
  });

  it('a plain member can neither approve nor reject', async () => {
    const { invite, body } = await submitted();
    const member = await createSignedInUser(server, { roles: ['user'] });
    for (const action of ['approve', 'reject']) {
      const response = await server.post(`/api/auth/invites/${invite._id}/${action}`, {}, member.token);
      expect(response.status).toBe(403);
    }
    expect((await storedUser(body.email))!.confirmed).toBe(false);
    expect((await storedInvite(invite._id))!.status).toBe('submitted');
  });
});

describe('a registrant deleted while awaiting approval', () => {
  it('I2: leaves the invite rejected, so it can be deleted rather than wait forever', async () => {
    const invite = await createInvite();
    const body = registrant(invite.token);
    await registerAndConfirm(body);
    const waiting = await storedUser(body.email);
    expect((await server.del(`/api/auth/users/${waiting!.id}`, admin)).status).toBe(200);
    expect(await storedInvite(invite._id)).toMatchObject({ status: 'rejected', userId: null });
    expect((await server.post(`/api/auth/invites/${invite._id}/approve`, {}, admin)).status).toBe(409);
    expect((await server.del(`/api/auth/invites/${invite._id}`, admin)).status).toBe(200);
  });
});

describe('DELETE /api/auth/invites/:id', () => {
  it('deletes an unused invite; its link stops working', async () => {
    const invite = await createInvite();
    const response = await server.del(`/api/auth/invites/${invite._id}`, admin);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ _id: invite._id });
    expect(await storedInvite(invite._id)).toBeUndefined();
    expect((await validate(invite.token)).body.ok).toBe(false);
    expect((await server.del(`/api/auth/invites/${invite._id}`, admin)).status).toBe(404);
  });

  it('keeps an invite whose registration awaits a decision', async () => {
    const invite = await createInvite();
    await registerAndConfirm(registrant(invite.token));
    const response = await server.del(`/api/auth/invites/${invite._id}`, admin);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'Approve or reject this registration before deleting the invite.' });
    expect(await storedInvite(invite._id)).toBeDefined();
  });

  it('is refused to a plain member', async () => {
    const invite = await createInvite();
    const member = await createSignedInUser(server, { roles: ['user'] });
    expect((await server.del(`/api/auth/invites/${invite._id}`, member.token)).status).toBe(403);
    expect(await storedInvite(invite._id)).toBeDefined();
  });
});

describe('invite tokens in the log', () => {
  it('never writes a token into a request log line', async () => {
    const invite = await createInvite();
    await validate(invite.token);
    const lines = server.logs.map((line) => JSON.stringify(line));
    expect(lines.some((line) => line.includes('/validate/[redacted]'))).toBe(true);
    expect(lines.filter((line) => line.includes(invite.token))).toEqual([]);
  });
});

describe('POST /api/auth/register-invite/confirm', () => {
  it.each([
    ['tampered', async () => `${await freshToken()}x`, 'Confirmation link not valid.'],
    [
      'reused',
      async () => {
        const token = await freshToken();
        expect((await confirm(token)).status).toBe(200);
        return token;
      },
      'This confirmation link has already been used.',
    ],
    [
      'expired',
      async () => {
        const token = await freshToken();
        await server.deps.db.update(emailConfirmations).set({ expiresAt: new Date(Date.now() - 1000) });
        return token;
      },
      'This confirmation link has expired. Register again through the invite.',
    ],
  ])('refuses a %s link with its sentence', async (_label, tokenOf, message) => {
    const response = await confirm(await tokenOf());
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
  });

  async function freshToken() {
    const body = registrant((await createInvite()).token);
    expect((await register(body)).status).toBe(201);
    return confirmationToken(body.email);
  }

  it('lets the same address register again before confirming: only the newest link works', async () => {
    const invite = await createInvite();
    const body = registrant(invite.token);
    expect((await register(body)).status).toBe(201);
    const first = await confirmationToken(body.email);
    expect((await register(registrant(invite.token))).body).toEqual({ error: 'This invite has already been used.' });
    expect((await register({ ...body, name: 'Again' })).status).toBe(201);
    await expect.poll(() => smtp.mails.filter((mail) => mail.to.includes(body.email)).length).toBe(2);
    const second = await confirmationToken(body.email);
    expect((await confirm(first)).body).toEqual({ error: 'Confirmation link not valid.' });
    expect((await confirm(second)).status).toBe(200);
    expect((await storedUser(body.email))!.name).toBe('Again');
  });
});

describe('mail through the lifecycle', () => {
  const mailTo = async (email: string, index = 0) => {
    await expect.poll(() => smtp.mails.filter((mail) => mail.to.includes(email)).length).toBeGreaterThan(index);
    return smtp.mails.filter((mail) => mail.to.includes(email))[index]!.raw;
  };

  it('mails an invite that names an email, in Greek whatever the inviter reads, with the link from PUBLIC_URL', async () => {
    const email = uniqueEmail('mailed');
    const inviter = await createSignedInUser(server, { roles: ['admin'] });
    await server.deps.db.update(users).set({ language: 'en' }).where(eq(users.id, inviter.id));
    const response = await server.post('/api/auth/invites', { email }, inviter.token);
    expect(response.status).toBe(201);
    const invite = response.body;
    const raw = await mailTo(email);
    const mail = mailText(raw);
    // The invitee has no language yet: Greek, the site's.
    expect(mailSubject(raw)).toBe('Πρόσκληση στην Κοινότητα');
    expect(mail).toContain(invite.link);
    expect(mail).toMatch(/Content-Type: text\/html/);
    await createInvite();
    expect(smtp.mails.filter((one) => one.to.includes(email))).toHaveLength(1);
  });

  it('tells the registrant of an approval and of a rejection, in their language', async () => {
    const approvedBody = registrant((await createInvite()).token, { language: 'en' });
    await registerAndConfirm(approvedBody);
    const [approvedInvite] = await server.deps.db
      .select()
      .from(invites)
      .where(eq(invites.userId, (await storedUser(approvedBody.email))!.id));
    expect((await server.post(`/api/auth/invites/${approvedInvite!.id}/approve`, {}, admin)).status).toBe(200);
    const approved = await mailTo(approvedBody.email, 1);
    expect(mailSubject(approved)).toBe('Welcome to Κοινότητα');
    expect(mailText(approved)).toContain('http://community.test/admin/login');

    const rejectedBody = registrant((await createInvite()).token, { language: 'en' });
    await registerAndConfirm(rejectedBody);
    const [rejectedInvite] = await server.deps.db
      .select()
      .from(invites)
      .where(eq(invites.userId, (await storedUser(rejectedBody.email))!.id));
    expect((await server.post(`/api/auth/invites/${rejectedInvite!.id}/reject`, {}, admin)).status).toBe(200);
    expect(mailSubject(await mailTo(rejectedBody.email, 1))).toBe('Your registration was not approved');
  });
});

describe('revoking and resending', () => {
  it('revokes an unused invite: its link stops working and it shows as revoked', async () => {
    const invite = await createInvite();
    const response = await server.post(`/api/auth/invites/${invite._id}/revoke`, {}, admin);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'revoked' });
    expect(Date.parse(response.body.revokedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect((await validate(invite.token)).body.ok).toBe(false);
    expect((await register(registrant(invite.token))).body).toEqual({ error: 'Invite not valid.' });
  });

  it('revoking while an address is being confirmed removes that account, and its link stops working', async () => {
    const invite = await createInvite();
    const body = registrant(invite.token);
    expect((await register(body)).status).toBe(201);
    const token = await confirmationToken(body.email);
    expect((await server.del(`/api/auth/invites/${invite._id}`, admin)).status).toBe(409);
    expect((await server.post(`/api/auth/invites/${invite._id}/revoke`, {}, admin)).status).toBe(200);
    expect(await storedUser(body.email)).toBeUndefined();
    expect((await confirm(token)).body).toEqual({ error: 'Confirmation link not valid.' });
  });

  it('refuses to revoke an invite already used or awaiting a decision', async () => {
    const invite = await createInvite();
    await registerAndConfirm(registrant(invite.token));
    const response = await server.post(`/api/auth/invites/${invite._id}/revoke`, {}, admin);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'Only an invite nobody has used can be revoked.' });
  });

  it('resends an invite with a fresh expiry and the same link', async () => {
    const email = uniqueEmail('resent');
    const invite = await createInvite({ email, hours: 2 });
    await expirePast(invite._id);
    const response = await server.post(`/api/auth/invites/${invite._id}/resend`, {}, admin);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: 'pending', link: invite.link });
    expect(Date.parse(response.body.expiresAt) - Date.now()).toBeGreaterThan(1.9 * 3600_000);
    await expect.poll(() => smtp.mails.filter((mail) => mail.to.includes(email)).length).toBe(2);
    expect(mailText(smtp.mails.filter((mail) => mail.to.includes(email))[1]!.raw)).toContain(invite.link);
  });

  it('refuses to resend an invite for anyone, or one revoked', async () => {
    const anyone = await createInvite();
    const refused = await server.post(`/api/auth/invites/${anyone._id}/resend`, {}, admin);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: 'Only an unused invite that names an email can be sent again.' });
    const named = await createInvite({ email: uniqueEmail('revoked') });
    await server.post(`/api/auth/invites/${named._id}/revoke`, {}, admin);
    expect((await server.post(`/api/auth/invites/${named._id}/resend`, {}, admin)).status).toBe(409);
  });

  it('a plain member may neither revoke nor resend', async () => {
    const invite = await createInvite({ email: uniqueEmail('guarded') });
    const member = await createSignedInUser(server, { roles: ['user'] });
    for (const action of ['revoke', 'resend']) {
      expect((await server.post(`/api/auth/invites/${invite._id}/${action}`, {}, member.token)).status).toBe(403);
    }
    expect((await storedInvite(invite._id))!.revokedAt).toBeNull();
  });
});

describe('an invite for several accounts', () => {
  it('keeps each registration on its own, confirmed and approved alone, until every use is taken', async () => {
    const invite = await createInvite({ maxUses: 3 });
    expect(invite).toMatchObject({ maxUses: 3, uses: 0, accounts: [] });
    const bodies = [registrant(invite.token), registrant(invite.token), registrant(invite.token)];
    for (const body of bodies) await registerAndConfirm(body);
    const over = await register(registrant(invite.token));
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ error: 'This invite has already been used.' });
    expect((await validate(invite.token)).body).toMatchObject({ ok: true, consumed: true });

    const listed = (await server.get('/api/auth/invites?limit=1000', admin)).body.data as {
      _id: string;
      uses: number;
      status: string;
      accounts: { inviteId: string; email: string; status: string }[];
    }[];
    expect(listed.some((one) => invite.link.includes(one._id))).toBe(false);
    const mine = listed.find((one) => one._id === invite._id)!;
    expect(mine).toMatchObject({ uses: 3, status: 'pending' });
    expect(mine.accounts.map((account) => account.email).sort()).toEqual(bodies.map((body) => body.email).sort());
    expect(mine.accounts.every((account) => account.status === 'submitted')).toBe(true);

    // Each is decided on its own; a rejection gives its use back.
    const [first, second] = mine.accounts;
    expect((await server.post(`/api/auth/invites/${first!.inviteId}/approve`, {}, admin)).status).toBe(200);
    expect((await storedUser(first!.email))!.confirmed).toBe(true);
    expect((await server.post(`/api/auth/invites/${second!.inviteId}/reject`, {}, admin)).status).toBe(200);
    expect((await validate(invite.token)).body).toMatchObject({ ok: true, consumed: false });
    expect((await register(registrant(invite.token))).status).toBe(201);
    expect((await server.del(`/api/auth/invites/${invite._id}`, admin)).status).toBe(409);
  });

  it('revoked, ends the registrations still confirming their address, and leaves those submitted to decide', async () => {
    const invite = await createInvite({ maxUses: 3 });
    const submitted = registrant(invite.token);
    await registerAndConfirm(submitted);
    const confirming = registrant(invite.token);
    expect((await register(confirming)).status).toBe(201);
    const token = await confirmationToken(confirming.email);

    expect((await server.post(`/api/auth/invites/${invite._id}/revoke`, {}, admin)).status).toBe(200);
    expect(await storedUser(confirming.email)).toBeUndefined();
    const late = await confirm(token);
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ error: 'Confirmation link not valid.' });
    const mine = (await server.get('/api/auth/invites?limit=1000', admin)).body.data.find(
      (one: { _id: string }) => one._id === invite._id,
    );
    expect(mine.accounts.map((account: { email: string }) => account.email)).toEqual([submitted.email]);
    const left = mine.accounts[0].inviteId;
    expect((await server.post(`/api/auth/invites/${left}/approve`, {}, admin)).status).toBe(200);
  });

  it('takes no more registrations than its uses when many arrive at once', async () => {
    const invite = await createInvite({ maxUses: 3 });
    const responses = await Promise.all(Array.from({ length: 20 }, () => register(registrant(invite.token))));
    expect(responses.filter((response) => response.status === 201)).toHaveLength(3);
    expect(responses.filter((response) => response.status !== 201).every((response) => response.status === 400)).toBe(
      true,
    );
  });

  it('never lets 1,000 simultaneous Google sign-ins make more accounts than its uses', async () => {
    const invite = await createInvite({ maxUses: 25 });
    const context = { ip: '127.0.0.1', userAgent: null, actor: null } as never;
    const outcomes = await Promise.allSettled(
      Array.from({ length: 1000 }, (_, i) =>
        createUserThroughInvite(server.deps.db, context, invite.token, {
          sub: `sub-${invite._id}-${i}`,
          email: uniqueEmail(`crowd${i}`),
          name: `Crowd ${i}`,
        }),
      ),
    );
    expect(outcomes.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(25);
    const children = await server.deps.db.select().from(invites).where(eq(invites.parentId, invite._id));
    expect(children).toHaveLength(25);
  }, 120_000);

  it.each([[0], [1001], ['many'], [2.5]])('refuses %j uses', async (maxUses) => {
    const response = await server.post('/api/auth/invites', { maxUses }, admin);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Uses must be a whole number from 1 to 1000' });
  });
});

describe('an invite to a role', () => {
  it('gives the approved account the invite’s role instead of User', async () => {
    const roleId = await createRoleWith(
      server,
      `Volunteers ${crypto.randomUUID().slice(0, 6)}`,
      'GET /api/auth/invites',
    );
    const invite = await createInvite({ roleId });
    expect(invite).toMatchObject({ role: { _id: roleId } });
    const body = registrant(invite.token);
    await registerAndConfirm(body);
    expect((await server.post(`/api/auth/invites/${invite._id}/approve`, {}, admin)).status).toBe(200);
    const user = (await storedUser(body.email))!;
    const held = await server.deps.db.select().from(userRoles).where(eq(userRoles.userId, user.id));
    expect(held.map((row) => row.roleId)).toEqual([roleId]);
  });

  it('refuses a role beyond the creator’s own grants, and the administrator role to a non-administrator', async () => {
    const inviter = await createRoleWith(
      server,
      `Inviter ${crypto.randomUUID().slice(0, 6)}`,
      'POST /api/auth/invites',
    );
    const stronger = await createRoleWith(
      server,
      `Stronger ${crypto.randomUUID().slice(0, 6)}`,
      'DELETE /api/auth/users/:id',
    );
    const member = await createSignedInUser(server, { roleIds: [inviter] });
    const refused = await server.post('/api/auth/invites', { roleId: stronger }, member.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'You can only invite to a role whose permissions you hold yourself.' });
    const toAdmin = await server.post(
      '/api/auth/invites',
      { roleId: await roleIdOfType(server, 'admin') },
      member.token,
    );
    expect(toAdmin.status).toBe(403);
    expect((await server.post('/api/auth/invites', { roleId: inviter }, member.token)).status).toBe(201);
  });

  it('a reader who is not an administrator gets no link to a role beyond their grants, nor approves one', async () => {
    const gatekeeper = await createRoleWith(
      server,
      `Gatekeeper ${crypto.randomUUID().slice(0, 6)}`,
      'GET /api/auth/invites',
      'GET /api/auth/invites/export.csv',
      'POST /api/auth/invites/:id/approve',
    );
    const reader = await createSignedInUser(server, { roleIds: [gatekeeper] });
    const toAdmin = await createInvite({ roleId: await roleIdOfType(server, 'admin') });
    const toGatekeeper = await createInvite({ roleId: gatekeeper });
    const toUser = await createInvite();

    const listed = (await server.get('/api/auth/invites?limit=100', reader.token)).body.data as {
      _id: string;
      token: string;
      link: string | null;
    }[];
    const seen = (id: string) => listed.find((invite) => invite._id === id)!;
    expect(seen(toAdmin._id)).toMatchObject({ token: toAdmin.token.slice(0, 8), link: null });
    expect(seen(toGatekeeper._id)).toMatchObject({ token: toGatekeeper.token, link: toGatekeeper.link });
    expect(seen(toUser._id).link).toBe(toUser.link);
    const csv = (await server.get('/api/auth/invites/export.csv', reader.token)).text;
    expect(csv).not.toContain(toAdmin.token);
    expect(csv).toContain(toGatekeeper.link);

    // Registered through the administrator's invite, the account waits for an administrator.
    const body = registrant(toAdmin.token);
    await registerAndConfirm(body);
    const refused = await server.post(`/api/auth/invites/${toAdmin._id}/approve`, {}, reader.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      error: 'You can only approve a registration to a role whose permissions you hold yourself.',
    });
    expect((await storedUser(body.email))!.confirmed).toBe(false);
    expect((await storedInvite(toAdmin._id))!.status).toBe('submitted');
    const approved = await server.post(`/api/auth/invites/${toAdmin._id}/approve`, {}, admin);
    expect(approved.status).toBe(200);
    expect(approved.body.link).toBe(toAdmin.link);
  });
});

describe('a registration waiting for its address or for approval', () => {
  it('is someone who may edit users can change only if they could give the awaited role', async () => {
    const editorRole = await createRoleWith(
      server,
      `User editors ${crypto.randomUUID().slice(0, 6)}`,
      'GET /api/auth/users',
      'PUT /api/auth/users/:id',
      'DELETE /api/auth/users/:id',
    );
    const stronger = await createRoleWith(
      server,
      `Stronger ${crypto.randomUUID().slice(0, 6)}`,
      'GET /api/auth/contact-messages',
    );
    const editor = await createSignedInUser(server, { roleIds: [editorRole] });
    const takeOver = (user: { id: string; email: string }) =>
      server.put(
        `/api/auth/users/${user.id}`,
        { name: 'Taken', email: user.email, password: 'editor-knows' },
        editor.token,
      );
    const listed = async (email: string) =>
      (await server.get(`/api/auth/users?q=${encodeURIComponent(email)}`, editor.token)).body.data[0];

    // Submitted, to the administrators' role: the editor's new password would be an administrator's.
    const toAdmin = await createInvite({ roleId: await roleIdOfType(server, 'admin') });
    const waitingAdmin = registrant(toAdmin.token);
    await registerAndConfirm(waitingAdmin);
    const adminToBe = (await storedUser(waitingAdmin.email))!;
    expect(await listed(waitingAdmin.email)).toMatchObject({ beyondYou: 'admin' });
    const refused = await takeOver(adminToBe);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Only administrators can manage administrators or grant the admin role.' });
    expect((await server.del(`/api/auth/users/${adminToBe.id}`, editor.token)).status).toBe(403);
    expect((await server.post(`/api/auth/invites/${toAdmin._id}/approve`, {}, admin)).status).toBe(200);
    const signIn = await server.post('/api/auth/login', { email: waitingAdmin.email, password: 'secret-pass' });
    expect(signIn.status).toBe(200);

    // Still confirming its address, to a role beyond the editor's grants.
    const toStronger = await createInvite({ roleId: stronger });
    const confirming = registrant(toStronger.token);
    expect((await register(confirming)).status).toBe(201);
    const strongerToBe = (await storedUser(confirming.email))!;
    expect(await listed(confirming.email)).toMatchObject({ beyondYou: 'grants' });
    const beyond = await takeOver(strongerToBe);
    expect(beyond.status).toBe(403);
    expect(beyond.body).toEqual({ error: 'You can only change people whose permissions you hold yourself.' });

    // To the User role, which holds nothing the editor lacks: theirs to edit.
    const toUser = await createInvite();
    const plain = registrant(toUser.token);
    await registerAndConfirm(plain);
    expect(await listed(plain.email)).not.toHaveProperty('beyondYou');
    expect((await takeOver((await storedUser(plain.email))!)).status).toBe(200);
  });

  it('to no role named gives the User role: made, shown and approved only within the actor’s grants', async () => {
    const [permission] = await server.deps.db
      .select({ id: permissions.id })
      .from(permissions)
      .where(and(eq(permissions.method, 'GET'), eq(permissions.route, '/api/auth/contact-messages')));
    const userRole = await roleIdOfType(server, 'user');
    const inviter = await createRoleWith(
      server,
      `Inviters ${crypto.randomUUID().slice(0, 6)}`,
      'GET /api/auth/invites',
      'POST /api/auth/invites',
      'POST /api/auth/invites/:id/approve',
    );
    const member = await createSignedInUser(server, { roleIds: [inviter] });
    const invite = await createInvite();
    const waiting = registrant(invite.token);
    await registerAndConfirm(waiting);
    const seen = async () =>
      (
        (await server.get('/api/auth/invites?limit=100', member.token)).body.data as {
          _id: string;
          link: string | null;
        }[]
      ).find((one) => one._id === invite._id)!;
    // The User role holds nothing the inviter lacks: the same as any role of theirs.
    expect((await seen()).link).toBe(invite.link);
    expect((await server.post('/api/auth/invites', {}, member.token)).status).toBe(201);

    // Members are given more than the inviter holds.
    await server.deps.db.insert(rolePermissions).values({ roleId: userRole, permissionId: permission!.id });
    try {
      const made = await server.post('/api/auth/invites', {}, member.token);
      expect(made.status).toBe(403);
      expect(made.body).toEqual({ error: 'You can only invite to a role whose permissions you hold yourself.' });
      expect((await seen()).link).toBeNull();
      const approved = await server.post(`/api/auth/invites/${invite._id}/approve`, {}, member.token);
      expect(approved.status).toBe(403);
      expect((await storedUser(waiting.email))!.confirmed).toBe(false);
    } finally {
      await server.deps.db
        .delete(rolePermissions)
        .where(and(eq(rolePermissions.roleId, userRole), eq(rolePermissions.permissionId, permission!.id)));
    }
  });
});
