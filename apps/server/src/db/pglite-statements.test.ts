import { parse, protocol, type PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from './pglite-engine.js';
import { withPreparedStatements } from './pglite-statements.js';

let pglite: PGlite;
let client: PGlite;

const preparedNames = async () =>
  (await pglite.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
    (row) => row.name,
  );

beforeAll(async () => {
  pglite = await openPglite();
  client = withPreparedStatements(pglite);
  await pglite.exec(`
    create table people (id int primary key, name text not null, born date, tags text[], joined timestamptz);
    insert into people values
      (1, 'Ελένη', '1990-05-01', '{a,b}', '2026-01-02T03:04:05Z'),
      (2, 'Nikos', null, '{}', null);
  `);
});
afterAll(() => pglite.close());

describe('the PGlite internals this layer relies on', () => {
  // apps/server/package.json pins @electric-sql/pglite to an exact version for as long as these
  // are used: an upgrade must pass this test first.
  it.each(['_checkReady', '_runExclusiveTransaction', '_runExclusiveQuery', 'execProtocolStream'] as const)(
    'PGlite still has %s',
    (name) => {
      expect(typeof (pglite as unknown as Record<string, unknown>)[name], `PGlite.${name} is gone`).toBe('function');
    },
  );

  it('keeps its parser and serializer tables and the protocol helpers', () => {
    expect(typeof pglite.parsers[25], 'the text parser').toBe('function');
    expect(typeof pglite.serializers[1184], 'the timestamptz serializer').toBe('function');
    expect(typeof protocol.serialize.parse, 'protocol.serialize.parse').toBe('function');
    expect(typeof parse.parseDescribeStatementResults, 'parse.parseDescribeStatementResults').toBe('function');
  });
});

describe('prepared statements on PGlite', () => {
  it('answer exactly as PGlite itself, from the second time on through one prepared statement', async () => {
    const text = 'select id, name, born, tags, joined from people where id = any($1::int[]) or name = $2 order by id';
    const params = [[1], 'Nikos'];
    const expected = await pglite.query(text, params);
    for (let i = 0; i < 4; i++) expect(await client.query(text, params)).toEqual(expected);
    expect(await preparedNames()).toHaveLength(1);
    // Parsers passed by the caller apply, as drizzle passes them.
    const raw = await client.query<[number, string]>(text, params, {
      rowMode: 'array',
      parsers: { 1082: (value: string) => `date ${value}` },
    });
    expect(raw.rows[0]).toEqual([1, 'Ελένη', 'date 1990-05-01', ['a', 'b'], new Date('2026-01-02T03:04:05Z')]);
    const nullText = 'select name from people where born is not distinct from $1';
    for (let i = 0; i < 2; i++) expect((await client.query(nullText, [null])).rows).toEqual([{ name: 'Nikos' }]);
  });

  it('prepare repeated writes too, but never one-off statements or commands', async () => {
    const before = await preparedNames();
    await client.query('select count(*) from people where id > $1', [0]);
    for (let i = 0; i < 3; i++) await client.query('set search_path = public');
    expect(await preparedNames()).toEqual(before);
    const update = 'update people set name = name where id = $1';
    for (let i = 0; i < 3; i++) expect((await client.query(update, [2])).affectedRows).toBe(1);
    const { rows } = await pglite.query('select 1 from pg_prepared_statements where statement = $1', [update]);
    expect(rows).toHaveLength(1);
  });

  it('run a write that fails once, reporting its error as PGlite does', async () => {
    await pglite.exec(`
      create sequence tickets;
      create table counted (id int primary key default nextval('tickets'), n int check (n > 0));
    `);
    const text = 'insert into counted (n) values ($1) returning id';
    expect((await client.query(text, [1])).rows).toEqual([{ id: 1 }]);
    expect((await client.query(text, [1])).rows).toEqual([{ id: 2 }]);
    const own = await pglite.query(text, [0]).catch((error: unknown) => error);
    const prepared = await client.query(text, [0]).catch((error: unknown) => error);
    expect(prepared).toMatchObject({ code: '23514', message: (own as Error).message, query: text });
    // Each failed run took one number: run twice, the second failure would have taken another.
    expect((await client.query(text, [1])).rows).toEqual([{ id: 5 }]);
  });

  it('keep at most 100 statements, closing the least recently used', async () => {
    for (let i = 0; i < 130; i++) {
      for (let time = 0; time < 2; time++) {
        expect((await client.query<{ n: number }>(`select ${i} + $1::int as n`, [1])).rows).toEqual([{ n: i + 1 }]);
      }
    }
    const names = await preparedNames();
    expect(names.length).toBe(100);
  });

  it('wait for another caller’s transaction instead of reading inside it', async () => {
    const text = 'select name from people where id = $1';
    await client.query(text, [1]);
    await client.query(text, [1]);
    let inside!: () => void;
    const holding = new Promise<void>((resolve) => (inside = resolve));
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const transaction = pglite.transaction(async (tx) => {
      await tx.query('insert into people (id, name) values (3, $1)', ['uncommitted']);
      inside();
      await finished;
      await tx.rollback();
    });
    await holding;
    const read = client.query<{ name: string }>(text, [3]);
    const early = await Promise.race([
      read.then(() => 'read'),
      new Promise((resolve) => setTimeout(resolve, 100, 'waiting')),
    ]);
    expect(early).toBe('waiting');
    finish();
    await transaction;
    expect((await read).rows).toEqual([]);
  });

  it('report errors as PGlite does and keep working after them', async () => {
    const text = 'select 1 / $1::int as quotient';
    await client.query(text, [1]);
    await client.query(text, [1]);
    await expect(client.query(text, [0])).rejects.toMatchObject({ code: '22012' });
    await expect(pglite.query(text, [0])).rejects.toMatchObject({ code: '22012' });
    expect((await client.query(text, [2])).rows).toEqual([{ quotient: 0 }]);
  });

  it('follow a change of the table a prepared read uses', async () => {
    const text = 'select * from people where id = $1';
    await client.query(text, [2]);
    await client.query(text, [2]);
    await pglite.exec('alter table people add column city text');
    await pglite.exec("update people set city = 'Αθήνα' where id = 2");
    const { rows } = await client.query<{ city: string }>(text, [2]);
    expect(rows[0]!.city).toBe('Αθήνα');
    expect((await client.query<{ city: string }>(text, [2])).rows[0]!.city).toBe('Αθήνα');
  });

  it('plan a read for its own values at every run, and a write once, whichever ran last', async () => {
    const read = "select id from people where name like $1 || '%'";
    const write = 'update people set born = born where id = $1';
    for (let i = 0; i < 8; i++) {
      await client.query(read, [i % 2 ? 'Ni' : 'Ε']);
      await client.query(write, [(i % 2) + 1]);
    }
    const plans = async (statement: string) =>
      (
        await pglite.query<{ generic_plans: number; custom_plans: number }>(
          'select generic_plans::int, custom_plans::int from pg_prepared_statements where statement = $1',
          [statement],
        )
      ).rows[0];
    expect(await plans(read)).toEqual({ generic_plans: 0, custom_plans: 7 });
    // PostgreSQL's own choice: five runs planned for their values, then a plan for any.
    expect(await plans(write)).toEqual({ generic_plans: 2, custom_plans: 5 });
  });
});
