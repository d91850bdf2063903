import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema.js';
import { newId } from '../../lib/ids.js';
import { createSignedInUser } from '../../test/factories.js';
import { PAGE_CACHE } from './notifications.queries.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** Notifications `count` apart by a second each, oldest first; answers their ids newest first. */
async function give(userId: string, count: number, read = false): Promise<string[]> {
  const start = Date.now() - count * 1000;
  const rows = Array.from({ length: count }, (_, i) => ({
    id: newId(),
    userId,
    title: `Notice ${i + 1}`,
    body: i % 2 ? null : `Body ${i + 1}`,
    link: i % 2 ? null : '/admin/invites',
    createdAt: new Date(start + i * 1000),
    readAt: read ? new Date() : null,
  }));
  await server.deps.db.insert(notifications).values(rows);
  return rows.map((row) => row.id).reverse();
}

describe('GET /api/auth/notifications', () => {
  it('lists the caller’s notifications newest first with the unread count', async () => {
    const member = await createSignedInUser(server);
    const ids = await give(member.id, 3);
    const response = await server.get('/api/auth/notifications?page=1&limit=20', member.token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ unread: 3, total: 3, page: 1, pages: 1, startIndex: 1, endIndex: 3 });
    expect(response.body.data.map((n: { _id: string }) => n._id)).toEqual(ids);
    expect(response.body.data[0]).toEqual({
      _id: ids[0],
      title: 'Notice 3',
      body: 'Body 3',
      link: '/admin/invites',
      readAt: null,
      createdAt: expect.any(String),
    });
  });

  it('pages, and with unread=1 lists only unread ones', async () => {
    const member = await createSignedInUser(server);
    await give(member.id, 4, true);
    const unreadIds = await give(member.id, 3);
    const page2 = await server.get('/api/auth/notifications?page=2&limit=5', member.token);
    expect(page2.body).toMatchObject({ total: 7, unread: 3, pages: 2, startIndex: 6, endIndex: 7 });
    expect(page2.body.data).toHaveLength(2);
    const unread = await server.get('/api/auth/notifications?unread=1&limit=10', member.token);
    expect(unread.body).toMatchObject({ total: 3, unread: 3 });
    expect(unread.body.data.map((n: { _id: string }) => n._id)).toEqual(unreadIds);
  });

  it('never shows someone else’s notifications', async () => {
    const [alice, bob] = await Promise.all([createSignedInUser(server), createSignedInUser(server)]);
    await give(alice.id, 2);
    const response = await server.get('/api/auth/notifications', bob.token);
    expect(response.body).toMatchObject({ data: [], total: 0, unread: 0 });
  });

  it('answers 304 to a poll whose ETag still holds, and 200 once something changed', async () => {
    const member = await createSignedInUser(server);
    await give(member.id, 1);
    const url = '/api/auth/notifications?page=1&limit=10';
    const first = await server.get(url, member.token);
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^W\/".+"$/);
    // I12: nothing signed-in is kept by a browser or a proxy; the bell revalidates by itself.
    expect(first.headers.get('cache-control')).toBe('no-store');

    const poll = () => server.request('GET', url, { token: member.token, headers: { 'if-none-match': etag } });
    const unchanged = await poll();
    expect(unchanged.status).toBe(304);
    expect(unchanged.text).toBe('');
    // No body bytes at all: a keep-alive client would read them as the next answer.
    expect(unchanged.headers.get('content-length') ?? '0').toBe('0');

    await give(member.id, 1);
    const changed = await poll();
    expect(changed.status).toBe(200);
    expect(changed.body.unread).toBe(2);
    expect(changed.headers.get('etag')).not.toBe(etag);

    // Another page or filter never reuses the validator of this one.
    const other = await server.request('GET', '/api/auth/notifications?unread=1', {
      token: member.token,
      headers: { 'if-none-match': changed.headers.get('etag')! },
    });
    expect(other.status).toBe(200);
  });

  it('L5: keeps pages up to the bell’s 20 rows in memory, and reads larger ones afresh', async () => {
    const member = await createSignedInUser(server);
    await give(member.id, 30);
    const pages = server.changes.cache('notifications:pages', ['notifications'], PAGE_CACHE);
    const before = pages.size;
    await server.get('/api/auth/notifications?page=1&limit=1000', member.token);
    expect(pages.size).toBe(before);
    await server.get('/api/auth/notifications?page=1&limit=20', member.token);
    expect(pages.size).toBe(before + 1);
    expect(PAGE_CACHE.maxWeight).toBeLessThanOrEqual(20_000);
  });

  it('answers 401 without a sign-in', async () => {
    expect((await server.get('/api/auth/notifications')).status).toBe(401);
  });
});

describe('marking notifications read', () => {
  it('marks one read, keeping its first read time', async () => {
    const member = await createSignedInUser(server);
    const [newest] = await give(member.id, 2);
    const response = await server.post(`/api/auth/notifications/${newest}/read`, {}, member.token);
    expect(response.status).toBe(200);
    expect(response.body._id).toBe(newest);
    const readAt = response.body.readAt as string;
    expect(Date.parse(readAt)).toBeGreaterThan(Date.now() - 60_000);
    const again = await server.post(`/api/auth/notifications/${newest}/read`, {}, member.token);
    expect(again.body.readAt).toBe(readAt);
    expect((await server.get('/api/auth/notifications', member.token)).body.unread).toBe(1);
  });

  it('answers 404 for someone else’s notification and leaves it unread', async () => {
    const [alice, mallory] = await Promise.all([createSignedInUser(server), createSignedInUser(server)]);
    const [id] = await give(alice.id, 1);
    const response = await server.post(`/api/auth/notifications/${id}/read`, {}, mallory.token);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ error: 'Notification not found.' });
    expect((await server.get('/api/auth/notifications', alice.token)).body.unread).toBe(1);
    expect((await server.post(`/api/auth/notifications/${crypto.randomUUID()}/read`, {}, alice.token)).status).toBe(
      404,
    );
  });

  it('marks all of the caller’s notifications read and no one else’s', async () => {
    const [alice, bob] = await Promise.all([createSignedInUser(server), createSignedInUser(server)]);
    await give(alice.id, 3);
    await give(bob.id, 2);
    const response = await server.post('/api/auth/notifications', undefined, alice.token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ updated: 3 });
    expect((await server.get('/api/auth/notifications', alice.token)).body.unread).toBe(0);
    expect((await server.get('/api/auth/notifications', bob.token)).body.unread).toBe(2);
  });

  it('answers 401 without a sign-in', async () => {
    expect((await server.post('/api/auth/notifications', {})).status).toBe(401);
  });
});

describe('notifications the server makes', () => {
  it('tells a person when their password was changed, by themselves or by an administrator', async () => {
    const member = await createSignedInUser(server);
    const changed = await server.post(
      '/api/auth/my-profile',
      { name: member.name, password: 'brand-new-pass' },
      member.token,
    );
    expect(changed.status).toBe(200);
    const admin = await server.adminToken();
    const byAdmin = await server.put(
      `/api/auth/users/${member.id}`,
      { name: member.name, email: member.email, password: 'admin-set-pass' },
      admin,
    );
    expect(byAdmin.status).toBe(200);
    const login = await server.post('/api/auth/login', { email: member.email, password: 'admin-set-pass' });
    const list = await server.get('/api/auth/notifications', login.body.token);
    expect(list.body.data.map((n: { title: string }) => n.title)).toEqual([
      'Your password was changed',
      'Your password was changed',
    ]);
  });
});
