import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paginate } from '@community/shared';
import { events, users } from './schema.js';
import { newId } from '../lib/ids.js';
import { startTestServer, type TestServer } from '../test/test-server.js';
import { containsPattern, EXACT_COUNT_LIMIT, filteredTotal, listPage, pageWindow, tableTotal } from './list.js';
import { queryRows } from './query-rows.js';
import { eventOrder } from '../features/events/events.queries.js';
import { userSearch } from '../features/users/user-search.js';
import {
  estimatedSearchMatches,
  NEWEST_FIRST,
  SORTED_READ_LIMIT,
  userWalkedPageIds,
  userSortedPageIds,
  userOrder,
  userWhere,
  type UserSort,
} from '../features/users/users.queries.js';

describe('pageWindow', () => {
  it('reads pages before the middle forwards', () => {
    expect(pageWindow(100, 1, 25, true)).toEqual({ offset: 0, limit: 25, reversed: false });
    expect(pageWindow(100, 2, 25, true)).toEqual({ offset: 25, limit: 25, reversed: false });
  });

  it('reads pages past the middle from the end', () => {
    expect(pageWindow(100, 4, 25, true)).toEqual({ offset: 0, limit: 25, reversed: true });
    expect(pageWindow(101, 5, 25, true)).toEqual({ offset: 0, limit: 1, reversed: true });
    expect(pageWindow(101, 4, 25, true)).toEqual({ offset: 1, limit: 25, reversed: true });
  });

  it('never reverses past the end or on an estimated total', () => {
    expect(pageWindow(100, 9, 25, true)).toEqual({ offset: 200, limit: 25, reversed: false });
    expect(pageWindow(5000, 180, 25, false)).toEqual({ offset: 4475, limit: 25, reversed: false });
  });
});

describe('containsPattern', () => {
  it('escapes the LIKE wildcards and the escape character', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
    expect(containsPattern('plain')).toBe('%plain%');
  });
});

describe('paginate', () => {
  it('gives 1-based inclusive bounds and at least one page', () => {
    expect(paginate(60, 3, 25, 10)).toEqual({ total: 60, page: 3, pages: 3, startIndex: 51, endIndex: 60 });
    expect(paginate(0, 1, 25, 0)).toEqual({ total: 0, page: 1, pages: 1, startIndex: 0, endIndex: 0 });
  });
});

describe('totals on a real database', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    const rows = Array.from({ length: 1200 }, (_, i) => ({
      id: newId(),
      name: `Bulkname ${i}`,
      email: `bulk${i}@example.test`,
      passwordHash: 'not-a-real-hash',
    }));
    await server.deps.db.insert(users).values(rows);
    await server.deps.db.execute(
      sql`insert into users (id, name, email, password_hash) values (gen_random_uuid(), 'Σταυρούλα Ζαχαρίου', 'stavroula@example.test', 'x')`,
    );
    await server.deps.db.execute(sql`analyze users`);
    await server.changes.sync();
  }, 120_000);
  afterAll(() => server.close());

  it('keeps the unfiltered total exact through inserts and deletes', async () => {
    const exact = async () =>
      (await queryRows<{ n: number }>(server.deps.db, sql`select count(*)::int as n from users`))[0]!.n;
    expect(await tableTotal(server.deps.db, 'users')).toBe(await exact());
    await server.deps.db.execute(sql`delete from users where email in ('bulk0@example.test', 'bulk1@example.test')`);
    await server.changes.sync();
    expect(await tableTotal(server.deps.db, 'users')).toBe(await exact());
  });

  it('reads deep pages from the nearest anchor, in the same order as a full scan', async () => {
    const admin = await server.adminToken();
    const ordered = await queryRows<{ id: string }>(
      server.deps.db,
      sql`select id::text from users order by created_at desc, id desc`,
    );
    const total = ordered.length;
    for (const page of [21, 22, 40, Math.ceil(total / 25)]) {
      const response = await server.get(`/api/auth/users?page=${page}`, admin);
      expect(response.body.total).toBe(total);
      expect(response.body.data.map((u: { _id: string }) => u._id)).toEqual(
        ordered.slice((page - 1) * 25, page * 25).map((row) => row.id),
      );
    }
    // A new user moves every row one place down: the anchors follow the table's version.
    const newest = await server.post(
      '/api/auth/users',
      { name: 'Newest', email: 'newest@example.test', password: 'secret1' },
      admin,
    );
    const page22 = await server.get('/api/auth/users?page=22', admin);
    expect(page22.body.data[0]._id).toBe(ordered[21 * 25 - 1]!.id);
    expect(newest.status).toBe(201);
  });

  it('counts a search exactly up to the limit and estimates beyond it', async () => {
    const small = await filteredTotal(server.deps.db, sql`select 1 from users where email ilike '%bulk1199@%'`);
    expect(small).toEqual({ n: 1, is: 'exact' });
    const large = await filteredTotal(server.deps.db, sql`select 1 from users where name ilike '%bulkname%'`);
    expect(large.n).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(large.is).not.toBe('exact');
    const listed = await server.get('/api/auth/users?q=bulkname', await server.adminToken());
    expect(listed.body.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(['about', 'atLeast']).toContain(listed.body.totalIs);
    expect(listed.body.data).toHaveLength(25);
    const exact = await server.get('/api/auth/users?q=bulk1199@', await server.adminToken());
    expect(exact.body).toMatchObject({ total: 1 });
    expect(exact.body).not.toHaveProperty('totalIs');
  });

  it('never reports fewer matches than were counted, however low the estimate', async () => {
    // The planner puts a prefix it has no statistics for at a few rows: 1001 was reported for
    // a term whose first page had counted 2,501 of its 11,111 matches.
    const counted = EXACT_COUNT_LIMIT + 1500;
    const matches = sql`select 1 from users where email like ${`%${newId()}%`}`;
    const total = await filteredTotal(server.deps.db, matches, 'all', { counted }, async () => ({
      n: 3,
      exact: false,
    }));
    // Said as "at least": the count stopped at its bound.
    expect(total).toEqual({ n: counted, is: 'atLeast' });
  });

  it('offers a next page after a full one past a total counted to its bound', async () => {
    const counted = EXACT_COUNT_LIMIT + 100; // fewer than the users, which bound every total
    const where = sql`email like ${`%${newId()}-bound%`}`;
    const page = (n: number) =>
      listPage(server.deps.db, {
        name: 'counted to its bound',
        query: { page: n, limit: 25 },
        table: 'users',
        where,
        fetch: async ({ limit }) => Array.from({ length: limit }, (_, i) => i),
        firstPage: async (limit) => ({ rows: Array.from({ length: limit }, (_, i) => i), total: { counted } }),
        estimate: async () => ({ n: 3, exact: false }),
      });
    expect(await page(1)).toMatchObject({ total: counted, totalIs: 'atLeast', pages: counted / 25 });
    // The last page the count knows of is full: there may be more.
    expect(await page(counted / 25)).toMatchObject({ totalIs: 'atLeast', pages: counted / 25 + 1 });
    // And past it the total counts at least the rows shown so far.
    expect(await page(counted / 25 + 2)).toMatchObject({
      total: counted + 50,
      totalIs: 'atLeast',
      startIndex: counted + 26,
      endIndex: counted + 50,
      pages: counted / 25 + 3,
    });
  });

  it('ends an estimated list at its short last page, and offers no page past an empty one', async () => {
    const { db } = server.deps;
    const total = await tableTotal(db, 'users');
    // Fewer rows than the estimate: the last page holds 10.
    const rows = Math.floor((total - 40) / 25) * 25 + 10;
    const last = Math.ceil(rows / 25);
    const page = (n: number) =>
      listPage(db, {
        name: 'estimate beyond the rows',
        query: { page: n, limit: 25 },
        table: 'users',
        where: sql`email like '%@example.test'`,
        fetch: async ({ offset, limit }) =>
          Array.from({ length: Math.max(0, Math.min(limit, rows - offset)) }, (_, i) => offset + i),
        estimate: async () => ({ n: total * 3, exact: false }),
      });
    expect(await page(1)).toMatchObject({ total, totalIs: 'about' });
    const end = await page(last);
    expect(end).toMatchObject({ total: rows, pages: last, startIndex: (last - 1) * 25 + 1, endIndex: rows });
    expect(end).not.toHaveProperty('totalIs');
    // Past the end, the list's pages end before the one asked for: no Next to press.
    const past = await page(last + 1);
    expect(past.data).toEqual([]);
    expect(past.pages).toBe(last);
  });

  it('never reports more matches than the list has rows, whatever the estimate', async () => {
    const { db } = server.deps;
    const total = await tableTotal(db, 'users');
    const overshooting = (page: number) =>
      listPage(db, {
        name: 'overshooting estimate',
        query: { page, limit: 25 },
        table: 'users',
        where: sql`email like '%@example.test'`,
        fetch: async ({ limit }) => Array.from({ length: limit }, (_, i) => i),
        estimate: async () => ({ n: total * 3, exact: false }),
      });
    expect(await overshooting(1)).toMatchObject({ total, totalIs: 'about' });
    expect(await overshooting(4)).toMatchObject({ total, totalIs: 'about' });
  });

  it('walks for the first page of a term its word statistics call common, and reports their estimate on every page', async () => {
    const admin = await server.adminToken();
    const matching = await queryRows<{ id: string }>(
      server.deps.db,
      sql`select id::text from users where name ilike '%bulkn%' order by created_at desc, id desc`,
    );
    // From the word tails ANALYZE found; rare and short words, and other filters, make no estimate.
    const estimated = await estimatedSearchMatches(server.deps.db, { q: 'BULKN' });
    expect(estimated).toBeGreaterThan(matching.length * 0.9);
    expect(estimated).toBeLessThan(matching.length * 1.1);
    for (const filters of [{ q: 'bulk1199@' }, { q: 'bulkname 11' }, { q: 'bulkn', blocked: false }])
      expect(await estimatedSearchMatches(server.deps.db, filters), filters.q).toBeNull();
    const first = await server.get('/api/auth/users?q=BULKN', admin);
    expect(first.body).toMatchObject({ total: estimated, totalIs: 'about' });
    expect(first.body.data.map((u: { _id: string }) => u._id)).toEqual(matching.slice(0, 25).map((row) => row.id));
    const second = await server.get('/api/auth/users?q=BULKN&page=2', admin);
    expect(second.body.total).toBe(first.body.total);
    // Once a change has emptied the caches, a later page counts, and reports the same estimate.
    await server.deps.db.execute(
      sql`insert into invites (id, token, hours, expires_at) values (gen_random_uuid(), 'walk-test', 1, now())`,
    );
    await server.changes.sync();
    const again = await server.get('/api/auth/users?q=BULKN&page=2', admin);
    expect(again.body).toMatchObject({ total: first.body.total, totalIs: 'about' });
    expect(second.body.data.map((u: { _id: string }) => u._id)).toEqual(matching.slice(25, 50).map((row) => row.id));
    // With another filter the statistics do not know its share: the matches are counted.
    const filtered = await server.get('/api/auth/users?q=bulkn&blocked=false', admin);
    expect(filtered.body.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(filtered.body.data.map((u: { _id: string }) => u._id)).toEqual(matching.slice(0, 25).map((row) => row.id));
  });

  it('reads the first page of a search in the list order and counts it, whichever way the page is found', async () => {
    const sorts: UserSort[] = [
      { field: 'createdAt', isDescending: true },
      { field: 'createdAt', isDescending: false },
      { field: 'name', isDescending: false },
      { field: 'email', isDescending: true },
    ];
    for (const sort of sorts) {
      for (const q of ['bulkname', 'ulkname 11', 'bulk1199@', 'nothing-like-it']) {
        const where = userWhere({
          q,
          confirmed: undefined,
          blocked: undefined,
          joinedFrom: undefined,
          joinedTo: undefined,
        })!;
        const expected = await queryRows<{ id: string }>(
          server.deps.db,
          sql`select id::text from users
              where name ilike ${containsPattern(q)} or email ilike ${containsPattern(q)}
              order by ${sql.join(userOrder(sort), sql`, `)}`,
        );
        const first = await server.deps.db
          .select({
            id: sql<string>`${userSortedPageIds(server.deps.db, where, sort, 25).id}::text`,
            matches: userSortedPageIds(server.deps.db, where, sort, 25).matches,
          })
          .from(userSortedPageIds(server.deps.db, where, sort, 25));
        const counted = Math.min(expected.length, EXACT_COUNT_LIMIT + 1);
        expect(
          first.map((row) => row.matches ?? 0).every((n) => n === counted),
          q,
        ).toBe(true);
        if (counted <= EXACT_COUNT_LIMIT) {
          expect(first.map((row) => row.id).sort(), `${q} ${sort.field}`).toEqual(
            expected
              .slice(0, 25)
              .map((row) => row.id)
              .sort(),
          );
          continue;
        }
        // Walking the whole list finds the page; a walk of 10 users falls short of it.
        for (const walk of [5000, 10]) {
          const walked = userWalkedPageIds(server.deps.db, where, sort, 25, { walk });
          const ids = await server.deps.db.select({ id: sql<string>`${walked.id}::text` }).from(walked);
          const found = expected.filter((row) => ids.some((id) => id.id === row.id));
          expect(
            ids.map((row) => row.id),
            `${q} ${sort.field} ${walk}`,
          ).toEqual(walk === 10 ? found.map((row) => row.id) : expected.slice(0, 25).map((row) => row.id));
          if (walk === 10) expect(ids.length).toBeLessThan(25);
        }
      }
    }
    const admin = await server.adminToken();
    const listed = await server.get('/api/auth/users?q=ulkname%2011&sort=name', admin);
    expect(listed.body.total).toBe(111);
    expect(listed.body.pages).toBe(5);
    const second = await server.get('/api/auth/users?q=ulkname%2011&sort=name&page=2', admin);
    expect(second.body.total).toBe(111);
    expect(second.body.startIndex).toBe(26);
  });

  it('looks up a typed word that a separator ends as a whole tail, and only the last one as a prefix', async () => {
    const query = async (q: string) =>
      (
        await queryRows<{ words: string | null }>(server.deps.db, sql`select user_search_query(${q})::text as words`)
      )[0]!.words;
    expect(await query('Giorgos Ioannou')).toBe("'giorgos' & ( 'ioannou' | 'ioannou':* )");
    expect(await query('member12345@')).toBe("'member12345'");
    expect(await query('@bench.test')).toBe("'bench' & ( 'test' | 'test':* )");
    expect(await query('ab')).toBeNull();
  });

  it('folds names for sorting alike whatever the locale lowers, the C locale included', async () => {
    const [row] = await queryRows<{ folded: string; asC: string }>(
      server.deps.db,
      sql`select sort_fold('Άννα ΕΛΈΝΗ Émile Ørsted') as folded,
                 sort_fold('Άννα ΕΛΈΝΗ Émile Ørsted' collate "C") as "asC"`,
    );
    expect(row).toEqual({ folded: 'αννα ελενη emile orsted', asC: 'αννα ελενη emile orsted' });
  });

  it('reads users by name and events by title in the order of their indexes, without sorting', async () => {
    const planOf = (query: SQL) =>
      server.deps.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_sort = off`);
        const plan = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`);
        return plan.map((row) => row['QUERY PLAN']).join('\n');
      });
    const { db } = server.deps;
    for (const isDescending of [false, true]) {
      const orders = [
        { index: 'users_name_id_idx', table: users, order: userOrder({ field: 'name', isDescending }) },
        { index: 'events_title_idx', table: events, order: eventOrder({ field: 'title', isDescending }) },
      ];
      for (const { index, table, order } of orders) {
        const plan = await planOf(
          db
            .select({ id: table.id })
            .from(table)
            .orderBy(...order)
            .limit(25)
            .getSQL(),
        );
        expect(plan).toContain(index);
        expect(plan).not.toMatch(/Sort|Seq Scan/);
      }
    }
  });

  it('serves a search, Greek included, from the word index and finds what ILIKE finds', async () => {
    // On a table this small the planner rightly reads the table; forbidding that shows the
    // index matches the query. At 100,000 rows the planner picks it by itself (bench/search).
    const planOf = (q: string) =>
      server.deps.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        const plan = await queryRows<{ 'QUERY PLAN': string }>(
          tx,
          sql`explain select 1 from users where ${userSearch(q)}`,
        );
        return plan.map((row) => row['QUERY PLAN']).join('\n');
      });
    for (const q of ['ζαχαρ', 'bulk1199@', 'lk119', 'ULKNAME 11', 'stavroula@example']) {
      const text = await planOf(q);
      expect(text).toContain('users_search_words_idx');
      expect(text).not.toContain('Seq Scan');
    }
    const admin = await server.adminToken();
    const emails = async (q: string) =>
      (await server.get(`/api/auth/users?q=${encodeURIComponent(q)}&limit=1000`, admin)).body.data
        .map((u: { email: string }) => u.email)
        .sort();
    const plainIlike = async (q: string) =>
      (
        await queryRows<{ email: string }>(
          server.deps.db,
          sql`select email from users where name ilike ${containsPattern(q)} or email ilike ${containsPattern(q)}`,
        )
      )
        .map((row) => row.email)
        .sort();
    expect(await emails('ΖΑΧΑΡ')).toEqual(['stavroula@example.test']);
    expect(await emails('bulk1199@')).toEqual(['bulk1199@example.test']);
    // Within a word, across words, at the end of one, and words too short for the index. A term
    // of one word is decided by the word index alone where the matches are read and sorted.
    for (const q of [
      'αχαρίου',
      'Ζαχαρ',
      'ULK11',
      'ulk119',
      'kname 1199',
      'bulkname 119',
      'bulk119@example',
      '99@example.te',
      'a@',
      'e 5',
    ]) {
      const found = await emails(q);
      expect(found.length).toBeGreaterThan(0);
      expect(found).toEqual(await plainIlike(q));
    }
  });
});

describe('a rare word with more matches than the walk finds', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    // 1,100 members with a rare word (each email's tails are its own), older than 5,000 others,
    // so the newest-first walk of the first page meets none of them.
    await server.deps.db.execute(sql`
      insert into users (id, created_at, name, email, password_hash)
      select gen_random_uuid(), now() - interval '10 years' - make_interval(secs => i), 'Person ' || i,
             'sorted' || i || '@example.test', 'x'
      from generate_series(1, 1100) as i`);
    await server.deps.db.execute(sql`
      insert into users (id, created_at, name, email, password_hash)
      select gen_random_uuid(), now() - make_interval(secs => i), 'Filler ' || i, 'filler' || i || '@example.test', 'x'
      from generate_series(1, 5000) as i`);
    await server.deps.db.execute(sql`analyze users`);
    await server.changes.sync();
  }, 120_000);
  afterAll(() => server.close());

  it('reads every match through the word index, sorts them, and counts them exactly', async () => {
    const admin = await server.adminToken();
    for (const sort of ['-createdAt', 'createdAt', 'name', '-email']) {
      const field =
        sort.replace('-', '') === 'name'
          ? sql`lower(name)`
          : sql.raw(sort.replace('-', '') === 'email' ? 'email' : 'created_at');
      const direction = sql.raw(sort.startsWith('-') ? 'desc' : 'asc');
      const expected = await queryRows<{ id: string }>(
        server.deps.db,
        sql`select id::text from users where email ilike 'sorted%' order by ${field} ${direction}, id ${direction} limit 25`,
      );
      const listed = await server.get(`/api/auth/users?q=sorted&sort=${sort}`, admin);
      expect(listed.body.total, sort).toBe(1100);
      expect(
        listed.body.data.map((u: { _id: string }) => u._id),
        sort,
      ).toEqual(expected.map((row) => row.id));
    }
  });

  it('reads the later pages the same way, each in its place, and none past the last', async () => {
    const admin = await server.adminToken();
    const expected = await queryRows<{ id: string }>(
      server.deps.db,
      sql`select id::text from users where email ilike 'sorted%' order by lower(name) asc, id asc`,
    );
    for (const page of [2, 3, 44]) {
      const listed = await server.get(`/api/auth/users?q=sorted&sort=name&page=${page}`, admin);
      expect(listed.body.total).toBe(1100);
      expect(
        listed.body.data.map((u: { _id: string }) => u._id),
        `page ${page}`,
      ).toEqual(expected.slice((page - 1) * 25, page * 25).map((row) => row.id));
    }
    expect((await server.get('/api/auth/users?q=sorted&sort=name&page=45', admin)).body.data).toEqual([]);
  });

  it('plans that read through the word index and a sort, not a walk of the order', async () => {
    const where = userWhere({
      q: 'sorted',
      confirmed: undefined,
      blocked: undefined,
      joinedFrom: undefined,
      joinedTo: undefined,
    })!;
    const sorted = userSortedPageIds(server.deps.db, where, NEWEST_FIRST, 25, SORTED_READ_LIMIT + 1, 25);
    // At 6,100 users the planner sorts a few matches anyway; with sorting made dear it walks the
    // list's order instead, as it chose to at 1,000,000 users.
    const text = await server.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_sort = off`);
      const plan = await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain ${server.deps.db.select({ id: sorted.id }).from(sorted).getSQL()}`,
      );
      return plan.map((row) => row['QUERY PLAN']).join('\n');
    });
    expect(text).toContain('users_search_words_idx');
    expect(text).not.toContain('users_created_at_id_idx');
  });
});
