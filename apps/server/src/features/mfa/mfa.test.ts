import { and, eq, sql } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { MESSAGE_TEXTS_EL, messages } from '@community/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, mfaChallenges, notifications, totpFactors, users } from '../../db/schema.js';
import { createSecretBox } from '../../lib/secret-box.js';
import { createUser, type TestUser } from '../../test/factories.js';
import { createRoleWith } from '../../test/resource-helpers.js';
import { assert, createPasskey, type SoftwarePasskey } from '../../test/software-authenticator.js';
import { mailText, startSmtpCapture } from '../../test/smtp-capture.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

const ORIGIN = 'http://community.test';
let server: TestServer;
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
beforeAll(async () => {
  smtp = await startSmtpCapture();
  server = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: ORIGIN });
});
afterAll(async () => {
  await server.close();
  await smtp.close();
});

const codeAt = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

const login = (user: { email: string; password: string }) =>
  server.post('/api/auth/login', { email: user.email, password: user.password });

/** The first step of a sign-in that must answer a challenge. */
async function challengeFor(user: TestUser): Promise<string> {
  const first = await login(user);
  expect(first.status).toBe(200);
  expect(first.body.mfaRequired).toBe(true);
  expect(first.body.token).toBeUndefined();
  return first.body.challenge as string;
}

const secondStep = (body: Record<string, unknown>) => server.post('/api/auth/login/mfa', body);
const withPassword = (method: string, url: string, token: string, password?: string) =>
  server.request(method, url, { token, body: password === undefined ? {} : { password } });

/** A signed-in person with an authenticator app set up; the confirming code used the step before now. */
async function enrolTotp() {
  const user = await createUser(server);
  const token = (await login(user)).body.token as string;
  const setup = await server.post('/api/auth/mfa/totp', {}, token);
  expect(setup.status).toBe(200);
  const secret = setup.body.secret as string;
  // A code of the step before is one step of drift: it must not arrive after the next step begins.
  const intoStep = Date.now() % 30_000;
  if (intoStep > 28_000) await new Promise((resolve) => setTimeout(resolve, 30_000 - intoStep));
  const confirm = await server.post('/api/auth/mfa/totp/confirm', { code: codeAt(secret, -30) }, token);
  expect(confirm.status).toBe(200);
  return { user, token, secret, recoveryCodes: confirm.body.recoveryCodes as string[] };
}

async function enrolPasskey(token: string, name = 'Laptop') {
  const options = await server.post('/api/auth/mfa/passkeys/options', {}, token);
  expect(options.status).toBe(200);
  const { passkey, response } = createPasskey(options.body, ORIGIN);
  const added = await server.post('/api/auth/mfa/passkeys', { name, response }, token);
  return { passkey, added };
}

const isSignedIn = async (token: string) => (await server.get('/api/auth/my-profile', token)).status === 200;

describe('enrolling an authenticator app', () => {
  it('gives a secret, a QR code and an otpauth URL; a first code activates it and answers 10 recovery codes once', async () => {
    const user = await createUser(server);
    const token = (await login(user)).body.token as string;
    const setup = await server.post('/api/auth/mfa/totp', {}, token);
    expect(setup.status).toBe(200);
    expect(setup.body.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.body.otpauthUrl).toContain(`secret=${setup.body.secret}`);
    expect(setup.body.qrSvg).toMatch(/^<svg[^>]*>.*<\/svg>\s*$/s);
    expect((await server.get('/api/auth/mfa', token)).body).toMatchObject({ totp: false, recoveryCodesLeft: 0 });

    const wrong = await server.post('/api/auth/mfa/totp/confirm', { code: '000000' }, token);
    expect(wrong).toMatchObject({ status: 400, body: { error: messages.mfaCodeInvalid } });
    const short = await server.post('/api/auth/mfa/totp/confirm', { code: '12' }, token);
    expect(short).toMatchObject({ status: 400, body: { error: messages.mfaCodeFormat } });
    const confirmed = await server.post('/api/auth/mfa/totp/confirm', { code: codeAt(setup.body.secret) }, token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.recoveryCodes).toHaveLength(10);
    expect(new Set(confirmed.body.recoveryCodes).size).toBe(10);
    expect(await server.get('/api/auth/mfa', token)).toMatchObject({
      status: 200,
      body: { totp: true, passkeys: [], recoveryCodesLeft: 10, hasPassword: true, enrolmentRequired: false },
    });
    // A second app while one is active is refused; a second confirmation too.
    expect((await server.post('/api/auth/mfa/totp', {}, token)).status).toBe(409);
    expect((await server.post('/api/auth/mfa/totp/confirm', { code: codeAt(setup.body.secret) }, token)).status).toBe(
      409,
    );

    const { db } = server.deps;
    const entries = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, user.id), eq(auditEvents.action, 'mfa.totp.enable')));
    expect(entries).toHaveLength(1);
    const told = await db.select().from(notifications).where(eq(notifications.userId, user.id));
    expect(told.map((row) => row.title)).toContain(messages.mfaChangeTotpAdded);
    // The person chose no language: the mail is in Greek.
    expect(mailText((await smtp.waitFor(user.email)).raw)).toContain(MESSAGE_TEXTS_EL.mfaChangeTotpAdded);
  });

  it('keeps the secret encrypted at rest, with a key that is not in the database', async () => {
    const { user, secret } = await enrolTotp();
    const [row] = await server.deps.db.select().from(totpFactors).where(eq(totpFactors.userId, user.id));
    expect(row!.secret).not.toContain(secret);
    expect(row!.secret.startsWith('v1.')).toBe(true);
    expect(createSecretBox('some other signing key of enough length').open(row!.secret)).toBeNull();
    expect(server.deps.secrets.open(row!.secret)).toBe(secret);
    const settings = await server.deps.db.execute(sql`select value from settings`);
    expect(JSON.stringify(settings)).not.toContain(secret);
  });

  it('refuses codes that are not six digits before checking anything', async () => {
    const user = await createUser(server);
    const token = (await login(user)).body.token as string;
    await server.post('/api/auth/mfa/totp', {}, token);
    for (const code of ['12345', 'abcdef', '1'.repeat(5000), 123456]) {
      const response = await server.post('/api/auth/mfa/totp/confirm', { code }, token);
      expect(response.status).toBe(400);
    }
    expect((await server.post('/api/auth/mfa/totp', {})).status).toBe(401);
  });
});

describe('signing in with a second factor', () => {
  it('a correct password answers a challenge; a code from the app completes the sign-in', async () => {
    const { user, secret } = await enrolTotp();
    const challenge = await challengeFor(user);
    const first = await login(user);
    expect(first.body.methods).toEqual(['totp', 'recovery']);
    const done = await secondStep({ challenge, code: codeAt(secret) });
    expect(done.status).toBe(200);
    expect(done.body.user.email).toBe(user.email);
    expect(await isSignedIn(done.body.token)).toBe(true);
    // The session says how the person proved who they are.
    const entries = await server.deps.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, user.id), eq(auditEvents.action, 'auth.login.success')));
    expect(entries.map((entry) => entry.targetLabel).sort()).toEqual(['password', 'password+totp']);
  });

  it('refuses a wrong code, a code already used in its 30 s step, and an unknown or expired challenge', async () => {
    const { user, secret } = await enrolTotp();
    const code = codeAt(secret);
    const wrong = await secondStep({
      challenge: await challengeFor(user),
      code: code === '000000' ? '111111' : '000000',
    });
    expect(wrong).toMatchObject({ status: 400, body: { error: messages.mfaCodeInvalid } });
    expect((await secondStep({ challenge: await challengeFor(user), code })).status).toBe(200);
    const reused = await secondStep({ challenge: await challengeFor(user), code });
    expect(reused).toMatchObject({ status: 400, body: { error: messages.mfaCodeUsed } });
    expect((await secondStep({ challenge: await challengeFor(user), code: codeAt(secret, 30) })).status).toBe(200);

    const unknown = await secondStep({ challenge: 'x'.repeat(43), code: codeAt(secret) });
    expect(unknown).toMatchObject({ status: 401, body: { error: messages.mfaChallengeInvalid } });
    const expired = await challengeFor(user);
    await server.deps.db
      .update(mfaChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(mfaChallenges.userId, user.id));
    expect(await secondStep({ challenge: expired, code: codeAt(secret) })).toMatchObject({
      status: 401,
      body: { error: messages.mfaChallengeInvalid },
    });
  });

  it("refuses another person's challenge answered with my own code", async () => {
    const mine = await enrolTotp();
    const theirs = await enrolTotp();
    const foreign = await secondStep({ challenge: await challengeFor(theirs.user), code: codeAt(mine.secret) });
    // Codes of two secrets agree once in a million; the sentence is the wrong-code one.
    expect(foreign).toMatchObject({ status: 400, body: { error: messages.mfaCodeInvalid } });
  });

  it('a challenge is good once, even under two submissions at the same moment', async () => {
    const { user, recoveryCodes } = await enrolTotp();
    const challenge = await challengeFor(user);
    const answers = await Promise.all([
      secondStep({ challenge, recoveryCode: recoveryCodes[0] }),
      secondStep({ challenge, recoveryCode: recoveryCodes[1] }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 401]);
    // And a challenge that signed someone in is spent.
    expect((await secondStep({ challenge, recoveryCode: recoveryCodes[2] })).status).toBe(401);
  });

  it('one code submitted twice at the same moment signs in once', async () => {
    const { user, secret } = await enrolTotp();
    const code = codeAt(secret);
    const [a, b] = await Promise.all([challengeFor(user), challengeFor(user)]);
    const answers = await Promise.all([secondStep({ challenge: a, code }), secondStep({ challenge: b, code })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
  });

  it('5 wrong codes end the challenge; the failures count against the account limit', async () => {
    const { user, secret } = await enrolTotp();
    const challenge = await challengeFor(user);
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect((await secondStep({ challenge, code: '000000' })).status).toBe(400);
    }
    expect(await secondStep({ challenge, code: '000000' })).toMatchObject({
      status: 401,
      body: { error: messages.mfaTooManyAttempts },
    });
    expect((await secondStep({ challenge, code: codeAt(secret) })).status).toBe(401);
    // Five more on a new challenge reach the per-account limit of ten: even the password is refused now.
    const another = await challengeFor(user);
    for (let attempt = 1; attempt <= 5; attempt++) await secondStep({ challenge: another, code: '000000' });
    expect((await login(user)).status).toBe(429);
  });

  it('a recovery code works once, in any case and with or without its dash', async () => {
    const { user, token, recoveryCodes } = await enrolTotp();
    const code = recoveryCodes[3]!;
    expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const used = await secondStep({
      challenge: await challengeFor(user),
      recoveryCode: code.replace('-', '').toUpperCase(),
    });
    expect(used.status).toBe(200);
    expect(used.body.token).toBeTruthy();
    expect(await secondStep({ challenge: await challengeFor(user), recoveryCode: code })).toMatchObject({
      status: 400,
      body: { error: messages.recoveryCodeInvalid },
    });
    expect((await server.get('/api/auth/mfa', token)).body.recoveryCodesLeft).toBe(9);
  });

  it('the second step takes exactly one answer', async () => {
    const { user, secret, recoveryCodes } = await enrolTotp();
    const challenge = await challengeFor(user);
    expect((await secondStep({ challenge })).status).toBe(400);
    expect((await secondStep({ challenge, code: codeAt(secret), recoveryCode: recoveryCodes[0] })).status).toBe(400);
    expect((await secondStep({ code: codeAt(secret) })).status).toBe(400);
  });
});

describe('removing factors and new recovery codes', () => {
  it('removing the last factor asks for the password; afterwards the password alone signs in', async () => {
    const { user, token, recoveryCodes } = await enrolTotp();
    expect(await withPassword('DELETE', '/api/auth/mfa/totp', token)).toMatchObject({
      status: 400,
      body: { error: messages.passwordNeeded },
    });
    expect(await withPassword('DELETE', '/api/auth/mfa/totp', token, 'not-the-password')).toMatchObject({
      status: 400,
      body: { error: messages.passwordWrong },
    });
    expect((await withPassword('DELETE', '/api/auth/mfa/totp', token, user.password)).status).toBe(200);
    expect((await server.get('/api/auth/mfa', token)).body).toMatchObject({ totp: false, recoveryCodesLeft: 0 });
    const plain = await login(user);
    expect(plain.body.token).toBeTruthy();
    expect(recoveryCodes).toHaveLength(10);
  });

  it('an account without a password (made with Google) removes its last factor with its session alone', async () => {
    const { user, token } = await enrolTotp();
    await server.deps.db.update(users).set({ passwordHash: null }).where(eq(users.id, user.id));
    expect((await server.get('/api/auth/mfa', token)).body.hasPassword).toBe(false);
    expect((await withPassword('DELETE', '/api/auth/mfa/totp', token)).status).toBe(200);
  });

  it('a new set of recovery codes needs the password and ends the old set', async () => {
    const { user, token, recoveryCodes } = await enrolTotp();
    expect(await withPassword('POST', '/api/auth/mfa/recovery-codes', token)).toMatchObject({
      status: 400,
      body: { error: messages.passwordNeededForCodes },
    });
    const fresh = await withPassword('POST', '/api/auth/mfa/recovery-codes', token, user.password);
    expect(fresh.status).toBe(200);
    expect(fresh.body.recoveryCodes).toHaveLength(10);
    expect((await secondStep({ challenge: await challengeFor(user), recoveryCode: recoveryCodes[0] })).status).toBe(
      400,
    );
    expect(
      (await secondStep({ challenge: await challengeFor(user), recoveryCode: fresh.body.recoveryCodes[0] })).status,
    ).toBe(200);
    const plain = await createUser(server);
    const plainToken = (await login(plain)).body.token as string;
    expect(await withPassword('POST', '/api/auth/mfa/recovery-codes', plainToken, plain.password)).toMatchObject({
      status: 400,
      body: { error: messages.noSecondFactor },
    });
  });
});

describe('a new password on the profile of an account with a second factor', () => {
  it('needs the current one, so a session alone cannot set one and then remove the factor', async () => {
    const { user, token } = await enrolTotp();
    const change = (body: Record<string, unknown>) =>
      server.post('/api/auth/my-profile', { name: user.name, password: 'thief pass 1', ...body }, token);
    expect(await change({})).toMatchObject({ status: 400, body: { error: messages.currentPasswordNeeded } });
    expect(await change({ currentPassword: 'not-the-password' })).toMatchObject({
      status: 400,
      body: { error: messages.passwordWrong },
    });
    // Nothing changed: the session stands and the factor cannot go without the real password.
    expect((await server.get('/api/auth/mfa', token)).body.totp).toBe(true);
    expect(await withPassword('DELETE', '/api/auth/mfa/totp', token, 'thief pass 1')).toMatchObject({
      status: 400,
      body: { error: messages.passwordWrong },
    });
    const changed = await change({ currentPassword: user.password });
    expect(changed.status).toBe(200);
    expect(changed.body.token).toEqual(expect.any(String));
    // Without a factor the profile changes the password as the spec has it.
    const plain = await createUser(server);
    const plainToken = (await login(plain)).body.token as string;
    const plainChange = await server.post(
      '/api/auth/my-profile',
      { name: plain.name, password: 'another pass 1' },
      plainToken,
    );
    expect(plainChange.status).toBe(200);
  });
});

describe('passkeys', () => {
  let user: TestUser;
  let token: string;
  let passkey: SoftwarePasskey;
  beforeAll(async () => {
    user = await createUser(server);
    token = (await login(user)).body.token as string;
    const enrolled = await enrolPasskey(token);
    expect(enrolled.added.status).toBe(200);
    expect(enrolled.added.body.recoveryCodes).toHaveLength(10);
    passkey = enrolled.passkey;
  });

  it('are listed by name with when they were made and last used', async () => {
    const status = await server.get('/api/auth/mfa', token);
    expect(status.body.passkeys).toEqual([
      { _id: expect.any(String), name: 'Laptop', createdAt: expect.any(String), lastUsedAt: null },
    ]);
  });

  it('sign in alone: options, an assertion, a session; the same assertion again is refused', async () => {
    const options = await server.post('/api/auth/passkey/options', {});
    expect(options.status).toBe(200);
    expect(options.body.rpId).toBe('community.test');
    const response = assert(passkey, options.body, ORIGIN);
    const signedIn = await server.post('/api/auth/passkey/verify', { response });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(user.email);
    expect(await isSignedIn(signedIn.body.token)).toBe(true);
    expect(await server.post('/api/auth/passkey/verify', { response })).toMatchObject({
      status: 401,
      body: { error: messages.passkeyInvalid },
    });
    const listed = (await server.get('/api/auth/mfa', token)).body.passkeys[0];
    expect(listed.lastUsedAt).not.toBeNull();
  });

  it('refuses an assertion made for another origin or relying party, and one from an unknown passkey', async () => {
    const crossOrigin = assert(
      passkey,
      (await server.post('/api/auth/passkey/options', {})).body,
      'https://evil.test',
      'community.test',
    );
    expect((await server.post('/api/auth/passkey/verify', { response: crossOrigin })).status).toBe(401);
    const otherRp = assert(passkey, (await server.post('/api/auth/passkey/options', {})).body, ORIGIN, 'evil.test');
    expect((await server.post('/api/auth/passkey/verify', { response: otherRp })).status).toBe(401);
    const stranger = createPasskey({ challenge: 'x', user: { id: 'x' } }, ORIGIN).passkey;
    const unknown = assert(stranger, (await server.post('/api/auth/passkey/options', {})).body, ORIGIN);
    expect(await server.post('/api/auth/passkey/verify', { response: unknown })).toMatchObject({
      status: 401,
      body: { error: messages.passkeyUnknown },
    });
  });

  it('a correct password asks for the passkey as the second step', async () => {
    const challenge = await challengeFor(user);
    expect((await login(user)).body.methods).toEqual(['passkey', 'recovery']);
    const options = await server.post('/api/auth/login/mfa/passkey-options', { challenge });
    expect(options.status).toBe(200);
    expect(options.body.allowCredentials).toHaveLength(1);
    const done = await secondStep({ challenge, passkey: assert(passkey, options.body, ORIGIN) });
    expect(done.status).toBe(200);
    expect(await isSignedIn(done.body.token)).toBe(true);
  });

  it('a registration for another origin, or answering no ceremony, is refused', async () => {
    const options = await server.post('/api/auth/mfa/passkeys/options', {}, token);
    const { response } = createPasskey(options.body, 'https://evil.test');
    expect((await server.post('/api/auth/mfa/passkeys', { name: 'Evil', response }, token)).status).toBe(400);
    const unasked = createPasskey({ challenge: 'never-asked', user: { id: 'x' } }, ORIGIN).response;
    expect((await server.post('/api/auth/mfa/passkeys', { name: 'Unasked', response: unasked }, token)).status).toBe(
      400,
    );
    expect((await server.post('/api/auth/mfa/passkeys', { name: '', response }, token)).status).toBe(400);
  });

  it('removing one: someone else’s is not found; the last one asks for the password', async () => {
    const other = await createUser(server);
    const otherToken = (await login(other)).body.token as string;
    const second = await enrolPasskey(otherToken, 'Phone');
    const [otherPasskey] = (await server.get('/api/auth/mfa', otherToken)).body.passkeys;
    expect(second.added.status).toBe(200);
    expect(
      (await withPassword('DELETE', `/api/auth/mfa/passkeys/${otherPasskey._id}`, token, user.password)).status,
    ).toBe(404);
    expect((await withPassword('DELETE', `/api/auth/mfa/passkeys/${otherPasskey._id}`, otherToken)).status).toBe(400);
    expect(
      (await withPassword('DELETE', `/api/auth/mfa/passkeys/${otherPasskey._id}`, otherToken, other.password)).status,
    ).toBe(200);
    expect((await login(other)).body.token).toBeTruthy();
  });
});

describe("an administrator's reset", () => {
  it('removes every factor and ends every session; a member cannot, and only admins reset admins', async () => {
    const { user, token } = await enrolTotp();
    const admin = await server.adminToken();
    const member = (await login(await createUser(server))).body.token as string;
    expect((await server.post(`/api/auth/users/${user.id}/mfa/reset`, {}, member)).status).toBe(403);

    const mfaEnabledOf = async () => (await server.get(`/api/auth/users/${user.id}`, admin)).body.mfaEnabled;
    expect(await mfaEnabledOf()).toBe(true);
    const reset = await server.post(`/api/auth/users/${user.id}/mfa/reset`, {}, admin);
    expect(reset).toMatchObject({ status: 200, body: { message: messages.mfaReset } });
    expect(await mfaEnabledOf()).toBe(false);
    expect(await isSignedIn(token)).toBe(false);
    expect((await login(user)).body.token).toBeTruthy();

    const helperRole = await createRoleWith(server, `MFA helpers ${Date.now()}`, 'POST /api/auth/users/:id/mfa/reset');
    const helper = await createUser(server, { roleIds: [helperRole] });
    const helperToken = (await login(helper)).body.token as string;
    const otherAdmin = await createUser(server, { roles: ['admin'] });
    expect((await server.post(`/api/auth/users/${otherAdmin.id}/mfa/reset`, {}, helperToken)).status).toBe(403);
    const plain = await createUser(server);
    expect((await server.post(`/api/auth/users/${plain.id}/mfa/reset`, {}, helperToken)).status).toBe(200);
  });

  it('who uses a second factor is told only to those who may reset it', async () => {
    const { user } = await enrolTotp();
    const stamp = Date.now();
    const readers = await createRoleWith(
      server,
      `User readers ${stamp}`,
      'GET /api/auth/users',
      'GET /api/auth/users/:id',
    );
    const resetters = await createRoleWith(
      server,
      `User resetters ${stamp}`,
      'GET /api/auth/users',
      'GET /api/auth/users/:id',
      'POST /api/auth/users/:id/mfa/reset',
    );
    const reader = (await login(await createUser(server, { roleIds: [readers] }))).body.token as string;
    const resetter = (await login(await createUser(server, { roleIds: [resetters] }))).body.token as string;
    const listed = async (token: string) =>
      (await server.get(`/api/auth/users?q=${encodeURIComponent(user.email)}`, token)).body.data[0];

    expect(await listed(reader)).toMatchObject({ _id: user.id, email: user.email });
    expect(await listed(reader)).not.toHaveProperty('mfaEnabled');
    expect((await server.get(`/api/auth/users/${user.id}`, reader)).body).not.toHaveProperty('mfaEnabled');
    expect(await listed(resetter)).toMatchObject({ _id: user.id, mfaEnabled: true });
    expect((await server.get(`/api/auth/users/${user.id}`, resetter)).body).toMatchObject({ mfaEnabled: true });
  });
});

describe('MFA_REQUIRED_FOR_ADMINS', () => {
  it('an administrator without a factor may do nothing but enrol one', async () => {
    const strict = await startTestServer({ MFA_REQUIRED_FOR_ADMINS: 'true', PUBLIC_URL: ORIGIN });
    try {
      const admin = await strict.adminToken();
      expect(await strict.get('/api/auth/users', admin)).toMatchObject({
        status: 403,
        body: { error: messages.mfaEnrolmentRequired },
      });
      expect((await strict.get('/api/auth/mfa', admin)).body.enrolmentRequired).toBe(true);
      // Nothing is offered on the screens either.
      expect((await strict.get('/api/auth/my-permissions', admin)).body.permissions).toEqual([]);
      const setup = await strict.post('/api/auth/mfa/totp', {}, admin);
      expect((await strict.post('/api/auth/mfa/totp/confirm', { code: codeAt(setup.body.secret) }, admin)).status).toBe(
        200,
      );
      expect((await strict.get('/api/auth/users', admin)).status).toBe(200);
      expect((await strict.get('/api/auth/mfa', admin)).body.enrolmentRequired).toBe(false);
    } finally {
      await strict.close();
    }
  });
});
