import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKER_NICE } from '../lib/thread-priority.js';
import { threadNiceness } from '../test/thread-niceness.js';
import { openPgliteThread, type PgliteThread } from './pglite-thread.js';

let thread: PgliteThread;

beforeAll(async () => {
  thread = await openPgliteThread();
  await thread.query('create table notes (id int primary key, body text not null, written timestamptz not null)');
});
afterAll(() => thread.close());

describe('PGlite on its own thread', () => {
  it('leaves the event loop free while a long statement runs', async () => {
    let running = true;
    const started = performance.now();
    const statement = thread.query('select count(*)::int as n from generate_series(1, 4000000)').finally(() => {
      running = false;
    });
    let turns = 0;
    let longestGap = 0;
    for (let last = performance.now(); running; turns++) {
      await new Promise((resolve) => setTimeout(resolve, 2));
      longestGap = Math.max(longestGap, performance.now() - last);
      last = performance.now();
    }
    const took = performance.now() - started;
    expect((await statement).rows).toEqual([{ n: 4000000 }]);
    // On the server's own thread the statement would hold every timer until it ended.
    expect(took).toBeGreaterThan(100);
    expect(longestGap).toBeLessThan(took / 2);
    expect(turns).toBeGreaterThan(10);
  });

  it.runIf(process.platform === 'linux')('runs below the priority of the event loop', () => {
    // This file's process holds one PGlite thread and no password workers.
    expect(threadNiceness().filter((nice) => nice === WORKER_NICE)).toHaveLength(1);
    expect(threadNiceness()[0]).toBe(0);
  });

  it('answers rows as PGlite does, with the caller’s parsers applied to their types', async () => {
    await thread.query('insert into notes values ($1, $2, $3)', [1, 'Καλημέρα', new Date('2026-01-02T03:04:05Z')]);
    expect((await thread.query('select id, body, written from notes')).rows).toEqual([
      { id: 1, body: 'Καλημέρα', written: new Date('2026-01-02T03:04:05Z') },
    ]);
    const raw = await thread.query('select id, written from notes', [], {
      rowMode: 'array',
      parsers: { 1184: (value: string) => `at ${value}` },
    });
    expect(raw.rows).toEqual([[1, 'at 2026-01-02 03:04:05+00']]);
    expect(raw.fields.map((field) => field.name)).toEqual(['id', 'written']);
  });

  it('reports a database error with its SQLSTATE and keeps working', async () => {
    const error = (await thread
      .query('insert into notes values (1, $1, now())', ['again'])
      .catch((e: unknown) => e)) as {
      code?: string;
      message?: string;
      constraint?: string;
    };
    expect(error).toBeInstanceOf(Error);
    expect(error.code).toBe('23505');
    expect(error.constraint).toBe('notes_pkey');
    expect((await thread.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 1 }]);
  });

  it('commits a transaction whose work succeeds and rolls back one whose work throws', async () => {
    await thread.transaction(async (tx) => {
      await tx.query("insert into notes values (2, 'kept', now())");
    });
    const failure = await thread
      .transaction(async (tx) => {
        await tx.query("insert into notes values (3, 'lost', now())");
        throw new Error('changed my mind');
      })
      .catch((e: unknown) => e);
    expect((failure as Error).message).toBe('changed my mind');
    expect((await thread.query('select id from notes order by id')).rows).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('runs a statement from outside an open transaction only after it ends', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = thread.transaction(async (tx) => {
      await tx.query("insert into notes values (4, 'inside', now())");
      await held;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = thread.query<{ n: number }>('select count(*)::int as n from notes where id = 4');
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ n: 1 }]);
  });

  it('hands on a commit’s notices before the answer of the statement that committed', async () => {
    const heard: string[] = [];
    const stop = await thread.listen('notes_changed', (payload) => heard.push(`notice ${payload}`));
    await thread.query("select pg_notify('notes_changed', 'one')");
    heard.push('answer');
    await stop();
    await thread.query("select pg_notify('notes_changed', 'two')");
    expect(heard).toEqual(['notice one', 'answer']);
  });
});

describe('opening and closing the thread', () => {
  it('refuses statements once closed', async () => {
    const other = await openPgliteThread();
    await other.close();
    expect(other.closed).toBe(true);
    await expect(other.query('select 1')).rejects.toThrow();
  });

  it('reports an engine that cannot open', async () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'pglite-')), 'not-a-folder');
    fs.writeFileSync(file, 'x');
    await expect(openPgliteThread(file)).rejects.toThrow();
  });
});
