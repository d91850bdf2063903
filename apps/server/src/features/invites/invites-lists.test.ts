import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invites } from '../../db/schema.js';
import { createRoleWith } from '../../test/resource-helpers.js';
import { createSignedInUser } from '../../test/factories.js';
import { parseCsv } from '../../test/parse-csv.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.adminToken();
});
afterAll(() => server.close());

const createInvite = async (body: Record<string, unknown> = {}) => {
  const response = await server.post('/api/auth/invites', body, admin);
  if (response.status !== 201) throw new Error(`invite creation failed: ${response.status} ${response.text}`);
  return response.body as { _id: string; token: string; email: string | null };
};
const ids = (body: { data: { _id: string }[] }) => body.data.map((row) => row._id);

describe('the invites list: sort, status filter, bulk and export', () => {
  it('sorts by expiry either way and filters by the status the list shows', async () => {
    const soon = await createInvite({ hours: 2 });
    const later = await createInvite({ hours: 200 });
    const revoked = await createInvite({ hours: 100 });
    const expired = await createInvite({ hours: 50 });
    await server.post(`/api/auth/invites/${revoked._id}/revoke`, {}, admin);
    await server.deps.db
      .update(invites)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(invites.id, expired._id));
    const mine = new Set([soon._id, later._id, revoked._id, expired._id]);
    const listed = async (query: string) =>
      ids((await server.get(`/api/auth/invites?limit=1000&${query}`, admin)).body).filter((id) => mine.has(id));
    expect(await listed('sort=expiresAt')).toEqual([expired._id, soon._id, revoked._id, later._id]);
    expect(await listed('sort=-expiresAt')).toEqual([later._id, revoked._id, soon._id, expired._id]);
    expect(await listed('sort=createdAt')).toEqual([soon._id, later._id, revoked._id, expired._id]);
    expect(await listed('status=pending')).toEqual([soon._id, later._id].reverse());
    expect(await listed('status=revoked')).toEqual([revoked._id]);
    expect(await listed('status=expired')).toEqual([expired._id]);
    const statuses = (await server.get('/api/auth/invites?status=expired&limit=1000', admin)).body.data.map(
      (invite: { status: string }) => invite.status,
    );
    expect(new Set(statuses)).toEqual(new Set(['expired']));
  });

  it.each([
    ['sort=email', 'Sort must be one of createdAt, -createdAt, expiresAt, -expiresAt'],
    ['status=lost', 'Status must be one of pending, confirming, submitted, consumed, expired, revoked, rejected'],
  ])('answers 400 to %s with "%s"', async (query, message) => {
    for (const path of ['/api/auth/invites', '/api/auth/invites/export.csv']) {
      const response = await server.get(`${path}?${query}`, admin);
      expect(response.status, path).toBe(400);
      expect(JSON.stringify(response.body)).toContain(message);
    }
  });

  it('revokes and deletes many, reporting each invite it could not change', async () => {
    const open = await createInvite();
    const other = await createInvite();
    const gone = crypto.randomUUID();
    const revoke = await server.post(
      '/api/auth/invites/bulk',
      { ids: [open._id, other._id, gone], action: 'revoke' },
      admin,
    );
    expect(revoke.status).toBe(200);
    expect(revoke.body.done).toEqual([open._id, other._id]);
    expect(revoke.body.failed).toEqual([{ _id: gone, error: 'Invite not found.' }]);
    const statuses = await server.deps.db
      .select({ revokedAt: invites.revokedAt })
      .from(invites)
      .where(inArray(invites.id, [open._id, other._id]));
    expect(statuses.every((row) => row.revokedAt !== null)).toBe(true);
    const removal = await server.post(
      '/api/auth/invites/bulk',
      { ids: [open._id, other._id], action: 'delete' },
      admin,
    );
    expect(removal.body).toEqual({ done: [open._id, other._id], failed: [] });
    expect(
      await server.deps.db
        .select()
        .from(invites)
        .where(inArray(invites.id, [open._id, other._id])),
    ).toEqual([]);
    const bad = await server.post('/api/auth/invites/bulk', { ids: [open._id], action: 'approve' }, admin);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Action must be one of revoke, delete');
  });

  it('exports the filtered invites in the list’s order, on its own permission', async () => {
    const first = await createInvite({ email: 'first-export@example.test', hours: 3 });
    const second = await createInvite({ email: 'second-export@example.test', hours: 4 });
    const response = await server.get('/api/auth/invites/export.csv?status=pending&sort=-createdAt', admin);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toMatch(/filename="invites-\d{4}-\d{2}-\d{2}\.csv"/);
    const [header, ...rows] = parseCsv(response.text);
    expect(header).toEqual([
      'id',
      'email',
      'status',
      'created',
      'expires',
      'uses',
      'max uses',
      'role',
      'registrant',
      'link',
    ]);
    const position = (id: string) => rows.findIndex((row) => row[0] === id);
    expect(position(second._id)).toBeGreaterThanOrEqual(0);
    expect(position(second._id)).toBeLessThan(position(first._id));
    expect(rows.find((row) => row[0] === first._id)!.slice(1, 3)).toEqual(['first-export@example.test', 'pending']);
    expect(rows.every((row) => row[2] === 'pending')).toBe(true);
    const reader = await createSignedInUser(server, {
      roleIds: [await createRoleWith(server, `Invite readers ${Date.now()}`, 'GET /api/auth/invites')],
    });
    expect((await server.get('/api/auth/invites', reader.token)).status).toBe(200);
    expect((await server.get('/api/auth/invites/export.csv', reader.token)).status).toBe(403);
    expect(
      (await server.post('/api/auth/invites/bulk', { ids: [first._id], action: 'delete' }, reader.token)).status,
    ).toBe(403);
  });

  it.each([
    ['revoke', 'POST /api/auth/invites/:id/revoke'],
    ['delete', 'DELETE /api/auth/invites/:id'],
  ])('refuses %s whole, changing nothing, to someone without "%s" too', async (action, single) => {
    const invite = await createInvite({ hours: 24 });
    const bulkOnly = await createSignedInUser(server, {
      roleIds: [await createRoleWith(server, `Invite bulk ${crypto.randomUUID()}`, 'POST /api/auth/invites/bulk')],
    });
    const refused = await server.post('/api/auth/invites/bulk', { ids: [invite._id], action }, bulkOnly.token);
    expect(refused.status).toBe(403);
    const [row] = await server.deps.db
      .select({ revokedAt: invites.revokedAt })
      .from(invites)
      .where(eq(invites.id, invite._id));
    expect(row).toEqual({ revokedAt: null });
    const both = await createSignedInUser(server, {
      roleIds: [
        await createRoleWith(server, `Invite bulk one ${crypto.randomUUID()}`, 'POST /api/auth/invites/bulk', single),
      ],
    });
    const done = await server.post('/api/auth/invites/bulk', { ids: [invite._id], action }, both.token);
    expect(done.body).toEqual({ done: [invite._id], failed: [] });
  });
});
