import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, users } from '../../db/schema.js';
import { createSignedInUser, createUser, uniqueEmail } from '../../test/factories.js';
import { createRoleWith } from '../../test/resource-helpers.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminToken();
});
afterAll(() => server.close());

const marker = () => `m${crypto.randomBytes(4).toString('hex')}`;
const userRow = async (id: string, on: TestServer = server) =>
  (await on.deps.db.select().from(users).where(eq(users.id, id)))[0];

describe('GET /api/auth/users', () => {
  it('lists newest first with the pagination fields', async () => {
    const tag = marker();
    const first = await createUser(server, { name: `First ${tag}` });
    const second = await createUser(server, { name: `Second ${tag}` });
    const response = await server.get(`/api/auth/users?q=${tag}`, admin);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ total: 2, page: 1, pages: 1, startIndex: 1, endIndex: 2 });
    expect(response.body.data.map((u: { _id: string }) => u._id)).toEqual([second.id, first.id]);
    expect(Object.keys(response.body.data[0]).sort()).toEqual(
      [
        '_id',
        'avatarUrl',
        'blocked',
        'confirmed',
        'createdAt',
        'email',
        'mfaEnabled',
        'name',
        'updatedAt',
        'username',
      ].sort(),
    );
  });

  it('pages through a search without gaps or repeats, the deep pages included', async () => {
    const tag = marker();
    const created = [];
    for (let i = 0; i < 30; i++) created.push(await createUser(server, { name: `Paged ${tag} ${i}` }));
    const seen: string[] = [];
    for (let page = 1; page <= 5; page++) {
      const response = await server.get(`/api/auth/users?q=${tag}&limit=7&page=${page}`, admin);
      expect(response.body).toMatchObject({ total: 30, pages: 5, page });
      expect(response.body.startIndex).toBe((page - 1) * 7 + 1);
      seen.push(...response.body.data.map((u: { _id: string }) => u._id));
    }
    expect(seen).toEqual(created.map((u) => u.id).reverse());
  });

  it('reads deep pages of the whole list in the same order as the forward pages', async () => {
    const all = await server.get('/api/auth/users?limit=1000', admin);
    const total = all.body.total as number;
    const limit = 3;
    const lastPage = Math.ceil(total / limit);
    const last = await server.get(`/api/auth/users?limit=${limit}&page=${lastPage}`, admin);
    const beforeLast = await server.get(`/api/auth/users?limit=${limit}&page=${lastPage - 1}`, admin);
    const expected = all.body.data.map((u: { _id: string }) => u._id);
    expect([...beforeLast.body.data, ...last.body.data].map((u: { _id: string }) => u._id)).toEqual(
      expected.slice((lastPage - 2) * limit),
    );
    expect(last.body.endIndex).toBe(total);
  });

  it('defaults to 25 rows and caps the limit at 1000', async () => {
    for (let i = 0; i < 26; i++) await createUser(server);
    const plain = await server.get('/api/auth/users', admin);
    expect(plain.body.data).toHaveLength(25);
    const huge = await server.get('/api/auth/users?limit=100000', admin);
    expect(huge.body.data.length).toBe(Math.min(huge.body.total, 1000));
    const beyond = await server.get(`/api/auth/users?page=9999`, admin);
    expect(beyond.body.data).toEqual([]);
    expect(beyond.body.startIndex).toBe(0);
  });

  it('finds names and emails case-insensitively, Greek included', async () => {
    const greek = await createUser(server, { name: 'Σταυρούλα Ζαχαρίου' });
    const byGreek = await server.get(`/api/auth/users?q=${encodeURIComponent('ζαχαρ')}`, admin);
    expect(byGreek.body.data.map((u: { _id: string }) => u._id)).toContain(greek.id);
    const mail = await createUser(server, { email: uniqueEmail('CaseMail') });
    const byEmail = await server.get(`/api/auth/users?q=${encodeURIComponent(mail.email.toUpperCase())}`, admin);
    expect(byEmail.body.data.map((u: { _id: string }) => u._id)).toEqual([mail.id]);
  });

  it('finds Greek names typed without accents, in capitals, or with a capital final Σ', async () => {
    const eleni = await createUser(server, { name: 'Ελένη Ξανθοπούλου' });
    const giorgos = await createUser(server, { name: 'Γιώργος Ξανθόπουλος' });
    const found = async (q: string) =>
      (await server.get(`/api/auth/users?q=${encodeURIComponent(q)}`, admin)).body.data.map(
        (u: { _id: string }) => u._id,
      );
    for (const q of ['ελενη ξανθοπουλου', 'ΕΛΕΝΗ ΞΑΝΘΟΠΟΥΛΟΥ', 'Ελένη Ξανθοπούλου', 'ελένη ξανθ']) {
      expect(await found(q), q).toEqual([eleni.id]);
    }
    for (const q of ['ΓΙΩΡΓΟΣ ΞΑΝΘΟΠΟΥΛΟΣ', 'γιωργος ξανθοπουλος', 'ΓΙΏΡΓΟΣ'])
      expect(await found(q), q).toContain(giorgos.id);
    // The same in the role assignments and the user profiles, which search people by name too.
    const profiles = await server.get(`/api/auth/user-profiles?q=${encodeURIComponent('ΞΑΝΘΟΠΟΥΛΟΥ')}`, admin);
    expect(
      profiles.body.data.map((p: { user: { _id: string } | null; _id: string }) => p.user?._id ?? p._id),
    ).toContain(eleni.id);
  });

  it('matches % and _ literally', async () => {
    const tag = marker();
    const percent = await createUser(server, { name: `${tag} 100% sure` });
    await createUser(server, { name: `${tag} 100 sure` });
    const underscore = await createUser(server, { name: `${tag} a_b` });
    await createUser(server, { name: `${tag} axb` });
    const byPercent = await server.get(`/api/auth/users?q=${encodeURIComponent(`${tag} 100%`)}`, admin);
    expect(byPercent.body.data.map((u: { _id: string }) => u._id)).toEqual([percent.id]);
    const byUnderscore = await server.get(`/api/auth/users?q=${encodeURIComponent('a_b')}`, admin);
    expect(byUnderscore.body.data.map((u: { _id: string }) => u._id)).toEqual([underscore.id]);
  });
});

describe('GET /api/auth/users/:id', () => {
  it('answers the user, 404 for an unknown id and 400 for a malformed one', async () => {
    const user = await createUser(server);
    expect((await server.get(`/api/auth/users/${user.id}`, admin)).body).toMatchObject({
      _id: user.id,
      email: user.email,
    });
    const unknown = await server.get(`/api/auth/users/${crypto.randomUUID()}`, admin);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ error: 'User not found.' });
    const malformed = await server.get('/api/auth/users/123', admin);
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({ error: 'The id is not valid.' });
  });
});

describe('POST /api/auth/users', () => {
  it('creates a confirmed, unblocked user with an argon2id hash', async () => {
    const email = uniqueEmail('created');
    const response = await server.post('/api/auth/users', { name: 'Νέο Μέλος', email, password: 'secret1' }, admin);
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name: 'Νέο Μέλος', email, confirmed: true, blocked: false });
    expect(response.text).not.toContain('password');
    expect(response.text).not.toContain('argon2');
    const row = await userRow(response.body._id);
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await server.post('/api/auth/login', { email, password: 'secret1' })).status).toBe(200);
  });

  it('answers 409 for an email already used, in any letter case', async () => {
    const user = await createUser(server);
    const response = await server.post(
      '/api/auth/users',
      { name: 'Dup', email: user.email.toUpperCase(), password: 'secret1' },
      admin,
    );
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ error: 'A user with this email already exists.' });
  });

  it('I6: answers 409 for the same address written in another Unicode form', async () => {
    const tag = marker();
    const composed = `jos\u00e9-${tag}@example.test`;
    const decomposed = `jose\u0301-${tag}@example.test`;
    const first = await server.post('/api/auth/users', { name: 'José', email: composed, password: 'secret1' }, admin);
    expect(first.status).toBe(201);
    const second = await server.post(
      '/api/auth/users',
      { name: 'José', email: decomposed, password: 'secret1' },
      admin,
    );
    expect(second.status).toBe(409);
    expect((await server.post('/api/auth/login', { email: decomposed, password: 'secret1' })).status).toBe(200);
    // A fullwidth letter is the letter.
    const fullwidth = `\uff4aos\u00e9-${tag}@example.test`;
    const third = await server.post('/api/auth/users', { name: 'José', email: fullwidth, password: 'secret1' }, admin);
    expect(third.status).toBe(409);
  });

  it('refuses an address with a character that shows as nothing, which would pass for another', async () => {
    const user = await createUser(server);
    const [local, domain] = user.email.split('@');
    for (const email of [`${local}\u200b@${domain}`, `${local}@\u2060${domain}`, `${local}\u00ad@${domain}`]) {
      const response = await server.post('/api/auth/users', { name: 'Twin', email, password: 'secret1' }, admin);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ error: 'Entered value does not match email format' });
    }
  });

  it.each([
    [{ email: 'a@example.test', password: 'secret1' }, 'Name is required'],
    [{ name: '   ', email: 'a@example.test', password: 'secret1' }, 'Name is required'],
    [{ name: 'A', password: 'secret1' }, 'Email is required'],
    [{ name: 'A', email: 'a@b', password: 'secret1' }, 'Entered value does not match email format'],
    [{ name: 'A', email: 'a@example.test' }, 'Password is required'],
    [{ name: 'A', email: 'a@example.test', password: '12345' }, 'Password must have at least 6 characters'],
  ])('refuses %j with "%s"', async (body, message) => {
    const before = (await server.get('/api/auth/users', admin)).body.total;
    const response = await server.post('/api/auth/users', body, admin);
    expect(response.status).toBe(400);
    expect(response.body).toEqual({ error: message });
    expect((await server.get('/api/auth/users', admin)).body.total).toBe(before);
  });

  it('stores markup and SQL in a name as plain text', async () => {
    const name = `<img src=x onerror=alert(1)> Robert'); DROP TABLE users;--`;
    const response = await server.post('/api/auth/users', { name, email: uniqueEmail(), password: 'secret1' }, admin);
    expect(response.status).toBe(201);
    expect((await server.get(`/api/auth/users/${response.body._id}`, admin)).body.name).toBe(name);
  });
});

describe('PUT /api/auth/users/:id', () => {
  it('updates the fields and keeps the password when it is blank', async () => {
    const user = await createUser(server);
    const email = uniqueEmail('moved');
    const response = await server.put(
      `/api/auth/users/${user.id}`,
      { name: 'Renamed', email, password: '', confirmed: false, blocked: true },
      admin,
    );
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: 'Renamed', email, confirmed: false, blocked: true });
    await server.put(`/api/auth/users/${user.id}`, { name: 'Renamed', email, confirmed: true, blocked: false }, admin);
    expect((await server.post('/api/auth/login', { email, password: user.password })).status).toBe(200);
  });

  it('sets a new password', async () => {
    const user = await createUser(server);
    await server.put(
      `/api/auth/users/${user.id}`,
      { name: user.name, email: user.email, password: 'fresh-one' },
      admin,
    );
    expect((await server.post('/api/auth/login', { email: user.email, password: 'fresh-one' })).status).toBe(200);
  });

  it('answers 404 for an unknown user and 409 for another user email', async () => {
    const [a, b] = [await createUser(server), await createUser(server)];
    const unknown = await server.put(
      `/api/auth/users/${crypto.randomUUID()}`,
      { name: 'X', email: uniqueEmail() },
      admin,
    );
    expect(unknown.status).toBe(404);
    const taken = await server.put(`/api/auth/users/${a.id}`, { name: a.name, email: b.email }, admin);
    expect(taken.status).toBe(409);
    expect((await userRow(a.id))!.email).toBe(a.email);
  });
});

describe('DELETE /api/auth/users/:id', () => {
  it('deletes the user, ends its token, then answers 404', async () => {
    const user = await createSignedInUser(server);
    const response = await server.del(`/api/auth/users/${user.id}`, admin);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ _id: user.id });
    expect(await userRow(user.id)).toBeUndefined();
    expect((await server.get('/api/auth/my-profile', user.token)).status).toBe(401);
    expect((await server.del(`/api/auth/users/${user.id}`, admin)).status).toBe(404);
  });
});

describe('guard rails', () => {
  it('keep administrators from deleting or blocking themselves', async () => {
    const me = await createSignedInUser(server, { roles: ['admin'] });
    const del = await server.del(`/api/auth/users/${me.id}`, me.token);
    expect(del.status).toBe(403);
    expect(del.body).toEqual({ error: 'You cannot delete your own account.' });
    const block = await server.put(
      `/api/auth/users/${me.id}`,
      { name: me.name, email: me.email, blocked: true },
      me.token,
    );
    expect(block.status).toBe(403);
    expect(block.body).toEqual({ error: 'You cannot block your own account.' });
    expect((await userRow(me.id))!.blocked).toBe(false);
  });

  it('keep the last administrator', async () => {
    const own = await startTestServer();
    try {
      const seeded = (await own.get('/api/auth/users?q=admin@test.local', await own.adminToken())).body.data[0];
      const sole = await createSignedInUser(own, { roles: ['admin'] });
      expect((await own.del(`/api/auth/users/${seeded._id}`, sole.token)).status).toBe(200);
      const unconfirm = await own.put(
        `/api/auth/users/${sole.id}`,
        { name: sole.name, email: sole.email, confirmed: false },
        sole.token,
      );
      expect(unconfirm.status).toBe(409);
      expect(unconfirm.body).toEqual({ error: 'The last administrator cannot be removed, blocked or demoted.' });
      expect((await userRow(sole.id, own))!.confirmed).toBe(true);

      // Two administrators blocking each other at once: one of them must stay.
      const other = await createSignedInUser(own, { roles: ['admin'] });
      const answers = await Promise.all([
        own.put(`/api/auth/users/${other.id}`, { name: other.name, email: other.email, blocked: true }, sole.token),
        own.put(`/api/auth/users/${sole.id}`, { name: sole.name, email: sole.email, blocked: true }, other.token),
      ]);
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      const rows = await own.deps.db.select().from(users);
      expect(rows.filter((row) => [sole.id, other.id].includes(row.id) && !row.blocked)).toHaveLength(1);
    } finally {
      await own.close();
    }
  });

  it('keep someone who may edit users from touching administrators', async () => {
    const roleId = await createRoleWith(
      server,
      `User editors ${marker()}`,
      'GET /api/auth/users',
      'PUT /api/auth/users/:id',
      'DELETE /api/auth/users/:id',
    );
    const editor = await createSignedInUser(server, { roleIds: [roleId] });
    const plain = await createUser(server);
    const edited = await server.put(
      `/api/auth/users/${plain.id}`,
      { name: 'Edited by editor', email: plain.email },
      editor.token,
    );
    expect(edited.status).toBe(200);
    const someAdmin = await createUser(server, { roles: ['admin'] });
    const refused = await server.put(
      `/api/auth/users/${someAdmin.id}`,
      { name: 'Hijacked', email: someAdmin.email, password: 'taken-over' },
      editor.token,
    );
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'Only administrators can manage administrators or grant the admin role.' });
    expect((await server.del(`/api/auth/users/${someAdmin.id}`, editor.token)).status).toBe(403);
    expect((await userRow(someAdmin.id))!.name).toBe(someAdmin.name);
  });

  it('M2: keep someone who may edit users from taking over anyone holding more than they do', async () => {
    const editorRole = await createRoleWith(
      server,
      `User editors ${marker()}`,
      'GET /api/auth/users',
      'PUT /api/auth/users/:id',
      'DELETE /api/auth/users/:id',
    );
    const managerRole = await createRoleWith(
      server,
      `Managers ${marker()}`,
      'GET /api/auth/users',
      'POST /api/auth/roles',
      'PUT /api/auth/roles/:id',
    );
    const editor = await createSignedInUser(server, { roleIds: [editorRole] });
    const manager = await createUser(server, { roleIds: [managerRole] });
    const takeover = await server.put(
      `/api/auth/users/${manager.id}`,
      { name: manager.name, email: manager.email, password: 'attacker1' },
      editor.token,
    );
    expect(takeover.status).toBe(403);
    expect(takeover.body).toEqual({ error: 'You can only change people whose permissions you hold yourself.' });
    expect((await server.post('/api/auth/login', { email: manager.email, password: 'attacker1' })).status).toBe(401);
    expect((await server.del(`/api/auth/users/${manager.id}`, editor.token)).status).toBe(403);
    expect(await userRow(manager.id)).toBeDefined();
    // Someone whose permissions the editor holds too stays theirs to edit.
    const peer = await createUser(server, { roleIds: [editorRole] });
    const edited = await server.put(`/api/auth/users/${peer.id}`, { name: 'Peer', email: peer.email }, editor.token);
    expect(edited.status).toBe(200);
  });
});

describe('changing an address', () => {
  it('I9: ends the person’s sessions and the reset links sent to the old address', async () => {
    const member = await createSignedInUser(server);
    await server.post('/api/auth/forgot-password', { email: member.email });
    const links = () => server.deps.db.select().from(passwordResets).where(eq(passwordResets.userId, member.id));
    await expect.poll(async () => (await links()).length).toBe(1);
    const moved = await server.put(
      `/api/auth/users/${member.id}`,
      { name: member.name, email: uniqueEmail('moved') },
      admin,
    );
    expect(moved.status).toBe(200);
    expect((await server.get('/api/auth/my-profile', member.token)).status).toBe(401);
    expect((await links()).every((link) => link.usedAt !== null)).toBe(true);
  });
});

describe('reset links sent before', () => {
  async function mailedResetLink(member: { id: string; email: string }) {
    await server.post('/api/auth/forgot-password', { email: member.email });
    const links = () => server.deps.db.select().from(passwordResets).where(eq(passwordResets.userId, member.id));
    await expect.poll(async () => (await links()).length).toBe(1);
    return links;
  }

  it('end when the person changes their own password', async () => {
    const member = await createSignedInUser(server);
    const links = await mailedResetLink(member);
    const changed = await server.post(
      '/api/auth/my-profile',
      { name: member.name, password: 'changed-by-me' },
      member.token,
    );
    expect(changed.status).toBe(200);
    expect((await links()).every((link) => link.usedAt !== null)).toBe(true);
  });

  it('end when the account is blocked', async () => {
    const member = await createUser(server);
    const links = await mailedResetLink(member);
    const blocked = await server.put(
      `/api/auth/users/${member.id}`,
      { name: member.name, email: member.email, blocked: true },
      admin,
    );
    expect(blocked.status).toBe(200);
    expect((await links()).every((link) => link.usedAt !== null)).toBe(true);
  });
});

describe('PUT /api/auth/users/:id with If-Match', () => {
  it('refuses a form read before another change, so a block is not lifted by a stale save', async () => {
    const user = await createUser(server, { name: `Stale ${marker()}` });
    const read = (await server.get(`/api/auth/users/${user.id}`, admin)).body;
    const version = { 'if-match': `"${read.updatedAt}"` };
    const asRead = { name: read.name, email: read.email, confirmed: read.confirmed, blocked: read.blocked };
    // One administrator blocks; another, still on the form read before, renames.
    const blocked = await server.request('PUT', `/api/auth/users/${user.id}`, {
      token: admin,
      body: { ...asRead, blocked: true },
      headers: version,
    });
    expect(blocked.status).toBe(200);
    expect(blocked.body.updatedAt).not.toBe(read.updatedAt);
    const stale = await server.request('PUT', `/api/auth/users/${user.id}`, {
      token: admin,
      body: { ...asRead, name: 'Renamed meanwhile' },
      headers: version,
    });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({
      error:
        'Someone else saved a change here after you opened it. Open it again to see their change, then make yours.',
    });
    expect(await userRow(user.id)).toMatchObject({ blocked: true, name: read.name });
    // Read again, the change goes through; without If-Match, as before, it is made as asked.
    const fresh = await server.request('PUT', `/api/auth/users/${user.id}`, {
      token: admin,
      body: { ...asRead, blocked: true, name: 'Renamed' },
      headers: { 'if-match': `"${blocked.body.updatedAt}"` },
    });
    expect(fresh.status).toBe(200);
    const unconditional = { ...asRead, name: 'Renamed again' };
    expect((await server.put(`/api/auth/users/${user.id}`, unconditional, admin)).status).toBe(200);
  });
});
