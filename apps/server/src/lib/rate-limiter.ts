import { Redis } from 'ioredis';
import type { Logger } from 'pino';

export type Hits = { count: number; retryAfterSeconds: number };

/** Fixed-window counters. Shared through Redis when several instances run, in-process otherwise. */
export type RateLimitStore = {
  get(key: string): Promise<Hits>;
  hit(key: string, windowMs: number): Promise<Hits>;
  /** Takes back one hit, e.g. an attempt counted up front that turned out to be allowed. */
  unhit(key: string): Promise<void>;
  reset(key: string): Promise<void>;
  close(): Promise<void>;
};

export function createMemoryStore(): RateLimitStore {
  const entries = new Map<string, { count: number; resetAt: number }>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const [key, entry] of entries) if (entry.resetAt <= now) entries.delete(key);
  }, 60_000);
  sweep.unref();
  const read = (key: string): Hits => {
    const entry = entries.get(key);
    const now = Date.now();
    if (!entry || entry.resetAt <= now) return { count: 0, retryAfterSeconds: 0 };
    return { count: entry.count, retryAfterSeconds: Math.ceil((entry.resetAt - now) / 1000) };
  };
  return {
    get: async (key) => read(key),
    hit: async (key, windowMs) => {
      const now = Date.now();
      const entry = entries.get(key);
      if (!entry || entry.resetAt <= now) entries.set(key, { count: 1, resetAt: now + windowMs });
      else entry.count += 1;
      return read(key);
    },
    unhit: async (key) => {
      const entry = entries.get(key);
      if (entry && entry.count > 0) entry.count -= 1;
    },
    reset: async (key) => {
      entries.delete(key);
    },
    close: async () => clearInterval(sweep),
  };
}

const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
if count == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {count, redis.call('PTTL', KEYS[1])}`;

const UNHIT_SCRIPT = `
if (tonumber(redis.call('GET', KEYS[1]) or '0') > 0) then redis.call('DECR', KEYS[1]) end
return 0`;

/** Falls back to the in-process store while Redis is unreachable, so sign-in keeps working. */
export function createRedisStore(url: string, logger: Logger): RateLimitStore {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    lazyConnect: false,
  });
  const fallback = createMemoryStore();
  let warned = false;
  redis.on('error', (error) => {
    if (!warned)
      logger.warn({ err: error.message }, 'Redis unavailable: rate limits are per instance until it returns');
    warned = true;
  });
  redis.on('ready', () => {
    if (warned) logger.info('Redis reachable again: rate limits are shared');
    warned = false;
  });
  const prefixed = (key: string) => `rl:${key}`;
  const guarded = async <T>(work: () => Promise<T>, onFailure: () => Promise<T>) => {
    if (redis.status !== 'ready') return onFailure();
    try {
      return await work();
    } catch {
      return onFailure();
    }
  };
  return {
    get: (key) =>
      guarded(
        async () => {
          const [count, ttl] = await Promise.all([redis.get(prefixed(key)), redis.pttl(prefixed(key))]);
          return { count: Number(count ?? 0), retryAfterSeconds: ttl > 0 ? Math.ceil(ttl / 1000) : 0 };
        },
        () => fallback.get(key),
      ),
    hit: (key, windowMs) =>
      guarded(
        async () => {
          const [count, ttl] = (await redis.eval(HIT_SCRIPT, 1, prefixed(key), windowMs)) as [number, number];
          return { count, retryAfterSeconds: Math.max(1, Math.ceil(ttl / 1000)) };
        },
        () => fallback.hit(key, windowMs),
      ),
    unhit: (key) =>
      guarded(
        async () => {
          await redis.eval(UNHIT_SCRIPT, 1, prefixed(key));
        },
        () => fallback.unhit(key),
      ),
    reset: (key) =>
      guarded(
        async () => {
          await redis.del(prefixed(key));
        },
        () => fallback.reset(key),
      ),
    close: async () => {
      await fallback.close();
      redis.disconnect();
    },
  };
}
