import crypto from 'node:crypto';
import os from 'node:os';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from 'pino';
import { ADVISORY_LOCKS } from './advisory-locks.js';
import type { Database } from './client.js';
import { applyMigrations } from './migrate.js';
import * as schema from './schema.js';

/** How long a lost subscription waits before listening again. */
const RELISTEN_DELAY_MS = 1000;
/**
 * A connection dropped without a reset (a NAT or firewall forgetting it) raises no error: the
 * listener sends itself a notice this often, and one not heard back in time counts as lost.
 */
const HEARTBEAT_MS = 2000;
const HEARTBEAT_TIMEOUT_MS = 3000;
const HEARTBEAT_PREFIX = 'heartbeat:';
/** The listening connection's name in `pg_stat_activity`. */
export const LISTENER_NAME = 'community table changes';
/** The name in `pg_stat_activity` of a connection that holds a lock for a job or the start-up. */
export const LOCK_HOLDER_NAME = 'community lock';

/**
 * The pool's size unless DATABASE_POOL_SIZE gives it: two connections per core, at most ten.
 * Statements beyond the cores share them and all finish late; in turn, most finish at once
 * (docs/decisions/024-database-pool-size.md).
 */
export const defaultPoolSize = () => Math.min(10, 2 * os.availableParallelism());

export function createPostgresDatabase(url: string, logger: Logger, poolSize = defaultPoolSize()): Database {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 15_000,
  });
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', (error) => logger.warn({ err: error }, 'database connection lost'));
  const db = drizzle({ client: pool, schema });
  // A lock is held for as long as its work runs (a mail sent, a feed fetched, the migrations), on a
  // connection of its own, at most one per lock: not on the pool's, which the work and the
  // requests need meanwhile.
  const lockPool = new pg.Pool({
    connectionString: url,
    max: Object.keys(ADVISORY_LOCKS).length,
    connectionTimeoutMillis: 3000,
    idleTimeoutMillis: 30_000,
    application_name: LOCK_HOLDER_NAME,
  });
  lockPool.on('error', (error) => logger.warn({ err: error }, 'database connection lost'));
  const onLockConnection = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await lockPool.connect();
    try {
      return await work(client);
    } finally {
      client.release();
    }
  };
  return {
    db,
    kind: 'postgres',
    hearsCommitsFirst: false,
    // Building an index on a large table may rightly take longer than any request's statement
    // (the lock pool has no statement timeout: waiting for another instance's start-up may too).
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('set statement_timeout = 0');
        await applyMigrations(drizzle({ client, schema }));
      } finally {
        await client.query('reset statement_timeout').catch(() => {});
        client.release();
      }
    },
    withStartupLock: (work) =>
      onLockConnection(async (lockClient) => {
        await lockClient.query('select pg_advisory_lock($1)', [ADVISORY_LOCKS.startup]);
        try {
          return await work();
        } finally {
          await lockClient.query('select pg_advisory_unlock($1)', [ADVISORY_LOCKS.startup]).catch(() => {});
        }
      }),
    tryJobLock: (key, work) =>
      onLockConnection(async (lockClient) => {
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
      }),
    listen: async (channel, onMessage, onLive) => {
      let stopped = false;
      let current: pg.Client | undefined;
      let retry: NodeJS.Timeout | undefined;
      const subscribe = async () => {
        const client = new pg.Client({ connectionString: url, keepAlive: true, application_name: LISTENER_NAME });
        let lost = false;
        let heartbeat: NodeJS.Timeout | undefined;
        let awaited: { nonce: string; sentAt: number } | undefined;
        const onLost = (error?: Error) => {
          clearInterval(heartbeat);
          if (lost || stopped) return;
          lost = true;
          current = undefined;
          onLive(false);
          if (error) logger.warn({ err: error }, 'change subscription lost');
          client.end().catch(() => {});
          retry = setTimeout(() => void subscribe(), RELISTEN_DELAY_MS).unref();
        };
        const beat = () => {
          if (awaited && Date.now() - awaited.sentAt > HEARTBEAT_TIMEOUT_MS) {
            onLost(new Error('no heartbeat heard back: the connection is gone'));
            return;
          }
          if (awaited) return;
          awaited = { nonce: crypto.randomUUID(), sentAt: Date.now() };
          // Sent on the listening connection itself, which hears its own notices: a pool whose
          // every connection is busy with long statements must not pass for a lost subscription
          // (the caches would then be bypassed just when the database is busiest).
          client.query('select pg_notify($1, $2)', [channel, HEARTBEAT_PREFIX + awaited.nonce]).catch(() => {});
        };
        client.on('notification', (message) => {
          if (message.channel !== channel) return;
          const payload = message.payload ?? '';
          if (payload.startsWith(HEARTBEAT_PREFIX)) {
            if (payload === HEARTBEAT_PREFIX + awaited?.nonce) awaited = undefined;
            return;
          }
          onMessage(payload);
        });
        client.on('error', onLost);
        client.on('end', () => onLost());
        try {
          await client.connect();
          await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          current = client;
          heartbeat = setInterval(beat, HEARTBEAT_MS).unref();
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
    upkeep: async () => [],
    close: async () => {
      await Promise.all([pool.end(), lockPool.end()]);
    },
  };
}
