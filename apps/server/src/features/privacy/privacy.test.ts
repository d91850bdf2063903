import { and, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.js';
import { auditEvents, contactMessages, invites, mailQueue, notifications, profiles, users } from '../../db/schema.js';
import { createSignedInUser, signIn, uniqueEmail } from '../../test/factories.js';
import { mailSubject, mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, startTestServer, type TestServer } from '../../test/test-server.js';
import { PERSONAL_DATA } from './personal-data.js';

let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let admin: string;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  // The proxy on this machine is trusted, so a request may say the address it came from.
  server = await startTestServer({ SMTP_URL: smtp.url, TRUST_PROXY: '127.0.0.1' });
  admin = await server.adminToken();
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

describe('the export of a person’s data', () => {
  it('names every table of the database: what it holds about a person, or why nothing', async () => {
    const tables = await queryRows<{ name: string }>(
      server.deps.db,
      sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    expect(Object.keys(PERSONAL_DATA).sort()).toEqual(tables.map((table) => table.name).sort());
  });

  it('"Download my data" gives my rows of every table as a file, without secrets or hashes', async () => {
    const member = await createSignedInUser(server, { roles: ['user'] });
    await server.deps.db.insert(profiles).values({ userId: member.id, phone: '210 555 0101', bio: 'Κηπουρός' });
    const response = await server.get('/api/auth/my-data', member.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    const { tables, person } = response.body;
    expect(person).toEqual({ _id: member.id, email: member.email });
    expect(tables.users).toEqual([expect.objectContaining({ id: member.id, email: member.email, name: member.name })]);
    expect(tables.profiles).toEqual([expect.objectContaining({ phone: '210 555 0101', bio: 'Κηπουρός' })]);
    expect(tables.user_roles).toEqual([expect.objectContaining({ roleType: 'user' })]);
    expect(tables.sessions).toHaveLength(1);
    expect(tables.audit_events.map((entry: { action: string }) => entry.action)).toContain('auth.login.success');
    expect(Object.keys(tables).sort()).toEqual(
      Object.entries(PERSONAL_DATA)
        .filter(([, source]) => typeof source === 'function')
        .map(([name]) => name)
        .sort(),
    );
    expect(response.text).not.toMatch(/argon2|password_?hash|token_?hash/i);
    // The export is itself in the audit log.
    const exported = await server.deps.db.select().from(auditEvents).where(eq(auditEvents.actorId, member.id));
    expect(exported.map((entry) => entry.action)).toContain('privacy.export');
  });

  it('names the mails sent to me without their links: a reset link in the file would open the account', async () => {
    const member = await createSignedInUser(server, { roles: ['user'] });
    await server.post('/api/auth/forgot-password', { email: member.email });
    const mail = mailText((await smtp.waitFor(member.email)).raw);
    const token = /reset-password\/([\w-]+)/.exec(mail)![1]!;
    for (const [path, reader] of [
      ['/api/auth/my-data', member.token],
      [`/api/auth/users/${member.id}/data`, admin],
    ] as const) {
      const response = await server.get(path, reader);
      expect(response.status).toBe(200);
      expect(response.body.tables.mail_queue).toEqual([
        expect.objectContaining({ kind: 'passwordReset', subject: expect.any(String) }),
      ]);
      expect(response.text).not.toContain(token);
    }
  });

  it('holds what others did that names me: a role given to me, and nothing about others', async () => {
    const member = await createSignedInUser(server);
    const other = await createSignedInUser(server);
    const roles = await server.get('/api/auth/roles?limit=100', admin);
    const userRole = (roles.body.data as { _id: string; type: string }[]).find((role) => role.type === 'user')!;
    for (const person of [member, other])
      expect((await server.post('/api/auth/user-roles', { user: person.id, role: userRole._id }, admin)).status).toBe(
        201,
      );
    const { tables } = (await server.get('/api/auth/my-data', member.token)).body;
    const entries = tables.audit_events as { action: string; targetLabel: string | null; ip: string | null }[];
    // Without where the administrator was: their address and browser are theirs.
    expect(entries).toContainEqual(
      expect.objectContaining({
        action: 'user_role.create',
        targetLabel: expect.stringContaining(member.email),
        ip: null,
        userAgent: null,
      }),
    );
    expect(entries.find((entry) => entry.action === 'auth.login.success')!.ip).toEqual(expect.any(String));
    expect(JSON.stringify(entries)).not.toContain(other.email);
  });

  it("lets an administrator export a member's data, and nobody else", async () => {
    const member = await createSignedInUser(server, { roles: ['user'] });
    const other = await createSignedInUser(server, { roles: ['user'] });
    const exported = await server.get(`/api/auth/users/${member.id}/data`, admin);
    expect(exported.status).toBe(200);
    expect(exported.body.person).toEqual({ _id: member.id, email: member.email });
    expect((await server.get(`/api/auth/users/${member.id}/data`, other.token)).status).toBe(403);
    expect((await server.get(`/api/auth/users/${crypto.randomUUID()}/data`, admin)).status).toBe(404);
  });
});

describe('"Delete my account"', () => {
  it('asks for the password again and refuses a wrong one', async () => {
    const member = await createSignedInUser(server, { roles: ['user'] });
    const missing = await server.post('/api/auth/my-account/delete', {}, member.token);
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'Enter your password to delete your account.' });
    const wrong = await server.post('/api/auth/my-account/delete', { password: 'not-it' }, member.token);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual({ error: 'The password is not right.' });
    expect(await server.deps.db.select().from(users).where(eq(users.id, member.id))).toHaveLength(1);
  });

  it('deletes the account and what hangs on it, ends its sessions, keeps the audit log without the address, and mails a confirmation', async () => {
    const email = uniqueEmail('leaving');
    const member = await createSignedInUser(server, { roles: ['user'], email });
    const otherSession = await signIn(server, member);
    // A mistyped password before leaving names the address too.
    await server.post('/api/auth/login', { email, password: 'mistyped' });
    await server.deps.db.insert(notifications).values({ id: crypto.randomUUID(), userId: member.id, title: 'hello' });
    const response = await server.post('/api/auth/my-account/delete', { password: member.password }, member.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ message: 'Your account and everything stored about you were deleted.' });

    expect(await server.deps.db.select().from(users).where(eq(users.id, member.id))).toEqual([]);
    expect(await server.deps.db.select().from(notifications).where(eq(notifications.userId, member.id))).toEqual([]);
    for (const token of [member.token, otherSession]) {
      expect((await server.get('/api/auth/my-profile', token)).status).toBe(401);
    }

    const entries = await server.deps.db.select().from(auditEvents).where(eq(auditEvents.actorId, member.id));
    expect(entries.map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['auth.login.success', 'privacy.delete_account']),
    );
    for (const entry of entries) expect(entry).toMatchObject({ actorEmail: 'deleted user', ip: null, userAgent: null });
    const aboutThem = await server.deps.db.select().from(auditEvents).where(eq(auditEvents.targetId, member.id));
    expect(aboutThem.every((entry) => entry.targetLabel === 'deleted user')).toBe(true);
    expect(JSON.stringify(await server.deps.db.select().from(auditEvents))).not.toContain(email);
    expect((await server.post('/api/auth/login', { email, password: member.password })).status).toBe(401);

    expect(mailSubject((await smtp.waitFor(email)).raw)).toBe('Ο λογαριασμός σας διαγράφηκε');
  });

  it('leaves nothing that names a member who came through an invite: audit log, notifications, invites, inbox, mail', async () => {
    const email = uniqueEmail('forgotten');
    const [name, phone, bio] = ['Μαρία Ξενάκη', '+30 210 1234567', 'Φυτεύω ντομάτες'];
    const invite = (await server.post('/api/auth/invites', { email }, admin)).body;
    const address = { 'x-forwarded-for': '203.0.113.77' };
    const registered = await server.request('POST', '/api/auth/register-invite', {
      body: { token: invite.token, name, email, password: 'secret-pass' },
      headers: address,
    });
    expect(registered.status).toBe(201);
    // The invite came first; then the link to confirm the address.
    const confirmLink = () =>
      smtp.mails
        .filter((mail) => mail.to.includes(email))
        .map((mail) => /confirm-email\?token=([\w-]+)/.exec(mailText(mail.raw))?.[1])
        .find(Boolean);
    await expect.poll(confirmLink).toBeDefined();
    const token = confirmLink()!;
    const confirmed = await server.request('POST', '/api/auth/register-invite/confirm', {
      body: { token },
      headers: address,
    });
    expect(confirmed.status).toBe(200);
    expect((await server.post(`/api/auth/invites/${invite._id}/approve`, {}, admin)).status).toBe(200);
    const member = await signIn(server, { email, password: 'secret-pass' });
    expect((await server.post('/api/auth/my-profile', { name, phone, bio }, member)).status).toBe(200);
    expect(
      (await server.post('/api/contact', { name, email, message: 'Πότε είναι η επόμενη συνάντηση;' })).status,
    ).toBe(201);
    // Someone else, whose address holds theirs, is given a role: nothing of theirs goes.
    const other = `jo${email}`;
    const role = await server.post('/api/auth/roles', { name: `Helpers ${Date.now()}` }, admin);
    const otherUser = await server.post(
      '/api/auth/users',
      { name: 'Jo', email: other, password: 'secret-pass' },
      admin,
    );
    const given = await server.post('/api/auth/user-roles', { user: otherUser.body._id, role: role.body._id }, admin);
    expect(given.status).toBe(201);
    const before = JSON.stringify(await server.deps.db.select().from(auditEvents));
    expect(before).toContain(email);
    expect(before).toContain(phone);
    expect(before).toContain('203.0.113.77');
    const [{ id }] = (await server.deps.db.select({ id: users.id }).from(users).where(eq(users.email, email))) as [
      { id: string },
    ];

    expect((await server.post('/api/auth/my-account/delete', { password: 'secret-pass' }, member)).status).toBe(200);

    const kept = JSON.stringify({
      audit: await server.deps.db.select().from(auditEvents),
      notifications: await server.deps.db.select().from(notifications),
      invites: await server.deps.db.select().from(invites),
      inbox: await server.deps.db.select().from(contactMessages),
      mail: await server.deps.db.select().from(mailQueue).where(ne(mailQueue.kind, 'accountDeleted')),
    });
    for (const trace of [email, name, phone, bio, '203.0.113.77'])
      expect(kept.replaceAll(other, '')).not.toContain(trace);
    const aboutOther = await server.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, otherUser.body._id));
    expect(aboutOther.map((entry) => entry.targetLabel)).toEqual([other]);
    const [assignment] = await server.deps.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetId, given.body._id));
    expect(assignment!.targetLabel).toBe(`${other}: ${role.body.name}`);
    // What was done stays, and which fields changed.
    const [profileUpdate] = await server.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'profile.update'), eq(auditEvents.targetId, id)));
    expect(profileUpdate!.changes).toMatchObject({
      phone: ['[redacted]', '[redacted]'],
      bio: ['[redacted]', '[redacted]'],
    });
    const [approval] = await server.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'invite.approve'), eq(auditEvents.targetId, invite._id)));
    expect(approval!.changes).toEqual({ registrant: [null, 'deleted user'], status: ['submitted', 'consumed'] });
    const [registration] = await server.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'invite.register'), eq(auditEvents.targetId, invite._id)));
    expect(registration).toMatchObject({ actorEmail: 'deleted user', targetLabel: 'deleted user', ip: null });
    expect(Object.keys(registration!.changes!).sort()).toEqual(['email', 'name', 'password']);
  });

  it('keeps what an administrator who leaves did to others: whom they invited stays named', async () => {
    const leaving = await createSignedInUser(server, { roles: ['admin'] });
    const invitee = uniqueEmail('invited-by-leaver');
    const invite = await server.post('/api/auth/invites', { email: invitee }, leaving.token);
    expect(invite.status).toBe(201);
    const deleted = await server.post('/api/auth/my-account/delete', { password: leaving.password }, leaving.token);
    expect(deleted.status).toBe(200);
    const [created] = await server.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'invite.create'), eq(auditEvents.targetId, invite.body._id)));
    expect(created).toMatchObject({ actorEmail: 'deleted user', targetLabel: invitee });
    expect(JSON.stringify(created!.changes)).toContain(invitee);
  });

  it('refuses the last administrator, and keeps them', async () => {
    const response = await server.post('/api/auth/my-account/delete', { password: ADMIN_PASSWORD }, admin);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'The last administrator cannot be removed, blocked or demoted.' });
    expect(await server.deps.db.select().from(users).where(eq(users.email, ADMIN_EMAIL))).toHaveLength(1);
  });
});
