import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Logger } from 'pino';
import type * as schema from './schema.js';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Whether a commit's notices reach this instance before its statement's answer does: true of
   * the embedded engine (one connection, in this process), so there is nothing to wait for.
   */
  hearsCommitsFirst: boolean;
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
  /**
   * Reclaims dead rows and refreshes the planner's statistics where the engine does not do it by
   * itself; answers the tables it went through (none on PostgreSQL, whose autovacuum does it).
   */
  upkeep(): Promise<string[]>;
  close(): Promise<void>;
};

export const migrationsFolder = path.resolve(import.meta.dirname, '../../src/db/migrations');

/**
 * Opens the configured engine. Each engine's driver is loaded only when it is the one in use, so
 * an embedded server does not carry the PostgreSQL client, nor a PostgreSQL one the embedded engine.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  /** PostgreSQL's connections at most; unset: the default for this machine. */
  poolSize?: number;
  dataDir: string;
  logger: Logger;
}): Promise<Database> {
  if (options.databaseUrl) {
    const { createPostgresDatabase } = await import('./postgres.js');
    return createPostgresDatabase(options.databaseUrl, options.logger, options.poolSize);
  }
  const { createPgliteDatabase } = await import('./pglite.js');
  return createPgliteDatabase({ dataDir: options.dataDir });
}
