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

/** The Redis client is loaded only when a Redis URL is configured. */
export async function openRateLimitStore(redisUrl: string | undefined, logger: Logger): Promise<RateLimitStore> {
  if (!redisUrl) return createMemoryStore();
  const { createRedisStore } = await import('./redis-store.js');
  return createRedisStore(redisUrl, logger);
}
