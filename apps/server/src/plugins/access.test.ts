import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { settings, users } from '../db/schema.js';
import { createSignedInUser } from '../test/factories.js';
import { createRoleWith } from '../test/resource-helpers.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const SESSION_ENDED = { error: 'Your session has ended. Please sign in again.' };
const SIGN_IN = { error: 'Please sign in to continue.' };
const FORBIDDEN = { error: 'You do not have permission to do this.' };

const adminLists = [
  '/api/auth/users',
  '/api/auth/roles',
  '/api/auth/permissions',
  '/api/auth/client-permissions',
  '/api/auth/user-roles',
  '/api/auth/user-profiles',
];

async function realSecret() {
  const [row] = await server.deps.db.select().from(settings).where(eq(settings.key, 'jwt_secret'));
  return new TextEncoder().encode(row!.value);
}

const forge = (claims: { sub: string; ver: number }, key: Uint8Array, expiresAt: string | number = '1h') =>
  new SignJWT({ ver: claims.ver })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(claims.sub)
    .setIssuer('community-platform')
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(key);

describe('admin routes', () => {
  it.each(adminLists)('GET %s: admin 200, plain user 403, no token 401', async (url) => {
    const user = await createSignedInUser(server, { roles: ['user'] });
    expect((await server.get(url, await server.adminToken())).status).toBe(200);
    const plain = await server.get(url, user.token);
    expect(plain.status).toBe(403);
    expect(plain.body).toEqual(FORBIDDEN);
    const anonymous = await server.get(url);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(SIGN_IN);
  });

  it('POST /api/auth/reinitiate-permissions/: admin 200, plain user 403, no token 401', async () => {
    const user = await createSignedInUser(server, { roles: ['user'] });
    const url = '/api/auth/reinitiate-permissions/';
    expect((await server.post(url, {}, await server.adminToken())).status).toBe(200);
    expect((await server.post(url, {}, user.token)).status).toBe(403);
    expect((await server.post(url, {})).status).toBe(401);
  });
});

describe('tokens that must not work', () => {
  it('refuses a garbage token', async () => {
    const response = await server.get('/api/auth/users', 'not.a.token');
    expect(response.status).toBe(401);
    expect(response.body).toEqual(SESSION_ENDED);
  });

  it('refuses a token signed with another key', async () => {
    const admin = await createSignedInUser(server, { roles: ['admin'] });
    const token = await forge({ sub: admin.id, ver: 0 }, new TextEncoder().encode('x'.repeat(64)));
    expect((await server.get('/api/auth/users', token)).body).toEqual(SESSION_ENDED);
  });

  it('refuses an unsigned token (alg none)', async () => {
    const admin = await createSignedInUser(server, { roles: ['admin'] });
    const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const token = `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: admin.id, ver: 0, iss: 'community-platform', iat: now, exp: now + 3600 })}.`;
    expect((await server.get('/api/auth/users', token)).status).toBe(401);
  });

  it('refuses an expired token signed with the real key', async () => {
    const admin = await createSignedInUser(server, { roles: ['admin'] });
    const fresh = await forge({ sub: admin.id, ver: 0 }, await realSecret());
    expect((await server.get('/api/auth/users', fresh)).status).toBe(200);
    const expired = await forge({ sub: admin.id, ver: 0 }, await realSecret(), Math.floor(Date.now() / 1000) - 10);
    expect((await server.get('/api/auth/users', expired)).body).toEqual(SESSION_ENDED);
  });

  it.each([
    ['blocked', { blocked: true }],
    ['unconfirmed', { confirmed: false }],
  ])('refuses the token of an administrator who is now %s', async (_label, change) => {
    const admin = await createSignedInUser(server, { roles: ['admin'] });
    expect((await server.get('/api/auth/users', admin.token)).status).toBe(200);
    await server.deps.db.update(users).set(change).where(eq(users.id, admin.id));
    expect((await server.get('/api/auth/users', admin.token)).body).toEqual(SESSION_ENDED);
  });

  it('refuses the token of a deleted user', async () => {
    const admin = await createSignedInUser(server, { roles: ['admin'] });
    await server.deps.db.delete(users).where(eq(users.id, admin.id));
    expect((await server.get('/api/auth/users', admin.token)).body).toEqual(SESSION_ENDED);
  });

  it('refuses a token issued before an administrator changed the password', async () => {
    const member = await createSignedInUser(server, { roles: ['user'] });
    const changed = await server.put(
      `/api/auth/users/${member.id}`,
      { name: member.name, email: member.email, password: 'set-by-admin' },
      await server.adminToken(),
    );
    expect(changed.status).toBe(200);
    expect((await server.get('/api/auth/my-profile', member.token)).body).toEqual(SESSION_ENDED);
  });
});

describe('path and method variants', () => {
  it('checks HEAD as GET', async () => {
    const anonymous = await server.request('HEAD', '/api/auth/users');
    expect(anonymous.status).toBe(401);
    const user = await createSignedInUser(server, { roles: ['user'] });
    expect((await server.request('HEAD', '/api/auth/users', { token: user.token })).status).toBe(403);
    const reader = await createSignedInUser(server, {
      roleIds: [await createRoleWith(server, 'HEAD readers', 'GET /api/auth/users')],
    });
    expect((await server.request('HEAD', '/api/auth/users', { token: reader.token })).status).toBe(200);
    expect((await server.request('HEAD', '/api/auth/roles', { token: reader.token })).status).toBe(403);
  });

  it('checks a trailing slash like the route without it', async () => {
    expect((await server.get('/api/auth/users/')).status).toBe(401);
    expect((await server.get('/api/auth/users/', await server.adminToken())).status).toBe(200);
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const response = await server.get('/api/auth/nothing-here');
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Not Found' });
  });
});

describe('self-service routes', () => {
  it('need only a sign-in', async () => {
    const member = await createSignedInUser(server);
    expect((await server.get('/api/auth/my-profile', member.token)).status).toBe(200);
    expect((await server.post('/api/auth/my-profile', { name: 'Renamed Member' }, member.token)).status).toBe(200);
    expect((await server.get('/api/auth/my-profile')).status).toBe(401);
    expect((await server.post('/api/upload/profile-image', {})).status).toBe(401);
  });
});

describe('public routes', () => {
  it.each([
    ['POST', '/api/auth/login', { email: 'a@example.test', password: 'x' }, 401],
    ['POST', '/api/auth/forgot-password', { email: 'a@example.test' }, 200],
    ['POST', '/api/auth/reset-password', { password: 'abcdefg', resetToken: 'x' }, 400],
    ['GET', '/api/auth/user-categories', undefined, 200],
    ['GET', '/healthz', undefined, 200],
  ])('%s %s needs no token', async (method, url, body, status) => {
    const response = await server.request(method, url, body ? { body } : {});
    expect(response.status).toBe(status);
  });
});

describe('response headers', () => {
  it('carry the security policy and no CORS grant', async () => {
    const response = await server.request('GET', '/api/auth/user-categories', {
      headers: { origin: 'http://evil.test' },
    });
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });
});
