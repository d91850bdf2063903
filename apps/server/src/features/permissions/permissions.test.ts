import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localizePermissionName } from '@community/shared';
import { permissions } from '../../db/schema.js';
import { createSignedInUser } from '../../test/factories.js';
import { createRoleWith, permissionIds } from '../../test/resource-helpers.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminToken();
});
afterAll(() => server.close());

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Custom permission',
  method: 'GET',
  route: `/api/custom/${crypto.randomBytes(4).toString('hex')}`,
  ...overrides,
});

describe('GET /api/auth/permissions', () => {
  it('lists one permission per governed route, by route then method', async () => {
    const response = await server.get('/api/auth/permissions?limit=1000', admin);
    const keys = response.body.data.map((p: { method: string; route: string }) => `${p.method} ${p.route}`);
    expect(keys).toContain('GET /api/auth/users');
    expect(keys).toContain('POST /api/auth/reinitiate-permissions/');
    expect(keys).not.toContain('POST /api/auth/login');
    expect(keys).not.toContain('GET /api/auth/my-profile');
    const routes = response.body.data.map((p: { route: string }) => p.route);
    expect(routes).toEqual([...routes].sort());
    expect(response.body.total).toBe(server.deps.access.routes.length);
  });

  it('names every permission it installs in Greek too, for Greek screens', () => {
    const untranslated = server.deps.access.routes.filter(({ name }) => localizePermissionName(name, 'el') === name);
    expect(untranslated.map(({ name }) => name)).toEqual([]);
    expect(localizePermissionName('List users', 'en')).toBe('List users');
    expect(localizePermissionName('Named by an administrator', 'el')).toBe('Named by an administrator');
  });

  it('searches by name or route', async () => {
    const byName = await server.get('/api/auth/permissions?q=delete%20user', admin);
    expect(byName.body.data.map((p: { name: string }) => p.name)).toContain('Delete user');
    const byRoute = await server.get('/api/auth/permissions?q=user-roles', admin);
    expect(byRoute.body.total).toBe(5);
  });
});

describe('POST, PUT and DELETE /api/auth/permissions', () => {
  it('create, update and delete a permission', async () => {
    const created = await server.post('/api/auth/permissions', body({ description: 'For a plugin' }), admin);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Custom permission',
      method: 'GET',
      auth: true,
      description: 'For a plugin',
    });
    const updated = await server.put(
      `/api/auth/permissions/${created.body._id}`,
      body({ name: 'Renamed', route: created.body.route, method: 'POST' }),
      admin,
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({ name: 'Renamed', method: 'POST' });
    expect((await server.get(`/api/auth/permissions/${created.body._id}`, admin)).body.name).toBe('Renamed');
    expect((await server.del(`/api/auth/permissions/${created.body._id}`, admin)).status).toBe(200);
    const gone = await server.get(`/api/auth/permissions/${created.body._id}`, admin);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: 'Permission not found.' });
  });

  it('answers 409 for a method and route that already have a permission', async () => {
    const response = await server.post('/api/auth/permissions', body({ route: '/api/auth/users' }), admin);
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'A permission for this method and route already exists.' });
  });

  it.each([
    [{ method: 'PATCH' }, 'Permission method must be one of GET, POST, PUT, DELETE'],
    [{ route: 'api/no-slash' }, 'Route must start with /'],
    [{ name: '' }, 'Name is required'],
  ])('refuses %j with "%s"', async (overrides, message) => {
    const response = await server.post('/api/auth/permissions', body(overrides), admin);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
  });

  it('makes a route public with auth false, and private again', async () => {
    const [id] = await permissionIds(server, 'GET /api/auth/roles');
    expect((await server.get('/api/auth/roles')).status).toBe(401);
    await server.put(
      `/api/auth/permissions/${id}`,
      { name: 'List roles', method: 'GET', route: '/api/auth/roles', auth: false },
      admin,
    );
    expect((await server.get('/api/auth/roles')).status).toBe(200);
    await server.put(
      `/api/auth/permissions/${id}`,
      { name: 'List roles', method: 'GET', route: '/api/auth/roles', auth: true },
      admin,
    );
    expect((await server.get('/api/auth/roles')).status).toBe(401);
  });

  it('lets only administrators change permissions, whatever their roles hold', async () => {
    const roleId = await createRoleWith(
      server,
      `Permission editors ${crypto.randomUUID().slice(0, 6)}`,
      'GET /api/auth/permissions/:id',
      'POST /api/auth/permissions',
      'PUT /api/auth/permissions/:id',
      'DELETE /api/auth/permissions/:id',
    );
    const editor = await createSignedInUser(server, { roleIds: [roleId] });
    const [held] = await permissionIds(server, 'GET /api/auth/permissions/:id');
    const refusals = await Promise.all([
      server.post('/api/auth/permissions', body({ auth: false }), editor.token),
      // Pointing a held permission at another route would grant that route.
      server.put(
        `/api/auth/permissions/${held}`,
        { name: 'Moved', method: 'POST', route: '/api/auth/user-roles' },
        editor.token,
      ),
      server.del(`/api/auth/permissions/${held}`, editor.token),
    ]);
    for (const refusal of refusals) {
      expect(refusal.status).toBe(403);
      expect(refusal.body).toEqual({ error: 'Only administrators can manage administrators or grant the admin role.' });
    }
    const unchanged = await server.get(`/api/auth/permissions/${held}`, editor.token);
    expect(unchanged.body).toMatchObject({ method: 'GET', route: '/api/auth/permissions/:id' });
  });
});

describe('POST /api/auth/reinitiate-permissions/', () => {
  it('adds a permission for every route that lost its row', async () => {
    const own = await startTestServer();
    try {
      const token = await own.adminToken();
      expect((await own.post('/api/auth/reinitiate-permissions/', {}, token)).body).toEqual({ createdCount: 0 });
      const removed = await own.deps.db
        .delete(permissions)
        .where(inArray(permissions.route, ['/api/auth/client-permissions']))
        .returning();
      expect(removed.length).toBe(2);
      expect((await own.post('/api/auth/reinitiate-permissions', {}, token)).body).toEqual({ createdCount: 2 });
      const back = await own.deps.db
        .select()
        .from(permissions)
        .where(eq(permissions.route, '/api/auth/client-permissions'));
      expect(back.map((row) => row.method).sort()).toEqual(['GET', 'POST']);
      expect((await own.post('/api/auth/reinitiate-permissions/', {}, token)).body).toEqual({ createdCount: 0 });
    } finally {
      await own.close();
    }
  });
});

describe('GET /api/auth/permissions?sort=', () => {
  it('sorts by name, route or method, either way', async () => {
    const tag = crypto.randomBytes(3).toString('hex');
    const made = [];
    for (const [name, method, route] of [
      [`${tag} b`, 'POST', `/${tag}/a`],
      [`${tag} a`, 'DELETE', `/${tag}/c`],
      [`${tag} c`, 'GET', `/${tag}/b`],
    ] as const) {
      made.push((await server.post('/api/auth/permissions', body({ name, method, route }), admin)).body._id as string);
    }
    const order = async (sort: string) =>
      (await server.get(`/api/auth/permissions?q=${tag}&sort=${sort}`, admin)).body.data.map(
        (permission: { _id: string }) => permission._id,
      );
    expect(await order('name')).toEqual([made[1], made[0], made[2]]);
    expect(await order('route')).toEqual([made[0], made[2], made[1]]);
    expect(await order('-method')).toEqual([made[0], made[2], made[1]]);
    expect((await server.get('/api/auth/permissions?sort=auth', admin)).status).toBe(400);
  });
});

describe('GET /api/auth/permissions on a Greek screen', () => {
  const list = async (query: string, language: string) =>
    (
      await server.request('GET', `/api/auth/permissions?limit=1000&${query}`, {
        token: admin,
        headers: { 'accept-language': language },
      })
    ).body.data.map((permission: { name: string }) => permission.name) as string[];
  /** As a search folds: lowered, without accents. */
  const fold = (text: string) => text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

  it('finds an installed permission by the Greek name it shows, whatever the accents', async () => {
    expect(await list('q=%CF%87%CF%81%CE%B7%CF%83%CF%84%CF%89%CE%BD', 'el')).toContain('List users'); // χρηστων
    expect(await list('q=%CF%87%CF%81%CE%B7%CF%83%CF%84%CF%89%CE%BD', 'en')).toEqual([]);
    expect(await list('q=delete%20user', 'el')).toContain('Delete user');
  });

  it('sorts the installed names by their Greek', async () => {
    const installed = new Set(server.deps.access.routes.map(({ name }) => name));
    const greekInitials = (names: string[]) =>
      names.filter((name) => installed.has(name)).map((name) => fold(localizePermissionName(name, 'el'))[0]!);
    const ascending = greekInitials(await list('sort=name', 'el'));
    expect(ascending.length).toBe(installed.size);
    expect(ascending).toEqual([...ascending].sort());
    const descending = greekInitials(await list('sort=-name', 'el'));
    expect(descending).toEqual([...ascending].reverse());
  });
});

describe('GET /api/auth/my-permissions', () => {
  it('names what the caller may call: every route for an administrator, a role’s grants for others', async () => {
    const every = server.deps.access.routes.map(({ method, route }) => `${method} ${route}`);
    const mine = await server.get('/api/auth/my-permissions', admin);
    expect(mine.status).toBe(200);
    expect([...mine.body.permissions].sort()).toEqual([...every].sort());

    const role = await createRoleWith(
      server,
      `Readers ${Date.now()}`,
      'GET /api/auth/users',
      // Permission rows are the administrators' alone, whatever a role holds.
      'PUT /api/auth/permissions/:id',
    );
    const { token } = await createSignedInUser(server, { roleIds: [role] });
    const theirs = (await server.get('/api/auth/my-permissions', token)).body.permissions as string[];
    expect(theirs).toContain('GET /api/auth/users');
    expect(theirs).not.toContain('DELETE /api/auth/users/:id');
    expect(theirs).not.toContain('PUT /api/auth/permissions/:id');
    expect((await server.put(`/api/auth/permissions/${crypto.randomUUID()}`, body(), token)).status).toBe(403);
    // Routes open to everyone are callable by anyone signed in.
    const open = (await permissionIds(server, 'DELETE /api/auth/users/:id'))[0]!;
    await server.deps.db.update(permissions).set({ auth: false }).where(eq(permissions.id, open));
    try {
      expect((await server.get('/api/auth/my-permissions', token)).body.permissions).toContain(
        'DELETE /api/auth/users/:id',
      );
    } finally {
      await server.deps.db.update(permissions).set({ auth: true }).where(eq(permissions.id, open));
    }
    expect((await server.get('/api/auth/my-permissions')).status).toBe(401);
  });

  it('a permission row opened to everyone stays the administrators’ alone, and is not offered to others', async () => {
    const { token } = await createSignedInUser(server);
    const opened = (await permissionIds(server, 'PUT /api/auth/permissions/:id'))[0]!;
    await server.deps.db.update(permissions).set({ auth: false }).where(eq(permissions.id, opened));
    try {
      const target = `/api/auth/permissions/${opened}`;
      const change = { name: 'Update permission', method: 'PUT', route: '/api/auth/permissions/:id', auth: true };
      expect((await server.put(target, change)).status).toBe(401);
      expect((await server.put(target, change, token)).status).toBe(403);
      expect((await server.get('/api/auth/my-permissions', token)).body.permissions).not.toContain(
        'PUT /api/auth/permissions/:id',
      );
    } finally {
      await server.deps.db.update(permissions).set({ auth: true }).where(eq(permissions.id, opened));
    }
  });
});
