import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, readMigrations } from '../../db/migrate.js';
import { createPgliteDatabase } from '../../db/pglite.js';
import { queryRows } from '../../db/query-rows.js';
import { clientPermissions } from '../../db/schema.js';
import { createSignedInUser } from '../../test/factories.js';
import { startTestServer, type TestServer } from '../../test/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

type Entry = { name: string; menu: string; path: string; auth: boolean };
const eventEntries = (categories: Entry[]) => categories.filter((entry) => entry.path === '/events');

describe('the events menu entries', () => {
  it('a new installation has the admin screen once, beside the public page it shares a path with', async () => {
    const rows = await server.deps.db
      .select({ name: clientPermissions.name, menu: clientPermissions.menu, auth: clientPermissions.auth })
      .from(clientPermissions)
      .where(eq(clientPermissions.path, '/events'));
    expect(rows.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: 'Events', menu: 'normal', auth: false },
      { name: 'Manage events', menu: 'content', auth: true },
    ]);
  });

  it('visitors and members see only the public page; administrators also the screen, named in Greek for Greek readers', async () => {
    const guest = await server.get('/api/auth/user-categories');
    expect(eventEntries(guest.body.categories)).toEqual([
      expect.objectContaining({ name: 'Events', menu: 'normal', auth: false }),
    ]);
    const member = await createSignedInUser(server, { roles: ['user'] });
    const memberMenu = await server.get('/api/auth/user-categories', member.token);
    expect(eventEntries(memberMenu.body.categories).filter((entry) => entry.auth)).toEqual([]);
    const admin = await server.request('GET', '/api/auth/user-categories', {
      token: await server.adminToken(),
      headers: { 'accept-language': 'el' },
    });
    expect(eventEntries(admin.body.categories).find((entry) => entry.auth)).toMatchObject({
      name: 'Διαχείριση εκδηλώσεων',
      menu: 'content',
    });
  });

  it('an installation that already has the public Events page still gets the admin screen from the migration', async () => {
    const migrations = readMigrations();
    const database = await createPgliteDatabase({});
    try {
      await applyMigrations(database.db, migrations.slice(0, -1));
      await queryRows(
        database.db,
        sql`insert into client_permissions (id, name, menu, menu_order, path, auth)
            values (gen_random_uuid(), 'Events', 'normal', 3, '/events', false)`,
      );
      await applyMigrations(database.db);
      const rows = await queryRows<Entry>(
        database.db,
        sql`select name, menu, path, auth from client_permissions where path = '/events' order by name`,
      );
      expect(rows).toEqual([
        { name: 'Events', menu: 'normal', path: '/events', auth: false },
        { name: 'Manage events', menu: 'content', path: '/events', auth: true },
      ]);
    } finally {
      await database.close();
    }
  }, 90_000); // every migration on a fresh embedded database: slow on a busy machine
});
