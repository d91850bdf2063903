import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, sessions, users } from '../../db/schema.js';
import { createSignedInUser, createUser, signIn, uniqueEmail } from '../../test/factories.js';
import { createRoleWith, permissionIds } from '../../test/resource-helpers.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { deleteAuditOlderThan } from './audit-retention.js';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminToken();
});
afterAll(() => server.close());

type Entry = { action: string; actor: { email: string | null } | null; target: { label: string | null } | null };
const entries = async (query: string) => (await server.get(`/api/auth/audit-log?${query}`, admin)).body.data as Entry[];
const latest = async (query: string) => (await entries(`${query}&limit=1`))[0] as Entry & Record<string, any>;

describe('what the audit log records', () => {
  it('one entry per change, with before and after, and secrets redacted', async () => {
    const email = uniqueEmail('audited');
    const created = await server.post('/api/auth/users', { name: 'Audited', email, password: 'secret1' }, admin);
    const entry = await latest(`action=user.create&targetId=${created.body._id}`);
    expect(entry).toMatchObject({
      action: 'user.create',
      actor: { email: 'admin@test.local' },
      target: { type: 'user', _id: created.body._id, label: email },
      changes: { name: [null, 'Audited'], email: [null, email], password: ['[redacted]', '[redacted]'] },
    });
    expect(JSON.stringify(entry)).not.toContain('secret1');
    await server.put(`/api/auth/users/${created.body._id}`, { name: 'Renamed', email, password: 'secret22' }, admin);
    const update = await latest(`action=user.update&targetId=${created.body._id}`);
    expect(update.changes).toEqual({ name: ['Audited', 'Renamed'], password: ['[redacted]', '[redacted]'] });
  });

  it('names a role’s permissions by method and route, so a change reads as what was added', async () => {
    const roleId = await createRoleWith(server, `Editors ${Date.now()}`, 'GET /api/auth/roles');
    const [listUsers, listRoles] = await permissionIds(server, 'GET /api/auth/users', 'GET /api/auth/roles');
    await server.put(`/api/auth/roles/${roleId}`, { name: 'Editors', permission: [listRoles, listUsers] }, admin);
    const entry = await latest(`action=role.update&targetId=${roleId}`);
    expect(entry.changes.permissions).toEqual([
      ['GET /api/auth/roles'],
      ['GET /api/auth/roles', 'GET /api/auth/users'],
    ]);
  });

  it('every sign-in outcome: success, wrong password, unknown address, blocked, awaiting approval, locked', async () => {
    const member = await createUser(server);
    const blocked = await createUser(server, { blocked: true });
    const waiting = await createUser(server, { confirmed: false });
    const unknown = uniqueEmail('nobody');
    await signIn(server, member);
    await server.post('/api/auth/login', { email: member.email, password: 'wrong-one' });
    await server.post('/api/auth/login', { email: unknown, password: 'whatever' });
    await server.post('/api/auth/login', { email: blocked.email, password: blocked.password });
    await server.post('/api/auth/login', { email: waiting.email, password: waiting.password });
    for (let i = 0; i < 10; i++) await server.post('/api/auth/login', { email: unknown, password: 'guess' });
    const seen = async (action: string, email: string) =>
      (await entries(`action=${action}&limit=100`)).some((entry) => entry.actor?.email === email);
    expect(await seen('auth.login.success', member.email)).toBe(true);
    expect(await seen('auth.login.failure', member.email)).toBe(true);
    expect(await seen('auth.login.failure', unknown)).toBe(true);
    expect(await seen('auth.login.blocked', blocked.email)).toBe(true);
    expect(await seen('auth.login.unapproved', waiting.email)).toBe(true);
    expect(await seen('auth.lockout', unknown)).toBe(true);
    expect((await entries('action=auth.&limit=100')).every((entry) => entry.action.startsWith('auth.'))).toBe(true);
  });

  it('rolls the change back when its entry cannot be written', async () => {
    const { db } = server.deps;
    await db.execute(
      sql`alter table audit_events add constraint no_user_create check (action <> 'user.create') not valid`,
    );
    try {
      const email = uniqueEmail('not-kept');
      const refused = await server.post('/api/auth/users', { name: 'Not kept', email, password: 'secret1' }, admin);
      expect(refused.status).toBe(500);
      expect(await db.select().from(users).where(eq(users.email, email))).toEqual([]);
    } finally {
      await db.execute(sql`alter table audit_events drop constraint no_user_create`);
    }
  });

  it('starts no session when the sign-in’s entry cannot be written', async () => {
    const { db } = server.deps;
    const member = await createUser(server);
    await db.execute(
      sql`alter table audit_events add constraint no_sign_in check (action <> 'auth.login.success') not valid`,
    );
    try {
      const refused = await server.post('/api/auth/login', { email: member.email, password: member.password });
      expect(refused.status).toBe(500);
      expect(await db.select().from(sessions).where(eq(sessions.userId, member.id))).toEqual([]);
    } finally {
      await db.execute(sql`alter table audit_events drop constraint no_sign_in`);
    }
  });
});

describe('the audit table', () => {
  it('refuses to change or remove an entry, however asked', async () => {
    const { db } = server.deps;
    await expect(db.execute(sql`update audit_events set action = 'forged'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_events`)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_events`)).rejects.toThrow();
    expect((await entries('action=forged')).length).toBe(0);
  });

  it('loses only the entries past their retention, and only to the retention job', async () => {
    const { db } = server.deps;
    await db.insert(auditEvents).values([
      { id: crypto.randomUUID(), action: 'test.old', at: new Date(Date.now() - 400 * 86_400_000) },
      { id: crypto.randomUUID(), action: 'test.recent', at: new Date(Date.now() - 10 * 86_400_000) },
    ]);
    expect(await deleteAuditOlderThan(db, 365)).toBeGreaterThanOrEqual(1);
    expect(await entries('action=test.old')).toEqual([]);
    expect(await entries('action=test.recent')).toHaveLength(1);
  });
});

describe('GET /api/auth/audit-log', () => {
  it('filters by actor, action, target and date range, and sorts either way', async () => {
    const member = await createSignedInUser(server);
    await server.post('/api/auth/my-profile', { name: 'Filtered Person' }, member.token);
    const mine = await entries(`actor=${member.id}`);
    expect(mine.map((entry) => entry.action)).toEqual(['profile.update', 'auth.login.success']);
    const future = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect(await entries(`actor=${member.id}&from=${future}`)).toEqual([]);
    expect(await entries(`actor=${member.id}&to=2000-01-01`)).toEqual([]);
    const oldestFirst = await entries(`actor=${member.id}&sort=at`);
    expect(oldestFirst.map((entry) => entry.action)).toEqual(['auth.login.success', 'profile.update']);
    expect(await entries(`targetType=user&targetId=${member.id}&action=profile.update`)).toHaveLength(1);
  });

  it.each([
    ['actor=abc', 'Actor must be an id'],
    ['from=yesterday', 'From must be a date (2026-01-31) or a date and time'],
    ['to=2026-13-45', 'To must be a date (2026-01-31) or a date and time'],
    ['sort=name', 'Sort must be one of at, -at'],
  ])('answers 400 naming the field for %s', async (query, error) => {
    const response = await server.get(`/api/auth/audit-log?${query}`, admin);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error });
  });

  it('is read only with its permission, and exported only with the export’s own', async () => {
    const member = await createSignedInUser(server);
    expect((await server.get('/api/auth/audit-log', member.token)).status).toBe(403);
    const reader = await createSignedInUser(server, {
      roleIds: [await createRoleWith(server, `Auditors ${Date.now()}`, 'GET /api/auth/audit-log')],
    });
    expect((await server.get('/api/auth/audit-log', reader.token)).status).toBe(200);
    expect((await server.get('/api/auth/audit-log/export.csv', reader.token)).status).toBe(403);
  });
});

describe('GET /api/auth/audit-log/export.csv', () => {
  it('streams every matching entry as CSV: BOM, header, quoted and formula-safe cells', async () => {
    const email = uniqueEmail('csv');
    await server.post('/api/auth/users', { name: '=HYPERLINK("http://evil.test")', email, password: 'secret1' }, admin);
    const response = await server.get(`/api/auth/audit-log/export.csv?action=user.create`, admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-log-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    // The body's first bytes are the UTF-8 byte-order mark (fetch's text() drops it when decoding).
    const raw = Buffer.from(
      await (
        await fetch(`${server.baseUrl}/api/auth/audit-log/export.csv?action=user.create`, {
          headers: { authorization: `Bearer ${admin}` },
        })
      ).arrayBuffer(),
    );
    expect([...raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = response.text;
    expect(text.startsWith('at,actor,action,target type,target,changes,address\r\n')).toBe(true);
    const line = text.split('\r\n').find((row) => row.includes(email))!;
    expect(line).toContain(`,user.create,user,${email},`);
    // The name holds a formula: in the changes cell it stays inside JSON, quoted; nothing starts with =.
    expect(text.split('\r\n').every((row) => row.split(',').every((cell) => !/^[=+@]/.test(cell)))).toBe(true);
    const rows = text.trim().split('\r\n').length - 1;
    expect(rows).toBe((await server.get('/api/auth/audit-log?action=user.create&limit=1', admin)).body.total);
  });
});
