import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { SignJWT, decodeJwt } from 'jose';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { images, permissions, users } from '../db/schema.js';
import { SIGNING_KEY_FILE } from '../lib/signing-key.js';
import { createSignedInUser, uniqueEmail } from '../test/factories.js';
import { createRoleWith } from '../test/resource-helpers.js';
import { startTestServer, type TestServer } from '../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const SIGN_IN = { error: 'Please sign in to continue.' };
const SESSION_ENDED = { error: 'Your session has ended. Please sign in again.' };
const FORBIDDEN = { error: 'You do not have permission to do this.' };
const LIST_PAGE = {
  data: expect.arrayContaining([expect.objectContaining({ _id: expect.any(String) })]),
  total: expect.any(Number),
  page: 1,
  pages: expect.any(Number),
};

const ADMIN_LISTS = [
  '/api/auth/users',
  '/api/auth/roles',
  '/api/auth/permissions',
  '/api/auth/client-permissions',
  '/api/auth/user-roles',
  '/api/auth/user-profiles',
];
const REINITIATE = '/api/auth/reinitiate-permissions/';

// ---- tokens -------------------------------------------------------------------------------

const encoder = new TextEncoder();

async function realSecret(): Promise<Uint8Array> {
  return encoder.encode(fs.readFileSync(path.join(server.dataDir, SIGNING_KEY_FILE), 'utf8').trim());
}

/** A token shaped like the server's own: {sub, ver, sid}, issuer community-platform, HS256. */
const forgeToken = (
  userId: string,
  key: Uint8Array,
  expiresAt: string | number = '1h',
  sessionId: string = crypto.randomUUID(),
) =>
  new SignJWT({ ver: 0, sid: sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(userId)
    .setIssuer('community-platform')
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(key);

function unsignedToken(userId: string): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const claims = { sub: userId, ver: 0, iss: 'community-platform', iat: now, exp: now + 3600 };
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}

const newAdmin = () => createSignedInUser(server, { roles: ['admin'] });

/** A signed-in administrator whose row is then changed behind the token's back. */
async function adminThen(change: (admin: Awaited<ReturnType<typeof newAdmin>>) => Promise<unknown>) {
  const admin = await newAdmin();
  await change(admin);
  return admin.token;
}

type Refusal = { caller: string; token: () => Promise<string | undefined>; status: number; body: object };

/** Every kind of caller an admin route must turn away, with the answer each gets. */
const REFUSALS: Refusal[] = [
  {
    caller: 'a plain user (role User)',
    token: async () => (await createSignedInUser(server, { roles: ['user'] })).token,
    status: 403,
    body: FORBIDDEN,
  },
  { caller: 'no token', token: async () => undefined, status: 401, body: SIGN_IN },
  { caller: 'a garbage token', token: async () => 'garbage.not-a.jwt', status: 401, body: SESSION_ENDED },
  {
    caller: 'a token signed with another secret',
    token: async () => forgeToken((await newAdmin()).id, encoder.encode('another-secret-'.repeat(4))),
    status: 401,
    body: SESSION_ENDED,
  },
  {
    caller: 'an unsigned (alg none) token',
    token: async () => unsignedToken((await newAdmin()).id),
    status: 401,
    body: SESSION_ENDED,
  },
  {
    caller: 'an expired token signed with the real secret',
    token: async () => forgeToken((await newAdmin()).id, await realSecret(), Math.floor(Date.now() / 1000) - 60),
    status: 401,
    body: SESSION_ENDED,
  },
  {
    caller: 'a blocked administrator',
    token: () =>
      adminThen((admin) => server.deps.db.update(users).set({ blocked: true }).where(eq(users.id, admin.id))),
    status: 401,
    body: SESSION_ENDED,
  },
  {
    caller: 'an unconfirmed administrator',
    token: () =>
      adminThen((admin) => server.deps.db.update(users).set({ confirmed: false }).where(eq(users.id, admin.id))),
    status: 401,
    body: SESSION_ENDED,
  },
  {
    caller: 'a deleted administrator',
    token: () => adminThen((admin) => server.deps.db.delete(users).where(eq(users.id, admin.id))),
    status: 401,
    body: SESSION_ENDED,
  },
  {
    caller: 'an administrator whose password an administrator changed since',
    token: () =>
      adminThen(async (admin) => {
        const body = { name: admin.name, email: admin.email, password: 'changed-by-admin' };
        const changed = await server.put(`/api/auth/users/${admin.id}`, body, await server.adminToken());
        expect(changed.status).toBe(200);
      }),
    status: 401,
    body: SESSION_ENDED,
  },
];

// ---- reinitiate-permissions side effect ------------------------------------------------------

/** A permission row no role holds: removing it is what Reinitiate Permissions must repair. */
const SENTINEL = { method: 'DELETE', route: '/api/auth/client-permissions/:id' } as const;
const sentinelWhere = () => and(eq(permissions.method, SENTINEL.method), eq(permissions.route, SENTINEL.route));

const removeSentinel = () => server.deps.db.delete(permissions).where(sentinelWhere());
const sentinelExists = async () =>
  (await server.deps.db.select({ id: permissions.id }).from(permissions).where(sentinelWhere())).length === 1;
const permissionCount = async () => (await server.deps.db.select({ id: permissions.id }).from(permissions)).length;

// ---- tests ------------------------------------------------------------------------------------

describe.each(ADMIN_LISTS)('GET %s', (url) => {
  it('answers 200 with a page of rows to an administrator', async () => {
    const response = await server.get(url, (await newAdmin()).token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject(LIST_PAGE);
  });

  it.each(REFUSALS)('answers $status to $caller', async ({ token, status, body }) => {
    const response = await server.get(url, await token());
    expect(response.status).toBe(status);
    expect(response.body).toEqual(body);
  });
});

describe('POST /api/auth/reinitiate-permissions/', () => {
  afterEach(async () => {
    if (!(await sentinelExists())) await server.post(REINITIATE, {}, await server.adminToken());
  });

  it('answers 200 to an administrator and restores a missing permission', async () => {
    await removeSentinel();
    const before = await permissionCount();
    const response = await server.post(REINITIATE, {}, (await newAdmin()).token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ createdCount: 1 });
    expect(await sentinelExists()).toBe(true);
    expect(await permissionCount()).toBe(before + 1);
  });

  it.each(REFUSALS)('answers $status to $caller and adds nothing', async ({ token, status, body }) => {
    await removeSentinel();
    const before = await permissionCount();
    const response = await server.request('POST', REINITIATE, { token: await token(), body: {} });
    expect(response.status).toBe(status);
    expect(response.body).toEqual(body);
    expect(await sentinelExists()).toBe(false);
    expect(await permissionCount()).toBe(before);
  });

  it('guards the path without its trailing slash the same way', async () => {
    await removeSentinel();
    const path = '/api/auth/reinitiate-permissions';
    const anonymous = await server.post(path, {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(SIGN_IN);
    const plain = await server.post(path, {}, (await createSignedInUser(server, { roles: ['user'] })).token);
    expect(plain.status).toBe(403);
    expect(plain.body).toEqual(FORBIDDEN);
    expect(await sentinelExists()).toBe(false);
  });
});

describe('forged tokens', () => {
  it('are refused for their signature only: the same token with the real secret works', async () => {
    const admin = await newAdmin();
    const { sid } = decodeJwt(admin.token);
    const response = await server.get(
      '/api/auth/users',
      await forgeToken(admin.id, await realSecret(), '1h', sid as string),
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject(LIST_PAGE);
  });
});

describe('HEAD on a protected route', () => {
  it('is enforced like GET: 401 without a token, 403 without the GET permission, 200 with it', async () => {
    const anonymous = await server.request('HEAD', '/api/auth/users');
    expect(anonymous.status).toBe(401);
    expect(anonymous.text).toBe('');
    const ended = await server.request('HEAD', '/api/auth/users', { token: 'garbage.not-a.jwt' });
    expect(ended.status).toBe(401);
    const plain = await createSignedInUser(server, { roles: ['user'] });
    expect((await server.request('HEAD', '/api/auth/users', { token: plain.token })).status).toBe(403);
    const reader = await createSignedInUser(server, {
      roleIds: [await createRoleWith(server, `HEAD readers ${crypto.randomUUID()}`, 'GET /api/auth/users')],
    });
    expect((await server.request('HEAD', '/api/auth/users', { token: reader.token })).status).toBe(200);
    expect((await server.request('HEAD', '/api/auth/roles', { token: reader.token })).status).toBe(403);
    expect((await server.request('HEAD', '/api/auth/users/', { token: plain.token })).status).toBe(403);
  });
});

describe('a trailing slash on a protected route', () => {
  it('is enforced like the route without it', async () => {
    const anonymous = await server.get('/api/auth/users/');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(SIGN_IN);
    const plain = await server.get('/api/auth/users/', (await createSignedInUser(server, { roles: ['user'] })).token);
    expect(plain.status).toBe(403);
    expect(plain.body).toEqual(FORBIDDEN);
    const admin = await server.get('/api/auth/users/', await server.adminToken());
    expect(admin.status).toBe(200);
    expect(admin.body).toMatchObject(LIST_PAGE);
  });
});

describe('self-service routes', () => {
  const onePixelPng = () =>
    sharp({ create: { width: 1, height: 1, channels: 3, background: '#00f' } })
      .png()
      .toBuffer();

  async function uploadForm() {
    const form = new FormData();
    form.append('type', 'image');
    form.append('file', new Blob([await onePixelPng()], { type: 'image/png' }), 'avatar.png');
    return form;
  }

  const imagesOf = (userId: string) =>
    server.deps.db.select({ id: images.id }).from(images).where(eq(images.ownerId, userId));

  it('GET /api/auth/my-profile works for a user without any role or permission', async () => {
    const member = await createSignedInUser(server);
    const response = await server.get('/api/auth/my-profile', member.token);
    expect(response.status).toBe(200);
    expect(response.body.profile).toMatchObject({ _id: member.id, name: member.name, user: { email: member.email } });
  });

  it('POST /api/auth/my-profile works for a user without any role or permission', async () => {
    const member = await createSignedInUser(server);
    const response = await server.post('/api/auth/my-profile', { name: 'Self Served' }, member.token);
    expect(response.status).toBe(200);
    expect(response.body.profile).toMatchObject({ _id: member.id, name: 'Self Served' });
    const [row] = await server.deps.db.select({ name: users.name }).from(users).where(eq(users.id, member.id));
    expect(row!.name).toBe('Self Served');
  });

  it('POST /api/upload/profile-image works for a user without any role or permission', async () => {
    const member = await createSignedInUser(server);
    const response = await server.request('POST', '/api/upload/profile-image', {
      token: member.token,
      rawBody: await uploadForm(),
    });
    expect(response.status).toBe(201);
    expect(response.body.filePaths).toEqual([
      { path: expect.stringMatching(/^\/api\/upload\/images\/[0-9a-f-]{36}$/) },
    ]);
    expect(await imagesOf(member.id)).toEqual([{ id: response.body.filePaths[0].path.split('/').pop() }]);
  });

  /** What each self-service call sends; the name marks a profile change that must not happen. */
  const SELF_SERVICE = [
    ['GET', '/api/auth/my-profile', async () => ({})],
    ['POST', '/api/auth/my-profile', async () => ({ body: { name: 'Must Not Be Saved' } })],
    ['POST', '/api/upload/profile-image', async () => ({ rawBody: await uploadForm() })],
  ] as const;

  const imageCount = async () => (await server.deps.db.select({ id: images.id }).from(images)).length;
  const renamedUsers = () => server.deps.db.select().from(users).where(eq(users.name, 'Must Not Be Saved'));

  it.each(SELF_SERVICE)('%s %s answers 401 without a token and changes nothing', async (method, url, options) => {
    const before = await imageCount();
    const response = await server.request(method, url, await options());
    expect(response.status).toBe(401);
    expect(response.body).toEqual(SIGN_IN);
    expect(await imageCount()).toBe(before);
    expect(await renamedUsers()).toEqual([]);
  });

  it.each(SELF_SERVICE)('%s %s answers 401 to a blocked user and changes nothing', async (method, url, options) => {
    const token = await adminThen((admin) =>
      server.deps.db.update(users).set({ blocked: true }).where(eq(users.id, admin.id)),
    );
    const before = await imageCount();
    const response = await server.request(method, url, { token, ...(await options()) });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(SESSION_ENDED);
    expect(await imageCount()).toBe(before);
    expect(await renamedUsers()).toEqual([]);
  });
});

describe('unknown API paths', () => {
  it.each([
    ['GET', '/api/nothing-here', undefined],
    ['GET', '/api/auth/users/1/2/3', undefined],
    ['POST', '/api/auth/nothing-here', { a: 1 }],
    ['DELETE', '/api/upload/nothing-here', undefined],
  ])('%s %s answers a JSON 404, with or without a token', async (method, url, body) => {
    for (const token of [undefined, await server.adminToken()]) {
      const response = await server.request(method, url, { token, body });
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.body).toEqual({ error: 'Not Found' });
    }
  });
});

describe('public routes', () => {
  it('POST /api/auth/login needs no token', async () => {
    const member = await createSignedInUser(server);
    const response = await server.post('/api/auth/login', { email: member.email, password: member.password });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ token: expect.any(String), user: { _id: member.id } });
  });

  it.each([
    [
      'POST',
      '/api/auth/login',
      () => ({ email: uniqueEmail(), password: 'whatever' }),
      401,
      { error: 'Invalid email or password.' },
    ],
    [
      'POST',
      '/api/auth/forgot-password',
      () => ({ email: uniqueEmail() }),
      200,
      { message: 'Password reset instructions sent to your email.' },
    ],
    [
      'POST',
      '/api/auth/reset-password',
      () => ({ password: 'abcdefg', resetToken: 'no-such-token' }),
      400,
      { error: 'This password reset link is invalid or has expired.' },
    ],
    [
      'GET',
      '/api/auth/user-categories',
      () => undefined,
      200,
      { categories: expect.arrayContaining([expect.objectContaining({ path: expect.any(String) })]) },
    ],
    ['GET', '/healthz', () => undefined, 200, { status: 'ok' }],
  ])('%s %s reaches its handler without a token', async (method, url, body, status, expected) => {
    const response = await server.request(method, url, { body: body() });
    expect(response.status).toBe(status);
    expect(response.body).toEqual(expected);
  });
});

describe('response headers of the API', () => {
  it.each([
    ['a success', '/api/auth/user-categories', 200],
    ['a refusal', '/api/auth/users', 401],
  ])('carry the policy of data on %s: nothing loads from it, nothing frames it', async (_label, url, status) => {
    const response = await server.request('GET', url, { headers: { origin: 'http://evil.test' } });
    expect(response.status).toBe(status);
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect(response.headers.get('cache-control')).toBe('no-store');
    // Headers only a document reads are left off.
    expect(response.headers.get('cross-origin-opener-policy')).toBeNull();
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('grant no cross-origin access to a preflight either', async () => {
    const response = await server.request('OPTIONS', '/api/auth/users', {
      headers: {
        origin: 'http://evil.test',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    expect(response.headers.get('access-control-allow-headers')).toBeNull();
  });
});
