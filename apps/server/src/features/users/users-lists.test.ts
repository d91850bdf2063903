import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { localizeMessage, messages } from '@community/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, userRoles, users } from '../../db/schema.js';
import { createSignedInUser, createUser, roleIdOfType } from '../../test/factories.js';
import { parseCsv } from '../../test/parse-csv.js';
import { createRoleWith } from '../../test/resource-helpers.js';
import { ADMIN_EMAIL, startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
let admin: string;
let adminId: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminToken();
  const [row] = await server.deps.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
  adminId = row!.id;
});
afterAll(() => server.close());

const marker = () => `m${crypto.randomBytes(4).toString('hex')}`;
const ids = (body: { data: { _id: string }[] }) => body.data.map((row) => row._id);

describe('the users list: sort and filters', () => {
  it('sorts by name, email and date either way, and pages a sorted search without gaps', async () => {
    const tag = marker();
    const made = [];
    for (const name of ['delta', 'Alpha', 'charlie', 'Bravo', 'echo']) {
      made.push(
        await createUser(server, { name: `${name} ${tag}`, email: `${tag}-${name.toLowerCase()}@example.test` }),
      );
    }
    const byName = [...made].sort((a, b) => a.name.toLowerCase().localeCompare(b.name.toLowerCase())).map((u) => u.id);
    expect(ids((await server.get(`/api/auth/users?q=${tag}&sort=name`, admin)).body)).toEqual(byName);
    expect(ids((await server.get(`/api/auth/users?q=${tag}&sort=-name`, admin)).body)).toEqual([...byName].reverse());
    expect(ids((await server.get(`/api/auth/users?q=${tag}&sort=email`, admin)).body)).toEqual(byName);
    expect(ids((await server.get(`/api/auth/users?q=${tag}&sort=createdAt`, admin)).body)).toEqual(
      made.map((u) => u.id),
    );
    const paged = [];
    for (let page = 1; page <= 3; page++)
      paged.push(...ids((await server.get(`/api/auth/users?q=${tag}&sort=-name&limit=2&page=${page}`, admin)).body));
    expect(paged).toEqual([...byName].reverse());
  });

  it('sorts names as people read them: accents and case do not move a name among its letters', async () => {
    const tag = marker();
    // Each name is written so that a sort by code point puts it elsewhere.
    const inOrder = ['anna', 'Émile', 'Zeta', 'zoe', 'Αλέξης', 'Άννα', 'βασίλης', 'Ωρίων'];
    const made = new Map<string, string>();
    for (const name of [...inOrder].reverse())
      made.set((await createUser(server, { name: `${name} ${tag}` })).id, name);
    const names = async (sort: string) =>
      ids((await server.get(`/api/auth/users?q=${tag}&sort=${sort}`, admin)).body).map((id) => made.get(id));
    expect(await names('name')).toEqual(inOrder);
    expect(await names('-name')).toEqual([...inOrder].reverse());
    const paged = [];
    for (let page = 1; page <= 4; page++)
      paged.push(...ids((await server.get(`/api/auth/users?q=${tag}&sort=name&limit=2&page=${page}`, admin)).body));
    expect(paged.map((id) => made.get(id))).toEqual(inOrder);
  });

  it('reads the deep pages of the whole list sorted by name from its anchors, as the forward pages', async () => {
    for (let i = 0; i < 5; i++) await createUser(server, { name: `Anchor ${marker()}` });
    const all = await server.get('/api/auth/users?limit=1000&sort=name', admin);
    const total = all.body.total as number;
    const expected = ids(all.body);
    const limit = 2;
    for (const page of [Math.ceil(total / limit), Math.ceil(total / limit) - 1, 2]) {
      const response = await server.get(`/api/auth/users?limit=${limit}&page=${page}&sort=name`, admin);
      expect(ids(response.body)).toEqual(expected.slice((page - 1) * limit, page * limit));
    }
  });

  it('filters by blocked, confirmed, role and join date, and combines them with the search', async () => {
    const tag = marker();
    const role = await createRoleWith(server, `Filtered ${tag}`);
    const plain = await createUser(server, { name: `plain ${tag}` });
    const blocked = await createUser(server, { name: `blocked ${tag}`, blocked: true });
    const unconfirmed = await createUser(server, { name: `unconfirmed ${tag}`, confirmed: false });
    const holder = await createUser(server, { name: `holder ${tag}`, roleIds: [role] });
    const list = async (filters: string) => ids((await server.get(`/api/auth/users?q=${tag}&${filters}`, admin)).body);
    expect(await list('blocked=true')).toEqual([blocked.id]);
    expect(await list('blocked=false&confirmed=true')).toEqual([holder.id, plain.id]);
    expect(await list('confirmed=false')).toEqual([unconfirmed.id]);
    expect(await list(`role=${role}`)).toEqual([holder.id]);
    // Accounts that hold no role at all, as a member made with no role is.
    expect(await list('role=none')).toEqual([unconfirmed.id, blocked.id, plain.id]);
    // Without a search the role filter reads the role's holders only.
    expect(ids((await server.get(`/api/auth/users?role=${role}`, admin)).body)).toEqual([holder.id]);
    await server.deps.db
      .update(users)
      .set({ createdAt: new Date('2020-03-15T10:00:00Z') })
      .where(eq(users.id, plain.id));
    expect(await list('joinedFrom=2020-03-01&joinedTo=2020-04-01')).toEqual([plain.id]);
    expect(await list('joinedTo=2020-03-15')).toEqual([]);
    expect(await list('joinedFrom=2020-03-16')).not.toContain(plain.id);
  });

  it('totals a role of more than a thousand exactly, as members come, lose it and go', async () => {
    const tag = marker();
    const role = await createRoleWith(server, `Many ${tag}`);
    const { db } = server.deps;
    await db.execute(sql`
      insert into users (id, name, email, password_hash, confirmed)
      select gen_random_uuid(), ${`many ${tag} `} || n, ${`${tag}-`} || n || '@example.test', 'x', true
      from generate_series(1, 1050) as n`);
    await db.execute(sql`
      insert into user_roles (id, user_id, role_id)
      select gen_random_uuid(), id, ${role} from users where email like ${`${tag}-%`}`);
    await server.changes.sync();
    const total = async (path = '/api/auth/users') => (await server.get(`${path}?role=${role}`, admin)).body.total;
    expect(await total()).toBe(1050);
    expect(await total('/api/auth/user-profiles')).toBe(1050);
    const newcomer = await createUser(server, { name: `newcomer ${tag}` });
    const members = ids((await server.get(`/api/auth/users?role=${role}&limit=2`, admin)).body);
    const give = await server.post(
      '/api/auth/users/bulk',
      { ids: [newcomer.id], action: 'assign-role', roleId: role },
      admin,
    );
    expect(give.body.done).toEqual([newcomer.id]);
    expect(await total()).toBe(1051);
    const take = await server.post(
      '/api/auth/users/bulk',
      { ids: [members[0]], action: 'remove-role', roleId: role },
      admin,
    );
    expect(take.body.done).toEqual([members[0]]);
    expect(await total()).toBe(1050);
    // Deleting a member takes the role with the account.
    const removal = await server.post('/api/auth/users/bulk', { ids: [members[1]], action: 'delete' }, admin);
    expect(removal.body.done).toEqual([members[1]]);
    expect(await total()).toBe(1049);
  });

  it.each([
    ['sort=password', 'Sort must be one of createdAt, -createdAt, name, -name, email, -email'],
    ['blocked=yes', 'Blocked must be true or false'],
    ['confirmed=1', 'Confirmed must be true or false'],
    ['role=admins', 'Role must be an id'],
    ['joinedFrom=last-month', 'Joined from must be a date (2026-01-31) or a date and time'],
    ['joinedTo=2026-02-30', 'Joined to must be a date (2026-01-31) or a date and time'],
  ])('answers 400 to %s with "%s"', async (query, message) => {
    for (const path of ['/api/auth/users', '/api/auth/users/export.csv', '/api/auth/user-profiles']) {
      const response = await server.get(`${path}?${query}`, admin);
      expect(response.status, path).toBe(400);
      expect(JSON.stringify(response.body), path).toContain(message);
    }
  });

  it('sorts and filters the profiles list as the users list', async () => {
    const tag = marker();
    const b = await createUser(server, { name: `b ${tag}`, blocked: true });
    const a = await createUser(server, { name: `a ${tag}`, blocked: true });
    await createUser(server, { name: `c ${tag}` });
    const response = await server.get(`/api/auth/user-profiles?q=${tag}&blocked=true&sort=name`, admin);
    expect(ids(response.body)).toEqual([a.id, b.id]);
  });
});

describe('GET /api/auth/users: who the reader may not change', () => {
  it('marks administrators and people beyond the reader’s grants, to a reader who is no administrator', async () => {
    const tag = marker();
    const reader = await createSignedInUser(server, {
      roleIds: [await createRoleWith(server, `Readers ${tag}`, 'GET /api/auth/users', 'PUT /api/auth/users/:id')],
    });
    const beyond = await createUser(server, {
      name: `Beyond ${tag}`,
      roleIds: [await createRoleWith(server, `Wider ${tag}`, 'GET /api/auth/users', 'DELETE /api/auth/users/:id')],
    });
    const within = await createUser(server, {
      name: `Within ${tag}`,
      roleIds: [await createRoleWith(server, `Narrower ${tag}`, 'GET /api/auth/users')],
    });
    const marks = async (token: string) => {
      const seen = new Map<string, string | undefined>();
      for (const q of [tag, ADMIN_EMAIL]) {
        const page = await server.get(`/api/auth/users?q=${encodeURIComponent(q)}&limit=100`, token);
        for (const user of page.body.data as { _id: string; beyondYou?: string }[]) seen.set(user._id, user.beyondYou);
      }
      return seen;
    };
    const asReader = await marks(reader.token);
    expect(asReader.get(adminId)).toBe('admin');
    expect(asReader.get(beyond.id)).toBe('grants');
    expect(asReader.get(within.id)).toBeUndefined();
    expect(asReader.has(within.id)).toBe(true);
    // What the marks say is what the server does.
    const edit = ({ id, name, email }: { id: string; name: string; email: string }) =>
      server.put(`/api/auth/users/${id}`, { name, email, confirmed: true, blocked: true }, reader.token);
    expect((await edit(beyond)).status).toBe(403);
    expect((await edit(within)).status).toBe(200);
    const asAdmin = await marks(admin);
    expect([...asAdmin.values()].every((mark) => mark === undefined)).toBe(true);
  });
});

describe('POST /api/auth/users/bulk', () => {
  it('blocks many at once, refuses the actor’s own account, and reports what failed and why', async () => {
    const tag = marker();
    const first = await createUser(server, { name: `one ${tag}` });
    const second = await createUser(server, { name: `two ${tag}` });
    const gone = crypto.randomUUID();
    const response = await server.post(
      '/api/auth/users/bulk',
      { ids: [first.id, adminId, second.id, gone, first.id], action: 'block' },
      admin,
    );
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      done: [first.id, second.id],
      failed: [
        { _id: adminId, error: 'You cannot block your own account.' },
        { _id: gone, error: 'User not found.' },
      ],
    });
    const rows = await server.deps.db.select({ id: users.id, blocked: users.blocked }).from(users);
    const blockedNow = new Set(rows.filter((row) => row.blocked).map((row) => row.id));
    expect([first.id, second.id].every((id) => blockedNow.has(id))).toBe(true);
    expect(blockedNow.has(adminId)).toBe(false);
    // One audit entry per person changed, none for the refused.
    const entries = await server.deps.db
      .select({ targetId: auditEvents.targetId })
      .from(auditEvents)
      .where(eq(auditEvents.action, 'user.update'));
    const targets = entries.map((entry) => entry.targetId);
    expect(targets.filter((id) => id === first.id)).toHaveLength(1);
    expect(targets.filter((id) => id === second.id)).toHaveLength(1);
    // Blocking someone already blocked changes nothing, and leaves no entry saying it did.
    expect((await server.post('/api/auth/users/bulk', { ids: [first.id], action: 'block' }, admin)).status).toBe(200);
    const again = await server.deps.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'user.update'), eq(auditEvents.targetId, first.id)));
    expect(again).toHaveLength(1);
    const unblocked = await server.post('/api/auth/users/bulk', { ids: [first.id], action: 'unblock' }, admin);
    expect(unblocked.body).toEqual({ done: [first.id], failed: [] });
  });

  it('gives each reason in the reader’s language', async () => {
    const response = await server.request('POST', '/api/auth/users/bulk', {
      body: { ids: [adminId], action: 'delete' },
      token: admin,
      headers: { 'accept-language': 'el' },
    });
    expect(response.body.failed).toEqual([{ _id: adminId, error: localizeMessage(messages.notSelfDelete, 'el') }]);
    expect(response.body.failed[0].error).not.toBe(messages.notSelfDelete);
  });

  it('confirms, gives and takes a role, and deletes, each refusal per person', async () => {
    const tag = marker();
    const role = await createRoleWith(server, `Bulk ${tag}`);
    const pending = await createUser(server, { name: `pending ${tag}`, confirmed: false });
    const holder = await createUser(server, { name: `holder ${tag}`, roleIds: [role] });
    const confirm = await server.post('/api/auth/users/bulk', { ids: [pending.id], action: 'confirm' }, admin);
    expect(confirm.body).toEqual({ done: [pending.id], failed: [] });
    const give = await server.post(
      '/api/auth/users/bulk',
      { ids: [pending.id, holder.id], action: 'assign-role', roleId: role },
      admin,
    );
    expect(give.body).toEqual({
      done: [pending.id],
      failed: [{ _id: holder.id, error: 'This user already has this role.' }],
    });
    const take = await server.post(
      '/api/auth/users/bulk',
      { ids: [pending.id], action: 'remove-role', roleId: role },
      admin,
    );
    expect(take.body).toEqual({ done: [pending.id], failed: [] });
    const again = await server.post(
      '/api/auth/users/bulk',
      { ids: [pending.id], action: 'remove-role', roleId: role },
      admin,
    );
    expect(again.body).toEqual({ done: [], failed: [{ _id: pending.id, error: 'Does not hold this role.' }] });
    const held = await server.deps.db
      .select()
      .from(userRoles)
      .where(and(eq(userRoles.roleId, role), eq(userRoles.userId, pending.id)));
    expect(held).toHaveLength(0);
    const removal = await server.post(
      '/api/auth/users/bulk',
      { ids: [pending.id, holder.id, adminId], action: 'delete' },
      admin,
    );
    expect(removal.body).toEqual({
      done: [pending.id, holder.id],
      failed: [{ _id: adminId, error: 'You cannot delete your own account.' }],
    });
  });

  it('keeps every guard rail for someone who may edit users but is no administrator', async () => {
    const editor = await createSignedInUser(server, {
      roleIds: [
        await createRoleWith(server, `Editors ${marker()}`, 'POST /api/auth/users/bulk', 'PUT /api/auth/users/:id'),
      ],
    });
    const member = await createUser(server);
    const response = await server.post(
      '/api/auth/users/bulk',
      { ids: [adminId, member.id], action: 'block' },
      editor.token,
    );
    expect(response.body).toEqual({
      done: [member.id],
      failed: [{ _id: adminId, error: expect.any(String) }],
    });
    const [row] = await server.deps.db.select({ blocked: users.blocked }).from(users).where(eq(users.id, adminId));
    expect(row!.blocked).toBe(false);
    // Its own permission: editing one user does not give the bulk route.
    const single = await createSignedInUser(server, {
      roleIds: [await createRoleWith(server, `Single ${marker()}`, 'PUT /api/auth/users/:id')],
    });
    expect(
      (await server.post('/api/auth/users/bulk', { ids: [member.id], action: 'block' }, single.token)).status,
    ).toBe(403);
  });

  it.each([
    ['block', 'PUT /api/auth/users/:id'],
    ['unblock', 'PUT /api/auth/users/:id'],
    ['confirm', 'PUT /api/auth/users/:id'],
    ['delete', 'DELETE /api/auth/users/:id'],
    ['assign-role', 'POST /api/auth/user-roles'],
    ['remove-role', 'DELETE /api/auth/user-roles/:id'],
  ])('refuses %s whole, changing nothing, to someone without "%s" too', async (action, single) => {
    const roleId = await createRoleWith(server, `Given ${marker()}`);
    const member = await createUser(server, { roleIds: action === 'remove-role' ? [roleId] : [] });
    const bulkOnly = await createSignedInUser(server, {
      roleIds: [await createRoleWith(server, `Bulk only ${marker()}`, 'POST /api/auth/users/bulk')],
    });
    const before = await server.get(`/api/auth/users/${member.id}`, admin);
    const refused = await server.post('/api/auth/users/bulk', { ids: [member.id], action, roleId }, bulkOnly.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'You do not have permission to do this.' });
    expect((await server.get(`/api/auth/users/${member.id}`, admin)).body).toEqual(before.body);
    const held = await server.deps.db
      .select({ id: userRoles.id })
      .from(userRoles)
      .where(eq(userRoles.userId, member.id));
    expect(held).toHaveLength(action === 'remove-role' ? 1 : 0);
    // With the single call held as well, the same request goes through.
    const both = await createSignedInUser(server, {
      roleIds: [await createRoleWith(server, `Bulk and one ${marker()}`, 'POST /api/auth/users/bulk', single)],
    });
    const done = await server.post('/api/auth/users/bulk', { ids: [member.id], action, roleId }, both.token);
    expect(done.body).toEqual({ done: [member.id], failed: [] });
  });

  it.each([
    [{ ids: [], action: 'block' }, 'Choose between 1 and 1000 records'],
    [
      { ids: Array.from({ length: 1001 }, () => crypto.randomUUID()), action: 'block' },
      'Choose between 1 and 1000 records',
    ],
    [{ ids: ['not-an-id'], action: 'block' }, 'Ids must be a list of ids'],
    [
      { ids: [crypto.randomUUID()], action: 'promote' },
      'Action must be one of block, unblock, confirm, delete, assign-role, remove-role',
    ],
    [{ ids: [crypto.randomUUID()], action: 'assign-role' }, 'Choose the role to give or take'],
  ])('refuses %j with "%s", changing nothing', async (body, message) => {
    const response = await server.post('/api/auth/users/bulk', body, admin);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(message);
  });

  it('refuses a role nobody has, per person', async () => {
    const member = await createUser(server);
    const response = await server.post(
      '/api/auth/users/bulk',
      { ids: [member.id], action: 'assign-role', roleId: crypto.randomUUID() },
      admin,
    );
    expect(response.body.done).toEqual([]);
    expect(response.body.failed).toEqual([{ _id: member.id, error: expect.stringMatching(/not found/i) }]);
  });
});

describe('CSV exports of users and profiles', () => {
  it('streams the filtered users in the list’s order with their roles, formula-safe', async () => {
    const tag = marker();
    const userRole = await roleIdOfType(server, 'user');
    const role = await createRoleWith(server, `Export ${tag}`);
    await createUser(server, { name: `=cmd|' /C calc'!A0 ${tag}`, blocked: true, roleIds: [role, userRole] });
    await createUser(server, { name: `Zoe, "the" ${tag}`, blocked: true });
    await createUser(server, { name: `Not blocked ${tag}` });
    const response = await server.get(`/api/auth/users/export.csv?q=${tag}&blocked=true&sort=-name`, admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="users-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = parseCsv(response.text);
    expect(header).toEqual(['id', 'joined', 'name', 'email', 'confirmed', 'blocked', 'roles', 'language']);
    expect(rows.map((row) => row[2])).toEqual([`Zoe, "the" ${tag}`, `'=cmd|' /C calc'!A0 ${tag}`]);
    expect(rows[1]![6]).toBe(`Export ${tag}; User`);
    expect(rows.every((row) => row[5] === 'true')).toBe(true);
  });

  it('exports more rows than one batch, each once, in the list’s order', async () => {
    const tag = marker();
    const values = Array.from({ length: 1205 }, (_, i) => ({
      id: crypto.randomUUID(),
      name: `Batch ${tag} ${String(i).padStart(4, '0')}`,
      email: `${tag}-${i}@example.test`,
      passwordHash: 'x',
    }));
    await server.deps.db.insert(users).values(values);
    const response = await server.get(`/api/auth/users/export.csv?q=${tag}&sort=name`, admin);
    const rows = parseCsv(response.text).slice(1);
    expect(rows.map((row) => row[0])).toEqual(values.map((value) => value.id));
  });

  it('exports profiles with the same filters, on its own permission', async () => {
    const tag = marker();
    const member = await createUser(server, { name: `Profiled ${tag}` });
    const response = await server.get(`/api/auth/user-profiles/export.csv?q=${tag}`, admin);
    const [header, ...rows] = parseCsv(response.text);
    expect(header).toEqual(['name', 'email', 'address', 'phone', 'bio', 'image']);
    expect(rows).toEqual([[member.name, member.email, '', '', '', '']]);
    const reader = await createSignedInUser(server, {
      roleIds: [await createRoleWith(server, `Readers ${tag}`, 'GET /api/auth/users', 'GET /api/auth/user-profiles')],
    });
    expect((await server.get('/api/auth/users/export.csv', reader.token)).status).toBe(403);
    expect((await server.get('/api/auth/user-profiles/export.csv', reader.token)).status).toBe(403);
  });
});
