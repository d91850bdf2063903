import crypto from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedInUser, createUser, signIn } from '../../test/factories.js';
import { sessions } from '../../db/schema.js';
import { createRoleWith } from '../../test/resource-helpers.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';
import { deleteExpiredSessions } from './sessions.queries.js';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminToken();
});
afterAll(() => server.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const signInFrom = async (user: { email: string; password: string }, userAgent: string) =>
  (
    await server.request('POST', '/api/auth/login', {
      body: { email: user.email, password: user.password },
      headers: { 'user-agent': userAgent },
    })
  ).body.token as string;
const mySessions = async (token: string) => (await server.get('/api/auth/sessions', token)).body.data as any[];
const isSignedIn = async (token: string) => (await server.get('/api/auth/my-profile', token)).status === 200;

describe('GET /api/auth/sessions', () => {
  it('lists where I am signed in: device, address, times, and which one is this', async () => {
    const user = await createUser(server);
    const here = await signIn(server, user);
    // This one is seen, then the other signs in: it was seen last (a session's time is written at
    // most once a minute).
    await mySessions(here);
    await signInFrom(user, FIREFOX);
    const sessions = await mySessions(here);
    expect(sessions).toHaveLength(2);
    expect(Date.parse(sessions[1].lastSeenAt)).toBeGreaterThan(Date.parse(sessions[0].lastSeenAt));
    // This one first all the same.
    expect(sessions.map((session) => session.current)).toEqual([true, false]);
    expect(sessions.find((session) => !session.current)).toMatchObject({
      device: { browser: 'Firefox', system: 'Linux' },
      ip: '127.0.0.1',
    });
    for (const session of sessions)
      expect(Date.parse(session.expiresAt)).toBeGreaterThan(Date.parse(session.createdAt));
    expect((await server.get('/api/auth/sessions')).status).toBe(401);
  });
});

describe('ending sessions', () => {
  it('DELETE ends one of mine; another person’s or an unknown one is not found', async () => {
    const user = await createUser(server);
    const here = await signIn(server, user);
    const there = await signInFrom(user, FIREFOX);
    const other = (await mySessions(here)).find((session) => !session.current)!;
    const stranger = await createSignedInUser(server);
    expect((await server.del(`/api/auth/sessions/${other._id}`, stranger.token)).status).toBe(404);
    expect(await isSignedIn(there)).toBe(true);
    expect((await server.del(`/api/auth/sessions/${crypto.randomUUID()}`, here)).status).toBe(404);
    expect((await server.del(`/api/auth/sessions/${other._id}`, here)).status).toBe(200);
    expect(await isSignedIn(there)).toBe(false);
    expect(await isSignedIn(here)).toBe(true);
    expect((await server.del(`/api/auth/sessions/${other._id}`, here)).status).toBe(404);
  });

  it('sign out everywhere else keeps this one', async () => {
    const user = await createUser(server);
    const [here, a, b] = [await signIn(server, user), await signIn(server, user), await signIn(server, user)];
    const answer = await server.post('/api/auth/sessions/revoke-others', {}, here);
    expect(answer.body).toEqual({ revoked: 2 });
    expect([await isSignedIn(here), await isSignedIn(a), await isSignedIn(b)]).toEqual([true, false, false]);
    expect(await mySessions(here)).toHaveLength(1);
  });

  it('a new password of my own ends my other sessions and keeps this one signed in', async () => {
    const user = await createUser(server);
    const [here, elsewhere] = [await signIn(server, user), await signIn(server, user)];
    const saved = await server.post('/api/auth/my-profile', { name: 'New Password', password: 'another-secret' }, here);
    expect(saved.status).toBe(200);
    expect(await isSignedIn(saved.body.token)).toBe(true);
    expect(await isSignedIn(elsewhere)).toBe(false);
    expect(await mySessions(saved.body.token)).toHaveLength(1);
  });

  it('blocking a person ends every session of theirs', async () => {
    const member = await createSignedInUser(server);
    await server.put(`/api/auth/users/${member.id}`, { name: member.name, email: member.email, blocked: true }, admin);
    expect(await isSignedIn(member.token)).toBe(false);
    expect((await server.get(`/api/auth/users/${member.id}/sessions`, admin)).body.data).toEqual([]);
  });
});

describe('a person’s sessions, for administrators', () => {
  it('lists and ends them; 404 for nobody; a non-administrator may not end an administrator’s', async () => {
    const member = await createSignedInUser(server);
    const listed = await server.get(`/api/auth/users/${member.id}/sessions`, admin);
    expect(listed.body.data).toHaveLength(1);
    expect(listed.body.data[0].current).toBe(false);
    expect((await server.post(`/api/auth/users/${member.id}/sessions/revoke`, {}, admin)).body).toEqual({ revoked: 1 });
    expect(await isSignedIn(member.token)).toBe(false);
    expect((await server.get(`/api/auth/users/${crypto.randomUUID()}/sessions`, admin)).status).toBe(404);

    const roleId = await createRoleWith(
      server,
      `Sign-out helpers ${Date.now()}`,
      'POST /api/auth/users/:id/sessions/revoke',
    );
    const helper = await createSignedInUser(server, { roleIds: [roleId] });
    const someAdmin = await createSignedInUser(server, { roles: ['admin'] });
    const refused = await server.post(`/api/auth/users/${someAdmin.id}/sessions/revoke`, {}, helper.token);
    expect(refused.status).toBe(403);
    expect(await isSignedIn(someAdmin.token)).toBe(true);
  });

  it('a non-administrator reads a member’s sessions, and not an administrator’s', async () => {
    const roleId = await createRoleWith(server, `Session readers ${Date.now()}`, 'GET /api/auth/users/:id/sessions');
    const reader = await createSignedInUser(server, { roleIds: [roleId] });
    const member = await createSignedInUser(server);
    const someAdmin = await createSignedInUser(server, { roles: ['admin'] });
    expect((await server.get(`/api/auth/users/${member.id}/sessions`, reader.token)).body.data).toHaveLength(1);
    const refused = await server.get(`/api/auth/users/${someAdmin.id}/sessions`, reader.token);
    expect(refused.status).toBe(403);
    expect(refused.body.data).toBeUndefined();
  });
});

describe('the retention job', () => {
  it('removes the sessions that ran out and keeps the live ones', async () => {
    const { db } = server.deps;
    const user = await createUser(server);
    await signIn(server, user);
    await signIn(server, user);
    const [first] = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id)).limit(1);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.id, first!.id));
    expect(await deleteExpiredSessions(db)).toBeGreaterThanOrEqual(1);
    const left = await db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id));
    expect(left.map((session) => session.id)).not.toContain(first!.id);
    expect(left).toHaveLength(1);
  });
});
