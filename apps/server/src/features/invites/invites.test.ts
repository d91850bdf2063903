import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invites, notifications, userRoles, users } from '../../db/schema.js';
import { createSignedInUser, roleIdOfType, uniqueEmail } from '../../test/factories.js';
import { ADMIN_EMAIL, startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  // Each test speaks from its own client address, so the per-IP limits count one test at a time.
  server = await startTestServer({ TRUST_PROXY: 'loopback' });
  admin = await server.adminToken();
});
afterAll(() => server.close());

let lastAddress = 0;
const newAddress = () => `198.51.100.${++lastAddress % 250}`;

const createInvite = async (body: Record<string, unknown> = {}) => {
  const response = await server.post('/api/auth/invites', body, admin);
  if (response.status !== 201) throw new Error(`invite creation failed: ${response.status} ${response.text}`);
  return response.body as { _id: string; token: string; link: string; email: string | null; expiresAt: string };
};

const register = (body: Record<string, unknown>, address = newAddress()) =>
  server.request('POST', '/api/auth/register-invite', { body, headers: { 'x-forwarded-for': address } });

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
    expect((await register(body)).status).toBe(201);
    const listed = (await server.get('/api/auth/invites?limit=1000', admin)).body.data as {
      _id: string;
      status: string;
      registrant: unknown;
    }[];
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
    const expected = { ok: true, expired: false, consumed: false, email: invite.email, expiresAt: invite.expiresAt };
    expect((await validate(invite.token)).body).toEqual(expected);
    expect((await validate(invite.token)).body).toEqual(expected);
    expect((await storedInvite(invite._id))!.status).toBe('pending');
  });

  it('answers ok false for an unknown token, without a token-shaped hint', async () => {
    const response = await validate('x'.repeat(43));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ok: false, expired: false, consumed: false, email: null, expiresAt: null });
  });

  it('says expired once the expiry has passed', async () => {
    const invite = await createInvite();
    await expirePast(invite._id);
    expect((await validate(invite.token)).body).toMatchObject({ ok: true, expired: true, consumed: false });
  });

  it('says consumed once a registration was submitted', async () => {
    const invite = await createInvite();
    expect((await register(registrant(invite.token))).status).toBe(201);
    expect((await validate(invite.token)).body).toMatchObject({ ok: true, expired: false, consumed: true });
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
  it('creates an unconfirmed account, marks the invite submitted and tells the administrators', async () => {
    const invite = await createInvite();
    const body = registrant(invite.token);
    const response = await register(body);
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: 'Registration submitted. Awaiting approval.' });

    const user = await storedUser(body.email);
    expect(user).toMatchObject({ name: body.name, confirmed: false, blocked: false });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await storedInvite(invite._id)).toMatchObject({ status: 'submitted', userId: user!.id, consumedAt: null });
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
        await register(registrant(invite.token));
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
    expect((await register(body)).status).toBe(201);
    return { invite, body, user: (await storedUser(body.email))! };
  }

  it('approve confirms the account, gives it the User role, uses the invite up and tells the person', async () => {
    const { invite, body, user } = await submitted();
    const response = await server.post(`/api/auth/invites/${invite._id}/approve`, {}, admin);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ _id: invite._id, status: 'consumed', registrant: null });
    expect(Date.parse(response.body.consumedAt)).toBeGreaterThan(Date.now() - 60_000);

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
    expect(await storedUser(body.email)).toBeUndefined();
    expect((await validate(invite.token)).body.ok).toBe(false);
    const login = await server.post('/api/auth/login', { email: body.email, password: body.password });
    expect(login.status).toBe(401);
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
    expect((await register(body)).status).toBe(201);
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
    await register(registrant(invite.token));
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
