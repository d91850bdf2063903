import { messages } from '@community/shared';
import { AppError } from './app-error.js';
import { addressKey } from './client-address.js';
import type { RateLimitStore } from './rate-limiter.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Limit = { limit: number; windowMs: number; perAddress?: true };

/**
 * Every limit the server applies; the README lists the same numbers. Limits `perAddress` count a
 * client address (an IPv6 one by its /64).
 */
export const RATE_LIMITS = {
  loginFailuresPerAccount: { limit: 10, windowMs: 15 * MINUTE },
  loginFailuresPerIp: { limit: 100, windowMs: 15 * MINUTE, perAddress: true },
  forgotPerEmail: { limit: 5, windowMs: HOUR },
  forgotPerIp: { limit: 20, windowMs: HOUR, perAddress: true },
  registrationPerIp: { limit: 10, windowMs: HOUR, perAddress: true },
  contactPerIp: { limit: 10, windowMs: HOUR, perAddress: true },
  tokenChecksPerIp: { limit: 50, windowMs: 15 * MINUTE, perAddress: true },
  uploadsPerUser: { limit: 20, windowMs: HOUR },
  passwordChangesPerUser: { limit: 10, windowMs: HOUR },
  passwordChecksPerUser: { limit: 10, windowMs: 15 * MINUTE },
  passkeyCeremoniesPerIp: { limit: 100, windowMs: 15 * MINUTE, perAddress: true },
} as const satisfies Record<string, Limit>;

export type RateLimitName = keyof typeof RATE_LIMITS;

export type RateLimits = {
  /** Refuses with 429 when the counter has already reached its limit; does not count. */
  check(name: RateLimitName, subject: string): Promise<void>;
  /** Counts one event and refuses with 429 once the limit is passed. */
  consume(name: RateLimitName, subject: string): Promise<void>;
  /** Takes back an event counted up front that turned out not to count (a correct password). */
  release(name: RateLimitName, subject: string): Promise<void>;
  /** Counts one event without refusing (a failure recorded after the answer is known). */
  record(name: RateLimitName, subject: string): Promise<void>;
  reset(name: RateLimitName, subject: string): Promise<void>;
};

const tooMany = (retryAfterSeconds: number) =>
  new AppError('too_many_requests', messages.tooManyRequests, {
    'retry-after': String(Math.max(1, retryAfterSeconds)),
  });

export function createRateLimits(store: RateLimitStore): RateLimits {
  const key = (name: RateLimitName, subject: string) => {
    const limit: Limit = RATE_LIMITS[name];
    return `${name}:${limit.perAddress ? addressKey(subject) : subject}`;
  };
  return {
    check: async (name, subject) => {
      const hits = await store.get(key(name, subject));
      if (hits.count >= RATE_LIMITS[name].limit) throw tooMany(hits.retryAfterSeconds);
    },
    consume: async (name, subject) => {
      const { limit, windowMs } = RATE_LIMITS[name];
      const hits = await store.hit(key(name, subject), windowMs);
      if (hits.count > limit) throw tooMany(hits.retryAfterSeconds);
    },
    release: (name, subject) => store.unhit(key(name, subject)),
    record: async (name, subject) => {
      await store.hit(key(name, subject), RATE_LIMITS[name].windowMs);
    },
    reset: (name, subject) => store.reset(key(name, subject)),
  };
}
