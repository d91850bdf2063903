import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, roleIdOfType } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminToken();
});
afterAll(() => server.close());

const entry = (overrides: Record<string, unknown> = {}) => ({
  name: `Entry ${crypto.randomBytes(3).toString('hex')}`,
  menu: 'content',
  menu_order: 50,
  path: '/somewhere',
  ...overrides,
});
const paths = (response: { body: { categories: { path: string }[] } }) => response.body.categories.map((c) => c.path);

describe('/api/auth/client-permissions', () => {
  it('lists by menu order and creates, updates and deletes entries', async () => {
    const list = await server.get('/api/auth/client-permissions?limit=100', admin);
    const orders = list.body.data.map((cp: { menu_order: number }) => cp.menu_order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    // As installed, no two entries of a menu share an order: their names, which differ by
    // language, would decide it.
    const places = list.body.data.map((cp: { menu: string; menu_order: number }) => `${cp.menu} ${cp.menu_order}`);
    expect(places).toEqual([...new Set(places)]);

    const created = await server.post('/api/auth/client-permissions', entry({ description: '   ' }), admin);
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      menu: 'content',
      menu_order: 50,
      path: '/somewhere',
      description: null,
      auth: true,
    });
    const updated = await server.put(
      `/api/auth/client-permissions/${created.body._id}`,
      entry({ menu_order: '7', path: '/elsewhere' }),
      admin,
    );
    expect(updated.body).toMatchObject({ menu_order: 7, path: '/elsewhere' });
    expect((await server.get(`/api/auth/client-permissions/${created.body._id}`, admin)).body.path).toBe('/elsewhere');
    expect((await server.del(`/api/auth/client-permissions/${created.body._id}`, admin)).status).toBe(200);
    const gone = await server.get(`/api/auth/client-permissions/${created.body._id}`, admin);
    expect(gone.status).toBe(404);
    expect(gone.body).toEqual({ error: 'Client permission not found.' });
  });

  it.each([
    [{ menu_order: 'soon' }, 'Menu order must be a number'],
    [{ path: 'relative' }, 'Path must start with /'],
    [{ menu: '' }, 'Menu is required'],
    [{ path: '//evil.test/login' }, 'Path must be a path of this site, such as /users'],
    [{ path: '/\\evil.test' }, 'Path must be a path of this site, such as /users'],
    [{ path: '/\t/evil.test' }, 'Path must be a path of this site, such as /users'],
    [{ path: '/us\u0007ers' }, 'Path must be a path of this site, such as /users'],
  ])('L8: refuses %j with "%s"', async (overrides, message) => {
    const response = await server.post('/api/auth/client-permissions', entry(overrides), admin);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
  });
});

describe('GET /api/auth/user-categories', () => {
  it('gives guests the public entries in menu order', async () => {
    const response = await server.get('/api/auth/user-categories');
    expect(response.status).toBe(200);
    expect(paths(response)).toEqual(['/about', '/events', '/contact']);
  });

  it('gives a member the entries of its roles, and an administrator every entry', async () => {
    const member = await createSignedInUser(server, { roles: ['user'] });
    expect(paths(await server.get('/api/auth/user-categories', member.token))).toEqual(['/', '/account/profile']);
    const all = await server.get('/api/auth/client-permissions?limit=1000', admin);
    const forAdmin = await server.get('/api/auth/user-categories', admin);
    expect(forAdmin.body.categories.length).toBe(Math.min(all.body.total, 50));
  });

  it('refuses an invalid token instead of treating it as a guest', async () => {
    const response = await server.get('/api/auth/user-categories', 'expired.or.forged');
    expect(response.status).toBe(401);
  });

  it('shows guests a new entry given to the Guest role', async () => {
    const created = await server.post(
      '/api/auth/client-permissions',
      entry({ menu: 'normal', path: '/participate', menu_order: 5, auth: false }),
      admin,
    );
    const guestId = await roleIdOfType(server, 'guest');
    const guest = (await server.get(`/api/auth/roles/${guestId}`, admin)).body;
    const updated = await server.put(
      `/api/auth/roles/${guestId}`,
      {
        name: guest.name,
        description: guest.description,
        permission: guest.permission,
        clientPermission: [...guest.clientPermission, created.body._id],
      },
      admin,
    );
    expect(updated.status).toBe(200);
    expect(paths(await server.get('/api/auth/user-categories'))).toEqual([
      '/about',
      '/events',
      '/contact',
      '/participate',
    ]);
  });
});

describe('menu names in the reader’s language', () => {
  it('names the product’s own entries in Greek for a Greek reader, and custom ones as written', async () => {
    const custom = `Δικό μας ${Date.now()}`;
    await server.post(
      '/api/auth/client-permissions',
      { name: custom, menu: 'content', menu_order: 99, path: `/custom-${Date.now()}`, auth: true },
      admin,
    );
    const names = async (language: string) =>
      (
        await server.request('GET', '/api/auth/user-categories?limit=50', {
          token: admin,
          headers: { 'accept-language': language },
        })
      ).body.categories.map((entry: { name: string }) => entry.name);
    const english = await names('en');
    const greek = await names('el');
    expect(english).toContain('Users');
    expect(english).toContain('Audit log');
    expect(greek).toContain('Χρήστες');
    expect(greek).toContain('Αρχείο ενεργειών');
    expect(greek).not.toContain('Users');
    expect(greek).toContain(custom);
    expect(english).toContain(custom);
  });

  it('finds the product’s own entries by their Greek name on a Greek screen', async () => {
    const found = async (q: string, language: string) =>
      (
        await server.request('GET', `/api/auth/client-permissions?limit=50&q=${encodeURIComponent(q)}`, {
          token: admin,
          headers: { 'accept-language': language },
        })
      ).body.data.map((entry: { name: string }) => entry.name);
    expect(await found('αρχειο ενεργ', 'el')).toEqual(['Audit log']);
    expect(await found('αρχειο ενεργ', 'en')).toEqual([]);
    expect(await found('audit', 'el')).toEqual(['Audit log']);
  });
});
