import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, users } from '../../db/schema.js';
import { createSignedInUser, createUser, signIn, uniqueEmail } from '../../test/factories.js';
import { mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
let server: TestServer;

beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  server.request('POST', '/api/auth/login', { body: { email, password }, headers });

async function resetLinkFor(email: string): Promise<string> {
  const mail = await smtp.waitFor(email);
  const match = /http:\/\/community\.test\/admin\/reset-password\/([\w-]+)/.exec(mailText(mail.raw));
  if (!match) throw new Error(`no reset link in the mail to ${email}`);
  return match[1]!;
}

describe('POST /api/auth/login', () => {
  it('answers a token, the user and the roles', async () => {
    const user = await createUser(server, { roles: ['user'] });
    const response = await login(user.email, user.password);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      token: expect.any(String),
      user: { _id: user.id, name: user.name, email: user.email, username: null, avatarUrl: null },
      roles: [{ _id: expect.any(String), name: 'User', type: 'user' }],
    });
    const profile = await server.get('/api/auth/my-profile', response.body.token);
    expect(profile.status).toBe(200);
    expect(profile.body.profile.user.email).toBe(user.email);
  });

  it('matches the email whatever its letter case', async () => {
    const user = await createUser(server);
    expect((await login(user.email.toUpperCase(), user.password)).status).toBe(200);
  });

  it('answers a wrong password, an unknown email and a blocked account with a wrong password alike', async () => {
    const user = await createUser(server);
    const blocked = await createUser(server, { blocked: true });
    const answers = await Promise.all([
      login(user.email, 'wrong-password'),
      login(uniqueEmail('nobody'), 'wrong-password'),
      login(blocked.email, 'wrong-password'),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ error: 'Invalid email or password.' });
    }
  });

  it('tells an unapproved account so, only after the right password', async () => {
    const user = await createUser(server, { confirmed: false });
    const response = await login(user.email, user.password);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'Your account is awaiting approval.' });
  });

  it('tells a blocked account so, only after the right password', async () => {
    const user = await createUser(server, { blocked: true });
    const response = await login(user.email, user.password);
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'Your account is blocked.' });
  });

  it.each([
    [{ password: 'x' }, 'Email is required'],
    [{ email: 'not-an-email', password: 'x' }, 'Entered value does not match email format'],
    [{ email: 'a@example.test' }, 'Password is required'],
  ])('refuses %j with "%s"', async (body, message) => {
    const response = await server.post('/api/auth/login', body);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
  });

  it('locks an account for 15 minutes after 10 failures, even for the right password', async () => {
    const user = await createUser(server);
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await login(user.email, 'wrong-password')).status).toBe(401);
    }
    const locked = await login(user.email, user.password);
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ error: 'Too many requests. Please try again later.' });
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(locked.headers.get('retry-after'))).toBeLessThanOrEqual(15 * 60);
  });

  it('checks one account’s parallel attempts one after another, so a burst cannot pass the limit', async () => {
    const user = await createUser(server);
    const answers = await Promise.all(Array.from({ length: 25 }, () => login(user.email, 'wrong-password')));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
  });

  it('signs in parallel correct attempts alike, and does not count them against the account', async () => {
    const user = await createUser(server);
    const answers = await Promise.all(Array.from({ length: 15 }, () => login(user.email, user.password)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(15).fill(200));
  });

  it('does not count a correct password against the account', async () => {
    const user = await createUser(server);
    for (let attempt = 0; attempt < 9; attempt++) await login(user.email, 'wrong-password');
    expect((await login(user.email, user.password)).status).toBe(200);
    for (let attempt = 0; attempt < 9; attempt++) {
      expect((await login(user.email, 'wrong-password')).status).toBe(401);
    }
    expect((await login(user.email, user.password)).status).toBe(200);
  });
});

describe('the language of mail, from the sign-in screen', () => {
  it('keeps the screen’s language from a first sign-in, and never overrides one already chosen', async () => {
    const user = await createUser(server);
    const languageOf = async () =>
      (await server.deps.db.select({ language: users.language }).from(users).where(eq(users.id, user.id)))[0]!.language;
    expect(
      (await server.post('/api/auth/login', { email: user.email, password: user.password, language: 'en' })).status,
    ).toBe(200);
    expect(await languageOf()).toBe('en');
    await server.post('/api/auth/login', { email: user.email, password: user.password, language: 'el' });
    expect(await languageOf()).toBe('en');
    const refused = await server.post('/api/auth/login', {
      email: user.email,
      password: user.password,
      language: 'de',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'Language must be el or en' });
  });
});

describe('sign-in failures per client address', () => {
  it('answer 429 after 100 failures, and a forged X-Forwarded-For does not reset the count', async () => {
    const own = await startTestServer();
    try {
      const user = await createUser(own);
      const attempt = (i: number) =>
        own.request('POST', '/api/auth/login', {
          body: { email: uniqueEmail(`spray${i}`), password: 'wrong-password' },
          headers: { 'x-forwarded-for': `10.0.${i % 250}.${i % 7}` },
        });
      for (let i = 0; i < 100; i += 10) {
        const batch = await Promise.all(Array.from({ length: 10 }, (_, j) => attempt(i + j)));
        expect(batch.every((answer) => answer.status === 401)).toBe(true);
      }
      const refused = await own.request('POST', '/api/auth/login', {
        body: { email: user.email, password: user.password },
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(refused.status).toBe(429);
    } finally {
      await own.close();
    }
  });
});

describe('POST /api/auth/forgot-password', () => {
  it('answers the same for a known and an unknown email, and mails only the known one', async () => {
    const user = await createUser(server);
    const unknown = uniqueEmail('unknown');
    const known = await server.post('/api/auth/forgot-password', { email: user.email });
    const stranger = await server.post('/api/auth/forgot-password', { email: unknown });
    for (const answer of [known, stranger]) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ message: 'Password reset instructions sent to your email.' });
    }
    const token = await resetLinkFor(user.email);
    expect(token.length).toBeGreaterThanOrEqual(40);
    await expect(smtp.waitFor(unknown, 500)).rejects.toThrow(/no mail/);
  });

  it('stores only a hash of the token', async () => {
    const user = await createUser(server);
    await server.post('/api/auth/forgot-password', { email: user.email });
    const token = await resetLinkFor(user.email);
    const rows = await server.deps.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).not.toContain(token);
    expect(rows[0]!.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60 * 1000);
    expect(rows[0]!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60 * 1000);
  });

  it('answers 429 after 5 requests for one email within the hour', async () => {
    const email = uniqueEmail('flood');
    for (let i = 0; i < 5; i++) expect((await server.post('/api/auth/forgot-password', { email })).status).toBe(200);
    const refused = await server.post('/api/auth/forgot-password', { email });
    expect(refused.status).toBe(429);
  });

  it('refuses a malformed email', async () => {
    const response = await server.post('/api/auth/forgot-password', { email: 'nope' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Entered value does not match email format' });
  });
});

describe('POST /api/auth/reset-password', () => {
  it('resets through the mailed link: new password works, old password and old tokens do not', async () => {
    const user = await createSignedInUser(server);
    await server.post('/api/auth/forgot-password', { email: user.email });
    const resetToken = await resetLinkFor(user.email);

    const reset = await server.post('/api/auth/reset-password', { password: 'brand-new-secret', resetToken });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ message: 'Password reset successfully.' });

    expect((await login(user.email, 'brand-new-secret')).status).toBe(200);
    expect((await login(user.email, user.password)).status).toBe(401);
    const old = await server.get('/api/auth/my-profile', user.token);
    expect(old.status).toBe(401);
    expect(old.body).toEqual({ error: 'Your session has ended. Please sign in again.' });

    const again = await server.post('/api/auth/reset-password', { password: 'another-secret', resetToken });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ error: 'This password reset link is invalid or has expired.' });
    expect((await login(user.email, 'brand-new-secret')).status).toBe(200);
  });

  it('L11: a successful reset lifts the lock others put on the account by failing on purpose', async () => {
    const user = await createUser(server);
    for (let attempt = 0; attempt < 10; attempt++) expect((await login(user.email, 'guess')).status).toBe(401);
    expect((await login(user.email, user.password)).status).toBe(429);
    await server.post('/api/auth/forgot-password', { email: user.email });
    const resetToken = await resetLinkFor(user.email);
    expect((await server.post('/api/auth/reset-password', { password: 'fresh-secret', resetToken })).status).toBe(200);
    expect((await login(user.email, 'fresh-secret')).status).toBe(200);
  });

  it('refuses a tampered token', async () => {
    const user = await createUser(server);
    await server.post('/api/auth/forgot-password', { email: user.email });
    const token = await resetLinkFor(user.email);
    const tampered = (token[0] === 'A' ? 'B' : 'A') + token.slice(1);
    const response = await server.post('/api/auth/reset-password', {
      password: 'brand-new-secret',
      resetToken: tampered,
    });
    expect(response.status).toBe(400);
    expect((await login(user.email, user.password)).status).toBe(200);
  });

  it('refuses an expired token', async () => {
    const user = await createUser(server);
    await server.post('/api/auth/forgot-password', { email: user.email });
    const resetToken = await resetLinkFor(user.email);
    await server.deps.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    const response = await server.post('/api/auth/reset-password', { password: 'brand-new-secret', resetToken });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'This password reset link is invalid or has expired.' });
  });

  it('lets only one of two concurrent requests use a token', async () => {
    const user = await createUser(server);
    await server.post('/api/auth/forgot-password', { email: user.email });
    const resetToken = await resetLinkFor(user.email);
    const answers = await Promise.all([
      server.post('/api/auth/reset-password', { password: 'first-secret', resetToken }),
      server.post('/api/auth/reset-password', { password: 'second-secret', resetToken }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    const winner = answers[0]!.status === 200 ? 'first-secret' : 'second-secret';
    expect((await login(user.email, winner)).status).toBe(200);
  });

  it('refuses a password shorter than 6 characters', async () => {
    const response = await server.post('/api/auth/reset-password', { password: 'abc', resetToken: 'whatever' });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Password must have at least 6 characters' });
  });
});

describe('token versions', () => {
  it('end a token when an administrator blocks its user', async () => {
    const user = await createSignedInUser(server);
    const admin = await server.adminToken();
    const blocked = await server.put(
      `/api/auth/users/${user.id}`,
      { name: user.name, email: user.email, blocked: true },
      admin,
    );
    expect(blocked.status).toBe(200);
    expect((await server.get('/api/auth/my-profile', user.token)).status).toBe(401);
  });

  it('end the other tokens when users change their own password, and give them a fresh one', async () => {
    const user = await createSignedInUser(server);
    const other = await signIn(server, user);
    const changed = await server.post(
      '/api/auth/my-profile',
      { name: user.name, password: 'changed-secret' },
      user.token,
    );
    expect(changed.status).toBe(200);
    expect(changed.body.token).toEqual(expect.any(String));
    expect((await server.get('/api/auth/my-profile', user.token)).status).toBe(401);
    expect((await server.get('/api/auth/my-profile', other)).status).toBe(401);
    expect((await server.get('/api/auth/my-profile', changed.body.token)).status).toBe(200);
  });
});

describe('the log', () => {
  it('never holds a password, a session token or a reset token', async () => {
    const user = await createSignedInUser(server, { password: 'logged-secret-1' });
    await server.post('/api/auth/forgot-password', { email: user.email });
    const resetToken = await resetLinkFor(user.email);
    await server.request('POST', '/api/auth/reset-password', { body: { password: 'logged-secret-2', resetToken } });
    await server.get(`/api/auth/users?token=${resetToken}`, user.token);
    await server.get(`/admin/reset-password/${resetToken}`);
    const log = JSON.stringify(server.logs);
    expect(server.logs.length).toBeGreaterThan(10);
    for (const secret of ['logged-secret-1', 'logged-secret-2', resetToken, user.token]) {
      expect(log).not.toContain(secret);
    }
    expect(log).toContain('[redacted]');
  });
});

describe('POST /api/auth/logout', () => {
  it('I1: ends this session on the server: its token stops at once, other sessions carry on', async () => {
    const user = await createUser(server);
    const [here, elsewhere] = [await signIn(server, user), await signIn(server, user)];
    const out = await server.post('/api/auth/logout', {}, here);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Logged out successfully.' });
    const after = await server.get('/api/auth/my-profile', here);
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ error: 'Your session has ended. Please sign in again.' });
    expect((await server.get('/api/auth/my-profile', elsewhere)).status).toBe(200);
    expect((await server.post('/api/auth/logout', {}, here)).status).toBe(401);
  });
});

describe('Cache-Control of API answers', () => {
  it('I12: the sign-in answer and signed-in answers are never stored', async () => {
    const user = await createUser(server);
    const answer = await login(user.email, user.password);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const profile = await server.get('/api/auth/my-profile', answer.body.token);
    expect(profile.headers.get('cache-control')).toBe('no-store');
    expect((await server.get('/api/auth/users', await server.adminToken())).headers.get('cache-control')).toBe(
      'no-store',
    );
  });
});
