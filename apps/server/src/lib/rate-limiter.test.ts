import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from './app-error.js';
import { Redis } from 'ioredis';
import { createMemoryStore, type RateLimitStore } from './rate-limiter.js';
import { createRedisStore } from './redis-store.js';
import { createRateLimits, RATE_LIMITS } from './rate-limits.js';

const logger = pino({ level: 'silent' });
const stores: RateLimitStore[] = [];
afterAll(async () => {
  for (const store of stores) await store.close();
});
const track = <T extends RateLimitStore>(store: T) => (stores.push(store), store);
const key = () => `test:${Math.random().toString(36).slice(2)}`;

describe('createMemoryStore', () => {
  it('counts within a window, forgets after it and on reset', async () => {
    const store = track(createMemoryStore());
    const k = key();
    expect(await store.hit(k, 60_000)).toMatchObject({ count: 1 });
    expect((await store.hit(k, 60_000)).count).toBe(2);
    expect((await store.get(k)).retryAfterSeconds).toBeGreaterThan(55);
    await store.reset(k);
    expect((await store.get(k)).count).toBe(0);
    const short = key();
    await store.hit(short, 30);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect((await store.get(short)).count).toBe(0);
  });
});

describe('createRateLimits', () => {
  it('refuses with 429 and Retry-After once a limit is passed', async () => {
    const limits = createRateLimits(track(createMemoryStore()));
    const subject = key();
    for (let i = 0; i < RATE_LIMITS.forgotPerEmail.limit; i++) await limits.consume('forgotPerEmail', subject);
    const refusal = await limits.consume('forgotPerEmail', subject).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).statusCode).toBe(429);
    expect(Number((refusal as AppError).headers['retry-after'])).toBeGreaterThan(0);
  });

  it('checks without counting, records without refusing', async () => {
    const limits = createRateLimits(track(createMemoryStore()));
    const subject = key();
    for (let i = 0; i < 20; i++) await limits.check('loginFailuresPerAccount', subject);
    for (let i = 0; i < RATE_LIMITS.loginFailuresPerAccount.limit; i++)
      await limits.record('loginFailuresPerAccount', subject);
    await expect(limits.check('loginFailuresPerAccount', subject)).rejects.toMatchObject({ statusCode: 429 });
    await limits.reset('loginFailuresPerAccount', subject);
    await expect(limits.check('loginFailuresPerAccount', subject)).resolves.toBeUndefined();
  });

  it('takes back a released event, never below zero', async () => {
    const limits = createRateLimits(track(createMemoryStore()));
    const subject = key();
    const { limit } = RATE_LIMITS.loginFailuresPerAccount;
    for (let i = 0; i < limit; i++) await limits.consume('loginFailuresPerAccount', subject);
    await limits.release('loginFailuresPerAccount', subject);
    await expect(limits.consume('loginFailuresPerAccount', subject)).resolves.toBeUndefined();
    await expect(limits.consume('loginFailuresPerAccount', subject)).rejects.toMatchObject({ statusCode: 429 });
    await limits.reset('loginFailuresPerAccount', subject);
    await limits.release('loginFailuresPerAccount', subject);
    for (let i = 0; i < limit; i++) await limits.consume('loginFailuresPerAccount', subject);
    await expect(limits.consume('loginFailuresPerAccount', subject)).rejects.toMatchObject({ statusCode: 429 });
  });
});

describe('createRedisStore without a reachable Redis', () => {
  it('keeps counting in memory', async () => {
    const store = track(createRedisStore('redis://127.0.0.1:1', logger));
    const k = key();
    await store.hit(k, 60_000);
    expect((await store.hit(k, 60_000)).count).toBe(2);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)('createRedisStore on Redis', () => {
  const url = process.env.TEST_REDIS_URL ?? '';
  /** Until a store's hits land in Redis itself, not in its in-process fallback. */
  const ready = async (store: RateLimitStore) => {
    const direct = new Redis(url);
    try {
      for (let i = 0; i < 100; i++) {
        const probe = key();
        await store.hit(probe, 1000);
        if (await direct.get(`rl:${probe}`)) return;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      throw new Error('the store never reached Redis');
    } finally {
      direct.disconnect();
    }
  };

  it('shares counts between instances', async () => {
    const [a, b] = [track(createRedisStore(url, logger)), track(createRedisStore(url, logger))];
    await ready(a);
    await ready(b);
    const k = key();
    await a.hit(k, 60_000);
    await b.hit(k, 60_000);
    expect((await a.get(k)).count).toBe(2);
    expect((await b.get(k)).retryAfterSeconds).toBeGreaterThan(55);
    await b.unhit(k);
    expect((await a.get(k)).count).toBe(1);
    await a.reset(k);
    await a.unhit(k);
    expect((await b.get(k)).count).toBe(0);
  });
});
