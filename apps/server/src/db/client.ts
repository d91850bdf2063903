import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from './schema.js';
import { acquireDataDirLock } from './data-dir-lock.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /** Runs start-up work (migrations, seeding) with one instance at a time across the cluster. */
  withStartupLock<T>(work: () => Promise<T>): Promise<T>;
  /** Runs `work` unless another instance holds the job's lock; answers whether it ran. */
  tryJobLock(key: number, work: () => Promise<void>): Promise<boolean>;
  /**
   * Hears NOTIFY on `channel`: `onLive(true)` once listening, `onLive(false)` when the
   * subscription is lost (it is re-established by itself). Answers the function that stops it.
   */
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onLive: (live: boolean) => void,
  ): Promise<() => Promise<void>>;
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** How long a lost subscription waits before listening again. */
const RELISTEN_DELAY_MS = 1000;

export const migrationsFolder = path.resolve(import.meta.dirname, '../../src/db/migrations');

/** One key for the whole product, so concurrent starts apply migrations and seeding once. */
const STARTUP_LOCK_KEY = 724_003_001;

/** Keeps the embedded server small at idle; the defaults reserve far more than this product uses. */
export const PGLITE_SETTINGS = ['shared_buffers = 16MB', 'work_mem = 4MB', 'maintenance_work_mem = 32MB'];

export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({
    dataDir,
    loadDataDir,
    extensions: { pg_trgm },
    postgresqlconf: PGLITE_SETTINGS,
  });
}

export async function createPgliteDatabase(options: { dataDir?: string; client?: PGlite }): Promise<Database> {
  let releaseLock = () => {};
  let client = options.client;
  if (!client) {
    const dbDir = options.dataDir ? path.join(options.dataDir, 'db') : undefined;
    if (dbDir) {
      fs.mkdirSync(dbDir, { recursive: true });
      releaseLock = acquireDataDirLock(path.join(options.dataDir!, 'db.lock'));
    }
    try {
      client = await openPglite(dbDir);
    } catch (error) {
      releaseLock();
      throw error;
    }
  }
  const pglite = client;
  const db = drizzlePglite({ client: pglite, schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    // One process owns the data directory: the file lock already serialises start-ups.
    withStartupLock: (work) => work(),
    tryJobLock: async (_key, work) => {
      await work();
      return true;
    },
    // One process, one connection: a commit's notifications arrive before its query resolves.
    listen: async (channel, onMessage, onLive) => {
      const unlisten = await pglite.listen(channel, onMessage);
      onLive(true);
      return async () => {
        if (!pglite.closed) await unlisten();
      };
    },
    ping: async () => {
      await pglite.query('select 1');
    },
    close: async () => {
      if (!pglite.closed) await pglite.close();
      releaseLock();
    },
  };
}

export function createPostgresDatabase(url: string, logger: Logger): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 15_000,
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', (error) => logger.warn({ err: error.message }, 'database connection lost'));
  const db = drizzlePg({ client: pool, schema });
  const withoutStatementTimeout = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query('set statement_timeout = 0');
      return await work(client);
    } finally {
      await client.query('reset statement_timeout').catch(() => {});
      client.release();
    }
  };
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    // Waiting for another instance's start-up, or building an index on a large table, may
    // rightly take longer than any request's statement.
    migrate: () => withoutStatementTimeout((client) => migratePg(drizzlePg({ client, schema }), { migrationsFolder })),
    withStartupLock: (work) =>
      withoutStatementTimeout(async (lockClient) => {
        await lockClient.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        try {
          return await work();
        } finally {
          await lockClient.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
        }
      }),
    tryJobLock: async (key, work) => {
      const lockClient = await pool.connect();
      try {
        const { rows } = await lockClient.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [
          key,
        ]);
        if (!rows[0]?.locked) return false;
        try {
          await work();
          return true;
        } finally {
          await lockClient.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
        }
      } finally {
        lockClient.release();
      }
    },
    listen: async (channel, onMessage, onLive) => {
      let stopped = false;
      let current: pg.Client | undefined;
      let retry: NodeJS.Timeout | undefined;
      const subscribe = async () => {
        const client = new pg.Client({ connectionString: url });
        let lost = false;
        const onLost = (error?: Error) => {
          if (lost || stopped) return;
          lost = true;
          current = undefined;
          onLive(false);
          if (error) logger.warn({ err: error.message }, 'change subscription lost');
          client.end().catch(() => {});
          retry = setTimeout(() => void subscribe(), RELISTEN_DELAY_MS).unref();
        };
        client.on('notification', (message) => {
          if (message.channel === channel) onMessage(message.payload ?? '');
        });
        client.on('error', onLost);
        client.on('end', () => onLost());
        try {
          await client.connect();
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          current = client;
          onLive(true);
        } catch (error) {
          onLost(error as Error);
        }
      };
      await subscribe();
      return async () => {
        stopped = true;
        clearTimeout(retry);
        await current?.end().catch(() => {});
      };
    },
    ping: async () => {
      await pool.query('select 1');
    },
    close: () => pool.end(),
  };
}
