import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rolePermissions } from '../../db/schema.js';
import { createSignedInUser, roleIdOfType } from '../../test/factories.js';
import { createRoleWith, permissionIds } from '../../test/resource-helpers.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminToken();
});
afterAll(() => server.close());

const unique = (name: string) => `${name} ${crypto.randomBytes(3).toString('hex')}`;

describe('GET /api/auth/roles', () => {
  it('lists the seeded roles by name with their references', async () => {
    const response = await server.get('/api/auth/roles', admin);
    expect(response.status).toBe(200);
    const names = response.body.data.map((role: { name: string }) => role.name);
    expect(names).toEqual([...names].sort((a: string, b: string) => a.localeCompare(b, 'en')));
    const guest = response.body.data.find((role: { type: string }) => role.type === 'guest');
    expect(guest.clientPermissions.map((cp: { path: string }) => cp.path)).toEqual(['/about', '/events', '/contact']);
    expect(guest.clientPermission).toEqual(guest.clientPermissions.map((cp: { _id: string }) => cp._id));
  });

  it('answers one role, and 404 for an unknown one', async () => {
    const id = await roleIdOfType(server, 'user');
    expect((await server.get(`/api/auth/roles/${id}`, admin)).body).toMatchObject({
      _id: id,
      name: 'User',
      type: 'user',
    });
    const missing = await server.get(`/api/auth/roles/${crypto.randomUUID()}`, admin);
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ error: 'Role not found.' });
  });
});

describe('POST /api/auth/roles', () => {
  it('creates a custom role with its grants; a type in the body is ignored', async () => {
    const [listUsers] = await permissionIds(server, 'GET /api/auth/users');
    const name = unique('Editors');
    const response = await server.post(
      '/api/auth/roles',
      { name, type: 'admin', description: 'Edit things', permission: [listUsers] },
      admin,
    );
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name, type: 'custom', description: 'Edit things', permission: [listUsers] });
    expect(response.body.permissions[0]).toMatchObject({ _id: listUsers, method: 'GET', route: '/api/auth/users' });
    const rows = await server.deps.db
      .select()
      .from(rolePermissions)
      .where(eq(rolePermissions.roleId, response.body._id));
    expect(rows.map((row) => row.permissionId)).toEqual([listUsers]);
  });

  it('answers 409 for a name in use, in any letter case', async () => {
    const name = unique('Twins');
    await server.post('/api/auth/roles', { name }, admin);
    const response = await server.post('/api/auth/roles', { name: name.toUpperCase() }, admin);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'A role with this name already exists.' });
  });

  it('refuses unknown permissions and a missing name', async () => {
    const unknown = await server.post(
      '/api/auth/roles',
      { name: unique('Bad'), permission: [crypto.randomUUID()] },
      admin,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({ error: 'Permission list holds an unknown permission.' });
    const nameless = await server.post('/api/auth/roles', { description: 'x' }, admin);
    expect(nameless.body).toEqual({ error: 'Name is required' });
  });
});

describe('PUT /api/auth/roles/:id', () => {
  it('replaces the grants, keeps the type, and access follows on the next request', async () => {
    const roleId = await createRoleWith(server, unique('Readers'), 'GET /api/auth/users');
    const reader = await createSignedInUser(server, { roleIds: [roleId] });
    expect((await server.get('/api/auth/users', reader.token)).status).toBe(200);
    const write = await server.post(
      '/api/auth/users',
      { name: 'X', email: 'x@example.test', password: 'secret1' },
      reader.token,
    );
    expect(write.status).toBe(403);
    expect(write.body).toEqual({ error: 'You do not have permission to do this.' });

    const updated = await server.put(
      `/api/auth/roles/${roleId}`,
      { name: unique('Readers'), permission: [], type: 'admin' },
      admin,
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ type: 'custom', permission: [] });
    expect((await server.get('/api/auth/users', reader.token)).status).toBe(403);
  });

  it('keeps non-administrators from adding menu entries their own roles do not show', async () => {
    const menu = (await server.get('/api/auth/client-permissions?limit=100', admin)).body.data as {
      _id: string;
      path: string;
      auth: boolean;
    }[];
    const entry = (path: string, auth = true) => menu.find((one) => one.path === path && one.auth === auth)!._id;
    const editing = ['PUT /api/auth/roles/:id', 'POST /api/auth/roles'];
    const permission = await permissionIds(server, ...editing);
    const roleName = unique('Role editors');
    // The editor's own role shows Roles, as an administrator made it.
    const made = await server.post(
      '/api/auth/roles',
      { name: roleName, permission, clientPermission: [entry('/roles')] },
      admin,
    );
    expect(made.status).toBe(201);
    const roleId = made.body._id as string;
    const editor = await createSignedInUser(server, { roleIds: [roleId] });
    const refused = await server.post(
      '/api/auth/roles',
      { name: unique('Auditors'), permission: [], clientPermission: [entry('/audit-log')] },
      editor.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'You can only add menu entries that your own roles show.' });
    const onOwn = await server.put(
      `/api/auth/roles/${roleId}`,
      { name: roleName, permission, clientPermission: [entry('/roles'), entry('/users')] },
      editor.token,
    );
    expect(onOwn.status).toBe(403);
    // What the editor's roles show, and what every visitor sees, may be given; an entry may go.
    const within = await server.post(
      '/api/auth/roles',
      { name: unique('Delegated'), permission: [], clientPermission: [entry('/roles'), entry('/about', false)] },
      editor.token,
    );
    expect(within.status).toBe(201);
    const fewer = await server.put(
      `/api/auth/roles/${within.body._id}`,
      { name: within.body.name, permission: [], clientPermission: [entry('/about', false)] },
      editor.token,
    );
    expect(fewer.status).toBe(200);
  });

  it('keeps non-administrators from granting what they do not hold or editing the Admin role', async () => {
    const roleId = await createRoleWith(
      server,
      unique('Role editors'),
      'PUT /api/auth/roles/:id',
      'POST /api/auth/roles',
    );
    const editor = await createSignedInUser(server, { roleIds: [roleId] });
    const [deleteUsers] = await permissionIds(server, 'DELETE /api/auth/users/:id');
    const escalate = await server.put(
      `/api/auth/roles/${roleId}`,
      { name: unique('Role editors'), permission: [deleteUsers] },
      editor.token,
    );
    expect(escalate.status).toBe(403);
    const ownGrants = await permissionIds(server, 'PUT /api/auth/roles/:id');
    const within = await server.post(
      '/api/auth/roles',
      { name: unique('Delegated'), permission: ownGrants },
      editor.token,
    );
    expect(within.status).toBe(201);
    const adminRole = await roleIdOfType(server, 'admin');
    const touchAdmin = await server.put(
      `/api/auth/roles/${adminRole}`,
      { name: 'Admin', permission: [] },
      editor.token,
    );
    expect(touchAdmin.status).toBe(403);
  });
});

describe('roles that hold more than their editor', () => {
  it('M1: a non-administrator neither narrows nor deletes a role holding permissions they lack', async () => {
    const editorRole = await createRoleWith(
      server,
      unique('Role editors'),
      'PUT /api/auth/roles/:id',
      'DELETE /api/auth/roles/:id',
    );
    const editor = await createSignedInUser(server, { roleIds: [editorRole] });
    const managers = await createRoleWith(server, unique('Managers'), 'PUT /api/auth/roles/:id', 'GET /api/auth/users');
    const narrowed = await server.put(
      `/api/auth/roles/${managers}`,
      { name: unique('Managers'), permission: [] },
      editor.token,
    );
    expect(narrowed.status).toBe(403);
    expect(narrowed.body).toEqual({
      error: 'You can only grant, change or remove permissions that you hold yourself.',
    });
    expect((await server.del(`/api/auth/roles/${managers}`, editor.token)).status).toBe(403);
    expect((await server.get(`/api/auth/roles/${managers}`, admin)).body.permission).toHaveLength(2);
    const within = await createRoleWith(server, unique('Within'), 'PUT /api/auth/roles/:id');
    expect((await server.del(`/api/auth/roles/${within}`, editor.token)).status).toBe(200);
  });
});

describe('what a non-administrator may give (grantable=true)', () => {
  it('lists only the permissions, menu entries and roles within their own, and everything for an administrator', async () => {
    const menu = (await server.get('/api/auth/client-permissions?limit=100', admin)).body.data as {
      _id: string;
      path: string;
      auth: boolean;
    }[];
    const rolesEntry = menu.find((one) => one.path === '/roles' && one.auth)!._id;
    const own = await permissionIds(
      server,
      'GET /api/auth/roles',
      'GET /api/auth/permissions',
      'GET /api/auth/client-permissions',
      'PUT /api/auth/roles/:id',
    );
    const made = await server.post(
      '/api/auth/roles',
      { name: unique('Role editors'), permission: own, clientPermission: [rolesEntry] },
      admin,
    );
    const editor = await createSignedInUser(server, { roleIds: [made.body._id] });
    const narrower = await createRoleWith(server, unique('Narrower'), 'GET /api/auth/roles');
    const wider = await createRoleWith(server, unique('Wider'), 'GET /api/auth/roles', 'DELETE /api/auth/users/:id');
    const ids = (response: { body: { data: { _id: string }[] } }) => response.body.data.map((row) => row._id);

    const permissions = await server.get('/api/auth/permissions?grantable=true&limit=100', editor.token);
    expect(permissions.status).toBe(200);
    expect(ids(permissions).sort()).toEqual([...own].sort());

    const entries = await server.get('/api/auth/client-permissions?grantable=true&limit=100', editor.token);
    const everyones = menu.filter((one) => !one.auth).map((one) => one._id);
    expect(ids(entries).sort()).toEqual([rolesEntry, ...everyones].sort());

    const roles = await server.get('/api/auth/roles?grantable=true&limit=100', editor.token);
    const given = ids(roles);
    expect(given).toEqual(expect.arrayContaining([made.body._id, narrower]));
    expect(given).not.toContain(wider);
    expect(given).not.toContain(await roleIdOfType(server, 'admin'));
    for (const role of roles.body.data as { permission: string[] }[]) {
      expect(own).toEqual(expect.arrayContaining(role.permission));
    }
    // The search and the bound go together.
    const searched = await server.get('/api/auth/permissions?grantable=true&q=client-permissions', editor.token);
    expect(searched.body.data.map((row: { route: string }) => row.route)).toEqual(['/api/auth/client-permissions']);

    for (const path of ['/api/auth/permissions', '/api/auth/client-permissions', '/api/auth/roles']) {
      const all = await server.get(`${path}?limit=100`, admin);
      const bounded = await server.get(`${path}?grantable=true&limit=100`, admin);
      expect(ids(bounded)).toEqual(ids(all));
    }
    const bad = await server.get('/api/auth/roles?grantable=yes', editor.token);
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({ error: 'Grantable must be true or false' });
  });
});

describe('DELETE /api/auth/roles/:id', () => {
  it('deletes a custom role and keeps the seeded ones', async () => {
    const roleId = await createRoleWith(server, unique('Temporary'));
    expect((await server.del(`/api/auth/roles/${roleId}`, admin)).body).toEqual({ _id: roleId });
    expect((await server.get(`/api/auth/roles/${roleId}`, admin)).status).toBe(404);
    for (const type of ['admin', 'user', 'guest'] as const) {
      const refused = await server.del(`/api/auth/roles/${await roleIdOfType(server, type)}`, admin);
      expect(refused.status).toBe(409);
      expect(refused.body).toEqual({ error: 'A seeded role cannot be deleted.' });
    }
  });
});

describe('GET /api/auth/roles?sort=', () => {
  it('sorts by name (case aside) or by creation, either way; an unknown field is a 400', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const made = [];
    for (const name of ['beta', 'Alpha', 'gamma']) {
      made.push((await server.post('/api/auth/roles', { name: `${tag} ${name}` }, admin)).body._id as string);
    }
    const order = async (sort: string) =>
      (await server.get(`/api/auth/roles?q=${tag}&sort=${sort}`, admin)).body.data.map(
        (role: { _id: string }) => role._id,
      );
    expect(await order('name')).toEqual([made[1], made[0], made[2]]);
    expect(await order('-name')).toEqual([made[2], made[0], made[1]]);
    expect(await order('-createdAt')).toEqual([...made].reverse());
    const refused = await server.get('/api/auth/roles?sort=type', admin);
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain('Sort must be one of name, -name, createdAt, -createdAt');
  });
});

describe('PUT /api/auth/roles/:id with If-Match', () => {
  it('refuses a form read before another change, so a grant made meanwhile is not taken back', async () => {
    const [first, second] = await permissionIds(server, 'GET /api/auth/events', 'GET /api/auth/invites');
    const created = await server.post('/api/auth/roles', { name: unique('Editors'), permission: [] }, admin);
    const read = created.body;
    const version = { 'if-match': `"${read.updatedAt}"` };
    const granted = await server.request('PUT', `/api/auth/roles/${read._id}`, {
      token: admin,
      body: { name: read.name, permission: [first] },
      headers: version,
    });
    expect(granted.status).toBe(200);
    const stale = await server.request('PUT', `/api/auth/roles/${read._id}`, {
      token: admin,
      body: { name: read.name, permission: [second] },
      headers: version,
    });
    expect(stale.status).toBe(412);
    expect((await server.get(`/api/auth/roles/${read._id}`, admin)).body.permission).toEqual([first]);
    const fresh = await server.request('PUT', `/api/auth/roles/${read._id}`, {
      token: admin,
      body: { name: read.name, permission: [first, second] },
      headers: { 'if-match': `"${granted.body.updatedAt}"` },
    });
    expect(fresh.status).toBe(200);
    expect(fresh.body.permission.sort()).toEqual([first, second].sort());
  });
});
