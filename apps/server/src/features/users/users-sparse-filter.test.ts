import { userListQuerySchema } from '@community/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/query-rows.js';
import { users } from '../../db/schema.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { listUserPage } from './users.queries.js';

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

  it.each([1, 2])('finds page %i without walking past every newer member', async (page) => {
    const { db } = test.database;
    let lookups = 0;
    const query = userListQuerySchema.parse({ role: founders, page: String(page), limit: '25' });
    const listed = await listUserPage(
      db,
      'users',
      query,
      async (pageIds, order) => {
        const statement = db
          .select({ id: users.id, matches: pageIds.matches })
          .from(users)
          .innerJoin(pageIds, eq(users.id, pageIds.id))
          .orderBy(...order);
        const [plan] = (
          await queryRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
            db,
            sql`explain (analyze, format json) ${statement.getSQL()}`,
          )
        )[0]!['QUERY PLAN'];
        lookups += roleLookups(plan.Plan);
        return statement;
      },
      (row) => String(row.id),
    );
    const expected = await queryRows<{ id: string }>(
      db,
      sql`select u.id::text from users u join user_roles ur on ur.user_id = u.id and ur.role_id = ${founders}
          order by u.created_at desc, u.id desc offset ${(page - 1) * 25} limit 25`,
    );
    expect(listed.data).toEqual(expected.map((row) => row.id));
    // Walking newest first past the 18,500 others looks each one's roles up; a bounded walk of
    // 5,000 and then the role's own members stay far below that.
    expect(lookups).toBeLessThan(10_000);
  });
});
