import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database, Db } from './client.js';
import { queryRows } from './query-rows.js';

/** Statement triggers (migration 0005) announce each changed table on this channel at commit. */
export const TABLE_CHANGED_CHANNEL = 'table_changed';
const SYNC_PREFIX = 'sync:';

/**
 * What a cached value was computed from: some announced tables, or everything announced. `never`
 * is read afresh each time: tables written on every sign-in (the audit log) announce nothing,
 * since announcing costs more there than the reads it would save.
 */
export type CacheSource = WatchedSource | 'never';
type WatchedSource = readonly string[] | 'all';

/**
 * How much a cache may hold: `max` entries and, when `weigh` is given, `maxWeight` in all (rows,
 * say), so a few large values cannot fill the heap however few entries they are.
 */
export type CacheLimits<V = unknown> = {
  max: number;
  ttlMs: number;
  weigh?: (value: V) => number;
  maxWeight?: number;
};

type Entry<V> = { stamp: number; expires: number; value: Promise<V>; weight: number };

/** Values read from tables, served from memory until one of those tables changes. */
export class TableCache<K, V> {
  readonly #entries = new Map<K, Entry<V>>();
  #weight = 0;

  constructor(
    private readonly changes: TableChanges,
    private readonly source: WatchedSource,
    private readonly limits: CacheLimits<V>,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get weight(): number {
    return this.#weight;
  }

  get(key: K, load: () => Promise<V>): Promise<V> {
    if (!this.changes.live) return load();
    // Taken before loading: a change committed while the value loads leaves it already stale.
    const stamp = this.changes.stamp(this.source);
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit && hit.stamp === stamp && hit.expires > now) return hit.value;
    if (hit) this.#remove(key, hit);
    const entry: Entry<V> = { stamp, expires: now + this.limits.ttlMs, value: load(), weight: 0 };
    this.#entries.set(key, entry);
    this.#evict();
    entry.value.then(
      (value) => {
        if (this.#entries.get(key) !== entry || !this.limits.weigh) return;
        entry.weight = this.limits.weigh(value);
        this.#weight += entry.weight;
        this.#evict();
      },
      () => {
        if (this.#entries.get(key) === entry) this.#remove(key, entry);
      },
    );
    return entry.value;
  }

  #remove(key: K, entry: Entry<V>) {
    this.#entries.delete(key);
    this.#weight -= entry.weight;
  }

  /** Oldest first, until both the count and the weight are within their limits. */
  #evict() {
    const maxWeight = this.limits.maxWeight ?? Infinity;
    for (const [key, entry] of this.#entries) {
      if (this.#entries.size <= this.limits.max && this.#weight <= maxWeight) return;
      this.#remove(key, entry);
    }
  }
}

/**
 * Which tables have changed, as heard from the database. Every instance listens, so a change
 * committed anywhere reaches every instance's caches; while not listening, nothing is cached.
 */
export type TableChanges = {
  readonly live: boolean;
  /** A number that grows whenever one of the tables may have changed. */
  stamp(source: WatchedSource): number;
  /** Resolves once every change committed before the call has been heard. */
  sync(): Promise<void>;
  /** The cache `name` of values read from `source`; one name with two sources is two caches. */
  cache<K, V>(name: string, source: WatchedSource, limits: CacheLimits<V>): TableCache<K, V>;
  close(): Promise<void>;
};

const byDb = new WeakMap<Db, TableChanges>();

/** Served from the table caches of `db` when it is watched, read afresh otherwise. */
export function cached<K, V>(
  db: Db,
  name: string,
  source: CacheSource,
  key: K,
  load: () => Promise<V>,
  limits: CacheLimits<V> = { max: 1000, ttlMs: 60_000 },
): Promise<V> {
  const changes = byDb.get(db);
  return changes && source !== 'never' ? changes.cache<K, V>(name, source, limits).get(key, load) : load();
}

export async function watchTableChanges(database: Database, logger: Logger): Promise<TableChanges> {
  const versions = new Map<string, number>();
  let epoch = 0;
  let allChanges = 0;
  let live = false;
  const caches = new Map<string, TableCache<unknown, unknown>>();
  const waiting = new Map<string, () => void>();

  const changes: TableChanges = {
    get live() {
      return live;
    },
    stamp: (source) => {
      if (source === 'all') return epoch + allChanges;
      let sum = epoch;
      for (const table of source) sum += versions.get(table) ?? 0;
      return sum;
    },
    sync: async () => {
      if (!live || database.hearsCommitsFirst) return;
      const nonce = crypto.randomUUID();
      const heard = new Promise<void>((resolve) => waiting.set(nonce, resolve));
      await queryRows(database.db, sql`select pg_notify(${TABLE_CHANGED_CHANNEL}, ${SYNC_PREFIX + nonce})`);
      await heard;
    },
    cache: <K, V>(name: string, source: WatchedSource, limits: CacheLimits<V>) => {
      // Keyed by what it watches too: a cache made for one table must never answer for another.
      const id = `${name} ${source === 'all' ? '*' : source.join(',')}`;
      let cache = caches.get(id);
      if (!cache) {
        cache = new TableCache<K, V>(changes, source, limits) as TableCache<unknown, unknown>;
        caches.set(id, cache);
      }
      return cache as TableCache<K, V>;
    },
    close: async () => {
      live = false;
      if (byDb.get(database.db) === changes) byDb.delete(database.db);
      await stop();
    },
  };

  const stop = await database.listen(
    TABLE_CHANGED_CHANNEL,
    (payload) => {
      if (payload.startsWith(SYNC_PREFIX)) {
        const nonce = payload.slice(SYNC_PREFIX.length);
        waiting.get(nonce)?.();
        waiting.delete(nonce);
        return;
      }
      versions.set(payload, (versions.get(payload) ?? 0) + 1);
      allChanges += 1;
    },
    (isLive) => {
      // Whatever changed while not listening is unknown: start again from nothing.
      epoch += 1;
      live = isLive;
      if (!isLive) {
        logger.warn('no longer hearing table changes; caches are bypassed until it reconnects');
        for (const resolve of waiting.values()) resolve();
        waiting.clear();
      }
    },
  );
  byDb.set(database.db, changes);
  return changes;
}
