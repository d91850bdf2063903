import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invites, userRoles, users } from '../../db/schema.js';
import { createUser, roleIdOfType, uniqueEmail } from '../../test/factories.js';
import { GOOGLE_TEST_CLIENT_ID, startGoogleKeys } from '../../test/google-keys.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let google: Awaited<ReturnType<typeof startGoogleKeys>>;
let server: TestServer;
let admin: string;

beforeAll(async () => {
  google = await startGoogleKeys();
  server = await startTestServer({
    GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID,
    GOOGLE_JWKS_URL: google.jwksUrl,
    TRUST_PROXY: 'loopback',
  });
  admin = await server.adminToken();
});
afterAll(async () => {
  await server.close();
  await google.close();
});

let lastAddress = 0;
const googleSignIn = (credential: string, invite?: string | null) =>
  server.request('POST', '/api/auth/google', {
    body: { credential, invite },
    headers: { 'x-forwarded-for': `203.0.113.${++lastAddress % 250}` },
  });

const GOOGLE_FAILED = { error: 'Google login failed.' };

async function storedUser(email: string) {
  const [row] = await server.deps.db.select().from(users).where(eq(users.email, email));
  return row;
}

async function newInvite(body: Record<string, unknown> = {}) {
  const response = await server.post('/api/auth/invites', body, admin);
  expect(response.status).toBe(201);
  return response.body as { _id: string; token: string };
}

describe('Google accounts are bound by their subject', () => {
  it('L9: links the account to the Google account of its first Google sign-in', async () => {
    const member = await createUser(server);
    expect((await googleSignIn(await google.idToken(member.email, { sub: 'google-account-1' }))).status).toBe(200);
    expect((await storedUser(member.email))!.googleSub).toBe('google-account-1');
    // The Google account now shows another address: it still opens the account it is linked to.
    const moved = await googleSignIn(await google.idToken(uniqueEmail('renamed'), { sub: 'google-account-1' }));
    expect(moved.status).toBe(200);
    expect(moved.body.user._id).toBe(member.id);
  });

  it('keeps the screen’s language from a first Google sign-in as the language of the person’s mail', async () => {
    const member = await createUser(server);
    const response = await server.request('POST', '/api/auth/google', {
      body: { credential: await google.idToken(member.email, { sub: 'google-language' }), language: 'en' },
      headers: { 'x-forwarded-for': `203.0.113.${++lastAddress % 250}` },
    });
    expect(response.status).toBe(200);
    expect((await storedUser(member.email))!.language).toBe('en');
  });

  it('L9: a Google account whose address changed to another member’s never opens that member’s account', async () => {
    const [first, second] = [await createUser(server), await createUser(server)];
    expect((await googleSignIn(await google.idToken(first.email, { sub: 'google-account-2' }))).status).toBe(200);
    const response = await googleSignIn(await google.idToken(second.email, { sub: 'google-account-2' }));
    expect(response.status).toBe(200);
    expect(response.body.user._id).toBe(first.id);
    expect((await storedUser(second.email))!.googleSub).toBeNull();
  });

  it('L9: refuses another Google account showing the address of an account already linked', async () => {
    const member = await createUser(server);
    expect((await googleSignIn(await google.idToken(member.email, { sub: 'google-account-3' }))).status).toBe(200);
    const other = await googleSignIn(await google.idToken(member.email, { sub: 'google-account-4' }));
    expect(other.status).toBe(403);
    expect(other.body).toEqual({ error: 'This address belongs to an account linked to another Google account.' });
  });

  it('refuses an ID token without a subject', async () => {
    const member = await createUser(server);
    expect(await googleSignIn(await google.idToken(member.email, { sub: undefined }))).toMatchObject({
      status: 401,
      body: GOOGLE_FAILED,
    });
  });
});

describe('POST /api/auth/google for an existing account', () => {
  it('signs in with the answer of a password sign-in, whatever the case of the address', async () => {
    const member = await createUser(server, { roles: ['user'] });
    const response = await googleSignIn(await google.idToken(member.email.toUpperCase()));
    expect(response.status).toBe(200);
    expect(response.body.user).toEqual({
      _id: member.id,
      name: member.name,
      email: member.email,
      username: null,
      avatarUrl: null,
    });
    expect(response.body.roles).toEqual([{ _id: await roleIdOfType(server, 'user'), name: 'User', type: 'user' }]);
    expect((await server.get('/api/auth/my-profile', response.body.token)).status).toBe(200);
  });

  it('does not use up an invite sent along by someone who already has an account', async () => {
    const member = await createUser(server);
    const invite = await newInvite();
    expect((await googleSignIn(await google.idToken(member.email), invite.token)).status).toBe(200);
    const [row] = await server.deps.db.select().from(invites).where(eq(invites.id, invite._id));
    expect(row!.status).toBe('pending');
  });

  it.each([
    ['blocked', { blocked: true }, 'Your account is blocked.'],
    ['awaiting approval', { confirmed: false }, 'Your account is awaiting approval.'],
  ])('refuses a %s account with its message', async (_label, state, message) => {
    const member = await createUser(server, state);
    const response = await googleSignIn(await google.idToken(member.email));
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: message });
  });
});

describe('POST /api/auth/google for a new person', () => {
  it('refuses an address without an account when no invite comes with it, and creates nothing', async () => {
    const email = uniqueEmail('stranger');
    const response = await googleSignIn(await google.idToken(email));
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      error: 'No account uses this Google address. Ask an administrator for an invite.',
    });
    expect(await storedUser(email)).toBeUndefined();
  });

  it('creates a confirmed member with the User role through a valid invite and uses the invite up', async () => {
    const invite = await newInvite();
    const email = uniqueEmail('newcomer');
    const response = await googleSignIn(await google.idToken(email, { name: 'Μαρία Παπά' }), invite.token);
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ name: 'Μαρία Παπά', email });
    expect(response.body.roles.map((role: { type: string }) => role.type)).toEqual(['user']);

    const user = (await storedUser(email))!;
    expect(user).toMatchObject({ confirmed: true, blocked: false, passwordHash: null });
    const roleRows = await server.deps.db.select().from(userRoles).where(eq(userRoles.userId, user.id));
    expect(roleRows).toHaveLength(1);
    const [row] = await server.deps.db.select().from(invites).where(eq(invites.id, invite._id));
    expect(row).toMatchObject({ status: 'consumed', userId: user.id });
    expect(row!.consumedAt).toBeInstanceOf(Date);

    // No password was set: password sign-in does not open the account.
    const login = await server.post('/api/auth/login', { email, password: 'anything' });
    expect(login.status).toBe(401);
  });

  it('lets one invite create one account, even when two people use it at once', async () => {
    const invite = await newInvite();
    const emails = [uniqueEmail('race'), uniqueEmail('race')];
    const responses = await Promise.all(
      emails.map(async (email) => googleSignIn(await google.idToken(email), invite.token)),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([200, 400]);
    expect(responses.find((response) => response.status === 400)!.body).toEqual({
      error: 'This invite has already been used.',
    });
    const created = await Promise.all(emails.map(storedUser));
    expect(created.filter(Boolean)).toHaveLength(1);
  });

  it('accepts only the Google address an invite names', async () => {
    const email = uniqueEmail('named');
    const invite = await newInvite({ email });
    const other = await googleSignIn(await google.idToken(uniqueEmail('other')), invite.token);
    expect(other.status).toBe(400);
    expect(other.body).toEqual({ error: 'This invite is for another email address.' });
    expect((await googleSignIn(await google.idToken(email), invite.token)).status).toBe(200);
  });

  it.each([
    ['an unknown invite', async () => 'no-such-invite', 'Invite not valid.'],
    [
      'an expired invite',
      async () => {
        const invite = await newInvite();
        await server.deps.db
          .update(invites)
          .set({ expiresAt: new Date(Date.now() - 1) })
          .where(eq(invites.id, invite._id));
        return invite.token;
      },
      'This invite has expired.',
    ],
    [
      'a used invite',
      async () => {
        const invite = await newInvite();
        await googleSignIn(await google.idToken(uniqueEmail('first')), invite.token);
        return invite.token;
      },
      'This invite has already been used.',
    ],
  ])('refuses %s with its message', async (_label, tokenOf, message) => {
    const token = await tokenOf();
    const email = uniqueEmail('late');
    const response = await googleSignIn(await google.idToken(email), token);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
    expect(await storedUser(email)).toBeUndefined();
  });
});

describe('POST /api/auth/google refuses tokens Google did not issue for this site', () => {
  let member: { email: string };
  beforeAll(async () => {
    member = await createUser(server);
  });

  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');

  it.each([
    ['signed by a key Google does not publish', () => google.sign({ email: member.email }, { key: google.foreignKey })],
    [
      'for another audience',
      () => google.sign({ email: member.email, aud: 'someone-else.apps.googleusercontent.com' }),
    ],
    ['from another issuer', () => google.sign({ email: member.email, iss: 'https://evil.example' })],
    ['expired', () => google.sign({ email: member.email, exp: Math.floor(Date.now() / 1000) - 600 })],
    ['with an unverified email', () => google.sign({ email: member.email, email_verified: false })],
    ['without an email', () => google.sign({ sub: '123' })],
    [
      'with its payload changed after signing',
      async () => {
        const [header, , signature] = (await google.idToken(uniqueEmail('someone'))).split('.');
        const now = Math.floor(Date.now() / 1000);
        const payload = base64url({
          iss: 'https://accounts.google.com',
          aud: GOOGLE_TEST_CLIENT_ID,
          email: member.email,
          email_verified: true,
          iat: now,
          exp: now + 3600,
        });
        return `${header}.${payload}.${signature}`;
      },
    ],
    [
      'unsigned (alg none)',
      async () =>
        `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url({
          iss: 'https://accounts.google.com',
          aud: GOOGLE_TEST_CLIENT_ID,
          email: member.email,
          email_verified: true,
          exp: Math.floor(Date.now() / 1000) + 3600,
        })}.`,
    ],
    [
      'signed with HS256 using a guessable secret',
      async () => {
        const header = base64url({ alg: 'HS256', typ: 'JWT', kid: 'test-key-1' });
        const payload = base64url({
          iss: 'https://accounts.google.com',
          aud: GOOGLE_TEST_CLIENT_ID,
          email: member.email,
          email_verified: true,
          exp: Math.floor(Date.now() / 1000) + 3600,
        });
        const signature = crypto.createHmac('sha256', 'secret').update(`${header}.${payload}`).digest('base64url');
        return `${header}.${payload}.${signature}`;
      },
    ],
    ['not a token at all', async () => 'not-a-jwt'],
  ])('refuses a token %s with 401', async (_label, make) => {
    const response = await googleSignIn(await make());
    expect(response.status).toBe(401);
    expect(response.body).toEqual(GOOGLE_FAILED);
    expect(response.body.token).toBeUndefined();
  });

  it('refuses a missing credential with 400', async () => {
    const response = await server.post('/api/auth/google', {});
    expect(response.status).toBe(400);
    expect(response.body).toEqual(GOOGLE_FAILED);
  });
});

describe('Google sign-in settings', () => {
  it('tells the browser the client id and allows Google’s script in the CSP', async () => {
    const response = await server.get('/api/config');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ googleClientId: GOOGLE_TEST_CLIENT_ID });
    // The pages' policy, which every path outside the API carries, whether or not the app is built.
    const page = await server.request('GET', '/admin/login');
    expect(page.headers.get('content-security-policy')).toContain(
      "script-src 'self' https://accounts.google.com/gsi/client",
    );
  });

  it('answers 503 and keeps Google out of the CSP while no client id is set', async () => {
    const plain = await startTestServer();
    try {
      const response = await plain.post('/api/auth/google', { credential: await google.idToken('x@example.test') });
      expect(response.status).toBe(503);
      expect(response.body).toEqual({ error: 'Google sign-in is not enabled.' });
      const config = await plain.get('/api/config');
      expect(config.body).toMatchObject({ googleClientId: null });
      const page = await plain.request('GET', '/admin/login');
      expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(page.headers.get('content-security-policy')).not.toContain('accounts.google.com');
    } finally {
      await plain.close();
    }
  });

  it('answers 503 while Google’s keys cannot be fetched', async () => {
    const unreachable = await startTestServer({
      GOOGLE_CLIENT_ID: GOOGLE_TEST_CLIENT_ID,
      GOOGLE_JWKS_URL: 'http://127.0.0.1:9/oauth2/v3/certs',
    });
    try {
      const response = await unreachable.post('/api/auth/google', {
        credential: await google.idToken('x@example.test'),
      });
      expect(response.status).toBe(503);
      expect(response.body).toEqual({
        error: 'Google sign-in is temporarily unavailable. Please try again shortly.',
      });
    } finally {
      await unreachable.close();
    }
  });
});

describe('Google sign-in and a second factor', () => {
  it('asks an account with a second factor for it, as a password sign-in does', async () => {
    const member = await createUser(server);
    await server.deps.db.update(users).set({ mfaEnabled: true }).where(eq(users.id, member.id));
    const first = await googleSignIn(await google.idToken(member.email, { sub: 'google-account-mfa' }));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ mfaRequired: true, challenge: expect.any(String) });
    expect(first.body.token).toBeUndefined();
  });
});
