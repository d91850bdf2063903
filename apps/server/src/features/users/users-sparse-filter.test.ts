import { userListQuerySchema } from '@community/shared';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.js';
import { users } from '../../db/schema.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { listUserPage, sortKeyColumns, sortKeyOf, userBatches, type UserPageIds } from './users.queries.js';

type PlanNode = { 'Relation Name'?: string; 'Actual Loops'?: number; Plans?: PlanNode[] };
/** How many times a plan looked a user's roles up: once per user it walked past, in a walk. */
const roleLookups = (node: PlanNode): number =>
  (node['Relation Name'] === 'user_roles' ? (node['Actual Loops'] ?? 0) : 0) +
  (node.Plans ?? []).reduce((sum, child) => sum + roleLookups(child), 0);

const USERS = 20_000;
const FOUNDERS = 1_500;
const founders = '00000000-0000-4000-8000-00000000f0de';

describe('the users list filtered by a role whose members all joined first', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
    const { db } = test.database;
    await db.execute(sql`
      insert into users (id, name, email, password_hash, created_at)
      select gen_random_uuid(), 'Member ' || n, 'member' || n || '@example.test', 'x',
             now() - make_interval(mins => ${USERS} - n)
      from generate_series(1, ${USERS}) as n`);
    await db.execute(sql`insert into roles (id, name) values (${founders}, 'Founders')`);
    await db.execute(sql`
      insert into user_roles (id, user_id, role_id)
      select gen_random_uuid(), id, ${founders} from users order by created_at limit ${FOUNDERS}`);
    // The planner knows the role's share of all users, not that its members are the oldest.
    await db.execute(sql`analyze users`);
    await db.execute(sql`analyze user_roles`);
  }, 120_000);
  afterAll(() => test.drop());

  /** Reads the users a page's ids name with their sort keys, counting the reads and the role look-ups. */
  const counted = () => {
    const { db } = test.database;
    const seen = { lookups: 0, reads: 0 };
    const readRows = async (pageIds: UserPageIds, order: SQL[]) => {
      seen.reads += 1;
      const statement = db
        .select({ id: users.id, email: users.email, matches: pageIds.matches, ...sortKeyColumns })
        .from(users)
        .innerJoin(pageIds, eq(users.id, pageIds.id))
        .orderBy(...order);
      const [plan] = (
        await queryRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
          db,
          sql`explain (analyze, format json) ${statement.getSQL()}`,
        )
      )[0]!['QUERY PLAN'];
      seen.lookups += roleLookups(plan.Plan);
      return statement;
    };
    return { seen, readRows };
  };
  const idOf = (row: { id: string }) => row.id;
  const foundersNewestFirst = async () =>
    (
      await queryRows<{ id: string }>(
        test.database.db,
        sql`select u.id::text from users u join user_roles ur on ur.user_id = u.id and ur.role_id = ${founders}
            order by u.created_at desc, u.id desc`,
      )
    ).map((row) => row.id);

  it.each([1, 2])('finds page %i without walking past every newer member', async (page) => {
    const { seen, readRows } = counted();
    const query = userListQuerySchema.parse({ role: founders, page: String(page), limit: '25' });
    const listed = await listUserPage(test.database.db, 'users', query, readRows, idOf);
    expect(listed.data).toEqual((await foundersNewestFirst()).slice((page - 1) * 25, page * 25));
    // Walking newest first past the 18,500 others looks each one's roles up; a bounded walk of
    // 5,000 and then the role's own members stay far below that.
    expect(seen.lookups).toBeLessThan(10_000);
  });

  it('takes a walk that covered every user as the answer, past the last match too', async () => {
    const past = counted();
    const beyond = userListQuerySchema.parse({ confirmed: 'true', page: '801', limit: '25' });
    const last = await listUserPage(test.database.db, 'users', beyond, past.readRows, idOf);
    expect(last.data).toEqual([]);
    expect(past.seen.reads).toBe(1);
    // A walk of part of the list that falls short still sorts what it missed.
    const partial = counted();
    const query = userListQuerySchema.parse({ role: founders, page: '60', limit: '25', sort: 'name' });
    const sixtieth = await listUserPage(test.database.db, 'users', query, partial.readRows, idOf);
    expect(sixtieth.data).toHaveLength(25);
    expect(partial.seen.reads).toBe(2);
  });

  it('totals a role alone exactly, as roles are given and taken after the planner last looked', async () => {
    const { db } = test.database;
    const volunteers = '00000000-0000-4000-8000-0000000001e5';
    await db.execute(sql`insert into roles (id, name) values (${volunteers}, 'Volunteers')`);
    await db.execute(sql`
      insert into user_roles (id, user_id, role_id)
      select gen_random_uuid(), id, ${volunteers} from users order by created_at desc limit 1234`);
    const total = async (filters: Record<string, string>) => {
      const query = userListQuerySchema.parse({ ...filters, limit: '25' });
      const page = await listUserPage(db, 'users', query, counted().readRows, idOf);
      // Counted, so said as exact.
      expect(page.totalIs).toBeUndefined();
      return page.total;
    };
    expect(await total({ role: volunteers })).toBe(1234);
    await db.execute(sql`delete from user_roles where role_id = ${volunteers} and user_id in (
      select user_id from user_roles where role_id = ${volunteers} limit 7)`);
    expect(await total({ role: volunteers, page: '3' })).toBe(1227);
    expect(await total({ role: founders })).toBe(FOUNDERS);
  });

  it('exports the role in batches without walking past every newer member', async () => {
    const { seen, readRows } = counted();
    const { page: _page, limit: _limit, ...filters } = userListQuerySchema.parse({ role: founders });
    const exported: string[] = [];
    for await (const batch of userBatches(test.database.db, filters, readRows, sortKeyOf(filters.sort)))
      exported.push(...batch.map(idOf));
    expect(exported).toEqual(await foundersNewestFirst());
    // A batch of 1,000 is worth the planner sorting the role's members for: it reads them once.
    expect(seen.lookups).toBeLessThan(10_000);
  });
  it('totals one filter an index serves exactly, after the planner last looked: blocked, unconfirmed, join dates', async () => {
    const { db } = test.database;
    // Members the statistics do not know of, all joined in January 2020, some blocked, some not confirmed.
    await db.execute(sql`
      insert into users (id, name, email, password_hash, created_at, blocked, confirmed)
      select gen_random_uuid(), 'Early ' || n, 'early' || n || '@example.test', 'x',
             '2020-01-01'::timestamptz + make_interval(mins => n), n <= 1111, n > 1222
      from generate_series(1, 2500) as n`);
    const total = async (filters: Record<string, string>) => {
      const query = userListQuerySchema.parse({ ...filters, limit: '25' });
      const page = await listUserPage(test.database.db, 'users', query, counted().readRows, idOf);
      expect(page.totalIs).toBeUndefined();
      return page.total;
    };
    expect(await total({ joinedFrom: '2020-01-01', joinedTo: '2020-02-01' })).toBe(2500);
    expect(await total({ joinedTo: '2020-02-01', page: '2' })).toBe(2500);
    expect(await total({ blocked: 'true' })).toBe(1111);
    expect(await total({ confirmed: 'false' })).toBe(1222);
  });
});
