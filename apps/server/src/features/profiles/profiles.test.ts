import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, profiles, users } from '../../db/schema.js';
import { createSignedInUser, createUser, uniqueEmail, type TestUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

const SIGN_IN = { error: 'Please sign in to continue.' };
const SESSION_ENDED = { error: 'Your session has ended. Please sign in again.' };
const FORBIDDEN = { error: 'You do not have permission to do this.' };
const IMAGE_PATH = /^\/api\/upload\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

async function uploadAvatar(token: string): Promise<string> {
  const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0a0' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('type', 'image');
  form.append('file', new Blob([png], { type: 'image/png' }), 'avatar.png');
  const response = await server.request('POST', '/api/upload/profile-image', { token, rawBody: form });
  if (response.status !== 201) throw new Error(`upload failed: ${response.status} ${response.text}`);
  expect(response.body.filePaths[0].path).toMatch(IMAGE_PATH);
  return response.body.filePaths[0].path as string;
}

/** The user row and the profile row as stored, to assert what a call changed (or did not). */
async function stored(userId: string) {
  const [user] = await server.deps.db
    .select({
      name: users.name,
      avatarUrl: users.avatarUrl,
      passwordHash: users.passwordHash,
      tokenVersion: users.tokenVersion,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [profile] = await server.deps.db
    .select({ phone: profiles.phone, address: profiles.address, bio: profiles.bio, image: profiles.image })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return { user: user!, profile: profile ?? null };
}

const saveProfile = (token: string, body: Record<string, unknown>) => server.post('/api/auth/my-profile', body, token);

const login = (email: string, password: string) => server.post('/api/auth/login', { email, password });

/** The answer GET /my-profile and the list give for a user with no stored profile. */
const emptyProfile = (user: TestUser) => ({
  _id: user.id,
  name: user.name,
  address: null,
  phone: null,
  bio: null,
  image: null,
  user: { _id: user.id, email: user.email },
});

describe('GET /api/auth/my-profile', () => {
  it('answers the caller profile with empty fields when nothing was saved', async () => {
    const member = await createSignedInUser(server);
    await createSignedInUser(server); // another user, to be sure the caller's own row is answered
    const response = await server.get('/api/auth/my-profile?page=1&limit=25', member.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ profile: emptyProfile(member), language: 'el', mailOnContact: false });
  });

  it('answers the stored profile fields of the caller', async () => {
    const member = await createSignedInUser(server);
    const image = `/api/upload/images/${crypto.randomUUID()}`;
    await server.deps.db
      .insert(profiles)
      .values({ userId: member.id, phone: '210 555', address: 'Οδός 1', bio: 'Γεια', image });
    const response = await server.get('/api/auth/my-profile', member.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      profile: { ...emptyProfile(member), phone: '210 555', address: 'Οδός 1', bio: 'Γεια', image },
      language: 'el',
      mailOnContact: false,
    });
  });

  it('answers 401 without a token', async () => {
    const response = await server.get('/api/auth/my-profile');
    expect(response.status).toBe(401);
    expect(response.body).toEqual(SIGN_IN);
  });
});

describe('POST /api/auth/my-profile', () => {
  it('saves the language of my mail, keeps it when left out and refuses one it does not write', async () => {
    const member = await createSignedInUser(server);
    const save = (body: Record<string, unknown>) =>
      server.post('/api/auth/my-profile', { name: member.name, ...body }, member.token);
    expect((await save({ language: 'en' })).body.language).toBe('en');
    expect((await save({})).body.language).toBe('en');
    expect((await server.get('/api/auth/my-profile', member.token)).body.language).toBe('en');
    // The audit log has the change of language, and no entry for the save that changed nothing.
    const entries = await server.deps.db
      .select({ changes: auditEvents.changes })
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'profile.update'), eq(auditEvents.targetId, member.id)));
    expect(entries.map((entry) => entry.changes)).toEqual([{ language: ['el', 'en'] }]);
    const refused = await save({ language: 'fr' });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'Language must be el or en' });
  });

  it('saves name, phone, address, bio and an uploaded image, keeping the password when it is blank', async () => {
    const member = await createSignedInUser(server);
    const before = await stored(member.id);
    const image = await uploadAvatar(member.token);
    const body = {
      name: 'Ελένη Μ.',
      phone: '+30 210 0000000',
      address: 'Αθήνα',
      bio: 'Εθελόντρια',
      image,
      password: '',
    };

    const response = await saveProfile(member.token, body);

    expect(response.status).toBe(200);
    const profile = {
      ...emptyProfile(member),
      name: 'Ελένη Μ.',
      phone: '+30 210 0000000',
      address: 'Αθήνα',
      bio: 'Εθελόντρια',
      image,
    };
    expect(response.body).toEqual({ profile, language: 'el', mailOnContact: false });
    expect(await stored(member.id)).toEqual({
      user: { ...before.user, name: 'Ελένη Μ.', avatarUrl: image },
      profile: { phone: '+30 210 0000000', address: 'Αθήνα', bio: 'Εθελόντρια', image },
    });
    const again = await server.get('/api/auth/my-profile', member.token);
    expect(again.status).toBe(200);
    expect(again.body).toEqual({ profile, language: 'el', mailOnContact: false });
    expect((await login(member.email, member.password)).status).toBe(200);
  });

  it('takes phone as optional', async () => {
    const member = await createSignedInUser(server);
    const response = await saveProfile(member.token, { name: 'No Phone', address: 'Πάτρα' });
    expect(response.status).toBe(200);
    expect(response.body.profile).toMatchObject({ name: 'No Phone', phone: null, address: 'Πάτρα' });
    expect((await stored(member.id)).profile).toEqual({ phone: null, address: 'Πάτρα', bio: null, image: null });
  });

  it('clears blank optional fields and keeps the image when none is sent', async () => {
    const member = await createSignedInUser(server);
    const image = await uploadAvatar(member.token);
    await saveProfile(member.token, { name: member.name, phone: '123', address: 'Χανιά', bio: 'x', image });

    const response = await saveProfile(member.token, { name: member.name, phone: '', address: '   ', bio: null });

    expect(response.status).toBe(200);
    expect(response.body.profile).toMatchObject({ phone: null, address: null, bio: null, image });
    expect(await stored(member.id)).toMatchObject({
      user: { avatarUrl: image },
      profile: { phone: null, address: null, bio: null, image },
    });
  });

  it('answers a fresh token for a new password, which works while the old token ends', async () => {
    const member = await createSignedInUser(server);
    const before = await stored(member.id);

    const response = await saveProfile(member.token, { name: member.name, password: 'new-secret' });

    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      profile: emptyProfile(member),
      language: 'el',
      mailOnContact: false,
      token: expect.any(String),
    });
    const after = await stored(member.id);
    expect(after.user.tokenVersion).toBe(before.user.tokenVersion + 1);
    expect(after.user.passwordHash).not.toBe(before.user.passwordHash);
    const old = await server.get('/api/auth/my-profile', member.token);
    expect(old.status).toBe(401);
    expect(old.body).toEqual(SESSION_ENDED);
    const fresh = await server.get('/api/auth/my-profile', response.body.token);
    expect(fresh.status).toBe(200);
    expect(fresh.body.profile._id).toBe(member.id);
    expect((await login(member.email, 'new-secret')).status).toBe(200);
    expect((await login(member.email, member.password)).body).toEqual({ error: 'Invalid email or password.' });
  });

  it('keeps the choice of mail on new contact messages for administrators alone, who are the ones mailed', async () => {
    const member = await createSignedInUser(server);
    const saved = await saveProfile(member.token, { name: member.name, mailOnContact: true });
    expect(saved.status).toBe(200);
    expect(saved.body.mailOnContact).toBe(false);
    expect((await server.get('/api/auth/my-profile', member.token)).body.mailOnContact).toBe(false);
  });

  it('answers no token and keeps the session when the password is left blank', async () => {
    const member = await createSignedInUser(server);
    const before = await stored(member.id);
    const response = await saveProfile(member.token, { name: 'Same Password', password: '' });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      profile: { ...emptyProfile(member), name: 'Same Password' },
      language: 'el',
      mailOnContact: false,
    });
    expect((await stored(member.id)).user).toEqual({ ...before.user, name: 'Same Password' });
    expect((await server.get('/api/auth/my-profile', member.token)).status).toBe(200);
  });

  it.each([
    ['no name', { phone: '1' }, 'Name is required'],
    ['a blank name', { name: '   ' }, 'Name is required'],
    ['a short password', { name: 'Short Pass', password: '12345' }, 'Password must have at least 6 characters'],
    [
      'a phone number with letters or markup',
      { name: 'Markup', phone: '<b>1</b>' },
      'Phone must be a number: digits, with spaces and + ( ) - . / as you like',
    ],
    ['an external image URL', { name: 'Ext', image: 'https://evil.test/track.png' }, 'Image must be an uploaded image'],
    ['a protocol-relative URL', { name: 'Ext', image: '//evil.test/a.png' }, 'Image must be an uploaded image'],
    [
      'a path that climbs out of the images',
      { name: 'Climb', image: '/api/upload/images/../../auth/users' },
      'Image must be an uploaded image',
    ],
    [
      'an image id that was never uploaded',
      { name: 'Ghost', image: `/api/upload/images/${crypto.randomUUID()}` },
      'Image must be an uploaded image',
    ],
  ])('refuses %s with 400 and changes nothing', async (_label, body, message) => {
    const member = await createSignedInUser(server);
    await saveProfile(member.token, { name: member.name, phone: '999', bio: 'before' });
    const before = await stored(member.id);

    const response = await saveProfile(member.token, body);

    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
    expect(await stored(member.id)).toEqual(before);
    expect((await server.get('/api/auth/my-profile', member.token)).status).toBe(200);
  });

  it('I8: refuses an image another person uploaded', async () => {
    const [owner, borrower] = await Promise.all([createSignedInUser(server), createSignedInUser(server)]);
    const image = await uploadAvatar(owner.token);
    const response = await saveProfile(borrower.token, { name: borrower.name, image });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: 'Image must be an uploaded image' });
    expect((await saveProfile(owner.token, { name: owner.name, image })).status).toBe(200);
  });

  it('answers 401 without a token', async () => {
    const response = await server.post('/api/auth/my-profile', { name: 'Anonymous' });
    expect(response.status).toBe(401);
    expect(response.body).toEqual(SIGN_IN);
    expect(await server.deps.db.select().from(users).where(eq(users.name, 'Anonymous'))).toEqual([]);
  });
});

describe('GET /api/auth/user-profiles', () => {
  /** Users found by `tag`: one by name with a saved profile, one by email only, one by name without a profile. */
  async function taggedUsers(tag: string) {
    const saved = await createSignedInUser(server, { name: `Profiled ${tag} saved` });
    await saveProfile(saved.token, { name: saved.name, address: 'Πάτρα', phone: '555', bio: 'bio' });
    const byEmail = await createUser(server, { name: 'Email Match', email: uniqueEmail(`mail${tag}`) });
    const bare = await createUser(server, { name: `Profiled ${tag} bare` });
    return { saved, byEmail, bare };
  }

  const newTag = () => crypto.randomBytes(4).toString('hex');

  it('lists profiles with name, address, phone and email, searchable by name or email', async () => {
    const tag = newTag();
    const { saved, byEmail, bare } = await taggedUsers(tag);
    const admin = await server.adminToken();

    const response = await server.get(`/api/auth/user-profiles?q=${tag.toUpperCase()}`, admin);

    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 3, page: 1, pages: 1 });
    expect(response.body.data).toEqual([
      emptyProfile(bare),
      emptyProfile(byEmail),
      { ...emptyProfile(saved), address: 'Πάτρα', phone: '555', bio: 'bio' },
    ]);
    const email = await server.get(`/api/auth/user-profiles?q=mail${tag}`, admin);
    expect(email.status).toBe(200);
    expect(email.body).toMatchObject({ total: 1, data: [emptyProfile(byEmail)] });
  });

  it('pages through the matches', async () => {
    const tag = newTag();
    const { saved, byEmail, bare } = await taggedUsers(tag);
    const admin = await server.adminToken();

    const first = await server.get(`/api/auth/user-profiles?q=${tag}&limit=2&page=1`, admin);
    const second = await server.get(`/api/auth/user-profiles?q=${tag}&limit=2&page=2`, admin);

    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 3, pages: 2, page: 1, startIndex: 1, endIndex: 2 });
    expect(second.body).toMatchObject({ total: 3, pages: 2, page: 2, startIndex: 3, endIndex: 3 });
    const ids = [...first.body.data, ...second.body.data].map((profile: { _id: string }) => profile._id);
    expect(ids).toEqual([bare.id, byEmail.id, saved.id]);
  });

  it('refuses a plain user with 403 and a caller without a token with 401', async () => {
    const member = await createSignedInUser(server, { roles: ['user'] });
    const plain = await server.get('/api/auth/user-profiles', member.token);
    expect(plain.status).toBe(403);
    expect(plain.body).toEqual(FORBIDDEN);
    const anonymous = await server.get('/api/auth/user-profiles');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual(SIGN_IN);
  });
});
