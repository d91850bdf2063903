import { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createMemoryStore, type RateLimitStore } from './rate-limiter.js';

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
    if (!warned) logger.warn({ err: error }, 'Redis unavailable: rate limits are per instance until it returns');
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
